"""Game selectors: the order of a player's running games, and the status page's reads (their
statements: tests/games/test_sql.py): pages of finished games, open challenges, players."""

import datetime as dt

from games.game_settings import GameSettings
from games.models import Game
from games.selectors.status import (
    challenges_open_for,
    game_next_for,
    games_finished_for,
    games_finished_page_for,
    games_running_for,
    players_load,
)
from games.services import challenges, play
from tests.games.conftest import NOW


def test_a_stopped_clock_is_least_urgent_on_every_database(game_factory, black):
    soon = game_factory()  # Black to move, deadline in 3 days
    stopped = game_factory()
    later = game_factory()
    Game.objects.filter(pk=stopped.pk).update(deadline=None)  # Black is on vacation
    Game.objects.filter(pk=later.pk).update(deadline=soon.deadline + dt.timedelta(days=1))
    waiting = game_factory(moves=("E5",))  # White to move: Black waits

    expected = [soon.pk, later.pk, stopped.pk, waiting.pk]
    assert [g.pk for g in games_running_for(user=black)] == expected
    assert game_next_for(user=black).pk == soon.pk


def test_the_status_page_reads_finished_pages_challenges_and_players(
    game_factory, black, white, user_factory
):
    white.display_name = "Shiro"
    white.save()
    game_factory(moves=("E5", "D4"), board_kind="hex", board_size=6, ruleset="badux")
    game_factory(moves=("E5",), clock_kind="japanese", clock_periods=3, clock_period_days=1)
    for _ in range(5):
        done = game_factory()
        play.game_resign(game_id=done.pk, user=white, expected_move_number=0, now=NOW)
    game_factory(black=user_factory())  # not Black's
    nine = GameSettings(board_kind="square", board_size=9, ruleset="go-area")
    invited = challenges.challenge_create(creator=white, recipient=black, settings=nine, now=NOW)
    mine = challenges.challenge_create(creator=black, settings=nine, now=NOW)
    challenges.challenge_create(creator=white, settings=nine, now=NOW)  # not Black's

    running = games_running_for(user=black)

    finished = list(games_finished_for(user=black))  # 5, the same minute: newest id first
    # (page asked, page size) -> (page given, its games as indexes into `finished`)
    for (number, size), (given, expected) in {
        (1, 2): (1, [0, 1]),
        (3, 2): (3, [4]),
        (9, 2): (3, [4]),  # past the end: the last page
        (1, 9): (1, [0, 1, 2, 3, 4]),
    }.items():
        page = games_finished_page_for(user=black, number=number, size=size)
        assert [g.pk for g in page.object_list] == [finished[i].pk for i in expected]
        assert (page.number, page.paginator.count) == (given, 5)
        for game in page.object_list:
            shown = ("board_kind", "board_size", "black_id", "white_id", "result", "end_reason")
            assert {f: getattr(game, f) for f in (*shown, "finished")} == {
                f: getattr(Game.objects.get(pk=game.pk), f) for f in (*shown, "finished")
            }
    empty = games_finished_page_for(user=user_factory(), number=2, size=2)
    assert (list(empty.object_list), empty.number, empty.paginator.num_pages) == ([], 1, 1)

    received, sent = challenges_open_for(user=black, now=NOW)
    assert (received, sent) == ([invited], [mine])
    assert challenges_open_for(user=black, now=invited.expires) == ([], [])

    players_load(games=running, challenges=[*received, *sent])
    assert {(g.black.username, g.white.username, g.white.display_name) for g in running} == {
        ("kuro", "shiro", "Shiro")
    }
    assert (received[0].creator, received[0].recipient, sent[0].recipient) == (white, black, None)
