"""Games: the game row with its settings, moves, clocks and result.

Every stored code (status, end reason, board kind, colour choice, clock kind) is a stable string,
never an enum position.

The move list is one text column (`Game.moves`): the SGF point of each turn, two letters, with
`..` for a pass, e.g. ``"ddpp..cc"``. Colours alternate from `first_to_move`, resignations and
timeouts live in `end_reason`/`result`. One row therefore holds everything a board page needs,
so the page costs the same few queries at move 5 and at move 500, and replaying the list through
`rules` is cheap (about 100k moves a second). A row per move would cost an insert per move and a
growing read per page for no benefit: nothing queries single moves.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models.functions import Coalesce
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

import rules
from core.links import page_path
from games import clock
from games.choices import BoardKind, ClockKind
from games.game_settings import (
    GameSettings,
    settings_columns,
    time_control_of,
    topology_label,
)

# Registered with the games app from its own module (this one is near the size limit).
from rules import BLACK, WHITE, RuleSet, Topology

PASS_TOKEN = ".."  # noqa: S105  (a move code, not a password)
# The stored move list's codes, two characters each (a last odd one alone).
_MOVE_CODES = re.compile("..?", re.DOTALL)


class GameStatus(models.TextChoices):
    """Stored codes."""

    PLAYING = "playing", gettext_lazy("Playing")
    FINISHED = "finished", gettext_lazy("Finished")


class GameOrigin(models.TextChoices):
    """What started a game, as its starter told `game_start` (games never asks the ladder).
    Stored codes."""

    CHALLENGE = "challenge", gettext_lazy("Challenge")
    LADDER = "ladder", gettext_lazy("Ladder")
    TOURNAMENT = "tournament", gettext_lazy("Tournament")


class EndReason(models.TextChoices):
    """Why a game ended; the codes are those of `rules.game`. Stored codes."""

    PASSES = rules.game.END_PASSES, gettext_lazy("Both players passed")
    RESIGN = rules.game.END_RESIGN, gettext_lazy("Resignation")
    MOVE_CAP = rules.game.END_MOVE_CAP, gettext_lazy("Move limit reached")
    TIMEOUT = rules.game.END_TIMEOUT, gettext_lazy("Time ran out")
    # Ended by the moderators' decision or a suspended player's opponent, with no result
    # ("Void", SGF's "no result"): nobody wins, nothing is rated (games.services.adjournments).
    ANNULLED = "annulled", gettext_lazy("Annulled")


# Each end reason as it reads inside a sentence ("W+R (resignation)", "it ended by
# resignation"): a msgid of its own, since languages differ in how a label changes there.
END_REASON_IN_SENTENCE = {
    EndReason.PASSES: pgettext_lazy("end reason inside a sentence", "both players passed"),
    EndReason.RESIGN: pgettext_lazy("end reason inside a sentence", "resignation"),
    EndReason.MOVE_CAP: pgettext_lazy("end reason inside a sentence", "move limit reached"),
    EndReason.TIMEOUT: pgettext_lazy("end reason inside a sentence", "time ran out"),
    EndReason.ANNULLED: pgettext_lazy("end reason inside a sentence", "annulled"),
}


@functools.lru_cache(maxsize=512)
def _rule_set(key: str, kind: str, size: int, handicap: int, komi: Decimal) -> RuleSet:
    # A RuleSet is immutable: one per distinct setting serves every game (made anew at each
    # turn, it was a fiftieth of a move's CPU).
    base = rules.preset(key, rules.topology_for(kind, size), handicap=handicap)
    return base.with_komi(float(komi))


class GameSettingsLabels:
    """What pages say about the settings of a challenge or game (mixed into both models)."""

    @property
    def settings(self) -> GameSettings:
        """The settings as one value (checked again: stored rows always pass)."""
        return GameSettings.of(self)

    @property
    def topology(self) -> Topology:
        """The board shape."""
        return rules.topology_for(self.board_kind, self.board_size)

    @property
    def rule_set(self) -> RuleSet:
        """The rule set with this game's komi."""
        return _rule_set(self.ruleset, self.board_kind, self.board_size, self.handicap, self.komi)

    @property
    def time_control(self) -> clock.TimeControl:
        """The clock as `games.clock` computes it."""
        return time_control_of(self)

    @property
    def board_label(self) -> str:
        """E.g. 'Go 19×19' or 'Badux hex 12'."""
        return f"{BoardKind(self.board_kind).label} {topology_label(self.topology)}"

    @property
    def clock_label(self) -> str:
        """E.g. '3 days per move' or 'Fischer 7 d + 1 d (max 14 d), weekends free, no
        vacation'."""
        days = {"days": self.clock_days, "period": self.clock_period_days}
        if self.clock_kind == ClockKind.FISCHER:
            label = _("Fischer %(days)s d + %(increment)s d (max %(cap)s d)") % {
                **days,
                "increment": self.clock_increment_days,
                "cap": self.clock_cap_days,
            }
        elif self.clock_kind == ClockKind.ABSOLUTE:
            label = (
                ngettext(
                    "%(days)s day for the whole game",
                    "%(days)s days for the whole game",
                    self.clock_days,
                )
                % days
            )
        elif self.clock_kind == ClockKind.JAPANESE:
            label = _("%(days)s d + %(periods)s × %(period)s d byo-yomi") % {
                **days,
                "periods": self.clock_periods,
            }
        elif self.clock_kind == ClockKind.CANADIAN:
            label = _("%(days)s d + %(moves)s moves in %(period)s d (Canadian byo-yomi)") % {
                **days,
                "moves": self.clock_period_moves,
            }
        else:
            label = ngettext("%(days)s day per move", "%(days)s days per move", self.clock_days)
            label %= days
        if self.weekend_pause:
            label += _(", weekends free")
        if not self.vacation_allowed:
            label += _(", no vacation")
        return label

    @property
    def komi_label(self) -> str:
        """Komi without a trailing '.0', as the active language writes it ("6.5", "6,5")."""
        value = self.komi
        return str(int(value)) if value == value.to_integral() else formats.number_format(value)


# The columns of every setting, one per GameSettings attribute (games.game_settings), shared by
# challenges and games: adding a setting there adds its column here.
GameSettingsColumns = type(
    "GameSettingsColumns",
    (GameSettingsLabels, models.Model),
    {
        "__module__": __name__,
        "__doc__": "What a challenge proposes and a game is played with (abstract).",
        "Meta": type("Meta", (), {"abstract": True}),
        **settings_columns(),
    },
)


class Game(GameSettingsColumns):
    """A correspondence game between two players."""

    # Found through the (player, status) indexes of Meta, whose first column serves a lookup
    # of the player alone: no index of their own (see Meta.indexes).
    black = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="games_as_black",
        db_index=False,
    )
    white = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="games_as_white",
        db_index=False,
    )
    status = models.CharField(max_length=12, choices=GameStatus.choices, default=GameStatus.PLAYING)
    first_to_move = models.PositiveSmallIntegerField(default=BLACK)  # 1 black, 2 white
    moves = models.TextField(blank=True, default="")
    # The rules' state after the last move (games.moves.position_state_of: a CRC-32 of `moves`
    # and `rules.Game.snapshot`), written with every move, so that the next move and the pages
    # restore the position and its superko history instead of replaying all the moves. Empty,
    # or not matching `moves`, it is ignored and the moves are replayed.
    position_state = models.BinaryField(null=True, blank=True, editable=False)
    move_number = models.PositiveIntegerField(default=0)
    to_move = models.PositiveSmallIntegerField(default=BLACK)
    black_captures = models.PositiveIntegerField(default=0)  # stones Black has captured
    white_captures = models.PositiveIntegerField(default=0)
    # When the player to move runs out of time; None once the game is over and while the mover's
    # clock is stopped by their vacation. The clock sweep ends games whose deadline has passed.
    deadline = models.DateTimeField(null=True, blank=True)
    # The mover's clock (re)started at `clock_started` (their turn began or their vacation ended)
    # with `clock_left` counted time (see games.clock); while stopped, `clock_left` is what is
    # left. The deadline follows from these two, the weekend pause and the mover's time zone.
    clock_started = models.DateTimeField(null=True, blank=True)
    clock_left = models.DurationField(null=True, blank=True)
    # When the mover will have used 80 % of this move's time; None once warned (or over).
    warn_at = models.DateTimeField(null=True, blank=True)
    # The move number the last time-out warning was sent for (once per move).
    warned_move = models.PositiveIntegerField(null=True, blank=True)
    # What each player has left after their last move (games.clock.PlayerTime): the Fischer
    # bank or the main time (absolute, byo-yomi; per-move clocks leave it None), the Japanese
    # periods left, and the Canadian period's time and moves left once the main time is used.
    black_bank = models.DurationField(null=True, blank=True)
    white_bank = models.DurationField(null=True, blank=True)
    black_periods = models.PositiveSmallIntegerField(null=True, blank=True)
    white_periods = models.PositiveSmallIntegerField(null=True, blank=True)
    black_period_left = models.DurationField(null=True, blank=True)
    white_period_left = models.DurationField(null=True, blank=True)
    black_moves_left = models.PositiveSmallIntegerField(null=True, blank=True)
    white_moves_left = models.PositiveSmallIntegerField(null=True, blank=True)
    public = models.BooleanField(default=True)
    # A challenge between players, a ladder's or a tournament's game (the games browser's
    # filter); written once by `game_start`.
    # db_default: the previous release, running while 0017_watching is applied, inserts games
    # without it (tests/deploy/test_migration_policy.py).
    origin = models.CharField(
        max_length=12,
        choices=GameOrigin.choices,
        default=GameOrigin.CHALLENGE,
        db_default=GameOrigin.CHALLENGE,
    )
    # Set aside by the moderators while a player is suspended (games.services.adjournments):
    # both clocks stand still (deadline None, `clock_left` kept), nobody may move; None while
    # the game runs normally. db_default: the previous release inserts games without it.
    adjourned = models.DateTimeField(null=True, blank=True, db_default=None)
    # SGF RE: 'B+3.5', 'W+R', 'B+T', '0', 'Void' (annulled: no result)
    result = models.CharField(max_length=16, blank=True)
    end_reason = models.CharField(max_length=12, choices=EndReason.choices, blank=True)
    score = models.JSONField(null=True, blank=True)
    created = models.DateTimeField()
    last_move_at = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        # Every move changes `deadline`, so its UPDATE is never a heap-only one: PostgreSQL
        # writes an entry into every index of the row whose condition the row meets. So the
        # table keeps only the indexes its queries use, each restricted to the games those
        # queries ask for (the sweeps ask for running games, the lists of finished games for
        # finished ones): a move writes five index entries, not ten (issue 27). A query meant
        # to use a partial index must say the same `status` as its condition.
        indexes = [
            models.Index(fields=["black", "status"]),
            models.Index(fields=["white", "status"]),
            models.Index(
                fields=["deadline"],
                condition=models.Q(status=GameStatus.PLAYING),
                name="game_running_deadline",
            ),
            models.Index(
                fields=["warn_at"],
                condition=models.Q(status=GameStatus.PLAYING),
                name="game_running_warn_at",
            ),
            models.Index(
                fields=["finished"],
                condition=models.Q(status=GameStatus.FINISHED),
                name="game_finished_at",
            ),
            # The games browser (games.watching): public games by last activity, newest
            # first, read a page at a time from a key (no OFFSET).
            models.Index(
                Coalesce("last_move_at", "created").desc(),
                models.F("id").desc(),
                condition=models.Q(public=True),
                name="game_public_active",
            ),
            # A player's finished games, most recent first (games.sql.FINISHED); with the
            # board kind and result as trailing key columns (not INCLUDE, which SQLite lacks
            # and warns of at every start), a player's record is counted from the index
            # alone (selectors.records.player_record).
            models.Index(
                fields=["black", "finished", "id", "board_kind", "result"],
                condition=models.Q(status=GameStatus.FINISHED),
                name="game_black_finished",
            ),
            models.Index(
                fields=["white", "finished", "id", "board_kind", "result"],
                condition=models.Q(status=GameStatus.FINISHED),
                name="game_white_finished",
            ),
            # The notices sweep (selectors.play.notices_missing): running games by their
            # last move, and those without one by their start.
            models.Index(
                fields=["last_move_at"],
                condition=models.Q(status=GameStatus.PLAYING),
                name="game_running_last_move",
            ),
            models.Index(
                fields=["created"],
                condition=models.Q(status=GameStatus.PLAYING, last_move_at__isnull=True),
                name="game_running_unmoved",
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk}"

    def get_absolute_url(self) -> str:
        return page_path("games:board", self.pk)

    @property
    def is_over(self) -> bool:
        return self.status == GameStatus.FINISHED

    def player(self, colour: int):
        """The player of `colour` (BLACK or WHITE)."""
        return self.black if colour == BLACK else self.white

    def colour_of(self, user) -> int | None:
        """BLACK or WHITE for a player of this game, None for anyone else."""
        if user is None or not user.is_authenticated:
            return None
        if user.pk == self.black_id:
            return BLACK
        if user.pk == self.white_id:
            return WHITE
        return None

    @property
    def player_to_move_id(self) -> int | None:
        if self.is_over:
            return None
        return self.black_id if self.to_move == BLACK else self.white_id

    def move_codes(self) -> list[str]:
        """The stored move list as two-letter codes ('..' = pass)."""
        return _MOVE_CODES.findall(self.moves)

    def bank_of(self, colour: int) -> dt.timedelta | None:
        return self.black_bank if colour == BLACK else self.white_bank

    def player_time(self, colour: int) -> clock.PlayerTime:
        """What `colour` has left between their moves (their initial time before the first)."""
        prefix = "black" if colour == BLACK else "white"
        main = getattr(self, f"{prefix}_bank")
        if main is None or self.clock_kind == ClockKind.PER_MOVE:
            return clock.player_time_initial(self.time_control)
        return clock.PlayerTime(
            main=main,
            periods=getattr(self, f"{prefix}_periods") or 0,
            period_left=getattr(self, f"{prefix}_period_left") or clock.ZERO,
            moves_left=getattr(self, f"{prefix}_moves_left") or 0,
        )

    def player_time_set(self, colour: int, state: clock.PlayerTime | None) -> None:
        """Store what `colour` has left (None: nothing to keep, days per move)."""
        prefix = "black" if colour == BLACK else "white"
        kind = self.clock_kind
        values = {
            "bank": state.main if state else None,
            "periods": state.periods if state and kind == ClockKind.JAPANESE else None,
            "period_left": state.period_left if state and kind == ClockKind.CANADIAN else None,
            "moves_left": state.moves_left if state and kind == ClockKind.CANADIAN else None,
        }
        for name, value in values.items():
            setattr(self, f"{prefix}_{name}", value)

    def turn_budget(self, colour: int) -> dt.timedelta:
        """The time `colour` has for a move when it starts (games.clock.turn_time): the days
        per move, their Fischer bank, their main time, plus what byo-yomi gives after it."""
        return clock.turn_time(self.time_control, self.player_time(colour))

    @property
    def clock_stopped(self) -> bool:
        """True while the game runs but the mover's clock is stopped by their vacation."""
        return not self.is_over and self.deadline is None

    @property
    def is_adjourned(self) -> bool:
        """True while the moderators keep the running game set aside."""
        return not self.is_over and self.adjourned is not None

    @property
    def result_label(self) -> str:
        """The result as pages show it: "Annulled" for a game with no result, else the SGF
        result ('B+3.5')."""
        return _("Annulled") if self.is_annulled else self.result

    @property
    def is_annulled(self) -> bool:
        """True for a game that ended with no result."""
        return self.is_over and self.end_reason == EndReason.ANNULLED

    @property
    def end_reason_in_sentence(self) -> str:
        """Why the game ended, as it reads inside a sentence ("resignation"); "" while it runs."""
        return str(END_REASON_IN_SENTENCE.get(self.end_reason, ""))

    @property
    def awaiting_count(self) -> bool:
        """True for a game ended at the move cap whose count the scoring task has not written."""
        return self.is_over and self.end_reason == EndReason.MOVE_CAP and not self.result
