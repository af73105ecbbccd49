"""Games pages: plain form POSTs without JavaScript, login for actions, readable refusals and
query counts that do not grow with moves or games."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.selectors import ContactRefused
from accounts.services import relation_set
from games.game_settings import GameSettings
from games.models import Challenge, ChallengeStatus, Game, GameStatus
from games.services import challenges, play

pytestmark = pytest.mark.django_db


def board_url(game: Game) -> str:
    return reverse("games:board", args=[game.pk])


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


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


def test_new_game_form_posts_an_open_challenge_to_the_waiting_room(client, black, white):
    client.force_login(black)
    response = client.post(
        reverse("games:new"),
        {
            "game": "hex-8",
            "ruleset": "badux",
            "komi": "",
            "handicap": "0",
            "colour": "black",
            "clock_kind": "per_move",
            "clock_days": "5",
            "rated": "on",
            "message": "Anyone for Badux?",
        },
        follow=True,
    )
    challenge = Challenge.objects.get()
    assert (challenge.board_kind, challenge.board_size, challenge.komi) == ("hex", 8, 6.5)
    assert challenge.recipient is None
    assert "Your challenge is in the Waiting Room." in messages_of(response)
    client.force_login(white)
    page = client.get(reverse("games:waiting_room"), {"game": "hex-8"})
    assert b"Anyone for Badux?" in page.content
    other = client.get(reverse("games:waiting_room"), {"game": "square-19"})
    assert list(other.context["page"].object_list) == []
    response = client.post(reverse("games:accept", args=[challenge.pk]))
    game = Game.objects.get()
    assert response.url == board_url(game)
    assert (game.black, game.white, game.clock_days) == (black, white, 5)


def test_new_game_form_explains_bad_input_and_keeps_it(client, black):
    client.force_login(black)
    data = {
        "game": "square-9",
        "ruleset": "go-area",
        "komi": "6.3",
        "handicap": "0",
        "colour": "random",
        "clock_kind": "fischer",
        "clock_days": "3",
        "opponent": "nobody-by-that-name",
    }
    form = client.post(reverse("games:new"), data).context["form"]
    assert form.errors["komi"] == ["Komi is a number of half points between -50 and 50, like 6.5."]
    assert "Choose the Fischer increment." in form.errors["clock_increment_days"]
    assert form.data["komi"] == "6.3"
    data.update(komi="6.5", clock_increment_days="1", clock_cap_days="14")
    form = client.post(reverse("games:new"), data).context["form"]
    assert form.errors == {"opponent": ["There is no player with that username."]}
    assert not Challenge.objects.exists()


def test_invitation_can_be_declined_and_the_sender_is_told(
    client, black, white, django_capture_on_commit_callbacks, mailoutbox
):
    now = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        challenge = challenges.challenge_create(
            creator=black,
            recipient=white,
            now=now,
            settings=GameSettings(board_kind="square", board_size=13, ruleset="go-territory"),
        )
    assert [m.to for m in mailoutbox] == [[white.email]]
    client.force_login(white)
    page = client.get(reverse("games:challenge", args=[challenge.pk]))
    assert b"Decline" in page.content
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("games:decline", args=[challenge.pk]))
    challenge.refresh_from_db()
    assert challenge.status == ChallengeStatus.DECLINED
    assert mailoutbox[-1].to == [black.email]
    assert "declined" in mailoutbox[-1].subject


def test_ignored_players_cannot_invite_and_do_not_see_open_challenges(
    client, black, white, user_factory
):
    now = timezone.now()
    relation_set(owner=white, target=black, kind="ignore", now=now)
    with pytest.raises(ContactRefused, match="does not accept"):
        challenges.challenge_create(
            creator=black,
            recipient=white,
            now=now,
            settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
        )
    challenge = challenges.challenge_create(
        creator=black,
        now=now,
        settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
    )
    client.force_login(white)
    assert list(client.get(reverse("games:waiting_room")).context["page"].object_list) == []
    # Even with the link, accepting is refused and no game starts.
    # A contact refusal answers as in the API (403 contact_refused), on the 403 page.
    response = client.post(reverse("games:accept", args=[challenge.pk]))
    assert response.status_code == 403
    assert b"does not accept" in response.content or b"ignore list" in response.content
    assert not Game.objects.exists()
    client.force_login(user_factory(username="friend"))
    page = client.get(reverse("games:waiting_room")).context["page"]
    assert list(page.object_list) == [challenge]


def test_expired_challenges_leave_the_waiting_room_and_cannot_be_accepted(
    client, black, white, settings
):
    settings.GAMES_CHALLENGE_EXPIRY_DAYS = 2
    old = timezone.now() - dt.timedelta(days=3)
    challenge = challenges.challenge_create(
        creator=black,
        now=old,
        settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
    )
    client.force_login(white)
    assert list(client.get(reverse("games:waiting_room")).context["page"].object_list) == []
    response = client.post(reverse("games:accept", args=[challenge.pk]), follow=True)
    assert "This challenge is no longer open: it was expired." in messages_of(response)
    challenge.refresh_from_db()
    assert challenge.status == ChallengeStatus.EXPIRED


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
    client.post(reverse("games:pass", args=[game.pk]), {"move_number": "0"})
    client.force_login(white)
    client.post(reverse("games:pass", args=[game.pk]), {"move_number": "1"})
    game.refresh_from_db()
    assert (game.status, game.end_reason) == (GameStatus.FINISHED, "passes")
    page = client.get(board_url(game))
    assert b"Result: W+" in page.content  # empty board: White wins by komi
    assert b"Area scoring" in page.content

    other = game_factory()
    ask = client.get(reverse("games:resign", args=[other.pk]))
    assert b"Yes, resign" in ask.content
    client.post(reverse("games:resign", args=[other.pk]), {"move_number": "0"})
    other.refresh_from_db()
    assert other.result == "B+R"


def test_chat_between_the_players(client, game_factory, black, user_factory):
    game = game_factory()
    client.force_login(black)
    client.post(reverse("games:chat", args=[game.pk]), {"text": "Have a good game"})
    page = client.get(board_url(game))
    assert b"Have a good game" in page.content
    client.force_login(user_factory(username="kibitzer"))
    response = client.post(reverse("games:chat", args=[game.pk]), {"text": "hi"})
    assert response.status_code == 403
    assert b"Only the players of this game can write in its chat." in response.content


def test_history_lists_finished_public_games(client, game_factory, black, white):
    game = game_factory(moves=("E5",))
    play.game_resign(game_id=game.pk, user=white, expected_move_number=1, now=timezone.now())
    game_factory()  # still running: not in the history
    page = client.get(reverse("games:history"), {"player": "kuro"})
    assert list(page.context["page"].object_list) == [game]


@pytest.mark.parametrize("name", ["\x00", "kuro\x00", "x" * 5000])
def test_history_for_a_name_no_account_can_have_says_there_is_no_such_player(
    client, game_factory, name, refuse_nul_like_postgresql
):
    page = client.get(reverse("games:history"), {"player": name})
    assert page.status_code == 200
    assert page.context["player"] is None
    assert messages_of(page) == [f"There is no player named '{name.strip()}'."]


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
        reverse("games:resign", args=[game.pk]), {"move_number": "1"}, follow=True
    )
    [said] = messages_of(response)
    assert "moved on" in said and "You have not resigned" in said
    assert "Nothing was played" not in said
    client.force_login(black)
    response = client.post(reverse("games:pass", args=[game.pk]), {"move_number": "1"}, follow=True)
    assert "You have not passed" in messages_of(response)[0]
    game.refresh_from_db()
    assert (game.is_over, game.move_number) == (False, 2)


def test_the_report_link_speaks_of_scoring_only_for_a_counted_game(
    client, game_factory, black, white
):
    resigned = game_factory(now=timezone.now())
    play.game_resign(game_id=resigned.pk, user=black, expected_move_number=0, now=timezone.now())
    counted = game_factory(moves=("pass", "pass"), now=timezone.now())
    client.force_login(black)
    page = client.get(board_url(resigned)).content.decode()
    assert "Report a problem with this result" in page
    assert "scoring" not in page.split('class="card game-result"')[1].split("</section>")[0]
    page = client.get(board_url(counted)).content.decode()
    assert "Report this game's scoring" in page


def test_the_new_game_form_names_boards_as_every_other_page(client, black):
    client.force_login(black)
    page = client.get(reverse("games:new")).content.decode()
    assert '<option value="hex-6">Badux hex 6</option>' in page
    assert '<option value="square-19" selected>Go 19×19</option>' in page


@pytest.mark.parametrize(
    ("game", "ruleset", "stored", "refusal"),
    [
        ("hex-6", "", ("hex", 6, "badux", "6.5"), None),
        ("hex-8", "badux", ("hex", 8, "badux", "6.5"), None),
        ("square-9", "", ("square", 9, "go-area", "7.5"), None),
        ("hex-6", "go-area", None, "Badux boards are played with the Badux rules"),
        ("hex-6", "go-territory", None, "Badux boards are played with the Badux rules"),
        ("square-13", "badux", None, "The Badux rules are for hexagonal boards"),
    ],
)
def test_the_rules_of_a_new_game_follow_its_board_or_the_form_says_why_not(
    client, black, game, ruleset, stored, refusal
):
    client.force_login(black)
    data = {"game": game, "ruleset": ruleset, "komi": "", "handicap": "0", "colour": "black"}
    data.update(clock_kind="per_move", clock_days="3")
    response = client.post(reverse("games:new"), data)
    if refusal:
        assert response.status_code == 200
        assert refusal in response.context["form"].errors["ruleset"][0]
        assert not Challenge.objects.exists()
    else:
        challenge = Challenge.objects.get()
        assert (
            challenge.board_kind,
            challenge.board_size,
            challenge.ruleset,
            str(challenge.komi),
        ) == stored


GAME_PATHS = (
    "board", "move", "words", "pass", "resign", "chat", "conditional_add", "dispute", "marking",
    "marking_toggle", "marking_accept", "report", "contact", "review", "sgf",
)  # fmt: skip


@pytest.mark.parametrize("name", GAME_PATHS)
@pytest.mark.parametrize("method", ["get", "post"])
def test_a_private_game_is_not_found_by_others_on_every_path(
    client, game_factory, user_factory, name, method
):
    """One game-access check (games.selectors.play.game_view_check): to a non-player, a
    private game answers exactly as a game that does not exist, whatever the path."""
    game = game_factory(moves=("E5",))
    Game.objects.filter(pk=game.pk).update(public=False)
    client.force_login(user_factory(username="stranger"))
    data = {"point": "D4", "move_number": "1", "text": "hi", "version": "1", "line": "D4"}
    send = getattr(client, method)
    hidden = send(reverse(f"games:{name}", args=[game.pk]), data)
    missing = send(reverse(f"games:{name}", args=[game.pk + 1000]), data)
    assert hidden.status_code == missing.status_code
    assert hidden.status_code in (404, 405)
