"""Build the dataset (bench/dataset/__init__.py): `python -m bench.dataset --database-url URL
[--scale 1.0] [--seed 43] [--pages-full]`, from the repository's root (`--pages-full` with
`--scale 0` only: the small site whose pages are full)."""

from __future__ import annotations

import argparse
import os
import time

from bench.dataset import __doc__ as about
from bench.dataset.competitions import CompetitionSteps, standings_store
from bench.dataset.game_rows import GameSteps
from bench.dataset.notices import NoticeSteps
from bench.dataset.players import PlayerSteps
from bench.dataset.reviews import ReviewSteps


class Builder(PlayerSteps, GameSteps, CompetitionSteps, NoticeSteps, ReviewSteps):
    """Every step, one per table, in the order they run."""

    STEPS = (
        "users",
        "finished_games",
        "running_games",
        "ladders",
        "tournaments",
        "messages",
        "reviews",
        "notifications",
    )


def _sequences_reset(cursor) -> None:
    cursor.execute(
        """SELECT table_name, column_name FROM information_schema.columns
           WHERE table_schema = 'public' AND is_identity = 'YES'"""
    )
    for table, column in cursor.fetchall():
        statement = (
            f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "  # noqa: S608
            f"GREATEST((SELECT max({column}) FROM {table}), 1))"
        )
        cursor.execute(statement)


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line's options; `--pages-full` without `--scale 0` is refused (argparse's
    error: usage, the reason, exit status 2)."""
    parser = argparse.ArgumentParser(description=about.splitlines()[0])
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=43)
    parser.add_argument(
        "--pages-full",
        action="store_true",
        help="with --scale 0: the small site whose every page the bench opens is full",
    )
    args = parser.parse_args(argv)
    if args.pages_full and args.scale != 0:
        parser.error(
            "--pages-full is a preset of the small site: give it with --scale 0 "
            f"(not --scale {args.scale:g}); at scale 1 every page is full already"
        )
    return args


def main() -> None:
    args = arguments()
    os.environ["DATABASE_URL"] = args.database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baduxsite.settings.dev")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    with connection.cursor() as c:
        c.execute(
            "CREATE TABLE IF NOT EXISTS bench_dataset_done"
            " (step text PRIMARY KEY, rows bigint, seconds float, scale float)"
        )
        c.execute("SELECT step FROM bench_dataset_done")
        done = {row[0] for row in c.fetchall()}
    builder = Builder(scale=args.scale, seed=args.seed, pages_full=args.pages_full)
    print(
        f"pool played in {time.perf_counter() - started:.1f} s; counts {builder.counts}", flush=True
    )
    raw = connection.connection  # psycopg's connection under Django's
    for step in Builder.STEPS:
        if step in done:
            print(f"{step}: already done", flush=True)
            continue
        t0 = time.perf_counter()
        with raw.transaction(), raw.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit = off")
            # No foreign-key triggers: the rows are consistent by construction, and checking
            # ten million deferred references at COMMIT takes longer than writing them.
            cursor.execute("SET LOCAL session_replication_role = replica")
            rows = getattr(builder, step)(cursor)
            seconds = time.perf_counter() - t0
            cursor.execute(
                "INSERT INTO bench_dataset_done VALUES (%s, %s, %s, %s)",
                (step, rows, seconds, args.scale),
            )
        print(f"{step}: {rows:,} rows in {seconds:.0f} s", flush=True)
    with raw.transaction(), raw.cursor() as cursor:
        _sequences_reset(cursor)
    raw.autocommit = True
    print(f"stored standings: {standings_store():,} lines", flush=True)
    with raw.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
        cursor.execute("SELECT pg_size_pretty(pg_database_size(current_database()))")
        size = cursor.fetchone()[0]
    print(f"total {time.perf_counter() - started:.0f} s; database size {size}", flush=True)


if __name__ == "__main__":
    main()
