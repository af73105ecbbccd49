"""Scoring reports to the staff, score disputes (the marking phase) and result corrections."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.models.games import Game

# Registered with the games app from its own module (this one is near the size limit).
from rules import BLACK


class ReportStatus(models.TextChoices):
    """Stored codes."""

    OPEN = "open", gettext_lazy("Open")
    RESOLVED = "resolved", gettext_lazy("Resolved")


class ScoringReport(models.Model):
    """A player reports that a finished game's result is wrong (e.g. a resignation by mistake or
    a count the marking phase could not fix). The site staff answer it in the admin, where they
    may correct the result (`services.result_correct`, one `ResultCorrection` row each)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="scoring_reports")
    raised_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    reason = models.TextField(max_length=2000)
    status = models.CharField(
        max_length=12, choices=ReportStatus.choices, default=ReportStatus.OPEN
    )
    created = models.DateTimeField()
    resolved = models.DateTimeField(null=True, blank=True)
    staff_note = models.TextField(blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "raised_by"],
                condition=models.Q(status="open"),
                name="scoring_report_one_open_per_player",
            )
        ]

    def __str__(self) -> str:
        return f"Report {self.pk} on game {self.game_id} ({self.status})"


class DisputeStatus(models.TextChoices):
    """Stored codes."""

    MARKING = "marking", gettext_lazy("Marking dead stones")
    AGREED = "agreed", gettext_lazy("Both players accepted the marking")
    EXPIRED = "expired", gettext_lazy("Not agreed in time: the automatic result stands")
    STAFF = "staff", gettext_lazy("Closed by the site staff, who set the result")


# Each status as it reads inside a sentence ("The count was disputed: both players accepted the
# marking."): a msgid of its own, since languages differ in how a label changes there.
DISPUTE_STATUS_IN_SENTENCE = {
    DisputeStatus.MARKING: pgettext_lazy("dispute status inside a sentence", "marking dead stones"),
    DisputeStatus.AGREED: pgettext_lazy(
        "dispute status inside a sentence", "both players accepted the marking"
    ),
    DisputeStatus.EXPIRED: pgettext_lazy(
        "dispute status inside a sentence", "not agreed in time: the automatic result stands"
    ),
    DisputeStatus.STAFF: pgettext_lazy(
        "dispute status inside a sentence", "closed by the site staff, who set the result"
    ),
}


class ScoreDispute(models.Model):
    """A player disputes the automatic count of a game; both players mark dead stones until
    both accept the same marking. The exact rule is in `games.services` (Disputes section).

    `dead` is the current marking (sorted SGF points), starting from the automatic estimate;
    `unsure` the stones (sorted SGF points) the count was unsure of when it opened the phase
    itself (`opened_by` None: `games.services.disputes.marking_unsure_open`), or when a player
    opened it while the count still waited for the judge engine (`dispute_open`);
    `version` counts the toggles, so an accept or toggle sent from an older page is refused.
    The game's result only changes when both accept (status AGREED)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="score_dispute")
    # None: the count opened the phase itself, unsure of the `unsure` stones (or asked).
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", null=True, blank=True
    )
    # db_default: the previous release opens disputes without it while 0019 is applied.
    unsure = models.JSONField(default=list, blank=True, db_default=[])
    opened = models.DateTimeField()
    deadline = models.DateTimeField()
    status = models.CharField(
        max_length=12, choices=DisputeStatus.choices, default=DisputeStatus.MARKING
    )
    dead = models.JSONField(default=list, blank=True)
    version = models.PositiveIntegerField(default=0)
    black_accepted = models.BooleanField(default=False)
    white_accepted = models.BooleanField(default=False)
    closed = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "deadline"])]

    def __str__(self) -> str:
        return f"Score dispute on game {self.game_id} ({self.status})"

    @property
    def status_in_sentence(self) -> str:
        """The status as it reads inside a sentence ("both players accepted the marking")."""
        return str(DISPUTE_STATUS_IN_SENTENCE[self.status])

    def accepted_by(self, colour: int) -> bool:
        """Whether the player of `colour` accepts the current marking."""
        return self.black_accepted if colour == BLACK else self.white_accepted

    def is_open(self, now: dt.datetime) -> bool:
        """Still marking at `now` (the sweep may not have closed an overdue phase yet)."""
        return self.status == DisputeStatus.MARKING and now < self.deadline


class CorrectionKind(models.TextChoices):
    """Who changed a result. Stored codes."""

    AGREED = "agreed", gettext_lazy("Dead stones agreed by both players")
    STAFF = "staff", gettext_lazy("Corrected by the site staff")


class ResultCorrection(models.Model):
    """Audit row: one change of a finished game's result after the automatic count, with the
    result and count before and after. Written only by services; never edited."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="result_corrections")
    kind = models.CharField(max_length=8, choices=CorrectionKind.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text=gettext_lazy("The staff member (empty when the players agreed)."),
    )
    report = models.ForeignKey(
        ScoringReport,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="corrections",
    )
    created = models.DateTimeField()
    old_result = models.CharField(max_length=16, blank=True)
    new_result = models.CharField(max_length=16, blank=True)
    old_score = models.JSONField(null=True, blank=True)
    new_score = models.JSONField(null=True, blank=True)
    note = models.TextField(blank=True)

    class Meta:
        ordering = ["created", "pk"]

    def __str__(self) -> str:
        return f"Game {self.game_id}: {self.old_result} -> {self.new_result} ({self.kind})"
