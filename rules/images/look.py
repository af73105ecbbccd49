"""A board theme as Pillow paints it (`Look`: rules.images.themes' colours as RGB tuples), and
the scale shapes are drawn at before they are reduced (`SUPERSAMPLE`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules.images.themes import RGB, rgb, theme_get

SUPERSAMPLE = 4  # anti-aliasing: shapes are drawn this many times larger, then reduced


@dataclass(frozen=True)
class Look:
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
def look_get(code: str) -> Look:
    """The theme `code` (a key of THEMES; KeyError otherwise) as RGB tuples; cached."""
    theme = theme_get(code)
    return Look(
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
