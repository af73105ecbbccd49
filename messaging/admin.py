from django.contrib import admin

from messaging.bounces.models import AddressHealth
from messaging.messages.models import Message, SpamReport, SpamStatus
from messaging.notifications.models import AdminMail, Digest, Notification


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


@admin.register(AddressHealth)
class AddressHealthAdmin(admin.ModelAdmin):
    """Returned mail per player's address: a failing one gets no mail until fixed."""

    list_display = ("user", "email", "failing_since", "hard_bounces", "soft_bounces", "last_status")
    list_filter = ("failing_since",)
    search_fields = ("user__username", "email")
    raw_id_fields = ("user",)


@admin.register(AdminMail)
class AdminMailAdmin(admin.ModelAdmin):
    list_display = ("key", "subject", "created")


@admin.register(SpamReport)
class SpamReportAdmin(admin.ModelAdmin):
    """Messages players reported as spam: read the message, then mark the report handled or
    dismissed (closing the sender's account is done on the user's own admin page)."""

    list_display = ("created", "reporter", "sender", "subject", "status")
    list_filter = ("status",)
    search_fields = ("reporter__username", "message__author__username", "message__body")
    readonly_fields = ("message", "reporter", "created", "sender", "subject", "body")
    fields = ("created", "reporter", "sender", "subject", "body", "status", "staff_note")
    actions = ["mark_done", "mark_dismissed"]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .select_related("reporter", "message__author", "message__thread")
        )

    @admin.display(description="Sender")
    def sender(self, report: SpamReport) -> str:
        return report.message.author.username

    @admin.display(description="Subject")
    def subject(self, report: SpamReport) -> str:
        return report.message.thread.subject

    @admin.display(description="Message")
    def body(self, report: SpamReport) -> str:
        return report.message.body

    @admin.action(description="Mark handled")
    def mark_done(self, request, queryset) -> None:
        queryset.update(status=SpamStatus.DONE)

    @admin.action(description="Dismiss")
    def mark_dismissed(self, request, queryset) -> None:
        queryset.update(status=SpamStatus.DISMISSED)

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    """Private messages, read-only: staff look one up when a report needs context."""

    list_display = ("created", "author", "thread")
    search_fields = ("author__username", "body", "thread__subject")
    raw_id_fields = ("thread", "author")

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_add_permission(self, request) -> bool:
        return False
