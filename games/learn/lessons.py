"""The diagrams of the lessons "Go from zero" and "Badux for a Go player", as positions.

Each `Diagram` is a small board drawn from text (rules.diagram) with marks on points
(games.svg marks: "circle", "square", "triangle", "cross" or a short label); `render` draws it
with the site's board code (games.svg.board_svg). The lesson templates place them by key.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.functional import Promise
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from games.svg import board_svg
from rules.board import BLACK
from rules.diagram import parse_diagram
from rules.game import Position
from rules.ruleset import preset
from rules.scoring import score
from rules.topology import Topology, hexagon, square


@dataclass(frozen=True)
class Diagram:
    """A lesson diagram: board shape, stones, marks by point name, and a caption."""

    board: str
    n: int
    diagram: str
    caption: Promise
    marks: dict[str, str] = field(default_factory=dict)
    scored: bool = False  # draw the area count (territory squares)

    @property
    def topology(self) -> Topology:
        """The board shape."""
        return square(self.n) if self.board == "square" else hexagon(self.n)

    def position(self) -> Position:
        """The diagram as a rules Position (Black to move, no moves played)."""
        t = self.topology
        stones = tuple(parse_diagram(t, self.diagram))
        return Position(
            topology=t, stones=stones, to_move=BLACK, prisoners=(0, 0), ko_point=None, move_number=0
        )


def render(key: str, diagram: Diagram, *, theme: str = "wood") -> SafeString:
    """The diagram as an inline SVG, its id `learn-<key>` (unique on a page)."""
    t = diagram.topology
    position = diagram.position()
    count = None
    if diagram.scored:
        count = score(position, preset("badux" if t.kind == "hex" else "go-area", t))
    marks = {t.parse(name): mark for name, mark in diagram.marks.items()}
    return board_svg(
        position,
        theme=theme,
        marks=marks,
        score=count,
        last_move=False,
        element_id=f"learn-{key}",
        title=str(diagram.caption),
    )


DIAGRAMS: dict[str, Diagram] = {
    "liberties": Diagram(
        "square",
        7,
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . X . . .
        . . . . . . .
        . . . . . . .
        X . . . . . .
        """,
        _("A stone in the middle has four liberties (marked); in the corner only two."),
        {
            "D5": "circle",
            "C4": "circle",
            "E4": "circle",
            "D3": "circle",
            "A2": "circle",
            "B1": "circle",
        },
    ),
    "chain": Diagram(
        "square",
        7,
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . X X . . .
        . . . X . . .
        . . . . . . .
        . . . . . . .
        """,
        _("Three stones joined along the lines form one chain with seven liberties."),
        {
            "C5": "circle",
            "D5": "circle",
            "B4": "circle",
            "E4": "circle",
            "C3": "circle",
            "E3": "circle",
            "D2": "circle",
        },  # fmt: skip
    ),
    "atari": Diagram(
        "square",
        7,
        """
        . . . . . . .
        . . . . . . .
        . . . X . . .
        . . X O X . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """,
        _("Atari: the white stone has one liberty left. Black at the triangle captures it."),
        {"D3": "triangle"},
    ),
    "suicide": Diagram(
        "square",
        7,
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        O O . . . . .
        . O . . . . .
        """,
        _("Black may not play at the cross: the stone would have no liberty and capture nothing."),
        {"A1": "cross"},
    ),
    "ko": Diagram(
        "square",
        7,
        """
        . . . . . . .
        . . . . . . .
        . . X O . . .
        . X O . O . .
        . . X O . . .
        . . . . . . .
        . . . . . . .
        """,
        _(
            "A ko: Black at the triangle captures the white stone at C4, and White could "
            "recapture at once, forever. The rule stops the second capture for one turn."
        ),
        {"D4": "triangle", "C4": "square"},
    ),
    "eyes": Diagram(
        "square",
        7,
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        O O O O O O O
        O X X X X X O
        O X . X . X O
        """,
        _(
            "Two eyes (marked): White can play in neither, since each would be suicide, so the "
            "black group can never be captured."
        ),
        {"C1": "circle", "E1": "circle"},
    ),
    "one-eye": Diagram(
        "square",
        7,
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        O O O O O O O
        O X X X X X O
        O X . . X X O
        """,
        _(
            "One eye of two points: White plays inside it. Whether Black takes that stone or "
            "not, one empty point is left, and White's next stone there captures the group."
        ),
        {"C1": "circle", "D1": "circle"},
    ),
    "seki": Diagram(
        "square",
        7,
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        X X X X . . .
        O O O X . . .
        . X O X . . .
        X . O X . . .
        """,
        _(
            "Seki: the marked points are shared liberties. Whoever plays there first puts "
            "their own stones in atari, so neither side plays there and both live."
        ),
        {"A2": "circle", "B1": "circle"},
    ),
    "area": Diagram(
        "square",
        5,
        """
        . X O . .
        . X O . .
        X X O O .
        . X X O O
        . . X O .
        """,
        _(
            "A finished game counted by area: each side has its stones plus the empty points "
            "only its stones surround (squares)."
        ),
        scored=True,
    ),
    "hex-neighbours": Diagram(
        "hex",
        4,
        """
           . . . .
          . . . . .
         . . . . . .
        . . . X . . .
         . . . . . .
          . . . . .
           X . . .
        """,
        _("On a hexagon a cell in the open has six neighbours; a corner cell has three."),
        {
            "C4": "circle",
            "E4": "circle",
            "D5": "circle",
            "E5": "circle",
            "C3": "circle",
            "D3": "circle",
            "A2": "circle",
            "B1": "circle",
            "B2": "circle",
        },  # fmt: skip
    ),
    "no-cuts": Diagram(
        "hex",
        4,
        """
           . . . .
          . . . . .
         . . . . . .
        . . . X . . .
         . . . . X .
          . . . . .
           . . . .
        """,
        _(
            "Two black stones share two neighbours (marked). If White takes one, Black takes "
            "the other: there is nothing to cut."
        ),
        {"E4": "circle", "D3": "circle"},
    ),
    "hex-eyes": Diagram(
        "hex",
        4,
        """
           . . . .
          . . . . .
         . . . . . .
        . . . . . . .
         O O O O O .
          X X X X O
           . X . X
        """,
        _("Two eyes on the edge of a hexagon: the group lives."),
        {"A1": "circle", "C1": "circle"},
    ),
    "hex-area": Diagram(
        "hex",
        4,
        """
           X O . .
          . X O . .
         . X O . . .
        . X X O . . .
         . . X O . .
          . . X O .
           . X O .
        """,
        _("A finished Badux board counted by area: stones plus surrounded cells."),
        scored=True,
    ),
}

GO_SECTIONS = ("liberties", "chain", "atari", "suicide", "ko", "eyes", "one-eye", "seki", "area")
BADUX_SECTIONS = ("hex-neighbours", "no-cuts", "hex-eyes", "hex-area")


def rendered(keys: tuple[str, ...], *, theme: str = "wood") -> dict[str, dict[str, object]]:
    """Key -> {"svg", "caption"} for the lesson templates."""
    return {
        key.replace("-", "_"): {
            "svg": render(key, DIAGRAMS[key], theme=theme),
            "caption": DIAGRAMS[key].caption,
        }
        for key in keys
    }


__all__ = ["BADUX_SECTIONS", "DIAGRAMS", "GO_SECTIONS", "Diagram", "render", "rendered"]
