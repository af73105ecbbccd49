"""PNG images of board positions (square Go boards and Badux hexagons), drawn with Pillow.

`render_png(position, score=..., size=600, theme="wood")` gives the picture mailed to players at
the end of a game and used as thumbnails. With a `Score` it adds territory marks, fades the dead
stones and writes the count in a caption under the board, in English unless the caller passes
the words in its reader's language (`CaptionWords`). Geometry lives in `layout`
(`point_centre` maps a point to its pixel centre) and colours in `rules.images.themes`, both shared
with the web's SVG boards; this module only paints.

The empty board of each (shape, size, theme) is drawn once and cached; a render then pastes
pre-shaded stone sprites onto a copy, so a 19x19 image costs a few milliseconds plus the PNG
encoding."""

from __future__ import annotations

import io
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from rules.board import BLACK, EMPTY, WHITE
from rules.game import PLAY, Position
from rules.images.layout import BoardLayout, board_layout, check_size, point_centre
from rules.images.themes import RGB, THEMES, Theme, rgb, theme_get
from rules.ruleset import AREA
from rules.scoring import Score, uncertain_note
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

SUPERSAMPLE = 4  # anti-aliasing: shapes are drawn this many times larger, then reduced


@dataclass(frozen=True)
class _Look:
    """A theme of rules.images.themes with its colours as RGB tuples, as Pillow takes them."""

    name: str
    page: RGB
    board: RGB
    grain: float
    line: RGB
    label: RGB
    text: RGB
    text_muted: RGB
    black_light: RGB
    black_dark: RGB
    black_outline: RGB
    white_light: RGB
    white_dark: RGB
    white_outline: RGB
    mark_outline: RGB | None
    shadow: int
    dead_alpha: float


@cache
def _look(code: str) -> _Look:
    theme = theme_get(code)
    return _Look(
        name=theme.code,
        page=rgb(theme.page),
        board=rgb(theme.background),
        grain=theme.grain,
        line=rgb(theme.line),
        label=rgb(theme.label_colour),
        text=rgb(theme.text),
        text_muted=rgb(theme.text_muted),
        black_light=rgb(theme.black_light),
        black_dark=rgb(theme.black_dark),
        black_outline=rgb(theme.black_outline),
        white_light=rgb(theme.white_light),
        white_dark=rgb(theme.white_dark),
        white_outline=rgb(theme.white_outline),
        mark_outline=rgb(theme.mark_outline) if theme.mark_outline else None,
        shadow=theme.shadow,
        dead_alpha=theme.dead_alpha,
    )


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
    caption = _caption(score, size, look, dispute_days, words or CaptionWords())
    image = Image.new("RGB", (size, board.height + caption.height), look.page)
    image.paste(board, (0, 0))
    image.paste(caption, (0, board.height))
    return image


def _theme(name: str) -> _Look:
    if not isinstance(name, str) or name not in THEMES:
        raise ValueError(f"unknown theme {name!r} (choose from {', '.join(THEMES)})")
    return _look(name)


# --- the empty board -------------------------------------------------------------------------


@lru_cache(maxsize=32)
def _empty_board(topology: Topology, size: int, coordinates: bool, theme: str) -> Image.Image:
    """Wood (or slate), grid lines, star points and coordinates; cached, copy before drawing."""
    layout = board_layout(topology, size=size, coordinates=coordinates)
    look = _look(theme)
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
        font = _font(layout.label_px, bold=False)
        for label in layout.labels:
            draw.text((label.x, label.y), label.text, font=font, fill=look.label, anchor="mm")
    return image


def _texture(w: int, h: int, look: _Look) -> Image.Image:
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
    board: Image.Image, layout: BoardLayout, look: _Look, position: Position, score: Score | None
) -> None:
    radius = _sprite_radius(layout)
    dead = score.dead if score is not None else frozenset()
    sprites = {(c, d): _stone(radius, c, look.name, d) for c in (BLACK, WHITE) for d in (0, 1)}
    centres = layout.centres
    for p, colour in enumerate(position.stones):
        if colour != EMPTY:
            _paste(board, sprites[colour, p in dead], centres[p])


def _draw_territory(
    board: Image.Image, layout: BoardLayout, look: _Look, position: Position, score: Score
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
                _paste(board, _cross(radius, position.stones[p], look.name), layout.centres[p])
            continue
        if position.stones[p] != EMPTY and p not in score.dead:
            continue
        x, y = layout.centres[p]
        x0, y0 = round(x - half), round(y - half)
        x1, y1 = round(x + half) - 1, round(y + half) - 1
        fill = look.black_dark if owner == BLACK else look.white_light
        edge = look.mark_outline if owner == WHITE else None
        draw.rectangle([x0, y0, x1, y1], fill=fill, outline=edge, width=outline_width)


UNSURE_RGB = (226, 52, 52)  # the ring round stones the count is unsure of, on every theme


def _draw_uncertain(
    board: Image.Image, layout: BoardLayout, position: Position, score: Score
) -> None:
    """A red ring just inside the rim of every stone the estimate was unsure of: red reads on
    black and white stones and on both themes."""
    radius = _sprite_radius(layout)
    ring = _unsure_ring(radius)
    for p in score.uncertain:
        if position.stones[p] != EMPTY:
            _paste(board, ring, layout.centres[p])


@lru_cache(maxsize=16)
def _unsure_ring(radius: float) -> Image.Image:
    s = SUPERSAMPLE
    half = math.ceil(radius) + 1
    big = (2 * half + 1) * s
    c = (half + 0.5) * s
    outer = radius * 0.92 * s
    width = max(2 * s, radius * 0.2 * s)
    mask = Image.new("L", (big, big), 0)
    ImageDraw.Draw(mask).ellipse(
        [c - outer, c - outer, c + outer, c + outer], outline=255, width=round(width)
    )
    sprite = Image.new("RGBA", (big, big), (*UNSURE_RGB, 255))
    sprite.putalpha(mask)
    return sprite.convert("RGBa").reduce(s).convert("RGBA")


def _draw_last_move(
    board: Image.Image, layout: BoardLayout, look: _Look, position: Position, score: Score | None
) -> None:
    move = position.last_move
    if move is None or move.kind != PLAY or move.point is None:
        return
    colour = position.stones[move.point]
    if colour == EMPTY:
        return  # the stone was captured since (e.g. a position edited after the move)
    ring = _ring(_sprite_radius(layout), WHITE if colour == BLACK else BLACK, look.name)
    _paste(board, ring, layout.centres[move.point])


@lru_cache(maxsize=64)
def _stone(radius: float, colour: int, theme: str, dead: bool) -> Image.Image:
    """An anti-aliased, shaded stone with its shadow, centred in an odd-sized RGBA square."""
    look = _look(theme)
    s = SUPERSAMPLE
    half = math.ceil(radius * 1.18) + 2
    big = (2 * half + 1) * s
    centre = (half + 0.5) * s
    r = radius * s

    def disc(rad: float, dx: float = 0.0, dy: float = 0.0) -> Image.Image:
        mask = Image.new("L", (big, big), 0)
        cx, cy = centre + dx, centre + dy
        ImageDraw.Draw(mask).ellipse([cx - rad, cy - rad, cx + rad, cy + rad], fill=255)
        return mask

    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    if not dead and look.shadow:
        shadow = disc(r, r * 0.07, r * 0.11).filter(ImageFilter.GaussianBlur(r * 0.07))
        shadow = shadow.point(lambda v: v * look.shadow // 255)
        sprite.putalpha(shadow)
    light, dark, edge = (
        (look.black_light, look.black_dark, look.black_outline)
        if colour == BLACK
        else (look.white_light, look.white_dark, look.white_outline)
    )
    rim = Image.new("RGBA", (big, big), (*edge, 255))
    rim.putalpha(disc(r))
    sprite.alpha_composite(rim)
    body = _shading(big, centre, r, light, dark, colour == BLACK)
    body.putalpha(disc(r - max(s * 0.9, r * 0.05)))
    sprite.alpha_composite(body)
    sprite = sprite.convert("RGBa").reduce(s).convert("RGBA")
    if dead:
        alpha = sprite.getchannel("A").point(lambda v: int(v * look.dead_alpha))
        sprite.putalpha(alpha)
    return sprite


def _shading(big: int, centre: float, r: float, light: RGB, dark: RGB, black: bool) -> Image.Image:
    """RGB square shaded around a highlight up and left of the stone's centre."""
    # Image.radial_gradient is 256 px wide and reaches 255 at 181 px from its centre; scale it
    # so that 255 means 2.4 radii, then cut it out around the highlight.
    reach = 2.4 * r
    scaled = round(256 * reach / 181)
    gradient = Image.radial_gradient("L").resize((scaled, scaled), Image.Resampling.BILINEAR)
    hx, hy = centre - 0.38 * r, centre - 0.42 * r
    offset = (round(scaled / 2 - hx), round(scaled / 2 - hy))
    field = Image.new("L", (big, big), 255)
    field.paste(gradient, (-offset[0], -offset[1]))
    table: list[int] = []
    for channel in range(3):
        for v in range(256):
            d = v / 255 * 2.4  # distance from the highlight, in radii
            if black:
                t = math.exp(-((d / 0.62) ** 2))
            else:
                t = 1 - min(1.0, max(0.0, (d - 0.45) / 1.05)) ** 1.6
            table.append(round(dark[channel] + (light[channel] - dark[channel]) * t))
    return Image.merge("RGB", [field] * 3).point(table)


@lru_cache(maxsize=16)
def _cross(radius: float, colour: int, theme: str) -> Image.Image:
    """An X over a dead stone: black on black stones, dark grey on white ones."""
    look = _look(theme)
    s = SUPERSAMPLE
    half = math.ceil(radius) + 1
    big = (2 * half + 1) * s
    c = (half + 0.5) * s
    arm = radius * 0.5 * s
    width = round(max(1.5 * s, radius * 0.16 * s))
    mask = Image.new("L", (big, big), 0)
    draw = ImageDraw.Draw(mask)
    draw.line([(c - arm, c - arm), (c + arm, c + arm)], fill=255, width=width)
    draw.line([(c - arm, c + arm), (c + arm, c - arm)], fill=255, width=width)
    fill = look.black_dark if colour == BLACK else look.white_outline
    sprite = Image.new("RGBA", (big, big), (*fill, 255))
    sprite.putalpha(mask)
    return sprite.convert("RGBa").reduce(s).convert("RGBA")


@lru_cache(maxsize=16)
def _ring(radius: float, colour: int, theme: str) -> Image.Image:
    """The last-move mark: a ring in the colour opposite the stone's."""
    look = _look(theme)
    s = SUPERSAMPLE
    half = math.ceil(radius) + 1
    big = (2 * half + 1) * s
    c = (half + 0.5) * s
    outer = radius * 0.5 * s
    width = max(1.5 * s, radius * 0.13 * s)
    mask = Image.new("L", (big, big), 0)
    ImageDraw.Draw(mask).ellipse(
        [c - outer, c - outer, c + outer, c + outer], outline=255, width=round(width)
    )
    fill = look.white_light if colour == WHITE else look.black_dark
    sprite = Image.new("RGBA", (big, big), (*fill, 255))
    sprite.putalpha(mask)
    return sprite.convert("RGBa").reduce(s).convert("RGBA")


# --- caption ---------------------------------------------------------------------------------


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


@dataclass(frozen=True)
class CaptionWords:
    """The words of the scored picture's caption, English unless the caller gives its own:
    rules/ translates nothing, the site passes them in its reader's language. The counted
    terms are functions of their number, so a language picks its plural form and writes the
    number its own way; `number` writes the totals and the margin. Any field left out keeps
    its English default. Words a font of this machine cannot draw come out as boxes: ask
    `can_write` first."""

    black: str = "Black"
    white: str = "White"
    draw: str = "Draw"
    area_scoring: str = "area scoring"
    territory_scoring: str = "territory scoring"
    # (player, margin already written by `number`) -> "Black wins by 3.5"
    wins_by: Callable[[str, str], str] = lambda player, margin: f"{player} wins by {margin}"
    stones: Callable[[int], str] = lambda count: f"{count} stones"
    territory: Callable[[int], str] = lambda count: f"{count} territory"
    captured: Callable[[int], str] = lambda count: f"{count} captured"
    dead: Callable[[int], str] = lambda count: f"{count} dead"
    komi: Callable[[float], str] = lambda komi: f"{_number(komi)} komi"
    number: Callable[[float], str] = _number
    # The warning under a count with uncertain stones, given the days left to dispute it.
    unsure: Callable[[int | None], str] = uncertain_note


def caption_lines(
    score: Score, words: CaptionWords | None = None
) -> tuple[str, str, list[tuple[int, str]]]:
    """The caption's text in `words` (English when None): result, counting method, and one
    count line per player."""
    headline, method, players = _caption_parts(score, words or CaptionWords())
    return headline, method, [(colour, " ".join(chunks)) for colour, chunks in players]


def _caption_parts(
    score: Score, words: CaptionWords
) -> tuple[str, str, list[tuple[int, list[str]]]]:
    """Like `caption_lines`, each player's line cut where it may wrap."""
    if score.winner is None:
        headline = words.draw
    else:
        who = words.black if score.winner == BLACK else words.white
        headline = f"{score.result}  {words.wins_by(who, words.number(score.margin))}"
    method = words.area_scoring if score.method == AREA else words.territory_scoring
    players = []
    for colour, side, other in (
        (BLACK, score.black, score.white),
        (WHITE, score.white, score.black),
    ):
        name = words.black if colour == BLACK else words.white
        if score.method == AREA:
            terms = [f"{name}  {words.stones(side.stones)}", f"+ {words.territory(side.territory)}"]
        else:
            terms = [f"{name}  {words.territory(side.territory)}"]
            if other.prisoners:
                terms.append(f"\u2212 {words.captured(other.prisoners)}")
            if side.dead:
                terms.append(f"\u2212 {words.dead(side.dead)}")
        if side.komi:
            terms.append(f"+ {words.komi(side.komi)}")
        terms.append(f"= {words.number(side.total)}")
        players.append((colour, terms))
    return headline, method, players


def _wrap(chunks: list[str], font, room: float, *, spaced: bool = True) -> list[str]:
    """Greedy line filling, a space between chunks unless not `spaced`; a chunk wider than
    `room` gets a line of its own."""
    gap = " " if spaced else ""
    lines: list[str] = []
    for chunk in chunks:
        if lines and font.getlength(_safe(f"{lines[-1]}{gap}{chunk}", font)) <= room:
            lines[-1] = f"{lines[-1]}{gap}{chunk}"
        else:
            lines.append(chunk)
    return lines


def _caption(
    score: Score, width: int, look: _Look, dispute_days: int | None, words: CaptionWords
) -> Image.Image:
    """The band under the board: the result, then each player's count after a stone icon;
    lines wrap between terms when the image is narrow (between words, or between characters
    for a language written without spaces)."""
    headline, method, players = _caption_parts(score, words)
    unsure = words.unsure(dispute_days) if score.uncertain else ""
    wide = _needs_wide_font(
        " ".join([headline, method, unsure, *(" ".join(c) for _, c in players)])
    )
    px = max(9, min(22, round(width * 0.029)))
    margin = max(6, round(px * 0.8))
    font, bold = _font(px, bold=False, wide=wide), _font(px, bold=True, wide=wide)
    icon = round(px * 0.9)
    indent = icon + px * 0.5
    line_h = round(px * 1.45)
    room = width - 2 * margin
    Run = tuple[ImageFont.FreeTypeFont | ImageFont.ImageFont, str, RGB, float]
    lines: list[tuple[list[Run], int | None]] = []  # runs of text, and a stone icon or None
    head = _safe(headline, bold)
    if bold.getlength(head) > room:
        head = score.result if score.winner is not None else headline  # "W+3.5" alone
    head_w = bold.getlength(head)
    if head_w + font.getlength("   " + method) <= room:
        lines.append(
            ([(bold, head, look.text, 0), (font, "   " + method, look.text_muted, head_w)], None)
        )
    else:
        lines.append(([(bold, head, look.text, 0)], None))
        lines.append(([(font, method, look.text_muted, 0)], None))
    for colour, chunks in players:
        wrapped = _wrap([_safe(c, font) for c in chunks], font, room - indent)
        for i, text in enumerate(wrapped):
            lines.append(([(font, text, look.text, indent)], colour if i == 0 else None))
    if unsure:
        pieces = unsure.split() if " " in unsure else list(unsure)
        for text in _wrap([_safe(w, bold) for w in pieces], bold, room, spaced=" " in unsure):
            lines.append(([(bold, text, UNSURE_RGB, 0)], None))
    gap = line_h * 0.15  # a little air between the result and the counts
    height = 2 * margin + round(line_h * len(lines) + gap)
    band = Image.new("RGB", (width, height), look.page)
    draw = ImageDraw.Draw(band)
    for i, (runs, stone_colour) in enumerate(lines):
        y = margin + line_h * (i + 0.5) + (gap if i else 0)
        for run_font, text, colour, x in runs:
            draw.text((margin + x, y), text, font=run_font, fill=colour, anchor="lm")
        if stone_colour is not None:
            stone = _stone(round(icon / 2 * 4) / 4, stone_colour, look.name, False)
            corner = (margin + icon // 2 - stone.width // 2, round(y) - stone.height // 2)
            band.paste(stone, corner, stone)
    return band


# --- fonts -----------------------------------------------------------------------------------

_FONT_FILES = {
    False: ("DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    True: ("DejaVuSans-Bold.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
}
# Fonts with Chinese, Japanese and Korean characters (DejaVu has none), as Debian's
# fonts-noto-cjk, fonts-wqy-microhei and fonts-droid-fallback install them.
_WIDE_FONT_FILES = {
    False: (
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    ),
    True: (
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    ),
}
# From here on (CJK radicals, kana, Hangul, ideographs, full-width forms) DejaVu has no glyphs.
_WIDE_FROM = 0x2E80
# Pillow's bundled font (used when DejaVu is missing) lacks these glyphs.
_ASCII = str.maketrans({"\u2212": "-", "\u2014": "-", "\u00d7": "x"})


def _needs_wide_font(text: str) -> bool:
    return any(ord(c) >= _WIDE_FROM for c in text)


@cache
def _wide_font_file(bold: bool) -> str | None:
    for path in _WIDE_FONT_FILES[bold]:
        try:
            ImageFont.truetype(path, 12)
        except OSError:
            continue
        return path
    return None


def can_write(text: str) -> bool:
    """Whether the caption can draw every character of `text` on this machine: always for
    Latin, Greek and Cyrillic (DejaVu Sans); Chinese, Japanese and Korean need one of the fonts
    of `_WIDE_FONT_FILES`. A caller with words it cannot draw gives English ones instead."""
    return not _needs_wide_font(text) or _wide_font_file(False) is not None


@lru_cache(maxsize=64)
def _font(
    px: int, *, bold: bool, wide: bool = False
) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """DejaVu Sans when the system has it, else Pillow's bundled font at the same size; with
    `wide`, a font with Chinese, Japanese and Korean characters when there is one."""
    path = _wide_font_file(bold) if wide else None
    if path is not None:
        return ImageFont.truetype(path, px)
    for name in _FONT_FILES[bold]:
        try:
            return ImageFont.truetype(name, px)
        except OSError:
            continue
    return ImageFont.load_default(size=px)


def _safe(text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> str:
    family = font.getname()[0] if isinstance(font, ImageFont.FreeTypeFont) else ""
    return text if family.startswith("DejaVu") else text.translate(_ASCII)
