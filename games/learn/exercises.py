"""The exercises of "Boards to try", as data: a position drawn as a diagram, a goal, the answer.

Each `Exercise` is a small board (a square Go board or a Badux hexagon) drawn with
rules.diagram's symbols (`X` black, `O` white, `.` empty; hex rows may be indented so they look
like a hexagon), the player to move, optional moves played from there (`history`, for ko and
superko), a goal judged by games.learn.judge, the answers the author expects (`answers`) and
wrong answers with the code the judge must give them (`wrong`). tests/games/learn walks every
exercise: each expected answer is judged right, each listed wrong answer gets its code.

`slug`s are stable: logged-in players' progress is stored by slug.
"""

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
        game = self.start()
        for name in self.history:
            if name == "pass":
                game.pass_turn()
            else:
                game.play(self.topology.parse(name))
        return game


def _ex(**fields) -> Exercise:
    return Exercise(**fields)


EXERCISES: tuple[Exercise, ...] = (
    # --- Square boards --------------------------------------------------------------------
    _ex(
        slug="go-capture-one",
        topic="capture",
        board="square",
        n=7,
        diagram="""
            . . . . . . .
            . . . . . . .
            . . . X . . .
            . . X O X . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
        """,
        title=_("Capture one stone"),
        prompt=_("The white stone has one liberty left. Capture it."),
        goal=CAPTURE,
        targets=("D4",),
        answers=("D3",),
        wrong=(("C3", "not_captured"), ("D5", "occupied")),
        solution=_("Black D3 fills the last liberty and the white stone comes off the board."),
    ),
    _ex(
        slug="go-capture-edge",
        topic="capture",
        board="square",
        n=7,
        diagram="""
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . X X . . . .
            X O O . . . .
        """,
        title=_("Two stones on the edge"),
        prompt=_("The edge takes liberties away. Capture both white stones."),
        goal=CAPTURE,
        targets=("B1",),
        answers=("D1",),
        wrong=(("D2", "not_captured"), ("E1", "not_captured")),
        solution=_("The two white stones form one chain whose only liberty is D1."),
    ),
    _ex(
        slug="go-capture-three",
        topic="capture",
        board="square",
        n=7,
        diagram="""
            . . . . . . .
            . . . . . . .
            . . X X X . .
            . X O O O X .
            . . X X . . .
            . . . . . . .
            . . . . . . .
        """,
        title=_("A chain of three"),
        prompt=_("Count the liberties of the white chain, then capture it."),
        goal=CAPTURE,
        targets=("C4",),
        answers=("E3",),
        wrong=(("F3", "not_captured"), ("B3", "not_captured")),
        solution=_("Three stones, one liberty: E3 takes it and all three are captured."),
    ),
    _ex(
        slug="go-capture-inside",
        topic="suicide",
        board="square",
        n=7,
        diagram="""
            . . . . . . .
            . . . . . . .
            . X X X . . .
            X O O O X . .
            X O . O X . .
            X O O O X . .
            . X X X . . .
        """,
        title=_("Not suicide when it captures"),
        prompt=_(
            "The empty point inside the white ring has no free neighbour. "
            "May Black play there? Capture the white ring."
        ),
        goal=CAPTURE,
        targets=("B4",),
        answers=("C3",),
        wrong=(("F2", "not_captured"), ("A1", "not_captured")),
        solution=_(
            "Black C3 takes the last liberty of the white ring, which is captured first: "
            "the black stone then has liberties, so the move is not suicide."
        ),
    ),
    _ex(
        slug="go-save-extend",
        topic="save",
        board="square",
        n=7,
        diagram="""
            . . . . . . .
            . . . . . . .
            . . . O . . .
            . . O X O . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
        """,
        title=_("Run away"),
        prompt=_("The black stone is in atari: one liberty left. Save it."),
        goal=SAVE,
        targets=("D4",),
        answers=("D3",),
        wrong=(("C3", "still_in_atari"), ("E5", "still_in_atari")),
        solution=_("Black D3 joins the stone and the chain now has three liberties."),
    ),
    _ex(
        slug="go-save-capture",
        topic="save",
        board="square",
        n=7,
        diagram="""
            . . . . . . .
            . . . . . . .
            . . O O X . .
            . O . X O X .
            . . O O . . .
            . . . . . . .
            . . . . . . .
        """,
        title=_("Save by capturing"),
        prompt=_(
            "The black stone on D4 has one liberty, and running there would not help. Save it."
        ),
        goal=SAVE,
        targets=("D4",),
        answers=("E3",),
        wrong=(("C4", "suicide"), ("F3", "still_in_atari")),
        solution=_(
            "E3 captures the white stone on E4, and its empty point becomes a second liberty of D4."
        ),
    ),
    _ex(
        slug="go-suicide-corner",
        topic="suicide",
        board="square",
        n=7,
        diagram="""
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . X . .
            . . . . . . .
            O O . . . . .
            . O . . . . .
        """,
        title=_("Where Black may not play"),
        prompt=_("One empty point is forbidden to Black here. Find it."),
        goal=FORBIDDEN,
        reason="suicide",
        answers=("A1",),
        wrong=(("A3", "legal"), ("C1", "legal"), ("B2", "other_reason")),
        solution=_(
            "A black stone at A1 would have no liberty and capture nothing: that is suicide, "
            "and the rules forbid it."
        ),
    ),
    _ex(
        slug="go-suicide-chain",
        topic="suicide",
        board="square",
        n=7,
        diagram="""
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O O O . . . .
            X X O . . . .
            . X O . . . .
            X O . . . . .
        """,
        title=_("Suicide of several stones"),
        prompt=_(
            "One point would take the last liberty of Black's own chain. "
            "Find the point Black may not play."
        ),
        goal=FORBIDDEN,
        reason="suicide",
        answers=("A2",),
        wrong=(("C1", "legal"), ("D4", "legal")),
        solution=_(
            "A2 would join the black stones into one chain with no liberty left, capturing "
            "nothing: suicide, for all of them at once."
        ),
    ),
    _ex(
        slug="go-ko-simple",
        topic="ko",
        board="square",
        n=7,
        ruleset="go-territory",
        diagram="""
            . . . . . . .
            . . . . . . .
            . . X O . . .
            . X O . O . .
            . . X O . . .
            . . . . . . .
            . . . . . . .
        """,
        to_move=WHITE,
        history=("D4",),
        title=_("Ko (territory rules)"),
        prompt=_(
            "Black has just captured a white stone by playing D4. Which point "
            "may White not play this turn?"
        ),
        goal=FORBIDDEN,
        reason="ko",
        answers=("C4",),
        wrong=(("E3", "legal"), ("B3", "legal")),
        solution=_(
            "Taking back at C4 straight away would bring the board back to where it was: the "
            "ko rule forbids it. White must play elsewhere first."
        ),
    ),
    _ex(
        slug="go-ko-area",
        topic="ko",
        board="square",
        n=7,
        diagram="""
            . . . . . . .
            . . . . . . .
            . . . . O X .
            . . . O X . X
            . . . . O X .
            . . . . . . .
            . . . . . . .
        """,
        history=("F4",),
        title=_("Ko (area rules)"),
        prompt=_(
            "White has just captured a black stone by playing F4. Which point "
            "may Black not play now?"
        ),
        goal=FORBIDDEN,
        reason="superko",
        answers=("E4",),
        wrong=(("C5", "legal"), ("F2", "legal")),
        solution=_(
            "Under area rules this site uses positional superko: E4 would bring back a "
            "position the game has already had. In practice it works like the ko rule: play "
            "elsewhere first."
        ),
    ),
    _ex(
        slug="go-connect",
        topic="connect",
        board="square",
        n=7,
        diagram="""
            . . . . . . .
            . . . . . . .
            . . O X . . .
            . . X . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
        """,
        title=_("Mend the cut"),
        prompt=_(
            "The two black stones touch only at a corner: White could cut between them. "
            "Connect them."
        ),
        goal=CONNECT,
        targets=("C4", "D5"),
        answers=("D4",),
        wrong=(("E5", "not_connected"), ("C3", "not_connected"), ("C5", "occupied")),
        solution=_("D4 is the only empty point touching both stones: now they are one chain."),
    ),
    _ex(
        slug="go-eyes-line",
        topic="life",
        board="square",
        n=7,
        diagram="""
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O O O O O O O
            O X X X X X O
            O X . . . X O
        """,
        title=_("Make two eyes"),
        prompt=_(
            "Black's group has three empty points in a row inside. Make two "
            "eyes, so that the group lives whatever White does."
        ),
        goal=EYES,
        targets=("B2",),
        answers=("D1",),
        wrong=(("C1", "not_alive"), ("E1", "not_alive")),
        solution=_(
            "D1 splits the space into two single points, C1 and E1. White could only play into "
            "one of them by suicide, so the group can never be captured."
        ),
    ),
    _ex(
        slug="go-kill-line",
        topic="life",
        board="square",
        n=7,
        diagram="""
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O O O O O O O
            O X X X X X O
            O X . . . X O
        """,
        to_move=WHITE,
        title=_("Take the vital point"),
        prompt=_("The same group, but this time White moves first. Stop it making two eyes."),
        goal=KILL,
        targets=("B2",),
        answers=("D1",),
        wrong=(("C1", "lives"), ("E1", "lives")),
        solution=_(
            "The middle point is vital: with a white stone there, the space can hold only one "
            "eye, and one eye is not enough."
        ),
    ),
    _ex(
        slug="go-eyes-corner",
        topic="life",
        board="square",
        n=7,
        diagram="""
            . . . . . . .
            . . . . . . .
            O O O . . . .
            X X O . . . .
            . X O . . . .
            . X O . . . .
            . X O . . . .
        """,
        title=_("Two eyes in the corner"),
        prompt=_("Black's group has three empty points along the side. Live."),
        goal=EYES,
        targets=("B2",),
        answers=("A2",),
        wrong=(("A1", "not_alive"), ("A3", "not_alive")),
        solution=_(
            "A2 leaves two single points, A1 and A3: two eyes. The corner point counts as an "
            "eye like any other."
        ),
    ),
    _ex(
        slug="go-count-small",
        topic="count",
        board="square",
        n=5,
        diagram="""
            . X O . .
            . X O . .
            X X O O .
            . X X O O
            . . X O .
        """,
        title=_("Count a finished game"),
        prompt=_(
            "The game is over and every stone is alive. How many points of area does Black "
            "have (black stones plus the empty points only Black surrounds)?"
        ),
        goal=COUNT,
        answers=("12",),
        wrong=(("14", "wrong_count"), ("five", "not_a_number")),
        solution=_("Count the black stones, then the empty points that touch only black stones."),
    ),
    _ex(
        slug="go-count-dame",
        topic="count",
        board="square",
        n=7,
        diagram="""
            . . X O . . .
            . . X O . . .
            . X X O . . .
            X X . O O . .
            . X X X O . .
            . . X O O . .
            . . X O . . .
        """,
        title=_("A neutral point"),
        prompt=_(
            "Every stone is alive. How many points of area does Black have? An empty point "
            "touching both colours belongs to nobody."
        ),
        goal=COUNT,
        answers=("21",),
        wrong=(("22", "wrong_count"),),
        solution=_(
            "C4 touches black and white stones, so it counts for nobody; every other empty "
            "point on the left touches only Black."
        ),
    ),
    # --- Hexagons (Badux) ------------------------------------------------------------------
    _ex(
        slug="hex-capture-centre",
        topic="capture",
        board="hex",
        n=4,
        diagram="""
               . . . .
              . . . . .
             . . X X . .
            . . X O X . .
             . . X . . .
              . . . . .
               . . . .
        """,
        title=_("Six liberties"),
        prompt=_(
            "On a hexagon a stone in the open has six neighbours. Black has taken five. "
            "Capture the white stone."
        ),
        goal=CAPTURE,
        targets=("D4",),
        answers=("D3",),
        wrong=(("E3", "not_captured"), ("D2", "not_captured")),
        solution=_("D3 is the sixth neighbour of D4: the white stone is captured."),
    ),
    _ex(
        slug="hex-capture-edge",
        topic="capture",
        board="hex",
        n=4,
        diagram="""
               X . . .
              O X . . .
             . X . . . .
            . . . . . . .
             . . . . . .
              . . . . .
               . . . .
        """,
        title=_("On the edge of the hexagon"),
        prompt=_("A cell on the edge has four neighbours. Capture the white stone."),
        goal=CAPTURE,
        targets=("C6",),
        answers=("B5",),
        wrong=(("B4", "not_captured"), ("C5", "occupied")),
        solution=_("B5 was the last free neighbour of C6."),
    ),
    _ex(
        slug="hex-capture-corner",
        topic="capture",
        board="hex",
        n=4,
        diagram="""
               . . . .
              . . . . .
             . . . . . .
            . . . . . . .
             . . . . . .
              X X X . .
               O O . .
        """,
        title=_("In the corner"),
        prompt=_("A corner cell has only three neighbours. Capture the two white stones."),
        goal=CAPTURE,
        targets=("A1",),
        answers=("C1",),
        wrong=(("D1", "not_captured"), ("D2", "not_captured")),
        solution=_("The white chain A1-B1 had one liberty left, C1."),
    ),
    _ex(
        slug="hex-capture-chain",
        topic="capture",
        board="hex",
        n=4,
        diagram="""
               . . . .
              . . . . .
             . . X X X .
            . . X O O X .
             . . X X . .
              . . . . .
               . . . .
        """,
        title=_("Eight liberties"),
        prompt=_(
            "Two white stones side by side share their neighbours: eight liberties in all. "
            "Black has taken seven. Capture them."
        ),
        goal=CAPTURE,
        targets=("D4",),
        answers=("E3",),
        wrong=(("F3", "not_captured"), ("D2", "not_captured")),
        solution=_("E3 touches E4 and was the last liberty of the chain."),
    ),
    _ex(
        slug="hex-save-extend",
        topic="save",
        board="hex",
        n=4,
        diagram="""
               . . . .
              . . . . .
             . . O O . .
            . . O X O . .
             . . O . . .
              . . . . .
               . . . .
        """,
        title=_("Escape on the hexagon"),
        prompt=_("The black stone has one liberty. Save it."),
        goal=SAVE,
        targets=("D4",),
        answers=("D3",),
        wrong=(("D2", "still_in_atari"), ("E3", "still_in_atari")),
        solution=_("D3 joins the stone and brings three new liberties: C2, D2 and E3."),
    ),
    _ex(
        slug="hex-save-edge",
        topic="save",
        board="hex",
        n=4,
        diagram="""
               . . . .
              O . . . .
             X O . . . .
            O . . . . . .
             . . . . . .
              . . . . .
               . . . .
        """,
        title=_("Escape along the edge"),
        prompt=_("The black stone on the edge is in atari. Save it."),
        goal=SAVE,
        targets=("B5",),
        answers=("B4",),
        wrong=(("A3", "still_in_atari"), ("C4", "still_in_atari")),
        solution=_("B4 was the stone's last liberty; joined to it, the chain has three."),
    ),
    _ex(
        slug="hex-suicide-centre",
        topic="suicide",
        board="hex",
        n=4,
        diagram="""
               . . . .
              . . . . .
             . . O O . .
            . . O . O . .
             . . O O . .
              . . . . .
               . . . .
        """,
        title=_("An empty cell inside a ring"),
        prompt=_("One empty cell is forbidden to Black. Which one?"),
        goal=FORBIDDEN,
        reason="suicide",
        answers=("D4",),
        wrong=(("C5", "legal"), ("D5", "other_reason")),
        solution=_(
            "A black stone on D4 would have no liberty and the white ring around it has "
            "plenty: suicide."
        ),
    ),
    _ex(
        slug="hex-capture-inside",
        topic="suicide",
        board="hex",
        n=4,
        diagram="""
               . . . .
              . . . . .
             . . . . . .
            . . . . . . .
             X X X . . .
              O O X . .
               . O X .
        """,
        title=_("The last liberty is inside"),
        prompt=_(
            "The three white stones have one liberty left, and it has no free neighbour. "
            "Capture them."
        ),
        goal=CAPTURE,
        targets=("B2",),
        answers=("A1",),
        wrong=(("D1", "not_captured"), ("E2", "not_captured")),
        solution=_(
            "A1 captures the three white stones first, so the black stone has liberties "
            "afterwards: not suicide."
        ),
    ),
    _ex(
        slug="hex-superko",
        topic="ko",
        board="hex",
        n=3,
        diagram="""
              X O .
             . X O .
            X X O . O
             X O O O
              X O O
        """,
        to_move=WHITE,
        history=(
            "D3",
            "E4",
            "pass",
            "D3",
            "E5",
            "C2",
            "E4",
            "D4",
            "E3",
            "D5",
            "D3",
            "B1",
            "D2",
            "B2",
            "C1",
            "C3",
            "D3",
            "D2",
            "E5",
            "C1",
            "E4",
        ),  # fmt: skip
        title=_("Superko on the hexagon"),
        prompt=_(
            "Simple ko cannot happen on a hexagon, but a longer cycle can. The 21 moves since "
            "the position shown under the board have almost brought it back. Which cell "
            "would bring it back exactly?"
        ),
        goal=FORBIDDEN,
        reason="superko",
        answers=("E3",),
        wrong=(("A1", "other_reason"),),
        solution=_(
            "White E3 captures and leaves exactly the stones of the first position: "
            "positional superko forbids any move that repeats a whole-board position."
        ),
    ),
    _ex(
        slug="hex-connect",
        topic="connect",
        board="hex",
        n=4,
        diagram="""
               . . . .
              . . . . .
             . . . . . .
            . . . X . . .
             . . . O X .
              . . . . .
               . . . .
        """,
        title=_("No cuts on a hexagon"),
        prompt=_(
            "The black stones on D4 and E3 share two neighbours, and White has taken one. Connect."
        ),
        goal=CONNECT,
        targets=("D4", "E3"),
        answers=("E4",),
        wrong=(("F3", "not_connected"), ("D3", "occupied")),
        solution=_(
            "E4 is the other shared neighbour. With two of them, Black can always answer: "
            "the stones could never be cut."
        ),
    ),
    _ex(
        slug="hex-eyes-three",
        topic="life",
        board="hex",
        n=4,
        diagram="""
               . . . .
              . . . . .
             . . . . . .
            . . . . . . .
             O O O O O .
              X X X X O
               . . . X
        """,
        title=_("Two eyes on the edge"),
        prompt=_("Black's group has three empty cells along the edge. Live."),
        goal=EYES,
        targets=("B2",),
        answers=("B1",),
        wrong=(("A1", "not_alive"), ("C1", "not_alive")),
        solution=_("B1 splits the space into A1 and C1: two eyes."),
    ),
    _ex(
        slug="hex-kill-three",
        topic="life",
        board="hex",
        n=4,
        diagram="""
               . . . .
              . . . . .
             . . . . . .
            . . . . . . .
             O O O O O .
              X X X X O
               . . . X
        """,
        to_move=WHITE,
        title=_("The vital cell"),
        prompt=_("The same shape, but White moves first. Kill the group."),
        goal=KILL,
        targets=("B2",),
        answers=("B1",),
        wrong=(("A1", "lives"), ("C1", "lives")),
        solution=_("B1 is the cell Black needed to split the space; now only one eye is left."),
    ),
    _ex(
        slug="hex-eyes-five",
        topic="life",
        board="hex",
        n=5,
        diagram="""
                . . . . .
               . . . . . .
              . . . . . . .
             . . . . . . . .
            . . . . . . . . .
             . . . . . . . .
              O O O O O O O
               X X X X X X
                . . . . .
        """,
        title=_("A long space"),
        prompt=_("Black's group has five empty cells along the edge. Live."),
        goal=EYES,
        targets=("B2",),
        answers=("C1", "B1", "D1"),
        wrong=(("A1", "not_alive"), ("E1", "not_alive")),
        solution=_(
            "Any of the three inner cells splits the space into two eyes; a corner cell "
            "leaves one space, which White can still reduce."
        ),
    ),
    _ex(
        slug="hex-count",
        topic="count",
        board="hex",
        n=4,
        diagram="""
               X O . .
              . X O . .
             . X O . . .
            . X X O . . .
             . . X O . .
              . . X O .
               . X O .
        """,
        title=_("Count a Badux board"),
        prompt=_(
            "The game is over and every stone is alive. How many points of area does Black "
            "have (stones plus surrounded empty cells)?"
        ),
        goal=COUNT,
        answers=("16",),
        wrong=(("19", "wrong_count"),),
        solution=_("Count the black stones, then the empty cells on Black's side."),
    ),
)

BY_SLUG: dict[str, Exercise] = {exercise.slug: exercise for exercise in EXERCISES}
