"""Tournament rows: the tournament (its `GameSettings` as columns), its players, rounds and
pairings. Stored codes are stable strings."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from games.models import GameSettingsColumns


class Format(models.TextChoices):
    ROUND_ROBIN = "round_robin", gettext_lazy("Round robin")
    SWISS = "swiss", gettext_lazy("Swiss")
    MCMAHON = "mcmahon", gettext_lazy("McMahon")
    SINGLE_ELIM = "single_elim", gettext_lazy("Single elimination")
    DOUBLE_ELIM = "double_elim", gettext_lazy("Double elimination")


KNOCKOUTS = (Format.SINGLE_ELIM, Format.DOUBLE_ELIM)
PAIRED_BY_ROUND = (Format.SWISS, Format.MCMAHON)


class TournamentStatus(models.TextChoices):
    OPEN = "open", gettext_lazy("Registration open")
    RUNNING = "running", gettext_lazy("Running")
    FINISHED = "finished", gettext_lazy("Finished")


class HandicapRule(models.TextChoices):
    NONE = "none", gettext_lazy("Even games")
    MCMAHON = "mcmahon", gettext_lazy("By McMahon score difference")


class Tournament(GameSettingsColumns):
    """One tournament. Its games are started with `settings` (the GameSettings columns); a
    McMahon handicap game changes only handicap and komi."""

    # A tournament's clocks run through vacations unless the organiser allows them.
    vacation_allowed = models.BooleanField("Clocks stop during vacations", default=False)
    name = models.CharField(max_length=80)
    description = models.TextField(blank=True, max_length=2000)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organised_tournaments"
    )
    format = models.CharField(max_length=12, choices=Format.choices)
    status = models.CharField(
        max_length=8, choices=TournamentStatus.choices, default=TournamentStatus.OPEN
    )
    # Swiss and McMahon: the rounds to play. Others: set at the start from the format.
    rounds = models.PositiveSmallIntegerField(default=0)
    current_round = models.PositiveSmallIntegerField(default=0)
    mcmahon_bar = models.CharField(max_length=4, blank=True)
    mcmahon_floor = models.CharField(max_length=4, blank=True)
    handicap_rule = models.CharField(
        max_length=8, choices=HandicapRule.choices, default=HandicapRule.NONE
    )
    player_limit = models.PositiveSmallIntegerField(default=16)
    min_players = models.PositiveSmallIntegerField(default=2)
    rank_min = models.CharField(max_length=4, blank=True)  # weakest rank allowed ("20k")
    rank_max = models.CharField(max_length=4, blank=True)  # strongest rank allowed ("5d")
    start_when_full = models.BooleanField(default=True)
    timeout_limit = models.PositiveSmallIntegerField(default=2)
    created = models.DateTimeField()
    # A group's own tournament: only the group's members register (None: anyone).
    group = models.ForeignKey(
        "ladder.Group", on_delete=models.PROTECT, null=True, blank=True, related_name="tournaments"
    )
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "created"])]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament:detail", args=[self.pk])

    @property
    def is_knockout(self) -> bool:
        return self.format in KNOCKOUTS

    @property
    def is_mcmahon(self) -> bool:
        return self.format == Format.MCMAHON


class PlayerStatus(models.TextChoices):
    ACTIVE = "active", gettext_lazy("Playing")
    WITHDRAWN = "withdrawn", gettext_lazy("Withdrawn")
    DISQUALIFIED = "disqualified", gettext_lazy("Disqualified")


# The status as a small tag beside a player's name in the tables ("withdrawn"): a msgid of its
# own, since languages differ in how a label changes there.
PLAYER_STATUS_TAG = {
    PlayerStatus.ACTIVE: pgettext_lazy("tournament player's status tag", "playing"),
    PlayerStatus.WITHDRAWN: pgettext_lazy("tournament player's status tag", "withdrawn"),
    PlayerStatus.DISQUALIFIED: pgettext_lazy("tournament player's status tag", "disqualified"),
}


class TournamentPlayer(models.Model):
    """A registration; at the start it gets its seed (1 = highest rating), the rating and
    rank it was seeded with and its McMahon start score."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries"
    )
    status = models.CharField(
        max_length=12, choices=PlayerStatus.choices, default=PlayerStatus.ACTIVE
    )
    joined = models.DateTimeField()
    seed = models.PositiveSmallIntegerField(null=True, blank=True)
    rating = models.FloatField(null=True, blank=True)
    rank = models.CharField(max_length=4, blank=True)
    start_score = models.SmallIntegerField(default=0)
    timeouts = models.PositiveSmallIntegerField(default=0)
    # The last round they were paired in when they left (None while active).
    left_round = models.PositiveSmallIntegerField(null=True, blank=True)
    left_reason = models.CharField(max_length=60, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="tournament_player_user")
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.user_id}"

    @property
    def active(self) -> bool:
        return self.status == PlayerStatus.ACTIVE

    @property
    def status_tag(self) -> str:
        """The status as the tag beside the player's name says it ("withdrawn")."""
        return str(PLAYER_STATUS_TAG[self.status])


class Outcome(models.TextChoices):
    """A pairing's result. Stored codes."""

    PENDING = "", gettext_lazy("Not finished")
    BLACK = "black", gettext_lazy("Black won")
    WHITE = "white", gettext_lazy("White won")
    JIGO = "jigo", gettext_lazy("Jigo")
    BYE = "bye", gettext_lazy("Bye")


def stage_name(*, match: str, round: int) -> str:
    """Where a pairing stands, as players read it in their language: "match W2.1" in a
    knockout, else "round 3"."""
    if match:
        # Translators: a knockout match, as it follows the tournament's name ("Spring cup, match
        # W2.1"); %(match)s is its code (W: winners' bracket, L: losers', GF: grand final).
        return gettext("match %(match)s") % {"match": match}
    # Translators: a round, as it follows the tournament's name ("Spring cup, round 3").
    return gettext("round %(round)s") % {"round": round}


class TournamentPairing(models.Model):
    """One board of a round (or one knockout match): the two players and the game, or a bye
    (`white` None). `forfeit`: decided without a game (a knockout opponent who withdrew)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    round = models.PositiveSmallIntegerField()
    board = models.PositiveSmallIntegerField(default=1)
    match = models.CharField(max_length=8, blank=True)  # knockout match code ("W2.1", "GF")
    black = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    white = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", null=True, blank=True
    )
    handicap = models.PositiveSmallIntegerField(default=0)
    game = models.OneToOneField(
        "games.Game",
        on_delete=models.SET_NULL,
        related_name="tournament_pairing",
        null=True,
        blank=True,
    )
    outcome = models.CharField(max_length=8, choices=Outcome.choices, blank=True, default="")
    forfeit = models.BooleanField(default=False)
    created = models.DateTimeField()

    class Meta:
        ordering = ["round", "board"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "board"], name="tournament_pairing_board"
            ),
            models.UniqueConstraint(
                fields=["tournament", "match"],
                condition=~models.Q(match=""),
                name="tournament_pairing_match",
            ),
        ]
        indexes = [models.Index(fields=["tournament", "outcome"])]

    def __str__(self) -> str:
        return f"{self.tournament_id} r{self.round} b{self.board}"

    @property
    def is_bye(self) -> bool:
        return self.white_id is None

    @property
    def decided(self) -> bool:
        return self.outcome != Outcome.PENDING

    @property
    def stage(self) -> str:
        return stage_name(match=self.match, round=self.round)

    @property
    def winner_id(self) -> int | None:
        if self.outcome == Outcome.BLACK or self.outcome == Outcome.BYE:
            return self.black_id
        if self.outcome == Outcome.WHITE:
            return self.white_id
        return None


class TournamentStanding(models.Model):
    """One stored line of a Swiss, McMahon or round robin's standings, as the pure standings
    compute them (ladder.tournaments.stored writes them in the transaction that changes a
    result, a round or a player): the pages and the API read a page of lines. `line` is the
    order shown (disqualified players last), `counted` the rounds the standings count."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="standings")
    entry = models.OneToOneField(
        TournamentPlayer, on_delete=models.CASCADE, related_name="standing"
    )
    line = models.PositiveIntegerField()
    place = models.PositiveIntegerField(null=True, blank=True)  # None: disqualified
    score = models.FloatField()  # points, or the McMahon score
    wins = models.FloatField()
    sos = models.FloatField()
    sodos = models.FloatField()
    sosos = models.FloatField()
    counted = models.PositiveSmallIntegerField()

    class Meta:
        indexes = [models.Index(fields=["tournament", "line"])]

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.line}"
