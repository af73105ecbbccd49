"""Server-drawn SVG boards (square Go and hexagonal Badux) and the review frames behind them.

`board_svg(position, ...)` returns one self-contained inline ``<svg>`` (its own ``<style>`` and
gradients, every selector scoped to ``#element_id``) that scales to its container through its
viewBox. Geometry follows the PNG renderer (rules/render_layout.py): square boards on a grid,
hexagons with horizontal rows at x = k*(q + r/2), y = k*(sqrt(3)/2)*r, row numbers at both ends
of every row and column letters at both ends of every diagonal of constant q.

What the SVG contains, for the scripts and the tests:

* ``<svg id=ELEMENT_ID class="bd bd-square|bd-hex board-theme-THEME" data-kind data-n
  data-size data-to-move="b|w" data-move-number>``.
* One ``<circle class="bd-st" data-point=I data-name=NAME>`` per point, in point order. Its
  classes say what it shows: ``b`` or ``w`` (a stone), nothing (hidden, empty point), ``ghost``
  (a half-transparent proposed stone), ``dead`` (faded, with a score). review.js and board.js
  only toggle these classes.
* One ``<circle class="bd-lm on-b|on-w">`` last-move ring (class ``none`` when hidden).
* With a score: ``<g class="bd-score">`` holding one ``<rect class="bd-t b|w"
  data-point=I>`` per owned point that has no live stone.
* Clickable points: ``<a class="bd-pt" href=HREF data-point=I data-name=NAME>`` around a
  transparent hit circle, for every clickable *empty* point, and for every point of
  `stone_links` that holds a stone (marking dead stones; those links also carry ``bd-stone``).

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

import math
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from html import escape

from django.utils.safestring import SafeString, mark_safe

from rules.board import BLACK, COLOUR_LETTERS, EMPTY, WHITE
from rules.errors import RulesError
from rules.game import PASS, PLAY, RESIGN, Game, Move, Position
from rules.ruleset import AREA, SIMPLE_KO, RuleSet
from rules.scoring import Score
from rules.topology import COLUMN_LETTERS, Topology

STEP = 20.0  # user units between neighbouring points
SQRT3_2 = math.sqrt(3) / 2
STONE_RADIUS = 0.48 * STEP

# Square boards: labels this many steps outside the edge lines; margins in steps.
SQUARE_LABEL_OFFSET = 0.92
SQUARE_MARGIN_COORDS = 1.42
SQUARE_MARGIN_PLAIN = 0.62
# Hexagons, as in the PNG renderer: row numbers 0.95 steps beyond each row end, column letters
# 1.65 steps beyond each column end (so on the two edges that carry both they fall between).
HEX_ROW_LABEL_STEPS = 0.95
HEX_COLUMN_LABEL_STEPS = 1.65
HEX_RIM_COORDS = 2.05
HEX_RIM_PLAIN = 0.75
HEX_PAD = 0.12

# Grid line width as a fraction of the board width: 0.05 steps on 19x19; thinner on hexagons,
# whose three line directions make a denser mesh.
LINE_SCALE = {"square": 0.0024, "hex": 0.0017}
LABEL_SCALE = 0.034  # largest label size as a fraction of the board width

MARK_SHAPES = ("circle", "square", "triangle", "cross")
MAX_MARK_TEXT = 3


@dataclass(frozen=True)
class Theme:
    """Board colours."""

    background: str
    line: str
    label: str


THEMES: dict[str, Theme] = {
    # Same codes and base colours as accounts.BoardTheme and static/css/site.css.
    "wood": Theme(background="#dcb35c", line="#5b4320", label="#4a3417"),
    "slate": Theme(background="#9aa7b0", line="#1f2a33", label="#17212a"),
}

_ELEMENT_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,63}")


def confirm_href(name: str) -> str:
    """The default link of a clickable point: a GET that only asks for confirmation."""
    return f"?confirm={name}"


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@dataclass(frozen=True)
class _Label:
    text: str
    x: float
    y: float
    kind: str  # "col" or "row"


@dataclass(frozen=True)
class _Geometry:
    width: float
    height: float
    centres: tuple[tuple[float, float], ...]
    grid: str  # path data of the inner lines
    edge: str  # path data (square) or polygon points (hex) of the outer edge
    outline: str  # hex: polygon points of the board; square: ""
    labels: tuple[_Label, ...]
    label_size: float

    @cached_property
    def at(self) -> tuple[str, ...]:
        """Per point, its formatted centre attributes: 'cx="..." cy="..."'."""
        return tuple(f'cx="{_num(x)}" cy="{_num(y)}"' for x, y in self.centres)

    @cached_property
    def labels_svg(self) -> str:
        """The coordinate labels as one SVG group ('' without coordinates)."""
        if not self.labels:
            return ""
        texts = "".join(
            f'<text class="bd-co bd-co-{lab.kind}" x="{_num(lab.x)}" y="{_num(lab.y)}">'
            f"{escape(lab.text)}</text>"
            for lab in self.labels
        )
        return f'<g class="bd-coords" aria-hidden="true">{texts}</g>'


def _square_geometry(t: Topology, coordinates: bool) -> _Geometry:
    n = t.n
    margin = (SQUARE_MARGIN_COORDS if coordinates else SQUARE_MARGIN_PLAIN) * STEP
    side = (n - 1) * STEP
    size = side + 2 * margin
    centres = tuple((margin + x * STEP, margin + y * STEP) for x, y in t.xy)
    lo, hi = _num(margin), _num(margin + side)
    grid = []
    for i in range(1, n - 1):
        c = _num(margin + i * STEP)
        grid.append(f"M{lo} {c}H{hi}M{c} {lo}V{hi}")
    edge = f"M{lo} {lo}H{hi}V{hi}H{lo}Z"
    labels: list[_Label] = []
    if coordinates:
        near = margin - SQUARE_LABEL_OFFSET * STEP
        far = margin + side + SQUARE_LABEL_OFFSET * STEP
        for i in range(n):
            c = margin + i * STEP
            letter, number = COLUMN_LETTERS[i], str(n - i)
            labels += [_Label(letter, c, near, "col"), _Label(letter, c, far, "col")]
            labels += [_Label(number, near, c, "row"), _Label(number, far, c, "row")]
    return _Geometry(size, size, centres, "".join(grid), edge, "", tuple(labels), 0.5 * STEP)


def _hex_geometry(t: Topology, coordinates: bool) -> _Geometry:
    m = t.n - 1
    rim = HEX_RIM_COORDS if coordinates else HEX_RIM_PLAIN
    width = STEP * (2 * (m + rim) + 2 * HEX_PAD)
    height = STEP * (2 * (m + rim) * SQRT3_2 + 2 * HEX_PAD)
    cx, cy = width / 2, height / 2

    def pixel(q: float, r: float) -> tuple[float, float]:
        return cx + STEP * (q + r / 2), cy + STEP * SQRT3_2 * r

    def segment(a: tuple[float, float], b: tuple[float, float]) -> str:
        (x1, y1), (x2, y2) = pixel(*a), pixel(*b)
        return f"M{_num(x1)} {_num(y1)}L{_num(x2)} {_num(y2)}"

    centres = tuple(pixel(*t.axial(p)) for p in t.points())
    grid = []
    for i in range(-m, m + 1):
        # Row r = i, column q = i and anti-diagonal q + r = i, each from edge to edge.
        q_lo, q_hi = max(-m, -m - i), min(m, m - i)
        grid.append(segment((q_lo, i), (q_hi, i)))
        grid.append(segment((i, q_lo), (i, q_hi)))
        a_lo, a_hi = max(-m, i - m), min(m, i + m)
        grid.append(segment((a_lo, i - a_lo), (a_hi, i - a_hi)))
    corners = ((-1, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1))

    def polygon(scale: float) -> str:
        return " ".join(
            f"{_num(x)},{_num(y)}" for x, y in (pixel(scale * a, scale * b) for a, b in corners)
        )

    labels: list[_Label] = []
    if coordinates:
        for r in range(-m, m + 1):
            number = str(t.sgf_size - (r + m))
            q_lo, q_hi = max(-m, -m - r), min(m, m - r)
            labels.append(_Label(number, *pixel(q_lo - HEX_ROW_LABEL_STEPS, r), "row"))
            labels.append(_Label(number, *pixel(q_hi + HEX_ROW_LABEL_STEPS, r), "row"))
        for q in range(-m, m + 1):
            letter = COLUMN_LETTERS[q + m]
            r_lo, r_hi = max(-m, -m - q), min(m, m - q)
            labels.append(_Label(letter, *pixel(q, r_lo - HEX_COLUMN_LABEL_STEPS), "col"))
            labels.append(_Label(letter, *pixel(q, r_hi + HEX_COLUMN_LABEL_STEPS), "col"))
    return _Geometry(
        width,
        height,
        centres,
        "".join(grid),
        polygon(m),
        polygon(m + rim),
        tuple(labels),
        0.56 * STEP,
    )


@cache
def _geometry(t: Topology, coordinates: bool) -> _Geometry:
    return _square_geometry(t, coordinates) if t.kind == "square" else _hex_geometry(t, coordinates)


def _style(sid: str, theme: Theme, geo: _Geometry, to_move: int, kind: str) -> str:
    s = f"#{sid}"
    hover = f"url(#{sid}-gb)" if to_move == BLACK else f"url(#{sid}-gw)"
    # Lines and labels scale with the whole board, not the point spacing, so a 9x9 board
    # drawn as wide as a 19x19 one does not get lines twice as thick.
    grid_width = LINE_SCALE[kind] * geo.width
    label_size = min(geo.label_size, LABEL_SCALE * geo.width)
    rules = [
        f"{s}{{font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif}}",
        f"{s} .bd-bg{{fill:{theme.background}}}",
        f"{s} .bd-grid{{fill:none;stroke:{theme.line};stroke-width:{_num(grid_width)}}}",
        f"{s} .bd-edge{{fill:none;stroke:{theme.line};stroke-width:{_num(2 * grid_width)};"
        "stroke-linejoin:round}",
        f"{s} .bd-star{{fill:{theme.line}}}",
        f"{s} .bd-co{{fill:{theme.label};font-size:{_num(label_size)}px;font-weight:600;"
        "text-anchor:middle;dominant-baseline:central}",
        f"{s} .bd-st{{display:none}}",
        f"{s} .bd-st.b{{display:inline;fill:url(#{sid}-gb);stroke:#000;stroke-width:.4}}",
        f"{s} .bd-st.w{{display:inline;fill:url(#{sid}-gw);stroke:#4d4d4d;stroke-width:.7}}",
        f"{s} .bd-st.ghost{{opacity:.55}}",
        f"{s} .bd-st.dead{{opacity:.42}}",
        f"{s}.bd-noscore .bd-st.dead{{opacity:1}}",
        f"{s}.bd-noscore .bd-score{{display:none}}",
        f"{s} .bd-t.b{{fill:#111}}",
        f"{s} .bd-t.w{{fill:#fff;stroke:#333;stroke-width:.6}}",
        f"{s} .bd-lm{{fill:none;stroke-width:{_num(0.09 * STEP)}}}",
        f"{s} .bd-lm.on-b{{stroke:#fff}}",
        f"{s} .bd-lm.on-w{{stroke:#111}}",
        f"{s} .bd-lm.none{{display:none}}",
        f"{s} .bd-mk{{fill:none;stroke-width:{_num(0.08 * STEP)}}}",
        f"{s} .bd-mk.on-b{{stroke:#fff}}",
        f"{s} .bd-mk.on-w{{stroke:#111}}",
        f"{s} .bd-mk.on-e{{stroke:{theme.line}}}",
        f"{s} text.bd-mk{{stroke:none;font-size:{_num(0.55 * STEP)}px;font-weight:700;"
        "text-anchor:middle;dominant-baseline:central}",
        f"{s} text.bd-mk.on-b{{fill:#fff}}",
        f"{s} text.bd-mk.on-w{{fill:#111}}",
        f"{s} text.bd-mk.on-e{{fill:{theme.label};stroke:{theme.background};"
        f"stroke-width:{_num(0.2 * STEP)};paint-order:stroke}}",
        f"{s} .bd-hit{{fill:#000;fill-opacity:0;cursor:pointer}}",
        f"{s} .bd-pt:focus{{outline:none}}",
        f"{s} .bd-pt:focus-visible .bd-hit{{fill:{hover};fill-opacity:.5;"
        f"stroke:#1f6f5c;stroke-width:{_num(0.1 * STEP)}}}",
        f"@media (hover:hover){{{s} .bd-pt:hover .bd-hit{{fill:{hover};fill-opacity:.45}}}}",
        f"{s} .bd-stone .bd-hit{{stroke:#c0392b;stroke-opacity:0;stroke-width:{_num(0.1 * STEP)}}}",
        f"@media (hover:hover){{{s} .bd-stone:hover .bd-hit{{fill-opacity:0;stroke-opacity:1}}}}",
        f"{s} .bd-stone:focus-visible .bd-hit{{fill-opacity:0;stroke-opacity:1}}",
    ]
    return "".join(rules)


def _defs(sid: str) -> str:
    return (
        "<defs>"
        f'<radialGradient id="{sid}-gb" cx=".36" cy=".32" r=".78">'
        '<stop offset="0" stop-color="#6a6a6a"/><stop offset=".45" stop-color="#262626"/>'
        '<stop offset="1" stop-color="#050505"/></radialGradient>'
        f'<radialGradient id="{sid}-gw" cx=".36" cy=".32" r=".8">'
        '<stop offset="0" stop-color="#ffffff"/><stop offset=".6" stop-color="#f0f0ec"/>'
        '<stop offset="1" stop-color="#c2c2bc"/></radialGradient>'
        "</defs>"
    )


def _mark(kind_or_text: str, x: float, y: float, on: str) -> str:
    cls = f"bd-mk on-{on}"
    h = 0.26 * STEP
    if kind_or_text == "circle":
        return f'<circle class="{cls}" cx="{_num(x)}" cy="{_num(y)}" r="{_num(h)}"/>'
    if kind_or_text == "square":
        return (
            f'<rect class="{cls}" x="{_num(x - h * 0.85)}" y="{_num(y - h * 0.85)}" '
            f'width="{_num(1.7 * h)}" height="{_num(1.7 * h)}"/>'
        )
    if kind_or_text == "triangle":
        pts = [(x, y - 1.15 * h), (x + h, y + 0.6 * h), (x - h, y + 0.6 * h)]
        points = " ".join(f"{_num(a)},{_num(b)}" for a, b in pts)
        return f'<polygon class="{cls}" points="{points}"/>'
    if kind_or_text == "cross":
        d = 0.8 * h
        return (
            f'<path class="{cls}" d="M{_num(x - d)} {_num(y - d)}L{_num(x + d)} {_num(y + d)}'
            f'M{_num(x - d)} {_num(y + d)}L{_num(x + d)} {_num(y - d)}"/>'
        )
    return f'<text class="{cls}" x="{_num(x)}" y="{_num(y)}">{escape(kind_or_text)}</text>'


@cache
def _names(t: Topology) -> tuple[str, ...]:
    return tuple(t.name(p) for p in t.points())


def _check_point(t: Topology, p: object, what: str) -> int:
    if type(p) is not int or not 0 <= p < t.size:
        raise ValueError(f"{what} {p!r} is not a point of the {t.label} board")
    return p


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
) -> SafeString:
    """The board of `position` as an inline SVG string (already escaped, marked safe).

    * `theme`: "wood" or "slate". `coordinates`: letters and numbers around the board.
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

    Raises ValueError for an unknown theme, a bad id or size, or a point not on the board.
    """
    t = position.topology
    if theme not in THEMES:
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
    clickable = {_check_point(t, p, "clickable point") for p in clickable}
    stone_links = {_check_point(t, p, "stone link") for p in stone_links}
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
    if last_move is None:
        lm = position.last_move
        last = lm.point if lm is not None and lm.kind == PLAY else None
    elif last_move is False:
        last = None
    else:
        last = _check_point(t, last_move, "last move")
    if last is not None and stones[last] == EMPTY:
        last = None
    if score is not None and len(score.ownership) != t.size:
        raise ValueError("the score does not belong to this board")
    dead = score.dead if score is not None else frozenset()

    geo = _geometry(t, coordinates)
    sid = element_id
    to_move = position.to_move
    names = _names(t)
    at = geo.at
    out: list[str] = []
    w, h = _num(geo.width), _num(geo.height)
    size_attrs = ""
    if size is not None:
        size_attrs = f' width="{size}" height="{_num(size * geo.height / geo.width)}"'
    interactive = bool(clickable) or bool(stone_links)
    label = title if title is not None else f"{t.label} board, move {position.move_number}"
    out.append(
        f'<svg xmlns="http://www.w3.org/2000/svg" id="{sid}" viewBox="0 0 {w} {h}"{size_attrs} '
        f'class="bd bd-{t.kind} board-theme-{theme}" '
        f'role="{"group" if interactive else "img"}" aria-labelledby="{sid}-title" '
        f'data-kind="{t.kind}" data-n="{t.n}" data-size="{t.size}" '
        f'data-to-move="{"b" if to_move == BLACK else "w"}" '
        f'data-move-number="{position.move_number}">'
    )
    out.append(f'<title id="{sid}-title">{escape(label)}</title>')
    out.append(f"<style>{_style(sid, THEMES[theme], geo, to_move, t.kind)}</style>")
    out.append(_defs(sid))
    if t.kind == "square":
        out.append(f'<rect class="bd-bg" x="0" y="0" width="{w}" height="{h}"/>')
        out.append(f'<path class="bd-grid" d="{geo.grid}"/>')
        out.append(f'<path class="bd-edge" d="{geo.edge}"/>')
    else:
        out.append(f'<polygon class="bd-bg" points="{geo.outline}"/>')
        out.append(f'<path class="bd-grid" d="{geo.grid}"/>')
        out.append(f'<polygon class="bd-edge" points="{geo.edge}"/>')
    star_r = _num((0.1 if t.kind == "square" else 0.11) * STEP)
    out.append('<g class="bd-stars">')
    for p in sorted(t.star_points):
        x, y = geo.centres[p]
        out.append(f'<circle class="bd-star" cx="{_num(x)}" cy="{_num(y)}" r="{star_r}"/>')
    out.append("</g>")
    out.append(geo.labels_svg)

    radius = _num(STONE_RADIUS)
    out.append('<g class="bd-stones">')
    for p in t.points():
        c = stones[p]
        classes = ["bd-st"]
        if c != EMPTY:
            classes.append("b" if c == BLACK else "w")
            if p in dead:
                classes.append("dead")
        elif p == ghost:
            classes += ["b" if to_move == BLACK else "w", "ghost"]
        out.append(
            f'<circle class="{" ".join(classes)}" data-point="{p}" data-name="{names[p]}" '
            f'{at[p]} r="{radius}"/>'
        )
    out.append("</g>")

    if score is not None:
        half = 0.17 * STEP
        out.append('<g class="bd-score">')
        for p, owner in enumerate(score.ownership):
            if owner == EMPTY or (stones[p] != EMPTY and p not in dead):
                continue
            x, y = geo.centres[p]
            out.append(
                f'<rect class="bd-t {"b" if owner == BLACK else "w"}" data-point="{p}" '
                f'x="{_num(x - half)}" y="{_num(y - half)}" width="{_num(2 * half)}" '
                f'height="{_num(2 * half)}"/>'
            )
        out.append("</g>")

    if last is not None:
        on = "b" if stones[last] == BLACK else "w"
        lm_attrs = f'class="bd-lm on-{on}" {at[last]}'
    else:
        lm_attrs = 'class="bd-lm none" cx="0" cy="0"'
    out.append(f'<circle {lm_attrs} r="{_num(0.24 * STEP)}"/>')

    if marks:
        out.append('<g class="bd-marks">')
        for p in sorted(marks):
            x, y = geo.centres[p]
            c = stones[p]
            on = "e" if c == EMPTY or p in dead else ("b" if c == BLACK else "w")
            out.append(_mark(marks[p], x, y, on))
        out.append("</g>")

    links = [p for p in sorted(clickable) if stones[p] == EMPTY]
    links += [p for p in sorted(stone_links) if stones[p] != EMPTY]
    if links:
        hit_r = _num(0.5 * STEP)
        out.append('<g class="bd-links">')
        for p in sorted(links):
            href = escape(point_href(names[p]), quote=True)
            cls = "bd-pt" if stones[p] == EMPTY else "bd-pt bd-stone"
            out.append(
                f'<a class="{cls}" href="{href}" data-point="{p}" data-name="{names[p]}" '
                f'aria-label="{names[p]}"><circle class="bd-hit" {at[p]} r="{hit_r}"/></a>'
            )
        out.append("</g>")
    out.append("</svg>")
    return mark_safe("".join(out))  # noqa: S308 - every text and attribute above is escaped


# ---------------------------------------------------------------------------------------------
# Thumbnails

THUMB_STONES = {BLACK: ("#151515", "#000"), WHITE: ("#f4f4ef", "#555")}


def board_thumbnail_svg(
    position: Position, *, theme: str = "wood", size: int = 96, title: str | None = None
) -> SafeString:
    """A small picture of `position` for lists (the status page): board, lines and stones
    only, flat colours in attributes, no ids, styles, labels or links, so any number of them
    can share a page. `size` is the width in CSS pixels (40 to 4000).

    Raises ValueError for an unknown theme or size, or a position of another board size.
    """
    t = position.topology
    if theme not in THEMES:
        raise ValueError(f"unknown board theme {theme!r}: use one of {', '.join(THEMES)}")
    if type(size) is not int or not 40 <= size <= 4000:
        raise ValueError(f"size is a width in pixels from 40 to 4000, not {size!r}")
    stones = position.stones
    if len(stones) != t.size:
        raise ValueError(f"the position has {len(stones)} points, the {t.label} board {t.size}")
    colours = THEMES[theme]
    geo = _geometry(t, False)
    w, h = _num(geo.width), _num(geo.height)
    # Lines at least about half a screen pixel wide, whatever the board size.
    line = max(LINE_SCALE[t.kind] * geo.width * 1.6, 0.55 * geo.width / size)
    label = title if title is not None else f"{t.label} board, move {position.move_number}"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{size}" '
        f'height="{_num(size * geo.height / geo.width)}" class="bd-thumb" role="img" '
        f'aria-label="{escape(label, quote=True)}">'
    ]
    if t.kind == "square":
        out.append(
            f'<rect width="{w}" height="{h}" rx="{_num(0.3 * STEP)}" fill="{colours.background}"/>'
        )
        edge = f'<path d="{geo.edge}"'
    else:
        out.append(f'<polygon points="{geo.outline}" fill="{colours.background}"/>')
        edge = f'<polygon points="{geo.edge}"'
    out.append(
        f'<path d="{geo.grid}" fill="none" stroke="{colours.line}" stroke-opacity=".6" '
        f'stroke-width="{_num(line)}"/>'
    )
    out.append(f'{edge} fill="none" stroke="{colours.line}" stroke-width="{_num(1.5 * line)}"/>')
    radius = _num(STONE_RADIUS)
    for colour in (BLACK, WHITE):
        fill, stroke = THUMB_STONES[colour]
        circles = "".join(
            f'<circle cx="{_num(geo.centres[p][0])}" cy="{_num(geo.centres[p][1])}" r="{radius}"/>'
            for p in t.points()
            if stones[p] == colour
        )
        if circles:
            out.append(f'<g fill="{fill}" stroke="{stroke}" stroke-width="1">{circles}</g>')
    out.append("</svg>")
    return mark_safe("".join(out))  # noqa: S308 - numbers, theme colours and an escaped label


# ---------------------------------------------------------------------------------------------
# Review


def _review_rules() -> RuleSet:
    # Moves were accepted when played: replay with the most permissive ko rule (a game legal
    # under superko is legal under simple ko) and no move cap.
    return RuleSet("review", SIMPLE_KO, AREA, 0.5, 10**6)


def review_frames(
    topology: Topology,
    setup: tuple[Iterable[int], Iterable[int]],
    moves: Sequence[Move],
    *,
    rules: RuleSet | None = None,
) -> list[dict]:
    """The frames review.js steps through, as JSON-ready dicts.

    `setup` is the stones before the first move, ``(black_points, white_points)`` with handicap
    stones included (a `rules.Game`'s ``black_setup, white_setup``); `moves` are rules `Move`s.
    Frame 0 is the start: ``{"number": 0, "kind": "start", "colour": None, "point": None,
    "name": "", "captures": [], "prisoners": [0, 0], "black": [...], "white": [...]}``.
    Frame i (i >= 1) is move i: ``{"number": i, "kind": "play" | "pass" | "resign",
    "colour": "B" | "W", "point": index or None, "name": "D4" | "pass" | "resign",
    "captures": [indices removed by this move], "prisoners": [by black, by white]}``.

    Raises ValueError naming the move when a move cannot be replayed.
    """
    black, white = (list(points) for points in setup)
    first = moves[0].colour if moves else None
    game = Game.new(
        topology,
        rules or _review_rules(),
        black_setup=black,
        white_setup=white,
        to_move=first if first in (BLACK, WHITE) else None,
    )
    frames: list[dict] = [
        {
            "number": 0,
            "kind": "start",
            "colour": None,
            "point": None,
            "name": "",
            "captures": [],
            "prisoners": [0, 0],
            "black": sorted(black),
            "white": sorted(white),
        }
    ]
    for number, move in enumerate(moves, start=1):
        try:
            if move.kind == PLAY:
                captures = sorted(game.play(move.point, move.colour))
                name = topology.name(move.point)
            elif move.kind in (PASS, RESIGN):
                game.apply(move)
                captures, name = [], move.kind
            else:
                raise ValueError(f"unknown move kind {move.kind!r}")
        except (RulesError, ValueError, IndexError, TypeError) as exc:
            raise ValueError(f"move {number} ({move!r}) cannot be replayed: {exc}") from exc
        frames.append(
            {
                "number": number,
                "kind": move.kind,
                "colour": COLOUR_LETTERS[move.colour],
                "point": move.point if move.kind == PLAY else None,
                "name": name,
                "captures": captures,
                "prisoners": list(game.prisoners),
            }
        )
    return frames


__all__ = ["MARK_SHAPES", "THEMES", "board_svg", "confirm_href", "review_frames"]
