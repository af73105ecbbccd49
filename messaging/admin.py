from django.contrib import admin

from .models import AdminMail, Digest, Notification


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ("user", "event", "text", "channel", "created", "read", "mailed")
    list_filter = ("event", "channel", "read")
    search_fields = ("user__username", "key", "text")
    raw_id_fields = ("user", "digest")


@admin.register(Digest)
class DigestAdmin(admin.ModelAdmin):
    list_display = ("user", "day", "created", "mailed", "mail_error")
    raw_id_fields = ("user",)


@admin.register(AdminMail)
class AdminMailAdmin(admin.ModelAdmin):
    list_display = ("key", "subject", "created")
