"""Speed and queries of the two busiest game pages as games grow: the board page at 5 and 200
moves (19×19) and the status page with 1 and 30 running games (each with its SVG thumbnail)
plus as many finished ones; and the move POST (a 19×19 game from move 100, the two players
taking turns, redirect not followed).

Run: .venv/bin/python bench/games_pages.py [--repeat N] [--database-url URL] [--profile WORD]

Each page is fetched with Django's test client, logged in, N times (a reload: the game page and
the status page are then the ones kept in the cache; "drawn" renews the player's status stamp
before each fetch, as a change to one of their games does); the table gives the CPU
time of this process per request (best and median, so a busy machine skews it less than wall
time), the queries per request and the HTML size. A temporary SQLite file is used unless
--database-url names another database (the bench migrates it and writes to it).
`--profile WORD` also prints, for each row whose label contains WORD, the functions that took
most of its timed requests' time (cProfile, by cumulative time).
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import functools
import io
import logging
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _sparse_moves(n: int) -> list[str]:
    """`n` legal 19×19 moves without captures: Black fills rows 1-9, White rows 11-19."""
    cols = "ABCDEFGHJKLMNOPQRST"
    moves = []
    for i in range(n):
        k = i // 2
        col, row = cols[k % 19], k // 19 + 1
        moves.append(f"{col}{row if i % 2 == 0 else 20 - row}")
    return moves


def _setup(moves_short: int, moves_long: int, games: int):
    from allauth.account.models import EmailAddress
    from django.core.management import call_command
    from django.utils import timezone

    from accounts.models import User
    from games.game_settings import GameSettings
    from games.services import play

    call_command("migrate", verbosity=0)
    now = timezone.now()
    users = []
    for name in ("bench-black", "bench-white", "bench-solo", "bench-rival"):
        user = User.objects.create_user(username=name, email=f"{name}@example.org")
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
        users.append(user)
    black, white, solo, rival = users

    def start(b, w, moves=(), size=19, kind="square"):
        game = play.game_start(
            black=b,
            white=w,
            now=now,
            settings=GameSettings(
                board_kind=kind, board_size=size, ruleset="go-area" if kind == "square" else "badux"
            ),
        )
        for name in moves:
            game = play.game_move(
                game_id=game.pk,
                user=game.player(game.to_move),
                point=game.topology.parse(name),
                expected_move_number=game.move_number,
                now=now,
            )
        return game

    short = start(black, white, _sparse_moves(moves_short))
    long = start(black, white, _sparse_moves(moves_long))
    # Solo: one running and one finished game. Black: `games` of each, the two above among
    # the running ones, against a rival.
    start(solo, white, _sparse_moves(20))
    play.game_resign(game_id=start(solo, white).pk, user=white, expected_move_number=0, now=now)
    for i in range(games):
        if i < games - 2 and i % 2:
            start(black, rival, (), size=(6, 8, 12)[i % 3], kind="hex")
        elif i < games - 2:
            start(black, rival, _sparse_moves(2 * i))
        done = start(black, rival)
        play.game_resign(game_id=done.pk, user=rival, expected_move_number=0, now=now)
    return black, solo, short, long, start(black, white, _sparse_moves(100))


def _measure_moves(
    black, white, game, repeat: int, profile: cProfile.Profile | None = None
) -> tuple[float, float, int, int]:
    """CPU and queries of `repeat` legal move POSTs, the two players taking turns. The queued
    tasks go to Celery's in-memory broker instead of running here, as a web process would
    leave them to the workers."""
    from celery import current_app
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    clients = {}
    for user in (black, white):
        clients[user.pk] = Client()
        clients[user.pk].force_login(user)
    url = reverse("games:move", args=[game.pk])
    first = game.move_number
    names = _sparse_moves(first + repeat + 1)[first:]
    times = []
    queries = 0
    player = (black, white)
    current_app.conf.task_always_eager = False
    for i, name in enumerate(names):
        number = first + i
        client = clients[player[number % 2].pk]
        with CaptureQueriesContext(connection) as captured, _profiled(profile if i else None):
            start = time.process_time()
            response = client.post(url, {"point": name, "move_number": number})
            elapsed = time.process_time() - start
        assert response.status_code == 302, (name, response.status_code)
        if i:  # the first POST warms the session and the caches
            times.append(elapsed)
            queries = len(captured.captured_queries)
    current_app.conf.task_always_eager = True
    game.refresh_from_db()
    assert game.move_number == first + len(names), "a move was refused"
    return min(times), statistics.median(times), queries, 0


@contextlib.contextmanager
def _profiled(profile: cProfile.Profile | None):
    """Run the block under `profile`, if any."""
    if profile is None:
        yield
        return
    profile.enable()
    try:
        yield
    finally:
        profile.disable()


def _measure(
    client,
    url: str,
    repeat: int,
    before: Callable[[], None] = lambda: None,
    profile: cProfile.Profile | None = None,
) -> tuple[float, float, int, int]:
    """CPU, queries and size of `repeat` GETs of `url`, `before()` run (untimed) before each."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.get(url)  # warm caches and the session
    times = []
    queries = size = 0
    for _ in range(repeat):
        before()
        with CaptureQueriesContext(connection) as captured, _profiled(profile):
            start = time.process_time()
            response = client.get(url)
            times.append(time.process_time() - start)
        assert response.status_code == 200, (url, response.status_code)
        queries, size = len(captured.captured_queries), len(response.content)
    return min(times), statistics.median(times), queries, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--database-url", default="")
    parser.add_argument("--profile", default="", help="profile the rows whose label has WORD")
    args = parser.parse_args()
    workdir = tempfile.TemporaryDirectory()
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{workdir.name}/bench.sqlite3"
    os.environ["DJANGO_SETTINGS_MODULE"] = "baduxsite.settings.test"
    import django

    django.setup()
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.urls import reverse

    from core.http_cache.stamps import status_stamps_bump

    setup_test_environment()
    logging.disable(logging.WARNING)  # the in-process Celery tasks of the setup log every move
    black, solo, short, long, moving = _setup(5, 200, 30)
    client = Client()
    rows = []
    profiles: dict[str, cProfile.Profile] = {}

    def profile(label: str) -> cProfile.Profile | None:
        if not args.profile or args.profile not in label:
            return None
        return profiles.setdefault(label, cProfile.Profile())

    client.force_login(black)
    for label, game in (("board, 5 moves", short), ("board, 200 moves", long)):
        url = reverse("games:board", args=[game.pk])
        rows.append((label, *_measure(client, url, args.repeat, profile=profile(label))))
    status = reverse("games:status")
    client.force_login(solo)
    label = "status, 1+1 games"
    rows.append((label, *_measure(client, status, args.repeat, profile=profile(label))))
    client.force_login(black)
    label = "status, 30+30 games"
    rows.append((label, *_measure(client, status, args.repeat, profile=profile(label))))
    # The same page drawn each time, as after a change to one of the player's games.
    renew = functools.partial(status_stamps_bump, user_ids=[black.pk])
    label = "status, 30+30, drawn"
    rows.append((label, *_measure(client, status, args.repeat, renew, profile(label))))
    label = "move POST"
    rows.append((label, *_measure_moves(black, moving.white, moving, args.repeat, profile(label))))

    for label, prof in profiles.items():
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(80)
        print(f"--- {label} ---")
        print(out.getvalue())

    print(f"{'page':<22}{'best ms':>9}{'median ms':>11}{'queries':>9}{'HTML KB':>9}")
    for label, best, median, queries, size in rows:
        print(
            f"{label:<22}{best * 1000:>9.1f}{median * 1000:>11.1f}{queries:>9}{size / 1024:>9.1f}"
        )
    workdir.cleanup()


if __name__ == "__main__":
    main()
