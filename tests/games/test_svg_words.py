"""The words inside board pictures (games.svg.words) follow the reader's language: the SVG
boards' name for screen readers, and the caption of the scored PNG in the game-over mail,
which games hands to the rules package's renderer (rules/ translates nothing itself)."""

from __future__ import annotations

import pytest
from django.utils import translation

from games import mail as game_mail
from games.svg import board_svg, board_thumbnail_svg
from games.svg import words as picture_words
from games.svg.words import caption_words, count_warning
from rules import Game, preset, square
from rules.images.render import CaptionWords
from rules.scoring import uncertain_note
from tests.games.helpers import board_options, walled_game


def _position(names: str):
    topology = square(9)
    game = Game.new(topology, preset("go-area", topology))
    for name in names.split():
        game.play(topology.parse(name))
    return game.position


def test_a_board_picture_is_named_in_the_readers_language():
    position = _position("E5 C3")
    with translation.override("de"):
        svg, thumb = board_svg(position), board_thumbnail_svg(position)
    assert '<title id="board-title">9×9-Brett nach Zug 2.</title>' in svg
    assert 'aria-label="9×9-Brett nach Zug 2."' in thumb
    with translation.override("en"):
        assert '<title id="board-title">9×9 board after move 2.</title>' in board_svg(position)
    assert '<title id="board-title">Mine</title>' in board_svg(position, title="Mine")


def test_the_caption_words_are_the_readers():
    with translation.override("de"):
        words = caption_words()
        said = {
            "komi": words.komi(6.5),
            "total": words.number(81.5),
            "stones": words.stones(45),
            "wins": words.wins_by(words.white, "3,5"),
        }
        expected_stones = translation.ngettext("%(count)s stone", "%(count)s stones", 45)
    assert (words.black, words.white) == ("Schwarz", "Weiß")
    assert said["total"] == "81,5" and "6,5" in said["komi"]  # German decimal commas
    assert said["stones"] == expected_stones % {"count": 45}
    assert "Weiß" in said["wins"]
    with translation.override("en"):
        english = caption_words()
    assert (english.black, english.stones(1), english.stones(2)) == ("Black", "1 stone", "2 stones")


def test_words_no_font_of_this_machine_can_draw_give_way_to_english(monkeypatch):
    monkeypatch.setattr(picture_words, "can_write", lambda text: False)
    with translation.override("ja"):
        assert caption_words() == CaptionWords()


def test_the_count_warning_says_what_the_rules_say_in_english():
    with translation.override("en"):
        for days in (None, 1, 3):
            assert count_warning(days) == uncertain_note(days)


@pytest.mark.django_db
def test_the_game_over_picture_is_captioned_in_each_players_language(
    game_factory, black, white, django_capture_on_commit_callbacks, monkeypatch
):
    black.language = "de"
    black.save(update_fields=["language"])
    captions: dict[str, CaptionWords] = {}
    draw = game_mail.render_png

    def render(position, **options):
        captions[translation.get_language()] = options["words"]
        return draw(position, **options)

    monkeypatch.setattr(game_mail, "render_png", render)
    with django_capture_on_commit_callbacks(execute=True):
        game_factory(moves=walled_game("square"), **board_options("square"))
    with translation.override("de"):
        method = translation.gettext("area scoring")
    # After the method, whose marking of the dead stones the count used (here the estimate).
    assert captions["de"].black == "Schwarz"
    assert captions["de"].area_scoring.startswith(f"{method}, ")
    assert captions["en"].black == "Black"
    assert captions["en"].area_scoring == "area scoring, dead stones estimated by the count"
