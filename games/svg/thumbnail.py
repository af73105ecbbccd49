"""Small flat pictures of positions for lists (the status page)."""

from __future__ import annotations

from html import escape

from django.utils.safestring import SafeString, mark_safe

from games.svg.geometry import LINE_SCALE, STEP, num, points_attr, svg_geometry
from games.svg.words import board_title
from rules.board import BLACK, WHITE
from rules.game import Position
from rules.images.themes import THEMES

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
    if not isinstance(theme, str) or theme not in THEMES:
        raise ValueError(f"unknown board theme {theme!r}: use one of {', '.join(THEMES)}")
    if type(size) is not int or not 40 <= size <= 4000:
        raise ValueError(f"size is a width in pixels from 40 to 4000, not {size!r}")
    stones = position.stones
    if len(stones) != t.size:
        raise ValueError(f"the position has {len(stones)} points, the {t.label} board {t.size}")
    colours = THEMES[theme]
    svg_geo = svg_geometry(t, False)
    geo = svg_geo.geometry
    x0, y0, w, h = svg_geo.view_box.split()
    # Lines at least about half a screen pixel wide, whatever the board size.
    line = max(LINE_SCALE[t.kind] * geo.width * 1.6, 0.55 * geo.width / size)
    label = title if title is not None else board_title(position)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{svg_geo.view_box}" width="{size}" '
        f'height="{num(size * geo.height / geo.width)}" class="bd-thumb" role="img" '
        f'aria-label="{escape(label, quote=True)}">'
    ]
    if t.kind == "square":
        out.append(
            f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" rx="{num(0.3 * STEP)}" '
            f'fill="{colours.background}"/>'
        )
    else:
        out.append(f'<polygon points="{points_attr(geo.outline)}" fill="{colours.background}"/>')
    out.append(
        f'<path d="{svg_geo.grid}" fill="none" stroke="{colours.line}" stroke-opacity=".6" '
        f'stroke-width="{num(line)}"/>'
    )
    edge = f'<polygon points="{points_attr(geo.edge)}"'
    out.append(f'{edge} fill="none" stroke="{colours.line}" stroke-width="{num(1.5 * line)}"/>')
    radius = num(geo.stone_radius)
    for colour in (BLACK, WHITE):
        fill, stroke = THUMB_STONES[colour]
        circles = "".join(
            f'<circle {svg_geo.at[p]} r="{radius}"/>' for p in t.points() if stones[p] == colour
        )
        if circles:
            out.append(f'<g fill="{fill}" stroke="{stroke}" stroke-width="1">{circles}</g>')
    out.append("</svg>")
    return mark_safe("".join(out))  # noqa: S308 - numbers, theme colours and an escaped label
