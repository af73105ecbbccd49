"""The exercises on square Go boards, in lesson order (see games.learn.exercises)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.learn.exercises.exercise import (
    CAPTURE,
    CONNECT,
    COUNT,
    EYES,
    FORBIDDEN,
    KILL,
    SAVE,
    Exercise,
)
from rules.board import WHITE

SQUARE_EXERCISES: tuple[Exercise, ...] = (
    Exercise(
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
    Exercise(
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
    Exercise(
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
    Exercise(
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
    Exercise(
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
    Exercise(
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
    Exercise(
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
    Exercise(
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
    Exercise(
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
    Exercise(
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
    Exercise(
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
    Exercise(
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
    Exercise(
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
    Exercise(
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
    Exercise(
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
    Exercise(
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
)
