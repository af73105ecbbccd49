"""The sprites pasted onto a board picture: shaded stones (faded when dead), the cross on a dead
stone, the last-move ring and the red ring round a stone the count is unsure of. Each is an
anti-aliased RGBA square of odd side, centred on the point, drawn once per size and theme."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from rules.board import BLACK, WHITE
from rules.images.look import SUPERSAMPLE, look_get
from rules.images.themes import RGB

UNSURE_RGB = (226, 52, 52)  # the ring round stones the count is unsure of, on every theme


@lru_cache(maxsize=16)
def unsure_ring_sprite(radius: float) -> Image.Image:
    """The red ring just inside the rim of a stone of `radius` the count is unsure of."""
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


@lru_cache(maxsize=64)
def stone_sprite(radius: float, colour: int, theme: str, dead: bool) -> Image.Image:
    """An anti-aliased, shaded stone with its shadow, centred in an odd-sized RGBA square."""
    look = look_get(theme)
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
def cross_sprite(radius: float, colour: int, theme: str) -> Image.Image:
    """An X over a dead stone: black on black stones, dark grey on white ones."""
    look = look_get(theme)
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
def ring_sprite(radius: float, colour: int, theme: str) -> Image.Image:
    """The last-move mark: a ring in the colour opposite the stone's."""
    look = look_get(theme)
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
