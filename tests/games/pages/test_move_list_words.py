"""The game page's move list in the reader's language: the colours' letters and "pass"."""

import pytest
from django.utils import translation
from django.utils.translation import gettext, pgettext

from games.pages.board import move_list_html
from games.reviews.pages import StoredTree
from games.selectors.play import MoveRow
from rules import BLACK, WHITE, Move, preset, square
from rules.game import PASS, PLAY
from rules.review.variations import VariationTree

MOVES = [MoveRow(1, BLACK, "D4"), MoveRow(2, WHITE, "pass", passed=True)]


def test_in_english_a_move_is_its_colour_letter_and_point():
    with translation.override("en"):
        assert str(move_list_html(MOVES)) == "<li>B D4</li><li>W pass</li>"


@pytest.mark.parametrize("language", ["de", "ja"])
def test_a_pass_and_the_colours_are_in_the_readers_language(language):
    with translation.override(language):
        said = str(move_list_html(MOVES))
        black = pgettext("a black move in the move list", "B")
        white = pgettext("a white move in the move list", "W")
        passed = gettext("pass")
    assert passed != "pass"
    assert said == f"<li>{black} D4</li><li>{white} {passed}</li>"


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_reviews_moves_are_labelled_in_the_readers_language(language):
    topology = square(9)
    moves = [Move(BLACK, PLAY, topology.parse("D4")), Move(WHITE, PASS, None)]
    tree = VariationTree.from_moves(
        topology=topology, rules=preset("go-area", topology), moves=moves
    )
    stored = StoredTree(tree.to_data())
    with translation.override(language):
        black = pgettext("a black move in the move list", "B")
        white = pgettext("a white move in the move list", "W")
        labels = [stored.label(1), stored.label(2)]
        passed = gettext("pass")
    assert labels == [f"1. {black} D4", f"2. {white} {passed}"]
    if language == "de":
        assert passed != "pass"
