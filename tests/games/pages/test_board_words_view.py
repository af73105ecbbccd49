"""The board in words on the site: the game page's section, the questions at
/games/<id>/words/ (JSON for the scripts, a page without them) and the status line after a move
(games/views/board_words.py, games/views/play.py)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

pytestmark = pytest.mark.django_db


def _words(client, game, headers=None, **params):
    return client.get(reverse("games:words", args=[game.pk]), params, headers=headers)


def test_the_game_page_reads_the_position_in_words(client, game_factory, black):
    game = game_factory(moves=("E5", "C3"))
    client.force_login(black)
    page = client.get(reverse("games:board", args=[game.pk])).content.decode()
    assert "Position in words" in page
    assert "Your turn. Black to play, move 3. White played C3. Captures: Black 0, White 0." in page
    assert "<li>Row 5: E5 black; the rest empty</li>" in page
    assert "<li>Row 3: C3 white; the rest empty</li>" in page
    # The cursor's script and the page's status line are there; the keys are written out.
    assert 'data-cursor data-words-url="/games/' in page and 'id="board-said"' in page
    assert "Page Up" not in page  # a square board has four directions
    hex_game = game_factory(board_kind="hex", board_size=6)
    page = client.get(reverse("games:board", args=[hex_game.pk])).content.decode()
    assert "Page Up and Page Down" in page


def test_questions_answer_in_json(client, game_factory, black):
    game = game_factory(moves=("E5", "D5", "E4"))
    client.force_login(black)
    answer = _words(client, game, ask="chain", point="e5", format="json").json()
    assert (
        answer["text"] == "Black chain of 2 stones: E5 and E4; 5 liberties: E6, F5, D4, F4 and E3."
    )
    assert answer["move_number"] == 3 and answer["answered"] is True
    answer = _words(client, game, ask="neighbours", point="D5", format="json").json()
    assert answer["text"].startswith("Next to D5: up D6, empty; down D4, empty; left C5, empty;")
    assert _words(client, game, ask="atari", format="json").json()["text"] == (
        "No chain is in atari."
    )
    row = _words(client, game, ask="row", point="A5", format="json").json()["text"]
    assert row == "Row 5: A5 to C5 empty, D5 white, E5 black, F5 to J5 empty."


def test_a_preview_says_what_a_move_does_or_why_it_is_refused(client, game_factory, white):
    game = game_factory(moves=("E5", "D5", "E4"))
    client.force_login(white)
    said = _words(client, game, ask="preview", point="D4", format="json").json()["text"]
    assert said == "D4: joins your D5 chain (1 stone), 4 liberties, captures none."
    refused = _words(client, game, ask="preview", point="E5", format="json").json()
    assert refused["text"] == "E5: refused, that point is already occupied."


def test_the_poll_is_cheap_until_a_move_is_made(
    client, game_factory, white, django_assert_max_num_queries
):
    game = game_factory(moves=("E5",))
    client.force_login(white)
    with django_assert_max_num_queries(8):
        same = _words(client, game, ask="status", since="1", format="json").json()
    assert same == {"move_number": 1, "changed": False}
    news = _words(client, game, ask="status", since="0", format="json").json()
    assert news["changed"] is True
    assert news["text"].startswith("Black played E5. Your turn.")


@pytest.mark.parametrize(
    "params",
    [
        {"ask": "chain"},
        {"ask": "chain", "point": "Z99"},
        {"ask": "row", "point": "<script>"},
        {"ask": "preview", "point": "I5"},
        {"ask": "nonsense"},
        {"ask": "count"},
        {},
    ],
)
def test_odd_questions_get_a_sentence_not_an_error(client, game_factory, black, params):
    game = game_factory(moves=("E5",))
    client.force_login(black)
    response = _words(client, game, **params)
    assert response.status_code == 400
    assert b"<script>" not in response.content
    assert b"Ask about the board" in response.content
    as_json = _words(client, game, format="json", **params)
    assert as_json.status_code == 400 and as_json.json()["answered"] is False


def test_a_point_off_the_board_is_refused_as_the_registry_says(client, game_factory, black):
    game = game_factory(moves=("E5",))
    client.force_login(black)
    refused = _words(client, game, ask="chain", point="Z99", format="json")
    assert refused.status_code == 400  # CoordinateError's, as in the API
    assert refused.json()["lines"] == [
        "Z99 is off the 9×9 board.",
        "Give a point of the 9×9 board, such as E5.",
    ]
    missing = _words(client, game, ask="chain", format="json")
    assert missing.json()["lines"] == ["Give a point of the 9×9 board, such as E5."]


def test_the_page_without_scripts_answers_with_the_form_again(client, game_factory, black):
    game = game_factory(moves=("E5", "C3"))
    client.force_login(black)
    response = _words(client, game, ask="chain", point="C3")
    assert response.status_code == 200
    body = response.content.decode()
    assert "White chain of 1 stone: C3; 4 liberties: C4, B3, D3 and C2." in body
    assert 'role="status"' in body and "Back to the game" in body


def test_a_move_is_said_in_the_status_line(client, game_factory, black):
    game = game_factory(moves=(), now=timezone.now())
    client.force_login(black)
    response = client.post(
        reverse("games:move", args=[game.pk]), {"point": "E5", "move_number": 0}, follow=True
    )
    body = response.content.decode()
    assert '<div role="status"><ul class="messages">' in body
    assert '<li class="board-moved success">You played E5.</li>' in body
    # board_cursor.js says it in the board's status line with whose turn it is now.
    assert 'id="board-said" class="board-said" role="status" data-turn="shiro to move."' in body


def test_a_finished_game_is_counted_by_rows(client, game_factory, black):
    game = game_factory(moves=("E5", "pass", "pass"))
    game.refresh_from_db()
    assert game.is_over
    client.force_login(black)
    lines = _words(client, game, ask="count", format="json").json()["lines"]
    assert lines[0] == "Row 9: Black A9, B9, C9, D9, E9, F9, G9, H9, J9"
    page = client.get(reverse("games:board", args=[game.pk])).content.decode()
    assert "The count, row by row" in page


def test_the_confirmation_without_scripts_says_the_move_in_words(client, game_factory, white):
    game = game_factory(moves=("E5", "D5", "E4"))
    client.force_login(white)
    page = client.get(reverse("games:board", args=[game.pk]), {"confirm": "d4"}).content.decode()
    assert "<p>D4: joins your D5 chain (1 stone), 4 liberties, captures none.</p>" in page


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_the_words_are_said_in_every_language(client, game_factory, black, language):
    # A translation that loses a placeholder would turn these answers into errors.
    game = game_factory(moves=("E5", "D5", "E4", "pass"))
    client.force_login(black)
    headers = {"Accept-Language": language}
    for ask in ("position", "status", "chain", "neighbours", "row", "column", "atari", "preview"):
        answer = _words(client, game, ask=ask, point="E5", format="json", headers=headers)
        assert answer.status_code in (200, 400), ask
        assert answer.json()["text"]
    page = client.get(reverse("games:board", args=[game.pk]), headers=headers)
    assert page.status_code == 200


def test_the_review_asks_about_the_position_after_a_move(client, game_factory, black):
    game = game_factory(moves=("E5", "D5", "E4", "pass", "pass"))
    game.refresh_from_db()
    client.force_login(black)
    at_one = _words(client, game, ask="chain", point="E5", move="1", format="json").json()
    assert at_one["text"] == "Black chain of 1 stone: E5; 4 liberties: E6, D5, F5 and E4."
    assert at_one["move_number"] == 5  # the game's, not the move asked about
    status = _words(client, game, ask="status", move="2", format="json").json()["text"]
    assert status == "Black to play, move 3. White played D5. Captures: Black 0, White 0."
    # A past position may be previewed; the count is the end's only.
    said = _words(client, game, ask="preview", point="D4", move="2", format="json").json()
    assert said["text"] == "D4: a new chain, 3 liberties, captures none."
    past = _words(client, game, ask="count", move="3", format="json")
    assert past.status_code == 400
    # The last move, or any number that is not a past move, is the game as it is.
    for move in ("5", "99", "-1x", ""):
        answer = _words(client, game, ask="chain", point="E5", move=move, format="json").json()
        assert answer["text"].startswith("Black chain of 2 stones: E5 and E4;")
    # The game is over there: a preview is refused as the registry answers GameOver.
    assert _words(client, game, ask="preview", point="D4", move="5").status_code == 409


def test_the_review_page_has_the_keyboard_cursor_and_its_keys(client, game_factory, black):
    game = game_factory(moves=("E5", "D5"))
    page = client.get(reverse("games:review", args=[game.pk])).content.decode()
    words = reverse("games:words", args=[game.pk])
    assert f'data-cursor data-words-url="{words}" data-cursor-mode="read"' in page
    assert "9×9 board of the review</title>" in page
    assert 'id="board-said" class="board-said" role="status"' in page
    assert "Elsewhere on the page, Left and Right step through the moves" in page
    assert "Keys for the board" in page and "play at the cursor" not in page


def test_a_typed_move_without_scripts_is_said_in_words_before_it_is_played(
    client, game_factory, black
):
    game = game_factory(moves=("E5", "D5"), now=timezone.now())
    client.force_login(black)
    url = reverse("games:move", args=[game.pk])
    board = reverse("games:board", args=[game.pk])
    # The typed field's form asks for the preview: nothing is played.
    page = client.get(board).content.decode()
    assert '<input type="hidden" name="preview" value="1">' in page
    response = client.post(url, {"point": "e4", "move_number": 2, "preview": "1"})
    assert response.status_code == 302
    assert response["Location"] == f"{board}?confirm=e4&move_number=2#move-confirm"
    game.refresh_from_db()
    assert game.move_number == 2
    page = client.get(response["Location"]).content.decode()
    assert "Play at <strong>E4</strong>?" in page
    assert "E4: joins your E5 chain (1 stone), 5 liberties, captures none." in page
    assert '<input type="hidden" name="move_number" value="2">' in page
    # Its button posts without the preview: now the move is played.
    played = client.post(url, {"point": "E4", "move_number": 2}, follow=True)
    assert '<li class="board-moved success">You played E4.</li>' in played.content.decode()
    game.refresh_from_db()
    assert game.move_number == 3


def test_a_typed_preview_keeps_the_page_move_number_and_says_a_refusal(
    client, game_factory, black, white
):
    game = game_factory(moves=("E5",), now=timezone.now())
    client.force_login(white)
    url = reverse("games:move", args=[game.pk])
    # An occupied point: the preview page says why, and offers nothing to play.
    response = client.post(url, {"point": "E5", "move_number": 1, "preview": "1"}, follow=True)
    body = response.content.decode()
    said = [str(m) for m in response.context["messages"]]
    assert "E5 cannot be played: that point is already occupied." in said
    assert 'id="move-confirm"' not in body
    # A preview asked from a page older than the game: its confirmation is refused on play.
    response = client.post(url, {"point": "D4", "move_number": 0, "preview": "1"}, follow=True)
    assert '<input type="hidden" name="move_number" value="0">' in response.content.decode()
    refused = client.post(url, {"point": "D4", "move_number": 0}, follow=True)
    assert any("The game has moved on" in str(m) for m in refused.context["messages"])
    game.refresh_from_db()
    assert game.move_number == 1
    # A preview of nothing is the usual refusal.
    empty = client.post(url, {"point": "", "move_number": 1, "preview": "1"}, follow=True)
    assert [str(m) for m in empty.context["messages"]] == ["Give a coordinate such as D4."]
