"""Admin for players: staff find a player, see their profile and preferences, make another
player staff (staff correct results in the games admin), or deactivate an account."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin

from accounts.models import Preferences, User, UserRelation


class PreferencesInline(admin.StackedInline):
    model = Preferences
    can_delete = False
    extra = 0


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    """Django's user admin (passwords hashed, permissions) plus the Badux profile fields."""

    list_display = (
        "username",
        "email",
        "display_name",
        "country",
        "is_staff",
        "is_bot",
        "is_active",
    )
    list_filter = ("is_staff", "is_bot", "is_active", "country")
    search_fields = ("username", "email", "display_name")
    fieldsets = (
        *DjangoUserAdmin.fieldsets,
        ("Profile", {"fields": ("display_name", "country", "bio", "time_zone", "last_seen")}),
        ("Bot", {"fields": ("is_bot", "bot_engine", "bot_competes")}),
    )
    readonly_fields = ("last_seen", "last_login", "date_joined")
    inlines = (PreferencesInline,)


@admin.register(UserRelation)
class UserRelationAdmin(admin.ModelAdmin):
    list_display = ("owner", "kind", "target", "created")
    list_filter = ("kind",)
    search_fields = ("owner__username", "target__username")
    raw_id_fields = ("owner", "target")


# Moderation's tables (read-only here) are registered with their feature.
from accounts.moderation import admin as moderation_admin  # noqa: E402, F401
