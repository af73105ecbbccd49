"""The theme table (rules.images.themes): one source for the PNG, the SVG's CSS and the codes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.images.themes import CSS_PROPERTIES, THEMES, mix, rgb, theme_css, theme_get

ROOT = Path(__file__).resolve().parents[2]
COLOUR = re.compile(r"#[0-9a-f]{6}")


def test_the_stored_codes_stay_and_name_their_theme():
    assert list(THEMES) == ["wood", "slate"]
    assert all(code == theme.code for code, theme in THEMES.items())
    assert [theme.label for theme in THEMES.values()] == ["Wood", "Slate"]


@pytest.mark.parametrize("theme", THEMES.values(), ids=lambda t: t.code)
def test_every_colour_is_a_lowercase_hex_triplet(theme):
    fields = ("background", "line", "label_colour", "black_light", "black_dark", "page", "text")
    fields += ("black_outline", "white_light", "white_dark", "white_outline", "text_muted")
    for field in fields:
        assert COLOUR.fullmatch(getattr(theme, field)), field
    assert theme.mark_outline is None or COLOUR.fullmatch(theme.mark_outline)
    assert 0 < theme.dead_alpha < 1 and 0 <= theme.grain < 0.2


def test_colour_helpers():
    assert rgb("#dcb35c") == (220, 179, 92)
    assert mix("#000000", "#ffffff", 0.5) == "#808080"
    assert mix("#102030", "#102030", 0.3) == "#102030"


@pytest.mark.parametrize("code", ["plastic", None, ["wood"], ""])
def test_unknown_codes_are_a_value_error_naming_the_known_ones(code):
    with pytest.raises(ValueError, match="wood, slate"):
        theme_get(code)


def test_the_served_theme_css_is_the_table():
    """static/games/themes.css is generated; regenerate it with `manage.py board_theme_css`."""
    served = (ROOT / "static" / "games" / "themes.css").read_text()
    assert served == theme_css()
    for code, theme in THEMES.items():
        (rule,) = re.findall(rf"\.board-theme-{code}\{{([^}}]*)\}}", served)
        props = dict(item.split(":", 1) for item in rule.split(";"))
        assert props["--board-bg"] == theme.background
        assert props["--board-line"] == theme.line
        assert props["--board-label"] == theme.label_colour


def test_every_board_property_the_stylesheets_use_is_defined_by_the_table():
    used = set()
    for sheet in ("static/games/board.css", "static/css/site.css"):
        used |= set(re.findall(r"var\((--board-[a-z0-9-]+)\)", (ROOT / sheet).read_text()))
    assert used, "the stylesheets no longer read the theme properties"
    assert used <= set(CSS_PROPERTIES)


def _luminance(colour: str) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("theme", THEMES.values(), ids=lambda t: t.code)
def test_stones_and_the_focus_ring_stand_out_from_the_board(theme):
    # WCAG 1.4.11 (non-text contrast, 3:1): the white stone's outline against the wood, and
    # one of the two rings of the board cursor (white outside, near-black inside, board.css).
    assert _contrast(theme.white_outline, theme.background) >= 3
    assert _contrast(theme.black_outline, theme.background) >= 3
    for around in (theme.background, theme.white_light, theme.black_dark):
        assert max(_contrast("#ffffff", around), _contrast("#111111", around)) >= 3
