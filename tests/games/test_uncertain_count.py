"""When the automatic count is unsure of some stones, the result page, the game-over mail and
the scored image say so and mark them; when it is sure, nothing extra is shown.

CORNER_FIGHT (9×9, area scoring)::

      A B C D E F G H J
    9 . X X . O . . . .      Black B9-C7 and White A8-B7 share A9 and B8, and each has one
    8 O . X O . . . . .      liberty of its own (D9, A6) open to the rest of the board: a
    7 O O X O . . . . .      corner fight the game stopped before. No closed area to read,
    6 . X O O . . . . .      so the estimate leaves both alive and flags them. (Without D9
    5 X X O . . . . . .      and A6 it is a corner seki, which local reading proves: sure.)
    4 X X O . . . . . .
    3 X X O O O O O O O
    2 X X X X X X X X X
    1 . . . . . . . . .
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from games.services import disputes
from rules.scoring import uncertain_note
from tests.games.conftest import NOW
from tests.games.helpers import FIGHT, corner_fight_moves
from tests.games.positions import counted_square, play_out


@pytest.fixture
def fight_game(black, white):
    return play_out(black=black, white=white, now=NOW, moves=corner_fight_moves())


def _names(game, sgf_points) -> set[str]:
    return {game.topology.name(game.topology.from_sgf(p)) for p in sgf_points}


def test_the_stored_count_keeps_the_stones_it_was_unsure_of(fight_game):
    assert fight_game.is_over
    assert _names(fight_game, fight_game.score["uncertain"]) == FIGHT
    assert fight_game.score["dead"] == []


def test_the_result_page_rings_those_stones_and_says_to_check_them(
    client, fight_game, black, settings
):
    settings.GAMES_DISPUTE_WINDOW_DAYS = 3
    client.force_login(black)
    page = client.get(reverse("games:board", args=[fight_game.pk])).content.decode()
    assert page.count("bd-unsure") == len(FIGHT)
    note = re.search(r'id="count-unsure"><strong>([^<]*)</strong>', page).group(1)
    # The window is counted from the end of the game (NOW); the test client's clock is later.
    assert note.startswith(uncertain_note())
    for name in FIGHT:
        assert name in page


def test_a_sure_count_shows_nothing_extra(client, black, white):
    game = counted_square(black=black, white=white, now=NOW)
    assert game.score["uncertain"] == []
    client.force_login(black)
    page = client.get(reverse("games:board", args=[game.pk])).content.decode()
    assert "bd-unsure" not in page
    assert "count-unsure" not in page


def test_the_game_over_mail_says_where_the_count_may_be_wrong(
    black, white, django_capture_on_commit_callbacks, mailoutbox, settings
):
    settings.GAMES_DISPUTE_WINDOW_DAYS = 3
    with django_capture_on_commit_callbacks(execute=True):
        game = play_out(black=black, white=white, now=NOW, moves=corner_fight_moves())
    mail = next(m for m in mailoutbox if m.to == [black.email] and "is over" in m.subject)
    text = mail.body
    assert uncertain_note(3) in text
    assert all(name in text for name in FIGHT)
    html = mail.alternatives[0][0]
    assert uncertain_note(3) in html
    assert game.score["uncertain"]


def test_an_agreed_marking_leaves_nothing_uncertain(fight_game, black, white):
    later = fight_game.finished
    dispute = fight_game.score_dispute  # the count, unsure, opened the marking phase itself
    for player in (black, white):
        dispute = disputes.dispute_accept(
            game_id=fight_game.pk, user=player, expected_version=dispute.version, now=later
        )
    fight_game.refresh_from_db()
    assert fight_game.score["uncertain"] == []


def test_while_the_marking_is_open_the_result_is_only_so_far_and_the_link_comes_first(
    client, black, white, settings, django_capture_on_commit_callbacks
):
    """A player who just passed must not read a final "Result: … wins" over a count that is
    still open; the way to the marking comes before the score table."""
    settings.GAMES_DISPUTE_WINDOW_DAYS = 3
    with django_capture_on_commit_callbacks(execute=True):
        fight_game = play_out(black=black, white=white, now=NOW, moves=corner_fight_moves())
    fight_game.score_dispute.__class__.objects.filter(pk=fight_game.score_dispute.pk).update(
        deadline=timezone.now() + dt.timedelta(days=3)
    )
    client.force_login(black)
    page = client.get(reverse("games:board", args=[fight_game.pk])).content.decode()
    result = page.split('class="card game-result"')[1]
    assert "Result so far:" in result and " wins" not in result.split("</p>")[0]
    assert result.index(reverse("games:marking", args=[fight_game.pk])) < result.index("Total")


def test_a_sure_count_reads_as_the_result(client, black, white):
    game = counted_square(black=black, white=white, now=NOW)
    client.force_login(black)
    page = client.get(reverse("games:board", args=[game.pk])).content.decode()
    assert "Result: " in page and "Result so far:" not in page
