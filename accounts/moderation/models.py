"""Moderation's tables: `Report` (what a player reported, with a copy of it), `Sanction` (what a
moderator decided about a player, with its end) and `StaffLogEntry` (the append-only log of
every decision)."""

from __future__ import annotations

from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

SNAPSHOT_MAX_LENGTH = 4000
REASON_MAX_LENGTH = 2000
URL_MAX_LENGTH = 500


class ReportKind(models.TextChoices):
    """What was reported. Stored codes; never rename."""

    GAME = "game", _("Game")
    RESULT = "result", _("Game result")
    MESSAGE = "message", _("Private message")
    CHAT = "chat", _("Chat line")
    REVIEW = "review", _("Review")
    REVIEW_COMMENT = "review_comment", _("Review comment")
    BOARD_POST = "board_post", _("Board post")
    KIBITZ = "kibitz", _("Spectator comment")
    PROFILE = "profile", _("Profile")
    PLAYER = "player", _("Player")
    APPEAL = "appeal", _("Appeal")


class ReportStatus(models.TextChoices):
    OPEN = "open", _("Open")
    CLOSED = "closed", _("Closed")


class SanctionKind(models.TextChoices):
    """A moderator's decision. Stored codes; never rename."""

    DISMISS = "dismiss", _("Dismiss")
    WARN = "warn", _("Warn")
    MUTE = "mute", _("Mute")
    SUSPEND = "suspend", _("Suspend")
    BAN = "ban", _("Ban")
    LIFT = "lift", _("Lift")


# A decision named as a thing that happened to the player (the choices are the moderator's
# verbs): the heading of the player's page and the decision link's.
KIND_NOUNS = {
    SanctionKind.DISMISS: pgettext_lazy("a moderators' decision", "Dismissal"),
    SanctionKind.WARN: pgettext_lazy("a moderators' decision", "Warning"),
    SanctionKind.MUTE: pgettext_lazy("a moderators' decision", "Mute"),
    SanctionKind.SUSPEND: pgettext_lazy("a moderators' decision", "Suspension"),
    SanctionKind.BAN: pgettext_lazy("a moderators' decision", "Ban"),
    SanctionKind.LIFT: pgettext_lazy("a moderators' decision", "Lifting"),
}


# The decisions that restrict a player until they end.
RESTRICTING = (SanctionKind.MUTE, SanctionKind.SUSPEND, SanctionKind.BAN)


class GamesChoice(models.TextChoices):
    """What becomes of a suspended or banned player's running games."""

    NONE = "", _("Leave them as they are")
    STOP = "stop", _("Stop their clocks until the suspension ends")
    RESIGN = "resign", _("Resign them")
    # Suspension: set the games aside (both clocks stopped, shown as adjourned) until it ends;
    # the opponent may annul one meanwhile.
    ADJOURN = "adjourn", _("Adjourn them until the suspension ends (the opponent may annul)")
    # Ban: end them with no result, unrated.
    ANNUL = "annul", _("Annul them (no result, not rated)")


class Report(models.Model):
    """One player's report of something another player wrote or did. `snapshot` is a copy of
    what was reported, taken when it was reported and kept if the author edits or deletes it;
    `url` is where it was; `target` (optional) points at the row itself while it lasts.
    `subject` names what was reported ("games.gamechat:12", "user:7") so that a reporter has
    at most one open report on the same thing."""

    kind = models.CharField(_("kind"), max_length=20, choices=ReportKind.choices)
    status = models.CharField(
        _("status"), max_length=10, choices=ReportStatus.choices, default=ReportStatus.OPEN
    )
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="moderation_reports_made",
    )
    reported_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="moderation_reports_about",
    )
    subject = models.CharField(max_length=80)
    snapshot = models.TextField(_("what was reported"), blank=True)
    reason = models.TextField(_("reason"))
    url = models.CharField(_("link"), max_length=URL_MAX_LENGTH, blank=True)
    target_type = models.ForeignKey(
        ContentType, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    target_id = models.PositiveBigIntegerField(null=True, blank=True)
    created = models.DateTimeField(_("reported"), db_index=True)
    closed = models.DateTimeField(null=True, blank=True)
    # The decision that closed it (a dismissal, a warning ...); an appeal names the decision
    # it answers in `appeal_of`.
    closed_by = models.ForeignKey(
        "accounts.Sanction", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    appeal_of = models.ForeignKey(
        "accounts.Sanction",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="appeals",
    )

    class Meta:
        ordering = ["created", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["reporter", "subject"],
                condition=Q(status="open"),
                name="moderation_one_open_report",
            )
        ]
        indexes = [models.Index(fields=["status", "created"], name="moderation_queue")]

    def __str__(self) -> str:
        return f"Report {self.pk} ({self.kind})"


class Sanction(models.Model):
    """A moderator's decision about a player, with its reason. A mute, suspension or ban
    restricts the player from `created` until `ends_at` (None: until lifted); `ended` is set
    when it ends (the sweep, a lift). The player may answer once (`appeal`, `appealed`)."""

    kind = models.CharField(_("decision"), max_length=10, choices=SanctionKind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        related_name="sanctions",
    )
    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    reason = models.TextField(_("reason"))
    games = models.CharField(
        _("running games"), max_length=10, choices=GamesChoice.choices, blank=True, default=""
    )
    created = models.DateTimeField()
    ends_at = models.DateTimeField(_("ends"), null=True, blank=True, db_index=True)
    ended = models.DateTimeField(null=True, blank=True)
    # What it lifts (a lift), so the log can say which decision ended early.
    lifts = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    appeal = models.TextField(_("appeal"), blank=True)
    appealed = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["user", "ended"], name="moderation_sanction_user")]

    def __str__(self) -> str:
        return f"{self.kind} {self.user_id}"

    @property
    def kind_noun(self) -> str:
        """The decision as a noun in the reader's language ("Ban", "Suspension")."""
        return str(KIND_NOUNS[SanctionKind(self.kind)])

    @property
    def restricts(self) -> bool:
        return self.kind in RESTRICTING


class AppendOnly(Exception):
    """The staff log is never changed or deleted, only added to."""


class StaffLogQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AppendOnly("The staff log is append-only.")

    def delete(self):
        raise AppendOnly("The staff log is append-only.")


class StaffLogEntry(models.Model):
    """One line of the staff log: who (`moderator`, None for the site's own sweep) did what
    (`action`) to whom (`user`), why (`reason`), when. Rows are only ever inserted: saving an
    existing row, updating or deleting raises AppendOnly (and the admin shows it read-only)."""

    action = models.CharField(_("action"), max_length=20)
    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    sanction = models.ForeignKey(Sanction, on_delete=models.SET_NULL, null=True, related_name="+")
    reason = models.TextField(_("reason"), blank=True)
    created = models.DateTimeField(db_index=True)

    objects = StaffLogQuerySet.as_manager()

    class Meta:
        ordering = ["-created", "-pk"]
        permissions = [("moderate", "Can moderate players (the moderation queue)")]

    def __str__(self) -> str:
        return f"{self.created:%Y-%m-%d %H:%M} {self.action} {self.user_id}"

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None:
            raise AppendOnly("The staff log is append-only.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnly("The staff log is append-only.")
