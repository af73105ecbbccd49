"""Staff create and configure ladders here; ratings and histories are read-only records."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.utils import timezone

from games.game_settings import GameSettings, InvalidSetting
from ladder.groups.models import Group, Membership
from ladder.ladders.models import Ladder, LadderChallenge, LadderEntry, PositionChange
from ladder.models import Tournament, TournamentPairing
from ladder.ratings.models import Rating, RatingChange


class LadderForm(forms.ModelForm):
    class Meta:
        model = Ladder
        exclude = ("created",)  # noqa: DJ006  (every rule of a ladder is the staff's to set)

    def clean(self):
        data = super().clean()
        try:
            GameSettings.from_mapping(
                {name: data[name] for name in GameSettings.names() if data.get(name) is not None}
            )
        except InvalidSetting as error:
            raise ValidationError({error.setting: error.messages}) from error
        return data


@admin.register(Ladder)
class LadderAdmin(admin.ModelAdmin):
    form = LadderForm
    list_display = ("name", "slug", "board_kind", "board_size", "open", "created")
    prepopulated_fields = {"slug": ("name",)}

    def save_model(self, request, obj, form, change) -> None:
        if not change:
            obj.created = timezone.now()
        super().save_model(request, obj, form, change)


@admin.register(LadderEntry)
class LadderEntryAdmin(admin.ModelAdmin):
    list_display = ("ladder", "position", "user", "last_active", "timeouts")
    list_filter = ("ladder",)
    raw_id_fields = ("user",)
    search_fields = ("user__username",)
    readonly_fields = ("position",)  # positions change through the ladder services only


@admin.register(LadderChallenge)
class LadderChallengeAdmin(admin.ModelAdmin):
    list_display = ("ladder", "challenger", "defender", "game", "status", "created")
    list_filter = ("ladder", "status")
    raw_id_fields = ("challenger", "defender", "game")

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("user", "family", "rating", "deviation", "games", "updated")
    list_filter = ("family",)
    search_fields = ("user__username",)

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ("game", "user", "family", "rating_before", "rating_after", "created")
    search_fields = ("user__username",)

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(PositionChange)
class PositionChangeAdmin(admin.ModelAdmin):
    list_display = ("ladder", "user", "previous", "position", "reason", "created")
    list_filter = ("ladder",)

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    """Tournaments are created on the site by players; staff read them and may fix a name or
    description. Pairings and results are records of the round advance: read-only here."""

    list_display = ("name", "format", "status", "organiser", "current_round", "rounds", "created")
    list_filter = ("format", "status")
    search_fields = ("name", "organiser__username")
    fields = ("name", "description", "format", "status", "organiser", "rounds", "current_round")
    readonly_fields = ("format", "status", "organiser", "rounds", "current_round")

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(TournamentPairing)
class TournamentPairingAdmin(admin.ModelAdmin):
    list_display = ("tournament", "round", "board", "match", "black", "white", "outcome", "game")
    list_filter = ("outcome",)
    list_select_related = ("tournament", "black", "white", "game")
    search_fields = ("tournament__name", "black__username", "white__username")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Group)
class GroupAdmin(admin.ModelAdmin):
    """Staff may change a group's name, description, access and kind (site-wide boards)."""

    list_display = ("name", "slug", "access", "site_wide", "staff_threads", "created")
    list_filter = ("access", "site_wide")
    search_fields = ("name", "slug")
    readonly_fields = ("created", "created_by")


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("group", "user", "standing", "role", "created")
    list_filter = ("standing", "role")
    search_fields = ("group__name", "user__username")
    raw_id_fields = ("group", "user", "invited_by")
