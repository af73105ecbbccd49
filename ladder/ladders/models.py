"""Ladders: their settings, entries, challenges and position histories."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.models import GameSettingsColumns


class RangeKind(models.TextChoices):
    """How far up a player may challenge. Stored codes."""

    POSITIONS = "positions", gettext_lazy("Positions above you")
    PERCENT = "percent", gettext_lazy("Percent of the positions above you")
    RATING = "rating", gettext_lazy("Rating points above yours")


class WinAction(models.TextChoices):
    """What a result does to the challenger's position. Stored codes."""

    TAKE_PLACE = (
        "take_place",
        gettext_lazy("Challenger takes the defender's place, those between move down"),
    )
    SWAP = "swap", gettext_lazy("Challenger and defender swap places")
    NOTHING = "nothing", gettext_lazy("Nothing changes")


class JoinAt(models.TextChoices):
    BOTTOM = "bottom", gettext_lazy("At the bottom")
    RATING = "rating", gettext_lazy("By rating")


class Withdrawal(models.TextChoices):
    """What leaving does to the leaver's running ladder games. Stored codes."""

    LOSS = "loss", gettext_lazy("Each running ladder game is resigned and counts as a loss")
    VOID = (
        "void",
        gettext_lazy(
            "The challenges are closed without effect (the games go on, outside the ladder)"
        ),
    )


# The rules as they read inside the sentences of a ladder's page ("Challenger wins: challenger
# and defender swap places."): msgids of their own, since languages differ in how a label
# changes there.
WIN_ACTION_IN_SENTENCE = {
    WinAction.TAKE_PLACE: pgettext_lazy(
        "ladder rule inside a sentence",
        "challenger takes the defender's place, those between move down",
    ),
    WinAction.SWAP: pgettext_lazy(
        "ladder rule inside a sentence", "challenger and defender swap places"
    ),
    WinAction.NOTHING: pgettext_lazy("ladder rule inside a sentence", "nothing changes"),
}
JOIN_AT_IN_SENTENCE = {
    JoinAt.BOTTOM: pgettext_lazy("ladder rule: newcomers join ...", "at the bottom"),
    JoinAt.RATING: pgettext_lazy("ladder rule: newcomers join ...", "by rating"),
}
WITHDRAWAL_IN_SENTENCE = {
    Withdrawal.LOSS: pgettext_lazy(
        "ladder rule inside a sentence",
        "each running ladder game is resigned and counts as a loss",
    ),
    Withdrawal.VOID: pgettext_lazy(
        "ladder rule inside a sentence",
        "the challenges are closed without effect (the games go on, outside the ladder)",
    ),
}


class VacationRule(models.TextChoices):
    """Stored codes."""

    CHALLENGEABLE = "challengeable", gettext_lazy("Players on vacation can be challenged as usual")
    PROTECTED = "protected", gettext_lazy("Players on vacation cannot be challenged")


class Ladder(GameSettingsColumns):
    """One ladder: its game settings (columns of `games.game_settings.GameSettings`) and rules.

    Staff create ladders in the admin. The defaults are the documented rules (ladder/README.md).
    """

    # Unlike a game's default, a ladder's clocks run through vacations: nobody keeps the top
    # of a ladder by going away (the "vacation" rule below decides about new challenges).
    vacation_allowed = models.BooleanField("Clocks stop during vacations", default=False)
    name = models.CharField(max_length=80)
    slug = models.SlugField(unique=True)
    description = models.TextField(blank=True)
    open = models.BooleanField(
        default=True, help_text=gettext_lazy("Players may join and challenge.")
    )
    range_kind = models.CharField(
        max_length=12, choices=RangeKind.choices, default=RangeKind.POSITIONS
    )
    range_value = models.PositiveIntegerField(
        default=5,
        help_text=gettext_lazy("Positions, percent, or rating points, by the range kind."),
    )
    max_outgoing = models.PositiveSmallIntegerField(
        default=2, help_text=gettext_lazy("Most running challenges a player has made.")
    )
    top_band = models.PositiveSmallIntegerField(
        default=3, help_text=gettext_lazy("Positions 1 to this form the top band.")
    )
    max_incoming_top = models.PositiveSmallIntegerField(
        default=1,
        help_text=gettext_lazy("Most running challenges against a player in the top band."),
    )
    max_incoming = models.PositiveSmallIntegerField(
        default=3,
        help_text=gettext_lazy("Most running challenges against a player below the top band."),
    )
    rematch_wait_days = models.PositiveSmallIntegerField(
        default=7,
        help_text=gettext_lazy("Days before the same challenger may challenge the same defender."),
    )
    one_game_per_pair = models.BooleanField(
        default=True, help_text=gettext_lazy("At most one running ladder game between two players.")
    )
    win_action = models.CharField(
        max_length=12, choices=WinAction.choices, default=WinAction.TAKE_PLACE
    )
    jigo_action = models.CharField(
        max_length=12, choices=WinAction.choices, default=WinAction.NOTHING
    )
    timeout_win_action = models.CharField(
        max_length=12,
        choices=WinAction.choices,
        default=WinAction.TAKE_PLACE,
        help_text=gettext_lazy("When the defender runs out of time."),
    )
    timeout_penalty = models.PositiveSmallIntegerField(
        default=3, help_text=gettext_lazy("Positions a player who runs out of time drops.")
    )
    timeout_removal = models.PositiveSmallIntegerField(
        default=3, help_text=gettext_lazy("Timeouts after which a player is removed (0: never).")
    )
    inactive_days = models.PositiveSmallIntegerField(
        default=30,
        help_text=gettext_lazy(
            "Days without a ladder game after which a player is removed (0: never)."
        ),
    )
    join_at = models.CharField(max_length=8, choices=JoinAt.choices, default=JoinAt.BOTTOM)
    withdrawal = models.CharField(max_length=8, choices=Withdrawal.choices, default=Withdrawal.LOSS)
    vacation = models.CharField(
        max_length=16, choices=VacationRule.choices, default=VacationRule.CHALLENGEABLE
    )
    created = models.DateTimeField()
    # A group's own ladder: only the group's members join it (None: anyone).
    group = models.ForeignKey(
        "ladder.Group", on_delete=models.PROTECT, null=True, blank=True, related_name="ladders"
    )

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("ladder:detail", args=[self.slug])

    # The rules as the ladder's page says them inside its sentences (see the dicts above).
    @property
    def win_action_in_sentence(self) -> str:
        return str(WIN_ACTION_IN_SENTENCE[self.win_action])

    @property
    def jigo_action_in_sentence(self) -> str:
        return str(WIN_ACTION_IN_SENTENCE[self.jigo_action])

    @property
    def timeout_win_action_in_sentence(self) -> str:
        return str(WIN_ACTION_IN_SENTENCE[self.timeout_win_action])

    @property
    def join_at_in_sentence(self) -> str:
        return str(JOIN_AT_IN_SENTENCE[self.join_at])

    @property
    def withdrawal_in_sentence(self) -> str:
        return str(WITHDRAWAL_IN_SENTENCE[self.withdrawal])


class LastOutcome(models.TextChoices):
    """A ladder player's last result, from their side (the page names the opponent)."""

    WON = "won", gettext_lazy("won")
    JIGO = "jigo", gettext_lazy("jigo")
    LOST = "lost", gettext_lazy("lost")


class LadderEntry(models.Model):
    """A player's place in a ladder. `position` is 1..N among the players in it, None once
    they left (the row stays for the history; joining again reuses it)."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ladder_entries"
    )
    position = models.IntegerField(null=True, blank=True)
    joined = models.DateTimeField()
    # Joining, a challenge made or received, or a ladder game's end; the inactivity sweep reads it.
    last_active = models.DateTimeField(db_index=True)
    timeouts = models.PositiveSmallIntegerField(default=0)
    # In English, for the API's `last_result`; the page reads the outcome and the opponent.
    last_result = models.CharField(max_length=40, blank=True)
    last_outcome = models.CharField(
        max_length=8, choices=LastOutcome.choices, blank=True, default="", db_default=""
    )
    last_opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        db_default=None,
        related_name="+",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["ladder", "user"], name="ladder_entry_user"),
            models.UniqueConstraint(fields=["ladder", "position"], name="ladder_entry_position"),
        ]

    def __str__(self) -> str:
        return f"{self.ladder_id}#{self.position} {self.user_id}"


class LadderChallengeStatus(models.TextChoices):
    """Stored codes."""

    RUNNING = "running", gettext_lazy("Running")
    DONE = "done", gettext_lazy("Done")
    VOID = "void", gettext_lazy("Void")


class LadderOutcome(models.TextChoices):
    """How a finished challenge ended, as a code (shown in the reader's language); told from
    no one's side, since both players read it."""

    WON = "won", gettext_lazy("won by the challenger")
    WON_ON_TIME = "won_time", gettext_lazy("won by the challenger on time")
    JIGO = "jigo", gettext_lazy("jigo")
    LOST = "lost", gettext_lazy("won by the defender")
    LOST_ON_TIME = "lost_time", gettext_lazy("won by the defender on time")
    ANNULLED = "annulled", gettext_lazy("annulled")
    WITHDRAWN = "withdrawn", gettext_lazy("withdrawn")


class LadderChallenge(models.Model):
    """A challenge in a ladder and the game it started (a ladder challenge is never declined:
    the game starts at once)."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="challenges")
    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    defender = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, related_name="ladder_challenge"
    )
    status = models.CharField(
        max_length=8, choices=LadderChallengeStatus.choices, default=LadderChallengeStatus.RUNNING
    )
    created = models.DateTimeField()
    finished = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=40, choices=LadderOutcome.choices, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["ladder", "status"]),
            models.Index(fields=["challenger", "defender", "created"]),
        ]

    def __str__(self) -> str:
        return f"Ladder {self.ladder_id}: {self.challenger_id} -> {self.defender_id}"


class PositionChange(models.Model):
    """One change of a player's position (None: left the ladder), for the history graph."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    position = models.IntegerField(null=True, blank=True)
    previous = models.IntegerField(null=True, blank=True)
    reason = models.CharField(max_length=60)
    created = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["ladder", "user", "created"])]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.previous} -> {self.position}"
