"""Time and peak memory of building a player's data archive (accounts.data) with 1,000 and
10,000 games of 60 moves each (19×19, finished), plus one message thread and a few notes.

Run: .venv/bin/python bench/data_export.py [--games 1000 10000] [--database-url URL]

The games are copies of one played game (bulk inserted); the archive is written to a
temporary folder by `archive_write`, the task's body, as the worker would. The table gives the
wall time, the Python heap's peak during the build (tracemalloc: the objects Python allocates,
not the process's resident size) and the archive's size. A temporary SQLite file is used unless
--database-url names another database (the bench migrates it and writes to it).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

BATCH = 1000


def _player(name: str):
    from allauth.account.models import EmailAddress

    from accounts.models import User

    user = User.objects.create_user(username=name, email=f"{name}@example.org")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def _games_copy(template, *, player, opponent, count: int) -> None:
    """`count` copies of `template` between `player` and `opponent`, in batches."""
    from games.models import Game

    fields = {
        f.attname: getattr(template, f.attname)
        for f in Game._meta.concrete_fields
        if not f.primary_key
    }
    made = 0
    while made < count:
        size = min(BATCH, count - made)
        Game.objects.bulk_create(
            Game(**{**fields, "black_id": player.pk, "white_id": opponent.pk}) for _ in range(size)
        )
        made += size


def _setup(counts: list[int]):
    from django.core.management import call_command
    from django.utils import timezone
    from games_pages import _sparse_moves

    from games.game_settings import GameSettings
    from games.services import play
    from messaging.messages.services import message_send, thread_start

    call_command("migrate", verbosity=0)
    now = timezone.now()
    opponent = _player("bench-opponent")
    template_black = _player("bench-template")
    game = play.game_start(
        black=template_black,
        white=opponent,
        now=now,
        settings=GameSettings(board_kind="square", board_size=19, ruleset="go-area"),
    )
    for name in _sparse_moves(60):
        game = play.game_move(
            game_id=game.pk,
            user=game.player(game.to_move),
            point=game.topology.parse(name),
            expected_move_number=game.move_number,
            now=now,
        )
    game = play.game_resign(game_id=game.pk, user=opponent, expected_move_number=None, now=now)
    players = []
    for count in counts:
        player = _player(f"bench-{count}")
        _games_copy(game, player=player, opponent=opponent, count=count)
        thread = thread_start(sender=player, recipient=opponent, subject="gg", body="gg", now=now)
        message_send(thread_id=thread.pk, sender=opponent, body="thanks", now=now)
        players.append((count, player))
    return players


def _measure(player, folder: Path) -> tuple[float, int, int, int]:
    from accounts.data.archive import archive_write

    path = folder / f"{player.pk}.zip"
    tracemalloc.start()
    start = time.perf_counter()
    files = archive_write(user=player, path=path, progress=lambda done: None)
    elapsed = time.perf_counter() - start
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return elapsed, peak, files, path.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    workdir = tempfile.TemporaryDirectory()
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{workdir.name}/bench.sqlite3"
    os.environ["DJANGO_SETTINGS_MODULE"] = "baduxsite.settings.test"
    import django

    django.setup()
    from django.test.utils import setup_test_environment

    setup_test_environment()
    logging.disable(logging.WARNING)
    players = _setup(args.games)
    print(f"{'games':>8}{'files':>8}{'seconds':>10}{'ms/game':>10}{'peak MB':>10}{'zip MB':>9}")
    for count, player in players:
        elapsed, peak, files, size = _measure(player, Path(workdir.name))
        print(
            f"{count:>8}{files:>8}{elapsed:>10.1f}{elapsed * 1000 / count:>10.2f}"
            f"{peak / 2**20:>10.1f}{size / 2**20:>9.1f}"
        )
    workdir.cleanup()


if __name__ == "__main__":
    main()
