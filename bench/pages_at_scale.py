"""Server time and queries of every page and sweep, on a nearly empty site, on a small site of
full pages and on a big one (all made by `python -m bench.dataset`: `--scale 0`, `--scale 0
--pages-full` and e.g. `--scale 1`), in one table, with the EXPLAIN of every statement that reads
a big table (100,000 rows or more) by a sequential scan.

Run: .venv/bin/python bench/pages_at_scale.py --empty URL [--full URL] --big URL [--repeat 5]
[--only WORD] (any of the three sites may be left out).

Why three: on the empty site most pages are nearly empty (heavy's rating graph has 5 points, the
McMahon 10 lines, busy 3 running games), so "× empty" (big over empty) is the fuller page and
the bigger tables together. The pages-full site has small tables but every page here as full as
on the big site (bench/dataset/base.py `_pages_full_counts`): "× full" (big over full) is what
the data's size costs alone.

Each page is fetched in this process with Django's test client (test settings: the cache is
in memory and cleared before every request, so each request pays what a first visit pays:
sessions read from their table, nothing kept from the last draw; only what a player browsing
has in it is kept: the mark that the session's record was written lately (that write comes once
in five minutes, and "home, heavy, session record due" measures it) and, under production's
rule that staff and moderators need a second factor (on here, as in production), the word that
the player is neither); each task's service is
called in a transaction rolled back afterwards, so the database is the same at every run.
The time is the median wall time of `--repeat` runs after one warm-up, in this process (the
server's time: no network, no client). Pages are seen by a visitor, by "heavy" (10,000
finished games, all rated; a member of the big ladder and the McMahon) or by "busy" (300
running games). Each database is measured in its own process, row by row in turns (a row on
every database, then the next row), so that a row's columns are taken at the same machine
speed; the first line gives each process's CPU speed at the end. The clock sweep runs at the
moment SWEEP_GAMES games are overdue on each database (the same work everywhere); the status
column shows each page's HTTP status and what each task did (the counts its service returns),
per database where they differ.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BIG_TABLE = 100_000  # rows; a sequential scan of a table this big or bigger is reported
LAST = "999999"  # a page number past the end: Paginator.get_page serves the last page
SWEEP_GAMES = 5  # the clock sweep runs when this many running games are overdue
PRUNE_LEAVERS = 10  # the ladder prune runs when this many of the biggest ladder are idle
SITES = ("empty", "full", "big")
SIGNED_IN = ("heavy", "busy")  # the players whose pages are measured logged in


def _pages(ids: dict) -> list[tuple[str, str, str]]:
    """(label, who, url) of every page measured; who is "visitor", "heavy", "busy",
    "heavy-unseen" (heavy, the record of their session due to be written: once in five
    minutes, accounts.security.middleware) or "api-heavy" (the API with heavy's token)."""
    ladder, tournament = ids["ladder"], ids["tournament"]
    return [
        ("home, visitor", "visitor", "/"),
        ("home, heavy", "heavy", "/"),
        ("home, heavy, session record due", "heavy-unseen", "/"),
        ("status, busy (300 running)", "busy", "/games/"),
        ("status, heavy", "heavy", "/games/"),
        ("board, finished 19x19", "heavy", f"/games/{ids['finished_game']}/"),
        ("board, running, busy", "busy", f"/games/{ids['running_game']}/"),
        ("board, visitor", "visitor", f"/games/{ids['finished_game']}/"),
        ("history, heavy", "heavy", "/games/history/"),
        ("history, heavy, last page", "heavy", f"/games/history/?page={LAST}"),
        ("history of heavy, visitor", "visitor", "/games/history/?player=heavy"),
        ("profile of heavy", "visitor", "/players/heavy/"),
        ("rating graph of heavy", "visitor", "/ladders/ratings/heavy/square/"),
        ("ladder list", "visitor", "/ladders/"),
        ("ladder (big), visitor", "visitor", f"/ladders/{ladder}/"),
        ("ladder (big), heavy", "heavy", f"/ladders/{ladder}/"),
        ("ladder (big), last page", "visitor", f"/ladders/{ladder}/?page={LAST}"),
        ("tournament list", "visitor", "/tournaments/"),
        ("McMahon + cross table", "visitor", f"/tournaments/{tournament}/"),
        ("McMahon, heavy", "heavy", f"/tournaments/{tournament}/"),
        ("McMahon, last page", "visitor", f"/tournaments/{tournament}/?page={LAST}"),
        ("waiting room", "heavy", "/games/waiting-room/"),
        ("player search, everyone", "heavy", "/players/search/"),
        ("player search by name", "heavy", "/players/search/?name=player12"),
        ("rating search", "visitor", "/ladders/ratings/"),
        ("who is here", "visitor", "/players/online/"),
        ("messages, heavy", "heavy", "/messages/"),
        ("messages, heavy, last page", "heavy", f"/messages/?page={LAST}&after={ids['inbox_key']}"),
        ("thread, heavy", "heavy", f"/messages/{ids['thread']}/"),
        ("notifications, heavy", "heavy", "/notifications/"),
        # ?page= reaches the last page of an OFFSET list, ?after= that of a keyed one.
        (
            "notifications, last page",
            "heavy",
            f"/notifications/?page={LAST}&after={ids['notice_key']}",
        ),
        ("reviews list", "visitor", "/games/reviews/"),
        ("reviews list, last page", "visitor", f"/games/reviews/?page={LAST}"),
        ("API me", "api-heavy", "/api/v1/me"),
        ("API games (heavy)", "api-heavy", "/api/v1/games"),
        ("API notifications", "api-heavy", "/api/v1/notifications"),
        ("API player heavy", "api-heavy", "/api/v1/players/heavy"),
        ("API ratings of heavy", "api-heavy", "/api/v1/players/heavy/ratings"),
        ("API challenges", "api-heavy", "/api/v1/challenges"),
        ("API ladders", "api-heavy", "/api/v1/ladders"),
        ("API ladder (big)", "api-heavy", f"/api/v1/ladders/{ladder}"),
        ("API ladder (big), a page", "api-heavy", f"/api/v1/ladders/{ladder}?page=3"),
        ("API tournaments", "api-heavy", "/api/v1/tournaments"),
        ("API tournament (McMahon)", "api-heavy", f"/api/v1/tournaments/{tournament}"),
        (
            "API tournament (McMahon), a page",
            "api-heavy",
            f"/api/v1/tournaments/{tournament}?page=3",
        ),
        ("API game", "api-heavy", f"/api/v1/games/{ids['finished_game']}"),
    ]


def _tasks(ids: dict):
    """(label, callable(now)) of every sweep and task a beat runs, as their services."""
    import datetime as dt

    from django.conf import settings

    from core.outbox import outbox_prune
    from games.selectors.play import notices_missing, notices_missing_since
    from games.services.challenges import challenges_expire
    from games.services.sweeps import clocks_sweep
    from ladder.ladders.services import ladders_remove_inactive
    from ladder.tournaments.advance import tournament_advance
    from messaging.notifications.services import digest_due_user_ids, notifications_prune

    keep = settings.NOTIFICATIONS_KEEP_DAYS
    # The prune at its steady state: a day's notices past the limit (the first run on the
    # generated data would delete two years of them at once).
    prune_now = ids["oldest_notice"] + dt.timedelta(days=keep + 1)
    return [
        # A second after the SWEEP_GAMES-th deadline: that many timeouts on every database
        # (as the beat finds a busy minute's, not the backlog of the hours since the data was
        # made), and the warnings due by then (more on a small site, whose deadlines are far
        # apart: the status column shows both).
        ("sweep: clocks (timeouts, warnings)", lambda now: clocks_sweep(now=ids["sweep_at"])),
        # The whole day (a sweep without the last one's mark: the first, or the cache lost it)
        # and the beat's usual run, two minutes after the last (games.services.notices).
        (
            "sweep: notices",
            lambda now: dict(
                zip(("turns", "overs"), map(len, notices_missing(now=now)), strict=True)
            ),
        ),
        (
            "sweep: notices, 2 min after the last",
            lambda now: notices_missing_since(now=now, checked=now - dt.timedelta(minutes=2)),
        ),
        ("sweep: digest due", lambda now: digest_due_user_ids(now=now)),
        ("sweep: challenges expire", lambda now: challenges_expire(now=now)),
        (
            "task: tournament advance (McMahon)",
            lambda now: tournament_advance(tournament_id=ids["tournament"], now=now),
        ),
        (
            "prune: notifications (a day's)",
            lambda now: notifications_prune(now=prune_now, keep_days=keep),
        ),
        ("prune: outbox", lambda now: outbox_prune(now=now, keep=dt.timedelta(days=7))),
        # A second after the PRUNE_LEAVERS-th member of the biggest ladder became idle (at
        # most half of it): the same leavers wherever the ladder is as big.
        ("prune: ladder inactive", lambda now: ladders_remove_inactive(now=ids["prune_at"])),
    ]


def _ids() -> dict:
    import datetime as dt

    from django.db.models import Count
    from django.utils import timezone

    from accounts.models import User
    from games.models import Game
    from ladder.ladders.models import Ladder
    from ladder.tournaments.models import Tournament
    from messaging.models import Notification, ThreadMember

    heavy = User.objects.get(username="heavy")
    busy = User.objects.get(username="busy")
    biggest = Ladder.objects.annotate(n=Count("entries")).order_by("-n")[0]
    return {
        "heavy": heavy.pk,
        "busy": busy.pk,
        "finished_game": Game.objects.filter(
            black=heavy, status="finished", board_kind="square", board_size=19
        )
        .order_by("-pk")
        .values_list("pk", flat=True)[0],
        "running_game": Game.objects.filter(black=busy, status="playing")
        .order_by("pk")
        .values_list("pk", flat=True)[0],
        "sweep_at": list(
            Game.objects.filter(status="playing", deadline__isnull=False)
            .order_by("deadline")
            .values_list("deadline", flat=True)[:SWEEP_GAMES]
        )[-1]
        + dt.timedelta(seconds=1),
        "ladder": biggest.slug,
        "prune_at": _prune_at(biggest),
        "tournament": Tournament.objects.filter(format="mcmahon").order_by("pk")[0].pk,
        "thread": ThreadMember.objects.filter(user=heavy).order_by("-thread_id")[0].thread_id,
        # Keys (core.keyset) of the row before the last page of heavy's notices and inbox.
        "notice_key": _last_page_key(
            Notification.objects.filter(user=heavy).order_by("created", "pk"), "created"
        ),
        "inbox_key": _last_page_key(
            ThreadMember.objects.filter(user=heavy, archived=False).order_by("last_message", "pk"),
            "last_message",
        ),
        "oldest_notice": Notification.objects.order_by("created")
        .values_list("created", flat=True)
        .first()
        or timezone.now(),
    }


def _prune_at(ladder):
    """When min(PRUNE_LEAVERS, half of `ladder`) of its members have been idle for the
    ladder's `inactive_days`, plus a second."""
    import datetime as dt

    idle = list(
        ladder.entries.filter(position__isnull=False)
        .order_by("last_active")
        .values_list("last_active", flat=True)[: min(PRUNE_LEAVERS, ladder.n // 2)]
    )
    return idle[-1] + dt.timedelta(days=ladder.inactive_days, seconds=1)


def _last_page_key(oldest_first, column: str, size: int = 25) -> str:
    """The ?after= key whose page is the last one of `size` (core.keyset); "" when the first
    page is the last."""
    from urllib.parse import quote

    rows = list(oldest_first[: size + 1])
    if len(rows) <= size:
        return ""
    row = value = rows[size]
    for name in column.split("__"):
        value = getattr(value, name)
    return quote(f"{row.pk}.{value.isoformat()}")


def _explain(sql: str, options: str) -> list[tuple]:
    """EXPLAIN rows of `sql`. A statement the app prepares itself ($1, $2...: its parameters
    are not captured) is explained by its generic plan, the one a prepared statement uses."""
    from django.db import connection, transaction

    count = max((int(n) for n in re.findall(r"\$(\d+)", sql)), default=0)
    with transaction.atomic(), connection.cursor() as cursor:
        if not count:
            cursor.execute(f"EXPLAIN {options}{sql}")
            return cursor.fetchall()
        cursor.execute("SET LOCAL plan_cache_mode = force_generic_plan")
        cursor.execute(f"PREPARE bench_explained AS {sql}")
        try:
            nulls = ", ".join(["NULL"] * count)
            cursor.execute(f"EXPLAIN {options}EXECUTE bench_explained({nulls})")
            return cursor.fetchall()
        finally:
            cursor.execute("DEALLOCATE bench_explained")


def _seq_scans(sql: str, sizes: dict[str, float]) -> list[str]:
    """The EXPLAIN of `sql` when its plan reads a big table sequentially, else []."""

    head = sql.lstrip().split(None, 1)[0].upper()
    if head not in {"SELECT", "UPDATE", "DELETE", "WITH"}:
        return []
    try:
        plan = _explain(sql, "(FORMAT JSON) ")[0][0]
    except Exception as error:  # noqa: BLE001  (reported, the bench goes on)
        return [f"(not explained: {error})\n{sql[:600]}"]
    if isinstance(plan, str):
        plan = json.loads(plan)
    found = []

    def walk(node):
        relation = node.get("Relation Name")
        if node.get("Node Type") == "Seq Scan" and sizes.get(relation, 0) >= BIG_TABLE:
            found.append(relation)
        for child in node.get("Plans", []):
            walk(child)

    walk(plan[0]["Plan"])
    if not found:
        return []
    text = "\n".join(row[0] for row in _explain(sql, ""))
    return [f"{', '.join(sorted(set(found)))}:\n{sql[:600]}\n{text}"]


def _cpu_ms() -> float:
    """The machine's speed as this process ends its measures: the best of 3 runs of a fixed
    loop of Python (2,000,000 rounds), in ms. On this machine (a shared host) a longer loop of
    the same kind took 480 to 800 ms from minute to minute, and a page's time moves with it:
    compare the columns of one run, and runs by their speed."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        total = 0
        for i in range(2_000_000):
            total += i * i
        best = min(best, time.perf_counter() - start)
    return round(best * 1000, 1)


def _vacuum(connection) -> None:
    """VACUUM ANALYZE the tables that hold dead rows: each task runs in a transaction rolled
    back, and a rolled-back prune leaves thousands of dead ladder rows, which a PostgreSQL
    without autovacuum (this machine's runs with it off) keeps: the planner then prices a
    ladder page's 100 rows as thousands and hashes every player (seen here after two runs).
    Production's autovacuum does this on its own."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT quote_ident(schemaname) || '.' || quote_ident(relname)"
            " FROM pg_stat_user_tables WHERE n_dead_tup > 0"
        )
        for (table,) in cursor.fetchall():
            cursor.execute(f"VACUUM (ANALYZE) {table}")  # names from the catalogue


def _clients(ids: dict) -> tuple[dict, list[str]]:
    """The test clients by who sees the pages (see `_pages`), heavy's API client under
    "api-heavy" with a new read token (heavy's earlier bench tokens deleted), and the cache keys
    that say the signed-in clients' session records were written lately."""
    from django.conf import settings
    from django.db import transaction
    from django.test import Client
    from django.utils import timezone

    from accounts.api.tokens import api_token_create
    from accounts.models import User
    from accounts.security.middleware import seen_mark

    clients = {"visitor": Client()}
    for who in SIGNED_IN:
        clients[who] = Client()
        clients[who].force_login(User.objects.get(pk=ids[who]))
    clients["heavy-unseen"] = clients["heavy"]
    heavy = User.objects.get(pk=ids["heavy"])
    heavy.api_tokens.filter(name__startswith="bench ").delete()
    now = timezone.now()
    with transaction.atomic():
        _row, raw = api_token_create(user=heavy, name=f"bench {now:%H%M%S}", scope="read", now=now)
    clients["api-heavy"] = Client(headers={"authorization": f"Bearer {raw}"})
    cookie = settings.SESSION_COOKIE_NAME
    return clients, [seen_mark(clients[who].cookies[cookie].value) for who in SIGNED_IN]


def _browsing_keys(clients: dict, ids: dict) -> dict:
    """Turn on production's rule that staff and moderators need a second factor (test settings
    leave it off), and return what the cache keeps for a browsing player under it: whether
    heavy and busy hold a moderator's permission (kept five minutes, read on every page), taken
    after a first page of each."""
    from django.conf import settings
    from django.core.cache import cache

    from accounts.security.selectors import RIGHTS_VERSION_KEY, rights_key

    settings.ACCOUNTS_STAFF_MFA_REQUIRED = True
    for who in SIGNED_IN:
        clients[who].get("/")
    keys = [RIGHTS_VERSION_KEY, *(rights_key(user_id=ids[who]) for who in SIGNED_IN)]
    return cache.get_many(keys)


def _serve(url: str, repeat: int, only: str) -> None:
    """One site's measuring process: set up, print the labels of its rows (a JSON line), then
    for each label read from stdin measure that row and print its result (a JSON line); an
    empty line ends it: it prints the database's size and the CPU's speed (a JSON line)."""
    os.environ["DATABASE_URL"] = url
    os.environ["DJANGO_SETTINGS_MODULE"] = "baduxsite.settings.test"
    import django

    django.setup()
    from django.core.cache import cache
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext, setup_test_environment
    from django.utils import timezone

    from accounts.models import User

    setup_test_environment()
    logging.disable(logging.WARNING)
    _vacuum(connection)
    with connection.cursor() as cursor:
        cursor.execute("SELECT relname, reltuples FROM pg_class WHERE relkind = 'r'")
        sizes = dict(cursor.fetchall())
    ids = _ids()
    clients, seen = _clients(ids)
    kept = _browsing_keys(clients, ids)

    def measured(call, unseen: bool) -> dict:
        times, queries = [], []
        for i in range(repeat + 1):
            cache.clear()
            cache.set_many(kept)
            if not unseen:
                cache.set_many(dict.fromkeys(seen, True))
            with CaptureQueriesContext(connection) as captured:
                t0 = time.perf_counter()
                status = call()
                elapsed = time.perf_counter() - t0
            if i:
                times.append(elapsed * 1000)
                queries.append(len(captured.captured_queries))
        scans = []
        for query in captured.captured_queries:
            scans += _seq_scans(query["sql"], sizes)
        ms = statistics.median(times)
        return {"ms": ms, "queries": max(queries), "status": status, "scans": scans}

    calls, unseen = {}, set()
    for label, who, path in _pages(ids):
        if who == "heavy-unseen":
            unseen.add(label)
        calls[label] = lambda client=clients[who], path=path: client.get(path).status_code
    for label, task in _tasks(ids):

        def call(task=task):
            with transaction.atomic():
                done = task(timezone.now())
                transaction.set_rollback(True)
            return _did(done)

        calls[label] = call
    print(json.dumps([label for label in calls if not only or only in label]), flush=True)
    for line in sys.stdin:
        if not line.strip():
            break
        label = json.loads(line)
        print(json.dumps(measured(calls[label], label in unseen)), flush=True)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_size_pretty(pg_database_size(current_database()))")
        size = cursor.fetchone()[0]
    User.objects.get(pk=ids["heavy"]).api_tokens.filter(name__startswith="bench ").delete()
    print(json.dumps({"size": size, "cpu_ms": _cpu_ms()}), flush=True)


def _measure_interleaved(urls: dict[str, str], repeat: int, only: str) -> dict:
    """Measure the sites' rows in turns: a process per site (`_serve`), each row measured on
    every site before the next row, the sites' order turned at each row, so that a row's
    columns are taken within a second of each other, at the machine's speed of that moment."""
    procs = {}
    for name, url in urls.items():
        command = [sys.executable, __file__, "--measure", url]
        command += ["--repeat", str(repeat), "--only", only]
        procs[name] = subprocess.Popen(  # noqa: S603  (our own script)
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
    labels = {name: json.loads(proc.stdout.readline()) for name, proc in procs.items()}
    results: dict[str, dict] = {name: {} for name in procs}
    order = list(procs)
    for n, label in enumerate(next(iter(labels.values()), [])):
        turn = order[n % len(order) :] + order[: n % len(order)]
        for name in turn:
            if label not in labels[name]:
                continue
            procs[name].stdin.write(json.dumps(label) + "\n")
            procs[name].stdin.flush()
            results[name][label] = json.loads(procs[name].stdout.readline())
        shown = {name: f"{results[name][label]['ms']:.1f}" for name in turn}
        print(f"{label}: {shown} ms", file=sys.stderr, flush=True)
    runs = {}
    for name, proc in procs.items():
        proc.stdin.write("\n")
        proc.stdin.flush()
        runs[name] = {"results": results[name], **json.loads(proc.stdout.readline())}
        proc.wait()
    return runs


def _did(result) -> str:
    """What a task's service returned, for the status column: counts by name ("timed_out 5,
    warned 3"; those at 0 left out, "nothing" when all are; a NamedTuple's lists counted by
    name), a number, a word, the length of a list ("3 found"); a tuple of them joined by
    "; "."""
    if isinstance(result, dict):
        return ", ".join(f"{name} {n}" for name, n in result.items() if n) or "nothing"
    if isinstance(result, bool) or result is None:
        return str(result)
    if isinstance(result, int | str):
        return str(result)
    if isinstance(result, list | set):
        return f"{len(result)} found"
    if isinstance(result, tuple):
        fields = getattr(result, "_fields", None)
        if fields:  # a NamedTuple: its lists' lengths by name
            pairs = zip(fields, result, strict=True)
            return _did({name: len(v) for name, v in pairs if isinstance(v, list)})
        return "; ".join(_did(part) for part in result)
    return "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--empty", required=False, help="database URL of the nearly empty site")
    parser.add_argument(
        "--full", required=False, help="database URL of the small site of full pages"
    )
    parser.add_argument("--big", required=False, help="database URL of the generated site")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", default="", help="measure only the rows whose label has WORD")
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        _serve(args.measure, args.repeat, args.only)
        return
    urls = {name: getattr(args, name) for name in SITES if getattr(args, name)}
    runs = _measure_interleaved(urls, args.repeat, args.only)
    print("\n".join(_table(runs)))


def _status(rows: dict) -> str:
    """The status column: one value when every site's is the same, else each site's."""
    found = {name: str(row["status"]) for name, row in rows.items() if row}
    if len(set(found.values())) <= 1:
        return next(iter(found.values()), "–")
    return "; ".join(f"{name}: {value}" for name, value in found.items())


def _table(runs: dict) -> list[str]:
    """The markdown table's lines (columns of the pages-full site only when it was measured),
    then the plans of the big site's sequential scans."""
    results = {name: runs.get(name, {}).get("results", {}) for name in SITES}
    labels = list(results["empty"] or results["full"] or results["big"])
    sites = [name for name in SITES if name != "full" or "full" in runs]
    sizes = {name: run["size"] for name, run in runs.items()}
    head = ["page or task"]
    for name in sites:
        head += [f"{name} ms", "queries"]
    head += ["× empty", *(["× full"] if "full" in runs else []), "status"]
    speed = {name: run["cpu_ms"] for name, run in runs.items() if "cpu_ms" in run}
    lines = [f"databases: {sizes}; the CPU's loop, ms (lower: faster): {speed}"]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("| --- | " + " | ".join(["---:"] * (len(head) - 2)) + " | --- |")
    for label in labels:
        rows = {name: results[name].get(label) for name in sites}
        big = rows["big"]
        cells = [label]
        for name in sites:
            row = rows[name]
            cells += [f"{row['ms']:.1f}", str(row["queries"])] if row else ["–", "–"]
        flag = " (seq scan)" if big and big["scans"] else ""
        for name in ("empty", "full"):
            if name in sites:
                base = rows[name]
                cells.append(f"{big['ms'] / base['ms']:.2f}{flag}" if base and big else "–")
                flag = ""  # once, on the first ratio
        cells.append(_status(rows))
        lines.append("| " + " | ".join(cells) + " |")
    for label in labels:
        for scan in (results["big"].get(label) or {}).get("scans", []):
            lines.append(f"\n### {label}: sequential scan of {scan}")
    return lines


if __name__ == "__main__":
    main()
