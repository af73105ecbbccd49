"""What the board and result pages show, computed from stored games."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.pages.board import points_label
from games.pages.result import result_context, score_lines

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("value", "label"),
    [(0.0, "0"), (45.0, "45"), (43.5, "43.5"), (-2.5, "-2.5"), (7, "7"), (0.5, "0.5")],
)
def test_points_are_written_without_a_trailing_zero(value, label):
    assert points_label(value) == label


def test_a_counted_result_shows_whole_points_without_decimals(game_factory):
    # Empty 9×9 board, both pass: White wins by komi 7.5.
    game = game_factory(moves=("pass", "pass"))
    result = result_context(game=game)
    assert result["text"] == "W+7.5"
    table = {
        line["label"]: (line["black"], line["white"], line["counted"]) for line in result["lines"]
    }
    assert table == {
        "Live stones": ("0", "0", True),
        "Territory": ("0", "0", True),
        "Komi": ("0", "7.5", True),
        "Total": ("0", "7.5", True),
        "Prisoners taken": ("0", "0", False),
        "Own dead stones": ("0", "0", False),
    }


@pytest.mark.parametrize("method", ["area", "territory"])
def test_the_counted_lines_add_up_to_the_total_and_the_others_are_apart(method):
    side = {"territory": 20, "stones": 30, "prisoners": 4, "dead": 2, "komi": 0, "total": 0}
    black = {**side}
    white = {**side, "territory": 15, "prisoners": 3, "dead": 1, "komi": 6.5}
    if method == "area":
        black["total"], white["total"] = 50, 51.5
    else:
        black["total"] = 20 - 3 - 2  # own stones White captured, own dead stones
        white["total"] = 15 - 4 - 1 + 6.5
    lines = score_lines({"method": method, "black": black, "white": white})
    keys = [line["key"] for line in lines]
    assert keys.index("total") == sum(1 for line in lines if line["counted"]) - 1
    for colour in ("black", "white"):
        added = sum(float(x[colour]) for x in lines if x["counted"] and x["key"] != "total")
        [total] = [float(x[colour]) for x in lines if x["key"] == "total"]
        assert added == total
    apart = [line["label"] for line in lines if not line["counted"]]
    assert apart == (["Prisoners taken", "Own dead stones"] if method == "area" else [])


@pytest.mark.parametrize(("language", "label"), [("de", "43,5"), ("fr", "43,5"), ("ja", "43.5")])
def test_points_use_the_languages_decimal_separator_as_the_komi_does(language, label):
    with translation.override(language):
        assert points_label(43.5) == label
        assert points_label(45.0) == "45"


def test_a_counted_result_speaks_one_language_throughout(game_factory, monkeypatch):
    monkeypatch.setattr("games.pages.result.pgettext", lambda context, text: f"«{text}»")
    game = game_factory(moves=("pass", "pass"))
    with translation.override("de"):
        result = result_context(game=game)
        komi = [line for line in result["lines"] if line["key"] == "komi"][0]
        assert (result["margin"], komi["white"], game.komi_label) == ("7,5", "7,5", "7,5")
        assert result["dead_source"] == "«estimated»"  # translated, not English in German
