"""What the board and result pages show, computed from stored games."""

from __future__ import annotations

import pytest

from games.presenters import points_label, result_context

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
    table = {line["label"]: (line["black"], line["white"]) for line in result["lines"]}
    assert table == {
        "Territory": ("0", "0"),
        "Stones": ("0", "0"),
        "Dead stones": ("0", "0"),
        "Prisoners": ("0", "0"),
        "Komi": ("0", "7.5"),
        "Total": ("0", "7.5"),
    }
