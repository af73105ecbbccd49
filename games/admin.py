"""Admin for games: look up games and challenges, answer scoring reports and correct results.

A result is never edited as a plain field: staff correct it from a scoring report, which calls
`services.corrections.result_correct` and so leaves one ResultCorrection audit row per change.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html

from core.refusals import refusal_message
from games.models import (
    Challenge,
    ContactStatus,
    Game,
    GameChat,
    GameContact,
    InboundMail,
    ReportStatus,
    ResultCorrection,
    ScoreDispute,
    ScoringReport,
    Vacation,
)
from games.services import contact, corrections


def _game_link(game: Game) -> str:
    """The game in the admin, with its board, players and its page on the site."""
    return format_html(
        '<a href="{}">{}</a> ({}, {} – {}; <a href="{}">on the site</a>)',
        reverse("admin:games_game_change", args=[game.pk]),
        game,
        game.board_label,
        game.black,
        game.white,
        reverse("games:board", args=[game.pk]),
    )


class ResultCorrectionInline(admin.TabularInline):
    model = ResultCorrection
    fields = ("created", "kind", "by", "old_result", "new_result", "note", "report")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("pk", "board_kind", "board_size", "black", "white", "status", "result")
    list_filter = ("status", "board_kind", "board_size", "end_reason")
    search_fields = ("black__username", "white__username")
    raw_id_fields = ("black", "white")
    # The result changes only through a scoring report (audited), never by editing it here.
    readonly_fields = (
        "moves",
        "move_number",
        "to_move",
        "status",
        "end_reason",
        "result",
        "score",
        "finished",
    )
    inlines = [ResultCorrectionInline]


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    list_display = ("pk", "creator", "recipient", "board_kind", "board_size", "status", "created")
    list_filter = ("status", "board_kind")
    raw_id_fields = ("creator", "recipient", "game")


@admin.register(GameChat)
class GameChatAdmin(admin.ModelAdmin):
    list_display = ("pk", "game", "author", "created")
    raw_id_fields = ("game", "author")


class ReportForm(forms.ModelForm):
    """A report's status and note, plus the correction: new dead stones or a new result."""

    corrected_dead = forms.CharField(
        required=False,
        label="Dead stones",
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Counted games: change these coordinates (e.g. 'C3 D4 E5') to recount the "
        "game with them. They show the game's current dead stones.",
    )
    corrected_result = forms.CharField(
        required=False,
        max_length=16,
        label="Or set the result",
        help_text="B+R / W+R (resignation), B+T / W+T (time), B+3.5 / W+12 (points), 0 (draw).",
    )

    class Meta:
        model = ScoringReport
        fields = ("status", "staff_note")
        help_texts = {
            "staff_note": "Required with a correction: it is kept in the audit trail and mailed "
            "to both players."
        }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.dead: list[int] | None = None
        self.result: str | None = None
        game = self.instance.game
        self.fields["corrected_dead"].initial = " ".join(self._current_dead_names(game))

    @staticmethod
    def _current_dead_names(game: Game) -> list[str]:
        topology = game.topology
        return [topology.name(topology.from_sgf(p)) for p in (game.score or {}).get("dead", [])]

    def clean(self) -> dict:
        data = super().clean()
        game = self.instance.game
        result_text = (data.get("corrected_result") or "").strip()
        dead_text = data.get("corrected_dead") or ""
        if result_text:
            try:
                self.result = corrections.result_parse(result_text)
            except ValidationError as error:
                self.add_error("corrected_result", error)
        if game.score is not None:
            try:
                dead = corrections.dead_parse(game=game, text=dead_text)
            except ValidationError as error:
                self.add_error("corrected_dead", error)
            else:
                current = corrections.dead_parse(
                    game=game, text=" ".join(self._current_dead_names(game))
                )
                if dead != current:
                    self.dead = dead
        elif dead_text.strip():
            self.add_error("corrected_dead", "This game was not counted; set its result instead.")
        if self.dead is not None and self.result is not None:
            raise ValidationError("Either change the dead stones or set the result, not both.")
        if self.result is not None and self.result == game.result:
            self.add_error("corrected_result", f"{self.result} is already the result.")
        if (self.dead is not None or self.result is not None) and not (
            data.get("staff_note") or ""
        ).strip():
            self.add_error("staff_note", "Say why the result changes.")
        return data


@admin.register(ScoringReport)
class ScoringReportAdmin(admin.ModelAdmin):
    form = ReportForm
    list_display = ("pk", "game", "raised_by", "status", "created")
    list_filter = ("status",)
    readonly_fields = ("game_link", "raised_by", "reason", "created", "resolved", "result")
    fieldsets = (
        (None, {"fields": ("game_link", "result", "raised_by", "created", "reason")}),
        ("Correction", {"fields": ("corrected_dead", "corrected_result")}),
        ("Answer", {"fields": ("status", "staff_note", "resolved")}),
    )
    actions = ["mark_resolved"]

    @admin.display(description="Game")
    def game_link(self, obj) -> str:
        return _game_link(obj.game) if obj.game else "(the site, no game)"

    @admin.display(description="Current result")
    def result(self, obj: ScoringReport) -> str:
        return f"{obj.game.result} ({obj.game.get_end_reason_display()})"

    def has_add_permission(self, request) -> bool:
        return False  # players file reports from the game page

    def save_model(self, request, obj: ScoringReport, form: ReportForm, change: bool) -> None:
        now = timezone.now()
        if form.dead is not None or form.result is not None:
            try:
                corrections.result_correct(
                    game_id=obj.game_id,
                    staff=request.user,
                    now=now,
                    note=obj.staff_note,
                    dead=form.dead,
                    result=form.result,
                    report_id=obj.pk,
                )
            except ValidationError as error:
                self.message_user(request, refusal_message(error), level=messages.ERROR)
                return
            obj.refresh_from_db()
            return
        if obj.status == ReportStatus.RESOLVED and obj.resolved is None:
            obj.resolved = now
        super().save_model(request, obj, form, change)

    @admin.action(description="Mark the selected reports resolved")
    def mark_resolved(self, request, queryset):
        queryset.filter(status=ReportStatus.OPEN).update(
            status=ReportStatus.RESOLVED, resolved=timezone.now()
        )


@admin.register(InboundMail)
class InboundMailAdmin(admin.ModelAdmin):
    """Play-by-e-mail replies, for answering "my mail did nothing" questions. Read only."""

    list_display = ("pk", "received", "user", "game", "first_line", "outcome", "replied")
    list_filter = ("outcome",)
    search_fields = ("user__username", "sender", "message_id")
    readonly_fields = [field.name for field in InboundMail._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(ScoreDispute)
class ScoreDisputeAdmin(admin.ModelAdmin):
    list_display = ("pk", "game", "opened_by", "status", "opened", "deadline")
    list_filter = ("status",)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(ResultCorrection)
class ResultCorrectionAdmin(admin.ModelAdmin):
    """The audit trail: read only."""

    list_display = ("created", "game", "kind", "by", "old_result", "new_result")
    list_filter = ("kind",)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Vacation)
class VacationAdmin(admin.ModelAdmin):
    """Players' vacation balances. Staff read them here; a vacation starts and stops through
    the player's vacation page (games.services.vacations), which also stops their clocks."""

    list_display = ("user", "balance", "balance_at", "started", "until")
    list_filter = (("started", admin.EmptyFieldListFilter),)
    search_fields = ("user__username",)
    readonly_fields = ("user", "balance", "balance_at", "started", "until")

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(GameContact)
class GameContactAdmin(admin.ModelAdmin):
    """Players' messages about a game ("Contact the site about this game"). Write the answer
    and save: it is mailed to the player (again if you change it later)."""

    list_display = ("pk", "created", "author", "game", "status", "answered")
    list_filter = ("status",)
    search_fields = ("author__username", "text", "answer")
    readonly_fields = (
        "game_link",
        "author",
        "created",
        "text",
        "answered",
        "answered_by",
        "answer_mailed",
        "mail_error",
    )
    fieldsets = (
        (None, {"fields": ("game_link", "author", "created", "text")}),
        (
            "Answer",
            {
                "fields": (
                    "status",
                    "answer",
                    "answered",
                    "answered_by",
                    "answer_mailed",
                    "mail_error",
                )
            },
        ),
    )
    actions = ["mark_closed"]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("author", "game")

    @admin.display(description="Game")
    def game_link(self, obj) -> str:
        return _game_link(obj.game) if obj.game else "(the site, no game)"

    def has_add_permission(self, request) -> bool:
        return False  # players write from the game page or the site's contact page

    def save_model(self, request, obj: GameContact, form, change: bool) -> None:
        """A new or changed answer goes through `game_contact_answer` (which mails it); a
        status change alone is saved as it is."""
        if "answer" in form.changed_data and obj.answer.strip():
            try:
                contact.game_contact_answer(
                    contact_id=obj.pk, staff=request.user, answer=obj.answer, now=timezone.now()
                )
            except ValidationError as error:
                self.message_user(request, refusal_message(error), level=messages.ERROR)
                return
            self.message_user(request, "The answer will be mailed to the player.")
            obj.refresh_from_db()
            return
        super().save_model(request, obj, form, change)

    @admin.action(description="Close the selected messages without an answer")
    def mark_closed(self, request, queryset):
        queryset.filter(status=ContactStatus.OPEN).update(status=ContactStatus.CLOSED)
