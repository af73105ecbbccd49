"""What an exercise is: the `Exercise` record, its goals and the lesson topics.

The exercises themselves are data in games.learn.exercises.square and .hexagon; the package
games.learn.exercises puts them in lesson order."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from rules.board import BLACK, WHITE
from rules.diagram import parse_diagram
from rules.game import Game
from rules.ruleset import preset
from rules.topology import Topology, hexagon, square

CAPTURE, SAVE, CONNECT, EYES, KILL, FORBIDDEN, COUNT = (
    "capture",
    "save",
    "connect",
    "eyes",
    "kill",
    "forbidden",
    "count",
)
GOALS = (CAPTURE, SAVE, CONNECT, EYES, KILL, FORBIDDEN, COUNT)

# Topics, in the order of the lessons; the lesson section each links back to.
TOPICS: dict[str, Promise] = {
    "capture": _("Capturing"),
    "save": _("Saving stones"),
    "suicide": _("Suicide"),
    "ko": _("Ko and superko"),
    "life": _("Eyes, life and death"),
    "connect": _("Connecting"),
    "count": _("Counting"),
}
TOPIC_SECTIONS = {
    "capture": "capture",
    "save": "liberties",
    "suicide": "suicide",
    "ko": "ko",
    "life": "eyes",
    "connect": "liberties",
    "count": "counting",
}


@dataclass(frozen=True, eq=False)
class Exercise:
    """One exercise. `board` is "square" or "hex", `n` its size (side for a hexagon)."""

    slug: str
    topic: str
    board: str
    n: int
    diagram: str
    title: Promise
    prompt: Promise
    goal: str
    answers: tuple[str, ...]
    solution: Promise
    to_move: int = BLACK
    targets: tuple[str, ...] = ()
    reason: str = ""  # for FORBIDDEN: the rules' refusal code the answer must get
    wrong: tuple[tuple[str, str], ...] = ()
    history: tuple[str, ...] = ()
    ruleset: str = ""  # a rules preset key; blank: the board's own (go-area / badux)

    @cached_property
    def topology(self) -> Topology:
        """The board shape."""
        return square(self.n) if self.board == "square" else hexagon(self.n)

    @property
    def ruleset_key(self) -> str:
        """The rules preset the exercise is judged by."""
        return self.ruleset or ("badux" if self.board == "hex" else "go-area")

    def start(self) -> Game:
        """The diagram's position, before `history`."""
        t = self.topology
        colours = parse_diagram(t, self.diagram)
        first = self.to_move if len(self.history) % 2 == 0 else 3 - self.to_move
        return Game.new(
            t,
            preset(self.ruleset_key, t),
            black_setup=[p for p, c in enumerate(colours) if c == BLACK],
            white_setup=[p for p, c in enumerate(colours) if c == WHITE],
            to_move=first,
        )

    def game(self) -> Game:
        """A fresh game at the exercise's position (`history` played), `to_move` to play."""
        return self.game_at(len(self.history))

    def game_at(self, step: int) -> Game:
        """A fresh game after the first `step` moves of `history` (0: the diagram's position;
        clamped to the history's length)."""
        game = self.start()
        for name in self.history[: max(0, step)]:
            if name == "pass":
                game.pass_turn()
            else:
                game.play(self.topology.parse(name))
        return game
