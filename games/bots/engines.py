"""The engines bot accounts play with (settings.BOT_ENGINES), and one move of any of them.

`engine_move(engine=..., state=..., seed=...)` returns the move of the player to move in a
`rules.game.Game`: our own tree search (`games.bots.engine`) within its playout budget and at
most half of settings.BOT_MOVE_SECONDS, or a GTP program killed (its whole process group) when
all the commands of the move take more than BOT_MOVE_SECONDS together. A GTP engine that fails
raises a `games.bots.gtp.GtpError`; the caller decides what to do.
"""

from __future__ import annotations

import dataclasses
import time

from django.conf import settings
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import rules
from games.bots import engine as mcts
from games.bots import gtp
from games.game_settings import GameSettings

MCTS, GTP = "mcts", "gtp"

STRENGTH_LABELS = {"easy": _("easy"), "medium": _("medium"), "hard": _("hard")}


@dataclasses.dataclass(frozen=True)
class Engine:
    """One entry of settings.BOT_ENGINES (see its comment there)."""

    key: str
    name: str
    strength: str
    kind: str
    boards: tuple[str, ...]
    command: tuple[str, ...] = ()
    budget: str = "easy"
    playouts: int | None = None  # overrides the budget's playouts (tests, small machines)

    @property
    def available(self) -> bool:
        """Our engine always is; a GTP engine when its program is installed."""
        return self.kind == MCTS or gtp.available(self.command)

    @property
    def label(self) -> str:
        """E.g. "Badux bot (easy)", in the active language (settings mark the names)."""
        strength = STRENGTH_LABELS.get(self.strength) or gettext(self.strength)
        return f"{gettext(self.name)} ({strength})"

    def plays(self, game_settings: GameSettings) -> bool:
        """Whether it plays a game with these settings (its board, and it is installed)."""
        board = f"{game_settings.board_kind} {game_settings.board_size}"
        return self.available and board in self.boards


def engines() -> list[Engine]:
    """Every engine of settings.BOT_ENGINES, in their order."""
    return [engine_get(key=key) for key in settings.BOT_ENGINES]


def engine_get(*, key: str) -> Engine | None:
    """The engine with this key, or None when the settings no longer list it."""
    entry = settings.BOT_ENGINES.get(key)
    if entry is None:
        return None
    return Engine(
        key=key,
        name=entry["name"],
        strength=entry["strength"],
        kind=entry["kind"],
        boards=tuple(entry["boards"]),
        command=tuple(entry.get("command", ())),
        budget=entry.get("budget", "easy"),
        playouts=entry.get("playouts"),
    )


def engine_move(*, engine: Engine, state: rules.Game, seed: int) -> gtp.EngineMove:
    """The engine's move for the player to move in `state` (not changed). Raises GtpError
    when a GTP engine fails (it has been stopped)."""
    seconds = settings.BOT_MOVE_SECONDS
    if engine.kind == MCTS:
        playouts = engine.playouts or mcts.STRENGTHS[engine.budget].playouts
        budget = mcts.Budget(playouts=playouts, seconds=seconds / 2)
        choice = mcts.choose_move(state, budget, seed=seed, clock=time.monotonic)
        return gtp.EngineMove(choice.kind, choice.point, choice.reason)
    with gtp.GtpEngine(engine.command, timeout=seconds) as program:
        return program.genmove(state)
