"""Races on the embedded database, run by tests/site/test_sqlite.py in a child process whose
settings point at a SQLite file (DATABASE_URL=sqlite:///...; the test settings, so tasks run
eagerly in the thread that queued them, as a worker beside the web process would run them).

    python tests/site/embedded_race.py migrate
    python tests/site/embedded_race.py swiss [deferred]
    python tests/site/embedded_race.py moves [deferred]

`deferred` runs the same race with SQLite's default transaction mode (what the embedded
settings replaced), to show the failure. Prints one JSON line with what happened.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baduxsite.settings.test")


def _at_once(calls: list[Callable[[], object]]) -> list[object]:
    """Run `calls` in threads released together; returns their results or exceptions."""
    from django.db import connections

    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(index: int) -> None:
        try:
            barrier.wait()
            results[index] = calls[index]()
        except Exception as error:  # noqa: BLE001 - reported to the test, which asserts none
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    return results


def _errors(results: list[object]) -> list[str]:
    return [f"{type(r).__name__}: {r}" for r in results if isinstance(r, Exception)]


def swiss() -> dict:
    """A Swiss tournament of 4 whose two round-1 games end at the same moment: each end runs
    the game-over notices and the round advance beside the other."""
    from django.utils import timezone

    from accounts.models import User
    from games.game_settings import GameSettings
    from games.services.play import game_resign
    from ladder.tournaments import services
    from ladder.tournaments.models import Tournament, TournamentPairing

    now = timezone.now()
    players = [User.objects.create_user(username=f"s{i}", email=f"s{i}@x.org") for i in range(4)]
    cup = services.tournament_create(
        organiser=players[0], name="Embedded cup", format="swiss", rounds=3,
        settings=GameSettings(board_kind="square", board_size=9), start_when_full=False, now=now,
    )  # fmt: skip
    for user in players:
        services.tournament_join(tournament_id=cup.pk, user=user, now=now)
    services.tournament_start(tournament_id=cup.pk, user=players[0], now=now)
    boards = list(TournamentPairing.objects.filter(tournament=cup, round=1))
    results = _at_once(
        [
            lambda p=p: game_resign(
                game_id=p.game_id, user=p.white, expected_move_number=None, now=timezone.now()
            )
            for p in boards
        ]
    )
    return {
        "errors": _errors(results),
        "round": Tournament.objects.get(pk=cup.pk).current_round,
        "round_2_boards": TournamentPairing.objects.filter(tournament=cup, round=2).count(),
    }


def moves(games: int = 20, per_game: int = 10) -> dict:
    """`games` × `per_game` API moves at once: every game's players race to play move 1
    (one wins, the rest are told the move number is stale), the status of each answer."""
    from django.test import Client
    from django.test.utils import override_settings
    from django.utils import timezone

    from accounts.api.tokens import api_token_create
    from accounts.models import User
    from games.game_settings import GameSettings
    from games.services.play import game_start

    now = timezone.now()
    calls = []
    for g in range(games):
        black = User.objects.create_user(username=f"b{g}", email=f"b{g}@x.org")
        white = User.objects.create_user(username=f"w{g}", email=f"w{g}@x.org")
        game = game_start(
            black=black, white=white, settings=GameSettings(board_kind="square", board_size=9),
            now=now,
        )  # fmt: skip
        _, token = api_token_create(user=black, name="bot", scope="play", now=now)
        for i in range(per_game):
            body = json.dumps({"point": f"{'ABCDEFGHJ'[i % 9]}{1 + i // 9}",
                               "expected_move_number": 0})  # fmt: skip

            def call(game_id=game.pk, token=token, body=body) -> int:
                return Client().post(
                    f"/api/v1/games/{game_id}/move", body, content_type="application/json",
                    headers={"Authorization": f"Bearer {token}"},
                ).status_code  # fmt: skip

            calls.append(call)
    with override_settings(API_THROTTLE_RATE="100000/m"):
        results = _at_once(calls)
    statuses = Counter(r for r in results if isinstance(r, int))
    return {"errors": _errors(results), "statuses": {str(k): v for k, v in statuses.items()}}


def main() -> None:
    scenario, *flags = sys.argv[1:]
    import django
    from django.conf import settings

    if "deferred" in flags:
        settings.DATABASES["default"]["OPTIONS"]["transaction_mode"] = "DEFERRED"
        settings.DATABASES["default"]["OPTIONS"]["timeout"] = 5  # sqlite3's own default
    django.setup()
    if scenario == "migrate":
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        report: dict = {"migrated": True}
    else:
        report = {"swiss": swiss, "moves": moves}[scenario]()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
