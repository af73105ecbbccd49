"""Ratings and ladders.

Ratings: one `Rating` row per player and game family (Go = square boards, Badux = hexagons),
and one `RatingChange` per rated game and player with the values before and after, so a
result corrected later can be re-rated (ladder/services/ratings.py).

Ladders: a `Ladder` keeps one `GameSettings` (the same columns as games and challenges) and its
rules; `LadderEntry` is a player's place (positions 1..N, unique per ladder; None once they
left); `LadderChallenge` links a challenge to the game it started; `PositionChange` is each
player's position history. Every stored code is a stable string.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from games.choices import BoardKind
from games.models import GameSettingsColumns


class Family(models.TextChoices):
    """A game family has one rating per player: the board kind. Stored codes."""

    GO = BoardKind.SQUARE.value, "Go"
    BADUX = BoardKind.HEX.value, "Badux"


class Rating(models.Model):
    """A player's Glicko-2 rating in one family, as of `updated` (their last rated game).

    The deviation shown on a later day is wider (`glicko2.widen` over the idle time)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    family = models.CharField(max_length=8, choices=Family.choices)
    rating = models.FloatField(db_index=True)
    deviation = models.FloatField()
    volatility = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    # The last board size played in this family (shown beside the rating).
    board_size = models.PositiveSmallIntegerField(null=True, blank=True)
    # The rank the player declared before their first rated game ("6k"), if any.
    declared_rank = models.CharField(max_length=4, blank=True)
    updated = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "family"], name="ladder_rating_user_family")
        ]
        indexes = [models.Index(fields=["family", "rating"])]

    def __str__(self) -> str:
        return f"{self.user_id} {self.family} {self.rating:.0f}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating: the values before and after, the
    opponent's values used, the score and the elapsed rating periods. Kept for the history
    graph and for re-rating when the result is corrected."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    family = models.CharField(max_length=8, choices=Family.choices)
    board_size = models.PositiveSmallIntegerField()
    score = models.FloatField()  # 1 win, 0.5 jigo, 0 loss
    periods = models.FloatField()
    rating_before = models.FloatField()
    deviation_before = models.FloatField()
    volatility_before = models.FloatField()
    opponent_rating = models.FloatField()  # effective (handicap-adjusted) rating
    opponent_deviation = models.FloatField()
    rating_after = models.FloatField()
    deviation_after = models.FloatField()
    volatility_after = models.FloatField()
    created = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="ladder_ratingchange_game_user")
        ]
        indexes = [models.Index(fields=["user", "family", "created"])]

    def __str__(self) -> str:
        before, after = round(self.rating_before), round(self.rating_after)
        return f"Game {self.game_id} user {self.user_id}: {before} -> {after}"


class RangeKind(models.TextChoices):
    """How far up a player may challenge. Stored codes."""

    POSITIONS = "positions", "Positions above you"
    PERCENT = "percent", "Percent of the positions above you"
    RATING = "rating", "Rating points above yours"


class WinAction(models.TextChoices):
    """What a result does to the challenger's position. Stored codes."""

    TAKE_PLACE = "take_place", "Challenger takes the defender's place, those between move down"
    SWAP = "swap", "Challenger and defender swap places"
    NOTHING = "nothing", "Nothing changes"


class JoinAt(models.TextChoices):
    BOTTOM = "bottom", "At the bottom"
    RATING = "rating", "By rating"


class Withdrawal(models.TextChoices):
    """What leaving does to the leaver's running ladder games. Stored codes."""

    LOSS = "loss", "Each running ladder game is resigned and counts as a loss"
    VOID = "void", "The challenges are closed without effect (the games go on, outside the ladder)"


class VacationRule(models.TextChoices):
    """Stored codes."""

    CHALLENGEABLE = "challengeable", "Players on vacation can be challenged as usual"
    PROTECTED = "protected", "Players on vacation cannot be challenged"


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
    open = models.BooleanField(default=True, help_text="Players may join and challenge.")
    range_kind = models.CharField(
        max_length=12, choices=RangeKind.choices, default=RangeKind.POSITIONS
    )
    range_value = models.PositiveIntegerField(
        default=5, help_text="Positions, percent, or rating points, by the range kind."
    )
    max_outgoing = models.PositiveSmallIntegerField(
        default=2, help_text="Most running challenges a player has made."
    )
    top_band = models.PositiveSmallIntegerField(
        default=3, help_text="Positions 1 to this form the top band."
    )
    max_incoming_top = models.PositiveSmallIntegerField(
        default=1, help_text="Most running challenges against a player in the top band."
    )
    max_incoming = models.PositiveSmallIntegerField(
        default=3, help_text="Most running challenges against a player below the top band."
    )
    rematch_wait_days = models.PositiveSmallIntegerField(
        default=7, help_text="Days before the same challenger may challenge the same defender."
    )
    one_game_per_pair = models.BooleanField(
        default=True, help_text="At most one running ladder game between two players."
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
        help_text="When the defender runs out of time.",
    )
    timeout_penalty = models.PositiveSmallIntegerField(
        default=3, help_text="Positions a player who runs out of time drops."
    )
    timeout_removal = models.PositiveSmallIntegerField(
        default=3, help_text="Timeouts after which a player is removed (0: never)."
    )
    inactive_days = models.PositiveSmallIntegerField(
        default=30,
        help_text="Days without a ladder game after which a player is removed (0: never).",
    )
    join_at = models.CharField(max_length=8, choices=JoinAt.choices, default=JoinAt.BOTTOM)
    withdrawal = models.CharField(max_length=8, choices=Withdrawal.choices, default=Withdrawal.LOSS)
    vacation = models.CharField(
        max_length=16, choices=VacationRule.choices, default=VacationRule.CHALLENGEABLE
    )
    created = models.DateTimeField()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("ladder:detail", args=[self.slug])


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
    last_result = models.CharField(max_length=40, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["ladder", "user"], name="ladder_entry_user"),
            models.UniqueConstraint(fields=["ladder", "position"], name="ladder_entry_position"),
        ]

    def __str__(self) -> str:
        return f"{self.ladder_id}#{self.position} {self.user_id}"


class ChallengeStatus(models.TextChoices):
    """Stored codes."""

    RUNNING = "running", "Running"
    DONE = "done", "Done"
    VOID = "void", "Void"


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
        max_length=8, choices=ChallengeStatus.choices, default=ChallengeStatus.RUNNING
    )
    created = models.DateTimeField()
    finished = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=40, blank=True)

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


# Tournament models live in their own module; imported here so Django finds them.
from .tournaments.models import (  # noqa: E402, F401
    Format,
    HandicapRule,
    Outcome,
    PlayerStatus,
    Tournament,
    TournamentPairing,
    TournamentPlayer,
    TournamentStatus,
)
