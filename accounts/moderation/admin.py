"""Moderation in the Django admin: reports and decisions to read, the staff log read-only
(nothing is added, changed or deleted there: decisions are taken on the moderation pages)."""

from __future__ import annotations

from django.contrib import admin

from accounts.moderation.models import Report, Sanction, StaffLogEntry


class _ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(StaffLogEntry)
class StaffLogEntryAdmin(_ReadOnly):
    list_display = ["created", "action", "moderator", "user", "reason"]
    list_filter = ["action"]
    search_fields = ["user__username", "moderator__username", "reason"]


@admin.register(Report)
class ReportAdmin(_ReadOnly):
    list_display = ["created", "kind", "status", "reporter", "reported_user"]
    list_filter = ["status", "kind"]
    search_fields = ["reported_user__username", "reporter__username", "reason", "snapshot"]


@admin.register(Sanction)
class SanctionAdmin(_ReadOnly):
    list_display = ["created", "kind", "user", "moderator", "ends_at", "ended"]
    list_filter = ["kind"]
    search_fields = ["user__username", "reason"]
