"""Board themes: the one table every board picture takes its colours from.

A theme's `code` is stored (accounts' `Preferences.board_theme`) and is the CSS class suffix
(`board-theme-<code>`), so codes never change. The table feeds:

* the Pillow renderer (rules/images/render.py: mailed PNG, scored image), through `rgb`;
* the web SVG boards (games/svg/) and the preferences preview, through the CSS custom
  properties of `theme_css`, served as static/games/themes.css (regenerated with
  ``manage.py board_theme_css``; a test fails when the file and this table disagree);
* the choices of accounts' `BoardTheme`.

Colours are "#rrggbb" strings. Stones are shaded from `*_light` (highlight) to `*_dark` (rim
side); `*_outline` is the thin ring around them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """One board look. Fields after `label_colour` matter only to the PNG renderer."""

    code: str
    label: str  # shown to players
    background: str  # the board
    line: str  # grid lines and star points
    label_colour: str  # coordinates
    black_light: str
    black_dark: str
    black_outline: str
    white_light: str
    white_dark: str
    white_outline: str
    page: str  # PNG: caption band, and around a hexagon
    text: str  # PNG caption
    text_muted: str
    grain: float  # PNG: strength of the wood grain, 0 for none
    mark_outline: str | None  # PNG: around white territory marks, where the board is light
    shadow: int  # PNG: alpha of the stones' drop shadow
    dead_alpha: float  # opacity of dead stones


THEMES: dict[str, Theme] = {
    theme.code: theme
    for theme in (
        Theme(
            code="wood",
            label="Wood",
            background="#dcb35c",
            line="#5b4320",
            label_colour="#4a3417",
            black_light="#606064",
            black_dark="#0e0e10",
            black_outline="#080808",
            white_light="#fffffd",
            white_dark="#c4c0b8",
            white_outline="#635b4f",  # 3.4:1 on the board (WCAG 1.4.11: 3:1)
            page="#f6f1e7",
            text="#281e14",
            text_muted="#706050",
            grain=0.07,
            mark_outline="#60503c",
            shadow=90,
            dead_alpha=0.42,
        ),
        Theme(
            code="slate",
            label="Slate",
            background="#9aa7b0",
            line="#1f2a33",
            label_colour="#17212a",
            black_light="#5c626a",
            black_dark="#0c0e11",
            black_outline="#14161a",
            white_light="#ffffff",
            white_dark="#c8ced4",
            white_outline="#3c4248",
            page="#eceff1",
            text="#17212a",
            text_muted="#5c6470",
            grain=0.035,
            mark_outline="#3c4a55",
            shadow=110,
            dead_alpha=0.45,
        ),
    )
}

DEFAULT_THEME = "wood"


def theme_get(code: object) -> Theme:
    """The theme stored as `code`; ValueError naming the known codes otherwise."""
    try:
        return THEMES[code]  # type: ignore[index]  # any object: a wrong type is a ValueError
    except (KeyError, TypeError):
        raise ValueError(f"unknown board theme {code!r}: use one of {', '.join(THEMES)}") from None


def rgb(colour: str) -> RGB:
    """ "#rrggbb" as an (r, g, b) tuple of ints."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def mix(a: str, b: str, t: float) -> str:
    """The colour `t` of the way from `a` to `b`, as "#rrggbb"."""
    channels = (round(x + (y - x) * t) for x, y in zip(rgb(a), rgb(b), strict=True))
    return "#" + "".join(f"{c:02x}" for c in channels)


# CSS custom property -> how to read it off a theme. The SVG's stone gradients take a middle
# stop between light and dark, as the old hand-tuned gradients did.
CSS_PROPERTIES: dict[str, Callable[[Theme], str]] = {
    "--board-bg": lambda t: t.background,
    "--board-line": lambda t: t.line,
    "--board-label": lambda t: t.label_colour,
    "--board-b0": lambda t: t.black_light,
    "--board-b1": lambda t: mix(t.black_light, t.black_dark, 0.7),
    "--board-b2": lambda t: t.black_dark,
    "--board-bo": lambda t: t.black_outline,
    "--board-w0": lambda t: t.white_light,
    "--board-w1": lambda t: mix(t.white_light, t.white_dark, 0.25),
    "--board-w2": lambda t: t.white_dark,
    "--board-wo": lambda t: t.white_outline,
    "--board-dead": lambda t: str(t.dead_alpha),
}


def theme_css() -> str:
    """The text of static/games/themes.css: one `.board-theme-<code>` rule per theme setting
    the board's CSS custom properties (see static/games/board.css for their use)."""
    lines = [
        "/* Generated from rules/images/themes.py by `manage.py board_theme_css`: do not edit. */",
    ]
    for theme in THEMES.values():
        props = ";".join(f"{name}:{read(theme)}" for name, read in CSS_PROPERTIES.items())
        lines.append(f".board-theme-{theme.code}{{{props}}}")
    return "\n".join(lines) + "\n"


__all__ = ["DEFAULT_THEME", "THEMES", "Theme", "mix", "rgb", "theme_css", "theme_get"]
