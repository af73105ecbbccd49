"""Playing a game, in the move service and on the board page: who may act, what the rules refuse
(the game left unchanged, the refusal explained on the page), clocks, passing and resigning, the
end of the game and its automatic count; the board page's and a move's query counts, which do
not grow with moves."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils import timezone

from games import hooks
from games.errors import MoveRefused, NotAPlayer, StalePage
from games.models import Game, GameStatus
from games.selectors.play import game_move_list
from games.services import play as play_service
from rules import BLACK, WHITE
from tests.games.conftest import NOW
from tests.games.helpers import KO_SETUP, board_url, messages_of, snapshot

pytestmark = pytest.mark.django_db


def play(game: Game, user, text: str, *, expected: int | None = None, now=NOW) -> Game:
    return play_service.game_move(
        game_id=game.pk,
        user=user,
        point=game.topology.parse(text),
        expected_move_number=game.move_number if expected is None else expected,
        now=now,
    )


def test_moves_are_stored_as_sgf_points_and_listed_with_coordinates(game_factory):
    game = game_factory(moves=("D4", "E5", "pass"))
    game.refresh_from_db()
    assert game.moves == "dfee.."
    assert game.move_number == 3
    assert game.to_move == WHITE
    labels = [(row.number, row.colour, row.label) for row in game_move_list(game=game)]
    assert labels == [(1, BLACK, "D4"), (2, WHITE, "E5"), (3, BLACK, "pass")]


@pytest.mark.parametrize(
    ("ruleset", "moves", "mover", "point", "code", "words"),
    [
        ("go-area", ("E5",), "white", "E5", "occupied", "already occupied"),
        ("go-area", ("J9", "A2", "J8", "B1"), "black", "A1", "suicide", "suicide"),
        ("go-territory", KO_SETUP, "white", "C4", "ko", "retake the ko"),
        ("go-area", KO_SETUP, "white", "C4", "superko", "repeat an earlier position"),
        ("go-area", ("E5",), "black", "D4", "not_your_turn", "not your turn"),
    ],
)
def test_every_illegal_move_is_explained_and_changes_nothing(
    game_factory, black, white, ruleset, moves, mover, point, code, words
):
    game = game_factory(ruleset=ruleset, moves=moves)
    before = snapshot(game)
    user = black if mover == "black" else white
    with pytest.raises(MoveRefused, match=words) as info:
        play(game, user, point)
    assert info.value.code == code
    assert snapshot(game) == before


def test_a_finished_game_takes_no_more_moves(game_factory, black, white):
    game = game_factory(moves=("E5",))
    play_service.game_resign(game_id=game.pk, user=white, expected_move_number=1, now=NOW)
    before = snapshot(game)
    with pytest.raises(MoveRefused, match="already over") as info:
        play(game, white, "D4", expected=1)
    assert info.value.code == "game_over"
    assert snapshot(game) == before


def test_a_stale_page_is_refused_and_changes_nothing(game_factory, black, white):
    game = game_factory(moves=("E5", "D4"))
    before = snapshot(game)
    with pytest.raises(StalePage, match="moved on"):
        play(game, black, "C3", expected=1)
    assert snapshot(game) == before


def test_strangers_cannot_move_pass_or_resign(game_factory, user_factory):
    game = game_factory()
    stranger = user_factory(username="kibitzer")
    before = snapshot(game)
    with pytest.raises(NotAPlayer):
        play(game, stranger, "E5")
    with pytest.raises(NotAPlayer):
        play_service.game_pass(game_id=game.pk, user=stranger, expected_move_number=0, now=NOW)
    with pytest.raises(PermissionDenied):
        play_service.game_resign(game_id=game.pk, user=stranger, expected_move_number=0, now=NOW)
    assert snapshot(game) == before


def test_only_the_player_to_move_may_pass(game_factory, white):
    game = game_factory()
    with pytest.raises(MoveRefused) as info:
        play_service.game_pass(game_id=game.pk, user=white, expected_move_number=0, now=NOW)
    assert info.value.code == "not_your_turn"


def test_captures_are_counted(game_factory):
    #   White A2 and B1 take the black stone on A1.
    game = game_factory(moves=("A1", "A2", "J9", "B1"))
    game.refresh_from_db()
    assert (game.black_captures, game.white_captures) == (0, 1)


def test_each_move_restarts_the_clock_of_the_next_player(game_factory, black):
    game = game_factory(clock_days=3)
    assert game.deadline == NOW + dt.timedelta(days=3)
    later = NOW + dt.timedelta(hours=30)
    game = play(game, black, "E5", now=later)
    assert game.deadline == later + dt.timedelta(days=3)
    assert game.last_move_at == later


def test_fischer_banks_time_left_plus_increment_up_to_the_cap(game_factory, black, white):
    game = game_factory(
        clock_kind="fischer", clock_days=7, clock_increment_days=2, clock_cap_days=14
    )
    assert game.deadline == NOW + dt.timedelta(days=7)
    t1 = NOW + dt.timedelta(days=1)
    game = play(game, black, "E5", now=t1)
    assert game.black_bank == dt.timedelta(days=8)  # 6 left + 2
    assert game.deadline == t1 + dt.timedelta(days=7)  # White's initial bank
    t2 = t1 + dt.timedelta(hours=1)
    game = play(game, white, "D4", now=t2)
    assert game.deadline == t2 + dt.timedelta(days=8)
    game = play(game, black, "C3", now=t2)
    assert game.black_bank == dt.timedelta(days=10)
    game = play(game, white, "F6", now=t2)
    game = play(game, black, "G7", now=t2)
    game = play(game, white, "B2", now=t2)
    game = play(game, black, "H8", now=t2)
    assert game.black_bank == dt.timedelta(days=14)  # capped


def test_handicap_puts_black_stones_down_and_white_moves_first(game_factory, white):
    game = game_factory(handicap=4)
    assert game.to_move == WHITE
    assert game.komi == Decimal("0.5")
    game = play(game, white, "E5")
    assert game.to_move == BLACK


def test_two_passes_end_the_game_and_score_it(game_factory, black, white):
    # Black walls off the left four columns; White owns the rest. Area: B 36, W 45 + 7.5.
    moves = []
    for row in range(1, 10):
        moves += [f"D{row}", f"E{row}"]
    game = game_factory(moves=(*moves, "pass", "pass"))
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.end_reason == "passes"
    assert game.deadline is None
    assert game.finished == NOW
    assert game.result == "W+16.5"
    assert game.score["black"]["total"] == 36
    assert game.score["white"]["total"] == 52.5
    assert game.score["dead"] == []


def test_resignation_gives_the_win_to_the_opponent_on_either_turn(game_factory, black):
    game = game_factory(moves=("E5",))
    game = play_service.game_resign(game_id=game.pk, user=black, expected_move_number=1, now=NOW)
    assert (game.status, game.result, game.end_reason) == ("finished", "W+R", "resign")
    assert game.score is None


def test_timeout_only_ends_an_overdue_game_and_is_safe_twice(game_factory, black):
    game = game_factory(clock_days=1)
    assert play_service.game_timeout(game_id=game.pk, now=NOW + dt.timedelta(hours=23)) is None
    late = NOW + dt.timedelta(days=1, seconds=1)
    game = play_service.game_timeout(game_id=game.pk, now=late)
    assert (game.result, game.end_reason, game.finished) == ("W+T", "timeout", late)
    assert play_service.game_timeout(game_id=game.pk, now=late) is None


def test_the_finished_hook_runs_once_and_side_effects_wait_for_commit(
    game_factory, black, white, django_capture_on_commit_callbacks
):
    seen = []

    def receiver(*, game, now):
        seen.append((game.pk, game.result, now))

    hooks.game_finished_register(receiver)
    try:
        game = game_factory(moves=("E5",))
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            play_service.game_resign(game_id=game.pk, user=white, expected_move_number=1, now=NOW)
        assert seen == [(game.pk, "B+R", NOW)]
        # The game-over mail, the review's estimate graph (games.reviews' receiver of the
        # same hook) and the watchers' notices (games.watching), each queued once for after
        # the commit (another hook renews the status stamps of both players).
        queued = [cb for cb in callbacks if "row" in getattr(cb, "keywords", {})]
        assert sorted(cb.keywords["row"].task for cb in queued) == [
            "games.game_estimate",
            "games.notify_game_over",
            "games.notify_watchers",
        ]
    finally:
        hooks.game_finished_unregister(receiver)


def test_a_move_mails_the_next_player_after_commit(
    game_factory, black, white, django_capture_on_commit_callbacks, mailoutbox
):
    game = game_factory()
    with django_capture_on_commit_callbacks(execute=True):
        play(game, black, "E5")
    assert [m.to for m in mailoutbox] == [[white.email]]
    assert "Your turn" in mailoutbox[0].subject


@pytest.mark.parametrize(
    ("name", "args", "method"),
    [
        ("games:status", [], "get"),
        ("games:new", [], "get"),
        ("games:accept", [1], "post"),
        ("games:move", [1], "post"),
        ("games:pass", [1], "post"),
        ("games:resign", [1], "post"),
        ("games:chat", [1], "post"),
    ],
)
def test_anonymous_visitors_are_sent_to_log_in(client, name, args, method):
    response = getattr(client, method)(reverse(name, args=args))
    assert response.status_code == 302
    assert response.url.startswith(reverse("account_login"))


def test_playing_by_clicking_a_point_then_confirming(client, game_factory, black):
    game = game_factory(now=timezone.now())
    client.force_login(black)
    page = client.get(board_url(game))
    # The clickable points come as data for board.js (a compact board), which builds the
    # "?confirm=E5" links; without JavaScript the move form's coordinate field plays.
    pick = re.search(rb'<g class="bd-links" data-href="([^"]*)" data-pick="([^"]*)">', page.content)
    assert pick.group(1) == b"?confirm={point}"
    assert b"E5,80,80" in pick.group(2).split(b" ")
    assert b'id="move-point" type="text" name="point"' in page.content
    confirm = client.get(board_url(game), {"confirm": "E5"})
    assert b"Play at <strong>E5</strong>?" in confirm.content
    game.refresh_from_db()
    assert game.move_number == 0  # asking to confirm plays nothing
    response = client.post(
        reverse("games:move", args=[game.pk]), {"point": "E5", "move_number": "0"}
    )
    assert response.url == board_url(game)
    game.refresh_from_db()
    assert game.moves == "ee"


def test_a_refused_move_is_explained_on_the_board_page(client, game_factory, white):
    game = game_factory(moves=("E5",), now=timezone.now())
    client.force_login(white)
    response = client.post(
        reverse("games:move", args=[game.pk]), {"point": "e5", "move_number": "1"}, follow=True
    )
    said = messages_of(response)
    assert any(m.startswith("That point is already occupied. Nothing was played.") for m in said)
    # ... with a link to the rule it broke (Learn).
    assert (
        f'Nothing was played. <a href="{reverse("learn:go")}#stones">' in response.content.decode()
    )
    response = client.post(
        reverse("games:move", args=[game.pk]), {"point": "Z99", "move_number": "1"}, follow=True
    )
    said = messages_of(response)
    assert any(m.startswith("Z99 is off the 9×9 board. Nothing was played.") for m in said)
    response = client.post(
        reverse("games:move", args=[game.pk]), {"point": "D4", "move_number": "0"}, follow=True
    )
    assert any("moved on" in m for m in messages_of(response))
    game.refresh_from_db()
    assert game.moves == "ee"


def test_spectators_see_a_public_game_but_cannot_play(client, game_factory, user_factory):
    game = game_factory(moves=("E5",))
    client.force_login(user_factory(username="kibitzer"))
    page = client.get(board_url(game))
    assert page.status_code == 200
    assert b"?confirm=" not in page.content
    assert b'id="move-form"' not in page.content
    # A spectator's move answers as in the API (403 not_a_player), on the 403 page.
    response = client.post(
        reverse("games:move", args=[game.pk]), {"point": "D4", "move_number": "1"}
    )
    assert response.status_code == 403
    assert b"Only the players of this game can do that." in response.content
    client.logout()
    assert client.get(board_url(game)).status_code == 200


def test_pass_and_resign_ask_first_then_act(client, game_factory, black, white):
    game = game_factory(now=timezone.now())
    client.force_login(black)
    ask = client.get(reverse("games:pass", args=[game.pk]))
    assert b"Yes, pass" in ask.content
    client.post(reverse("games:pass", args=[game.pk]), {"move_number": "0", "confirm": "yes"})
    client.force_login(white)
    client.post(reverse("games:pass", args=[game.pk]), {"move_number": "1", "confirm": "yes"})
    game.refresh_from_db()
    assert (game.status, game.end_reason) == (GameStatus.FINISHED, "passes")
    page = client.get(board_url(game))
    assert b"Result: W+" in page.content  # empty board: White wins by komi
    assert b"Area scoring" in page.content

    other = game_factory()
    ask = client.get(reverse("games:resign", args=[other.pk]))
    assert b"Yes, resign" in ask.content
    asked = client.post(reverse("games:resign", args=[other.pk]), {"move_number": "0"})
    assert b"Yes, resign" in asked.content  # without the page's answer it only asks again
    other.refresh_from_db()
    assert not other.is_over
    client.post(reverse("games:resign", args=[other.pk]), {"move_number": "0", "confirm": "yes"})
    other.refresh_from_db()
    assert other.result == "B+R"


def sparse_19x19_moves(n: int) -> tuple[str, ...]:
    """`n` (up to 342) legal moves on 19×19 without a capture: Black fills rows 1-9 from the
    bottom, White rows 11-19 from the top, column by column."""
    cols = "ABCDEFGHJKLMNOPQRST"
    moves = []
    for i in range(n):
        k = i // 2
        col, row = cols[k % 19], k // 19 + 1
        moves.append(f"{col}{row if i % 2 == 0 else 20 - row}")
    return tuple(moves)


# Issue 14 lowered these from 8 and 10: the session comes from the cache, the board look from
# the cache, a game of no ladder is remembered. Left: user, game, unread counts, chat (and the
# ladder, once per game); the status page when drawn: user, running, the running games'
# tournament or ladder (the ladder's game-labels hook), finished (count and page), unread
# counts, challenges received and sent. Issue 26 added one for a player: their private notes
# on the game (spectators of a running game cost no query for the reviews box). Issue 27 took
# the status page to 7: the finished page comes with its count, the challenges received and
# sent are one query, and the players of all the lists one more (instead of a join per list).
# It also took the board page to 4: whether the game has chat and the viewer notes comes with
# the game, so a game with neither reads them not (user, game, unread counts; the ladder once).
BOARD_PAGE_QUERIES = 4


# User, game (locked), vacation of the next player, game update, outbox row, its delete; plus
# the savepoints the test's transaction adds.
MOVE_POST_QUERIES = 8


@pytest.mark.parametrize("who", ["player", "spectator"])
def test_board_page_queries_do_not_grow_with_moves(
    client, game_factory, black, user_factory, who, django_assert_max_num_queries
):
    short = game_factory(board_size=19, moves=sparse_19x19_moves(5))
    long = game_factory(board_size=19, moves=sparse_19x19_moves(200), clock_days=7)
    assert (short.move_number, long.move_number) == (5, 200)
    client.force_login(black if who == "player" else user_factory(username="kibitzer"))
    client.get(board_url(short))  # warm the session
    for game in (short, long):
        with django_assert_max_num_queries(BOARD_PAGE_QUERIES):
            page = client.get(board_url(game))
        assert page.status_code == 200
        moves = page.content.split(b'<ol class="move-list">')[1].split(b"</ol>")[0]
        assert moves.count(b"<li>") == game.move_number


def test_a_move_post_reads_the_game_once(
    client, game_factory, black, white, django_assert_max_num_queries
):
    game = game_factory(board_size=19, moves=sparse_19x19_moves(100), now=timezone.now())
    client.force_login(black)
    client.get(board_url(game))  # warm the session
    with django_assert_max_num_queries(MOVE_POST_QUERIES) as captured:
        response = client.post(
            reverse("games:move", args=[game.pk]), {"point": "Q6", "move_number": "100"}
        )
    assert response.url == board_url(game)
    game.refresh_from_db()
    assert game.move_number == 101
    reads = [q["sql"] for q in captured.captured_queries if 'FROM "games_game"' in q["sql"]]
    assert len(reads) == 1, reads


def test_a_move_on_a_missing_game_is_a_404(client, black):
    client.force_login(black)
    url = reverse("games:move", args=[10**9])
    assert client.post(url, {"point": "D4", "move_number": "0"}).status_code == 404
    assert client.post(url, {"point": "", "move_number": "x"}).status_code == 404


def test_a_stale_resign_or_pass_page_says_what_did_not_happen(client, game_factory, black, white):
    game = game_factory(moves=("E5", "D4"), now=timezone.now())
    client.force_login(white)
    response = client.post(
        reverse("games:resign", args=[game.pk]), {"move_number": "1", "confirm": "yes"}, follow=True
    )
    [said] = messages_of(response)
    assert "moved on" in said and "You have not resigned" in said
    assert "Nothing was played" not in said
    client.force_login(black)
    response = client.post(
        reverse("games:pass", args=[game.pk]), {"move_number": "1", "confirm": "yes"}, follow=True
    )
    assert "You have not passed" in messages_of(response)[0]
    game.refresh_from_db()
    assert (game.is_over, game.move_number) == (False, 2)
