"""Time of the round-advance task on a large McMahon tournament (default 500 players).

Run: .venv/bin/python bench/tournament_advance.py [--players 500] [--rounds 5] [--database-url URL]

The tournament is started (seeding, McMahon start scores, round 1 paired and its games started),
then for each later round every game's result is written straight into the pairings (Black
wins, a random half of the boards White) and `ladder.tournaments.advance.tournament_advance`
is timed: it reads the standings, pairs the round with `ladder.tournaments.pairing.pair_round` and
starts
every game. Wall and CPU seconds, queries, and the CPU time inside `pair_round` alone. Publishing
the queued tasks (notices) is switched off: that work happens later in the workers. A temporary
SQLite file is used unless --database-url names another database.
"""

from __future__ import annotations

import argparse
import datetime as dt
import logging
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _tournament(n: int, rounds: int, now: dt.datetime, rng: random.Random):
    """A McMahon tournament of `rounds` rounds joined by `n` rated players (not started), and
    its players, its organiser first."""
    from accounts.models import User
    from games.game_settings import GameSettings
    from ladder.ratings.models import Rating
    from ladder.tournaments import services
    from ladder.tournaments.models import TournamentPlayer

    User.objects.bulk_create(User(username=f"b{i}", email=f"b{i}@example.org") for i in range(n))
    users = list(User.objects.filter(username__startswith="b").order_by("pk"))
    Rating.objects.bulk_create(
        Rating(user=u, family="square", rating=rng.uniform(700, 2600), deviation=80,
               volatility=0.06, games=10, updated=now)
        for u in users
    )  # fmt: skip
    tournament = services.tournament_create(
        organiser=users[0], name="Bench", format="mcmahon", rounds=rounds,
        settings=GameSettings(board_kind="square", board_size=19), player_limit=n,
        mcmahon_bar="2d", mcmahon_floor="20k", start_when_full=False, now=now,
    )  # fmt: skip
    TournamentPlayer.objects.bulk_create(
        TournamentPlayer(tournament=tournament, user=u, joined=now) for u in users
    )
    return tournament, users


def _pair_round_timed(paired_in: list[float]) -> None:
    """Make the advance task's `pair_round` add its CPU seconds to `paired_in`."""
    import ladder.tournaments.advance as advance_module
    from ladder.tournaments import pairing

    real_pair_round = pairing.pair_round

    def timed_pair_round(*a, **k):
        start = time.process_time()
        result = real_pair_round(*a, **k)
        paired_in.append(time.process_time() - start)
        return result

    advance_module.pair_round = timed_pair_round


def _results_write(tournament, number: int, rng: random.Random) -> None:
    """Every board of round `number` won by Black or White at random, straight into the
    pairings."""
    from django.db import transaction

    from ladder.tournaments.models import TournamentPairing

    with transaction.atomic():
        boards = TournamentPairing.objects.filter(
            tournament=tournament, round=number, white__isnull=False
        )
        for p in boards:
            p.outcome = rng.choice(["black", "white"])
        TournamentPairing.objects.bulk_update(boards, ["outcome"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    workdir = tempfile.TemporaryDirectory()
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{workdir.name}/bench.sqlite3"
    os.environ["DJANGO_SETTINGS_MODULE"] = "baduxsite.settings.test"
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    import ladder.tournaments.advance as advance_module
    from core import outbox
    from ladder.tournaments import services

    logging.disable(logging.WARNING)
    call_command("migrate", verbosity=0)
    outbox.outbox_publish = lambda *, row_id: False  # the notices are the workers' business
    rng = random.Random(1)
    now = timezone.now() - dt.timedelta(hours=1)
    n = args.players
    tournament, users = _tournament(n, args.rounds, now, rng)
    paired_in: list[float] = []
    _pair_round_timed(paired_in)
    rows = []

    def measure(label, call):
        paired_in.clear()
        with CaptureQueriesContext(connection) as captured:
            wall, cpu = time.perf_counter(), time.process_time()
            result = call()
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        rows.append((label, wall, cpu, len(captured.captured_queries), sum(paired_in), result))

    measure(
        "start + round 1",
        lambda: (
            services.tournament_start(tournament_id=tournament.pk, user=users[0], now=now)
            and "paired"
        ),
    )
    for number in range(1, args.rounds + 1):
        _results_write(tournament, number, rng)
        label = f"advance after {number}" if number < args.rounds else "advance: finish"
        measure(
            label,
            lambda: advance_module.tournament_advance(tournament_id=tournament.pk, now=now),
        )
    print(f"{n} players, McMahon, {args.rounds} rounds ({connection.vendor})")
    print(f"{'step':<20}{'wall s':>8}{'cpu s':>8}{'queries':>9}{'pair_round cpu s':>18}  result")
    for label, wall, cpu, queries, paired, result in rows:
        print(f"{label:<20}{wall:>8.2f}{cpu:>8.2f}{queries:>9}{paired:>18.2f}  {result}")
    workdir.cleanup()


if __name__ == "__main__":
    main()
