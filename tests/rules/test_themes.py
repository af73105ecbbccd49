"""The theme table (rules.themes): one source for the PNG, the SVG's CSS and the stored codes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.themes import CSS_PROPERTIES, THEMES, mix, rgb, theme_css, theme_get

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
