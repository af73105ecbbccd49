"""PNG images of board positions (square Go boards and Badux hexagons), drawn with Pillow.

`render_png(position, score=..., size=600, theme="wood")` gives the picture mailed to players at
the end of a game and used as thumbnails. With a `Score` it adds territory marks, fades the dead
stones and writes the count in a caption under the board, in English unless the caller passes
the words in its reader's language (`CaptionWords`). Geometry lives in `layout`
(`point_centre` maps a point to its pixel centre) and colours in `rules.images.themes`, both shared
with the web's SVG boards; this module only paints, with the stone and mark sprites of `sprites`,
the caption band of `caption` and the fonts of `fonts`.

The empty board of each (shape, size, theme) is drawn once and cached; a render then pastes
pre-shaded stone sprites onto a copy, so a 19x19 image costs a few milliseconds plus the PNG
encoding."""

from __future__ import annotations

import io
import math
import random
from functools import lru_cache

from PIL import Image, ImageDraw

from rules.board import BLACK, EMPTY, WHITE
from rules.game import PLAY, Position
from rules.images.caption import CaptionWords, caption_band, caption_lines
from rules.images.fonts import can_write, font_at
from rules.images.layout import BoardLayout, board_layout, check_size, point_centre
from rules.images.look import SUPERSAMPLE, Look, look_get
from rules.images.sprites import cross_sprite, ring_sprite, stone_sprite, unsure_ring_sprite
from rules.images.themes import THEMES, Theme
from rules.scoring import Score
from rules.topology import Topology

__all__ = [
    "THEMES",
    "CaptionWords",
    "Theme",
    "board_layout",
    "caption_lines",
    "can_write",
    "point_centre",
    "render_image",
    "render_png",
]


def render_png(
    position: Position,
    *,
    score: Score | None = None,
    size: int = 600,
    theme: str = "wood",
    coordinates: bool = True,
    dispute_days: int | None = None,
    words: CaptionWords | None = None,
) -> bytes:
    """The position as PNG bytes, `size` pixels wide (see `render_image`)."""
    image = render_image(
        position,
        score=score,
        size=size,
        theme=theme,
        coordinates=coordinates,
        dispute_days=dispute_days,
        words=words,
    )
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=3)
    return out.getvalue()


def render_image(
    position: Position,
    *,
    score: Score | None = None,
    size: int = 600,
    theme: str = "wood",
    coordinates: bool = True,
    dispute_days: int | None = None,
    words: CaptionWords | None = None,
) -> Image.Image:
    """The position as an RGB image `size` pixels wide: square for a square board without a
    score, as tall as the hexagon needs for Badux, plus a caption band when `score` is given.
    The caption speaks `words` (English `CaptionWords()` when None).

    When the score has `uncertain` stones they get a red ring and the caption a warning
    (`words.unsure(dispute_days)`); nothing of it shows when the count is sure.
    Coordinates too small to read at this size are left out. ValueError for an unknown theme,
    a size out of range, or a score counted on another board.
    """
    look = _theme(theme)
    check_size(size)
    topology = position.topology
    if len(position.stones) != topology.size:
        raise ValueError("the position's stones do not match its board")
    if score is not None and len(score.ownership) != topology.size:
        raise ValueError("the score was counted on a different board")
    layout = board_layout(topology, size=size, coordinates=coordinates)
    board = _empty_board(topology, size, coordinates, look.name).copy()
    _draw_stones(board, layout, look, position, score)
    if score is not None:
        _draw_territory(board, layout, look, position, score)
        _draw_uncertain(board, layout, position, score)
    _draw_last_move(board, layout, look, position, score)
    if score is None:
        return board
    caption = caption_band(score, size, look, dispute_days, words or CaptionWords())
    image = Image.new("RGB", (size, board.height + caption.height), look.page)
    image.paste(board, (0, 0))
    image.paste(caption, (0, board.height))
    return image


def _theme(name: str) -> Look:
    if not isinstance(name, str) or name not in THEMES:
        raise ValueError(f"unknown theme {name!r} (choose from {', '.join(THEMES)})")
    return look_get(name)


# --- the empty board -------------------------------------------------------------------------


@lru_cache(maxsize=32)
def _empty_board(topology: Topology, size: int, coordinates: bool, theme: str) -> Image.Image:
    """Wood (or slate), grid lines, star points and coordinates; cached, copy before drawing."""
    layout = board_layout(topology, size=size, coordinates=coordinates)
    look = look_get(theme)
    w, h = layout.width, layout.height
    image = Image.new("RGB", (w, h), look.page)
    texture = _texture(w, h, look)
    if layout.outline:
        image.paste(texture, (0, 0), _polygon_mask(w, h, layout.outline))
        edge = tuple(int(c * 0.72) for c in look.board)
        image.paste(edge, (0, 0), _polygon_mask(w, h, layout.outline, edge=1.5))
    else:
        image.paste(texture, (0, 0))
    image.paste(look.line, (0, 0), _lines_mask(layout))
    if layout.labels:
        draw = ImageDraw.Draw(image)
        font = font_at(layout.label_px, bold=False)
        for label in layout.labels:
            draw.text((label.x, label.y), label.text, font=font, fill=look.label, anchor="mm")
    return image


def _texture(w: int, h: int, look: Look) -> Image.Image:
    """The board colour with a straight, deterministic grain running top to bottom."""
    base = Image.new("RGB", (w, h), look.board)
    if not look.grain:
        return base
    rng = random.Random(19)  # fixed: the same board every time
    waves = [(rng.uniform(0.004, 0.05), rng.uniform(0, math.tau), rng.random()) for _ in range(7)]
    profile = []
    fine = 0.0
    for x in range(w):
        fine = 0.7 * fine + 0.3 * rng.uniform(-1, 1)
        v = sum(a * math.sin(f * x * 600 / w + p) for f, p, a in waves) / 3 + 0.5 * fine
        profile.append(max(0, min(255, int(128 + 110 * v))))
    stripes = Image.new("L", (w, 1))
    stripes.putdata(profile)
    stripes = stripes.resize((w, h), Image.Resampling.NEAREST)
    dark = tuple(int(c * (1 - look.grain)) for c in look.board)
    light = tuple(min(255, int(c * (1 + look.grain))) for c in look.board)
    return Image.composite(Image.new("RGB", (w, h), light), Image.new("RGB", (w, h), dark), stripes)


def _polygon_mask(
    w: int, h: int, corners: tuple[tuple[float, float], ...], edge: float = 0
) -> Image.Image:
    """The filled polygon, or with `edge` only its outline that many pixels wide."""
    s = SUPERSAMPLE
    mask = Image.new("L", (w * s, h * s), 0)
    points = [(x * s, y * s) for x, y in corners]
    if edge:
        ImageDraw.Draw(mask).polygon(points, outline=255, width=round(edge * s))
    else:
        ImageDraw.Draw(mask).polygon(points, fill=255)
    return mask.reduce(s)


def _line_width(layout: BoardLayout) -> float:
    """In pixels: whole pixels on square boards (crisp), finer steps for the hex diagonals."""
    if layout.topology.kind == "square":
        return 1 if layout.spacing < 44 else 2
    return max(1.0, layout.spacing / 30)


def _lines_mask(layout: BoardLayout) -> Image.Image:
    """Grid lines and star points, drawn large and reduced so diagonals are smooth."""
    s = SUPERSAMPLE
    mask = Image.new("L", (layout.width * s, layout.height * s), 0)
    draw = ImageDraw.Draw(mask)
    t = layout.topology
    width = round(_line_width(layout) * s)
    c = layout.centres
    for a, b in layout.geometry.lines:
        (x0, y0), (x1, y1) = c[a], c[b]
        draw.line([(x0 * s, y0 * s), (x1 * s, y1 * s)], fill=255, width=width)
    if t.kind == "square":
        # A heavier frame: the edge lines get another line width on the outside.
        (x0, y0), (x1, y1) = c[0], c[t.size - 1]
        pad = width
        draw.rectangle(
            [x0 * s - pad, y0 * s - pad, x1 * s + pad, y1 * s + pad], outline=255, width=width
        )
    star = max(1.6, layout.geometry.star_radius) * s
    for p in t.star_points:
        x, y = c[p]
        draw.ellipse([x * s - star, y * s - star, x * s + star, y * s + star], fill=255)
    return mask.reduce(s)


# --- stones and marks ------------------------------------------------------------------------


def _sprite_radius(layout: BoardLayout) -> float:
    return round(layout.stone_radius * 4) / 4


def _paste(board: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    half = sprite.width // 2
    # The board is opaque, so pasting through the sprite's alpha is exact "over" compositing.
    board.paste(sprite, (round(centre[0] - 0.5) - half, round(centre[1] - 0.5) - half), sprite)


def _draw_stones(
    board: Image.Image, layout: BoardLayout, look: Look, position: Position, score: Score | None
) -> None:
    radius = _sprite_radius(layout)
    dead = score.dead if score is not None else frozenset()
    sprites = {
        (c, d): stone_sprite(radius, c, look.name, d) for c in (BLACK, WHITE) for d in (0, 1)
    }
    centres = layout.centres
    for p, colour in enumerate(position.stones):
        if colour != EMPTY:
            _paste(board, sprites[colour, p in dead], centres[p])


def _draw_territory(
    board: Image.Image, layout: BoardLayout, look: Look, position: Position, score: Score
) -> None:
    """A small square of the owner's colour on owned empty points and on dead stones; a
    cross on dead stones in nobody's area."""
    half = max(2.0, layout.spacing * 0.19)
    draw = ImageDraw.Draw(board)
    outline_width = 1
    radius = _sprite_radius(layout)
    for p, owner in enumerate(score.ownership):
        if owner == EMPTY:
            if p in score.dead:
                cross = cross_sprite(radius, position.stones[p], look.name)
                _paste(board, cross, layout.centres[p])
            continue
        if position.stones[p] != EMPTY and p not in score.dead:
            continue
        x, y = layout.centres[p]
        x0, y0 = round(x - half), round(y - half)
        x1, y1 = round(x + half) - 1, round(y + half) - 1
        fill = look.black_dark if owner == BLACK else look.white_light
        edge = look.mark_outline if owner == WHITE else None
        draw.rectangle([x0, y0, x1, y1], fill=fill, outline=edge, width=outline_width)


def _draw_uncertain(
    board: Image.Image, layout: BoardLayout, position: Position, score: Score
) -> None:
    """A red ring just inside the rim of every stone the estimate was unsure of: red reads on
    black and white stones and on both themes."""
    radius = _sprite_radius(layout)
    ring = unsure_ring_sprite(radius)
    for p in score.uncertain:
        if position.stones[p] != EMPTY:
            _paste(board, ring, layout.centres[p])


def _draw_last_move(
    board: Image.Image, layout: BoardLayout, look: Look, position: Position, score: Score | None
) -> None:
    move = position.last_move
    if move is None or move.kind != PLAY or move.point is None:
        return
    colour = position.stones[move.point]
    if colour == EMPTY:
        return  # the stone was captured since (e.g. a position edited after the move)
    ring = ring_sprite(_sprite_radius(layout), WHITE if colour == BLACK else BLACK, look.name)
    _paste(board, ring, layout.centres[move.point])
