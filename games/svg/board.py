"""Server-drawn SVG boards (square Go and hexagonal Badux): the game board `board_svg`.

`board_svg(position, ...)` returns one inline ``<svg>`` that scales to its container through
its viewBox. It carries no ``<style>``: its look comes from static/games/board.css (served once,
linked by the ``{% board %}`` tag) and the theme colours, CSS custom properties of
``.board-theme-<code>``, from static/games/themes.css (linked by base.html, generated from
rules/images/themes.py). Only what differs per board is on the SVG: the grid's ``stroke-width``, the
labels' ``font-size`` and, in its ``style`` attribute, ``--bd-gb``/``--bd-gw``, the stone
gradients of its own ``<defs>`` (ids ``ELEMENT_ID-gb``/``-gw``).

Geometry is the PNG renderer's (rules.images.layout.board_geometry) at 20 user units between
points: square boards on a grid, hexagons with horizontal rows at x = k*(q + r/2),
y = k*(sqrt(3)/2)*r, row numbers at both ends of every row and column letters at both ends of
every diagonal of constant q.

What the SVG contains, for the scripts and the tests:

* ``<svg id=ELEMENT_ID class="bd bd-square|bd-hex board-theme-THEME" data-kind data-n
  data-size data-to-move="b|w" data-move-number>``.
* One ``<circle class="bd-st" data-point=I data-name=NAME>`` per point, in point order. Its
  classes say what it shows: ``b`` or ``w`` (a stone), nothing (hidden, empty point), ``ghost``
  (a half-transparent proposed stone), ``dead`` (faded, with a score). replay.js and board.js
  only toggle these classes.
* One ``<circle class="bd-lm on-b|on-w">`` last-move ring (class ``none`` when hidden).
* With a score: ``<g class="bd-score">`` holding one ``<rect class="bd-t b|w"
  data-point=I>`` per owned point that has no live stone.
* With marks: ``<g class="bd-marks">`` holding one shape or ``<text>`` per marked point, with
  ``class="bd-mk on-b|on-w|on-e" data-name=NAME data-mark="circle|square|triangle|cross|unsure|
  label"`` (review_marks.js draws the same for a review's node).
* Clickable points: ``<a class="bd-pt" href=HREF data-point=I data-name=NAME>`` around a
  transparent hit circle, for every clickable *empty* point, and for every point of
  `stone_links` that holds a stone (marking dead stones; those links also carry ``bd-stone``).
* Stones, hit circles and the ring carry ``cx``/``cy`` only: their radius is the CSS property
  ``r`` in board.css (same on every board), so a page showing the SVG must link board.css.

Compact (``compact=True``, the game page, where most bytes were empty points and links): the
stone circles are drawn only for stones and the ghost (``data-name``, no ``data-point``), and
the clickable empty points come as data instead of links, on one empty ``<g class="bd-links"
data-href="?confirm={point}" data-pick="NAME,X,Y NAME,X,Y ...">`` (in point order). board.js
builds from it the links above, each ``<a class="bd-pt" href data-name aria-label>`` around its
hit circle, and the empty stone circle of a point when a click needs its ghost. Without
JavaScript such a page offers the coordinate field of its move form instead of links.

Playing a move, the contract with the games app:

1. Without JavaScript each clickable point is a link, by default ``?confirm=D4``: a GET that only
   shows a confirmation page. That page renders the POST form below with ``point`` filled in and
   the chosen point drawn with ``board_svg(..., ghost=point)``.
2. With JavaScript (static/games/board.js) a click shows a ghost stone and a confirm/cancel bar;
   Confirm fills in and submits the page's move form. A mis-click never plays a move.

The move form the games app renders on the game page (it may carry the ``hidden`` attribute)::

    <form id="move-form" method="post" action="{% url ... %}">
      {% csrf_token %}
      <input type="hidden" name="point" value="">          <!-- a point name such as "D4" -->
      <input type="hidden" name="move_number" value="{{ position.move_number }}">
    </form>

``point`` receives `Topology.name(p)` (parse it with `Topology.parse`); ``move_number`` is the
number of turns played when the page was drawn, so the view can refuse a stale or repeated
submission. Another form id is chosen with the board container's ``data-move-form``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from html import escape

from django.utils.safestring import SafeString, mark_safe

from games.svg.geometry import STEP, SvgGeometry, num, svg_geometry
from games.svg.words import board_title
from rules.board import BLACK, EMPTY
from rules.game import PLAY, Position
from rules.images.themes import THEMES
from rules.scoring import Score
from rules.topology import Topology

# "unsure": the red ring round a stone the automatic count was unsure of (rules.scoring).
MARK_SHAPES = ("circle", "square", "triangle", "cross", "unsure")
MAX_MARK_TEXT = 3
TERRITORY_HALF = 0.17 * STEP  # half the side of a territory square
MARK_SIZE = 0.26 * STEP
UNSURE_R = 0.4 * STEP  # inside the stone's rim, as on the scored image
# The radii of stones (0.48 steps), hit circles (0.5) and the last-move ring (0.24) are the CSS
# property `r` in static/games/board.css: the same on every board, so not repeated per point.

_ELEMENT_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,63}")


def confirm_href(name: str) -> str:
    """The default link of a clickable point: a GET that only asks for confirmation."""
    return f"?confirm={name}"


@dataclass(frozen=True)
class _Board:
    """The checked arguments of one `board_svg` call."""

    position: Position
    geo: SvgGeometry
    names: tuple[str, ...]
    theme: str
    element_id: str
    size: int | None
    title: str
    interactive: bool
    clickable: frozenset[int]
    stone_links: frozenset[int]
    marks: Mapping[int, str]
    ghost: int | None
    last: int | None
    score: Score | None
    compact: bool

    @property
    def dead(self) -> frozenset[int]:
        """Dead stones of the score (none without one)."""
        return self.score.dead if self.score is not None else frozenset()


def board_svg(
    position: Position,
    *,
    theme: str = "wood",
    coordinates: bool = True,
    clickable: Collection[int] = frozenset(),
    last_move: int | bool | None = None,
    score: Score | None = None,
    marks: Mapping[int, str] | None = None,
    ghost: int | None = None,
    element_id: str = "board",
    size: int | None = None,
    point_href: Callable[[str], str] = confirm_href,
    title: str | None = None,
    stone_links: Collection[int] = frozenset(),
    compact: bool = False,
) -> SafeString:
    """The board of `position` as an inline SVG string (already escaped, marked safe).

    * `theme`: a code of rules.images.themes ("wood", "slate"). `coordinates`: letters and numbers
      around the board.
    * `clickable`: points that are links (`point_href(name)`, default "?confirm=D4"); occupied
      points are never links.
    * `stone_links`: points that are links (`point_href(name)`) when they hold a stone: the
      marking page, where a click on a stone marks its chain dead or alive.
    * `last_move`: None marks the position's last move if it was a stone; an int marks that
      point; False marks nothing.
    * `score`: a rules Score; territory squares per owner, dead stones faded.
    * `marks`: point -> "circle" | "square" | "triangle" | "cross" | up to 3 characters of text.
    * `ghost`: a point shown as a half-transparent stone of the player to move (confirm page).
    * `element_id`: the svg id, also the prefix of its gradient ids (unique per page).
    * `size`: fixed width in CSS pixels; None lets it fill its container.
    * `title`: the board's name for screen readers; None names it in the active language
      ("9×9 board after move 12.", games.svg.words.board_title).
    * `compact`: stones only, and `clickable` as data for board.js (module docstring);
      `point_href("{point}")` is then the pattern board.js fills in with a point's name.

    Raises ValueError for an unknown theme, a bad id or size, or a point not on the board.
    """
    board = _check(
        position,
        theme=theme,
        coordinates=coordinates,
        clickable=clickable,
        last_move=last_move,
        score=score,
        marks=marks,
        ghost=ghost,
        element_id=element_id,
        size=size,
        title=title,
        stone_links=stone_links,
        compact=compact,
    )
    out = [_open(board), board.geo.background, _stones(board), _score(board), _last_move(board)]
    out += [_marks(board), _links(board, point_href), "</svg>"]
    return mark_safe("".join(out))  # noqa: S308 - every text and attribute is escaped


def _check_point(t: Topology, p: object, what: str) -> int:
    if type(p) is not int or not 0 <= p < t.size:
        raise ValueError(f"{what} {p!r} is not a point of the {t.label} board")
    return p


def _check(
    position: Position,
    *,
    theme: str,
    coordinates: bool,
    clickable: Collection[int],
    last_move: int | bool | None,
    score: Score | None,
    marks: Mapping[int, str] | None,
    ghost: int | None,
    element_id: str,
    size: int | None,
    title: str | None,
    stone_links: Collection[int],
    compact: bool,
) -> _Board:
    """The arguments of `board_svg` checked and normalised; ValueError on the first bad one."""
    t = position.topology
    if not isinstance(theme, str) or theme not in THEMES:
        raise ValueError(f"unknown board theme {theme!r}: use one of {', '.join(THEMES)}")
    if not isinstance(element_id, str) or not _ELEMENT_ID.fullmatch(element_id):
        raise ValueError(
            f"element_id {element_id!r} must start with a letter and hold only letters, "
            "digits, '-' and '_' (at most 64)"
        )
    if size is not None and (type(size) is not int or not 40 <= size <= 4000):
        raise ValueError(f"size is a width in pixels from 40 to 4000, not {size!r}")
    stones = position.stones
    if len(stones) != t.size:
        raise ValueError(f"the position has {len(stones)} points, the {t.label} board {t.size}")
    clickable = frozenset(_check_point(t, p, "clickable point") for p in clickable)
    stone_links = frozenset(_check_point(t, p, "stone link") for p in stone_links)
    if compact and stone_links:
        raise ValueError("a compact board has no stone links (the marking page draws them)")
    marks = {_check_point(t, p, "marked point"): v for p, v in (marks or {}).items()}
    for value in marks.values():
        if not isinstance(value, str) or not (
            value in MARK_SHAPES or 1 <= len(value) <= MAX_MARK_TEXT
        ):
            raise ValueError(
                f"mark {value!r}: use {', '.join(MARK_SHAPES)} or 1-{MAX_MARK_TEXT} characters"
            )
    if ghost is not None:
        _check_point(t, ghost, "ghost point")
    if score is not None and len(score.ownership) != t.size:
        raise ValueError("the score does not belong to this board")
    return _Board(
        position=position,
        geo=svg_geometry(t, bool(coordinates)),
        names=svg_geometry(t, bool(coordinates)).names,
        theme=theme,
        element_id=element_id,
        size=size,
        title=title if title is not None else board_title(position),
        interactive=bool(clickable or stone_links),
        clickable=clickable,
        stone_links=stone_links,
        marks=marks,
        ghost=ghost,
        last=_last_point(position, last_move),
        score=score,
        compact=bool(compact),
    )


def _last_point(position: Position, last_move: int | bool | None) -> int | None:
    """The point the last-move ring goes on, or None."""
    if last_move is None:
        lm = position.last_move
        last = lm.point if lm is not None and lm.kind == PLAY else None
    elif last_move is False:
        last = None
    else:
        last = _check_point(position.topology, last_move, "last move")
    if last is not None and position.stones[last] == EMPTY:
        return None
    return last


def _open(board: _Board) -> str:
    """The <svg> element's start tag, its title and the stone gradients."""
    sid, geo, position = board.element_id, board.geo, board.position
    t = position.topology
    size_attrs = ""
    if board.size is not None:
        size_attrs = f' width="{board.size}" height="{num(board.size * geo.height / geo.width)}"'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="{sid}" viewBox="{geo.view_box}"{size_attrs} '
        f'class="bd bd-{t.kind} board-theme-{board.theme}" '
        f'style="--bd-gb:url(#{sid}-gb);--bd-gw:url(#{sid}-gw)" '
        f'role="{"group" if board.interactive else "img"}" aria-labelledby="{sid}-title" '
        f'data-kind="{t.kind}" data-n="{t.n}" data-size="{t.size}" '
        f'data-to-move="{"b" if position.to_move == BLACK else "w"}" '
        f'data-move-number="{position.move_number}">'
        f'<title id="{sid}-title">{escape(board.title)}</title>'
        # Stop colours come from the theme's custom properties (board.css).
        f'<defs><radialGradient id="{sid}-gb" cx=".36" cy=".32" r=".78">'
        '<stop class="bd-b0" offset="0"/><stop class="bd-b1" offset=".45"/>'
        '<stop class="bd-b2" offset="1"/></radialGradient>'
        f'<radialGradient id="{sid}-gw" cx=".36" cy=".32" r=".8">'
        '<stop class="bd-w0" offset="0"/><stop class="bd-w1" offset=".6"/>'
        '<stop class="bd-w2" offset="1"/></radialGradient></defs>'
    )


def _stones(board: _Board) -> str:
    """One circle per point, in point order; its classes say what it shows."""
    stones, dead, ghost = board.position.stones, board.dead, board.ghost
    ghost_colour = "b" if board.position.to_move == BLACK else "w"
    names, at = board.names, board.geo.at
    out = ['<g class="bd-stones">']
    for p, c in enumerate(stones):
        if c != EMPTY:
            cls = ("bd-st b" if c == BLACK else "bd-st w") + (" dead" if p in dead else "")
        elif p == ghost:
            cls = f"bd-st {ghost_colour} ghost"
        elif board.compact:
            continue
        else:
            cls = "bd-st"
        if board.compact:
            out.append(f'<circle class="{cls}" data-name="{names[p]}" {at[p]}/>')
        else:
            out.append(f'<circle class="{cls}" data-point="{p}" data-name="{names[p]}" {at[p]}/>')
    out.append("</g>")
    return "".join(out)


def _score(board: _Board) -> str:
    """Territory squares on every owned point without a live stone ('' without a score)."""
    if board.score is None:
        return ""
    stones, dead, centres = board.position.stones, board.dead, board.geo.geometry.centres
    side = num(2 * TERRITORY_HALF)
    out = ['<g class="bd-score">']
    for p, owner in enumerate(board.score.ownership):
        if owner == EMPTY or (stones[p] != EMPTY and p not in dead):
            continue
        x, y = centres[p]
        out.append(
            f'<rect class="bd-t {"b" if owner == BLACK else "w"}" data-point="{p}" '
            f'x="{num(x - TERRITORY_HALF)}" y="{num(y - TERRITORY_HALF)}" width="{side}" '
            f'height="{side}"/>'
        )
    out.append("</g>")
    return "".join(out)


def _last_move(board: _Board) -> str:
    """The last-move ring, always present (class "none" when hidden) for replay.js."""
    if board.last is None:
        attrs = 'class="bd-lm none" cx="0" cy="0"'
    else:
        on = "b" if board.position.stones[board.last] == BLACK else "w"
        attrs = f'class="bd-lm on-{on}" {board.geo.at[board.last]}'
    return f"<circle {attrs}/>"


def _marks(board: _Board) -> str:
    """The marks group ('' without marks)."""
    if not board.marks:
        return ""
    stones, dead, centres = board.position.stones, board.dead, board.geo.geometry.centres
    out = ['<g class="bd-marks">']
    for p in sorted(board.marks):
        c = stones[p]
        on = "e" if c == EMPTY or p in dead else ("b" if c == BLACK else "w")
        mark = _mark(board.marks[p], *centres[p], on)
        kind = board.marks[p] if board.marks[p] in MARK_SHAPES else "label"
        # Named for the keyboard cursor, which says a point's mark (board_cursor.js).
        at = f' data-name="{board.names[p]}" data-mark="{kind}"'
        cut = mark.index(" ")
        out.append(mark[:cut] + at + mark[cut:])
    out.append("</g>")
    return "".join(out)


def _mark(kind_or_text: str, x: float, y: float, on: str) -> str:
    cls = f"bd-mk on-{on}"
    h = MARK_SIZE
    if kind_or_text == "circle":
        return f'<circle class="{cls}" cx="{num(x)}" cy="{num(y)}" r="{num(h)}"/>'
    if kind_or_text == "unsure":
        return f'<circle class="{cls} bd-unsure" cx="{num(x)}" cy="{num(y)}" r="{num(UNSURE_R)}"/>'
    if kind_or_text == "square":
        return (
            f'<rect class="{cls}" x="{num(x - h * 0.85)}" y="{num(y - h * 0.85)}" '
            f'width="{num(1.7 * h)}" height="{num(1.7 * h)}"/>'
        )
    if kind_or_text == "triangle":
        pts = [(x, y - 1.15 * h), (x + h, y + 0.6 * h), (x - h, y + 0.6 * h)]
        points = " ".join(f"{num(a)},{num(b)}" for a, b in pts)
        return f'<polygon class="{cls}" points="{points}"/>'
    if kind_or_text == "cross":
        d = 0.8 * h
        return (
            f'<path class="{cls}" d="M{num(x - d)} {num(y - d)}l{num(2 * d)} {num(2 * d)}'
            f'M{num(x - d)} {num(y + d)}l{num(2 * d)} {num(-2 * d)}"/>'
        )
    return f'<text class="{cls}" x="{num(x)}" y="{num(y)}">{escape(kind_or_text)}</text>'


def _links(board: _Board, point_href: Callable[[str], str]) -> str:
    """Clickable empty points and linked stones, each a link around a hit circle."""
    stones = board.position.stones
    links = [p for p in board.clickable if stones[p] == EMPTY]
    links += [p for p in board.stone_links if stones[p] != EMPTY]
    if not links:
        return ""
    if board.compact:
        return _pick_data(board, sorted(links), point_href)
    out = ['<g class="bd-links">']
    for p in sorted(links):
        name = board.names[p]
        href = escape(point_href(name), quote=True)
        cls = "bd-pt" if stones[p] == EMPTY else "bd-pt bd-stone"
        out.append(
            f'<a class="{cls}" href="{href}" data-point="{p}" data-name="{name}" '
            f'aria-label="{name}"><circle {board.geo.at[p]}/></a>'
        )
    out.append("</g>")
    return "".join(out)


def _pick_data(board: _Board, points: list[int], point_href: Callable[[str], str]) -> str:
    """The clickable points of a compact board as data for board.js (module docstring)."""
    names, centres = board.names, board.geo.geometry.centres
    pick = " ".join(f"{names[p]},{num(centres[p][0])},{num(centres[p][1])}" for p in points)
    href = escape(point_href("{point}"), quote=True)
    return f'<g class="bd-links" data-href="{href}" data-pick="{pick}"></g>'


__all__ = ["MARK_SHAPES", "board_svg", "confirm_href"]
