"""The site under HTTP load: gunicorn with production settings on PostgreSQL and Redis, driven by
N concurrent clients, against a bare view through the full middleware stack as the floor.

Run: .venv/bin/python bench/http_load.py [--tree DIR ...] [--clients 32] [--seconds 10] [--notices]
       [--phases bare,write,board,status,move]

For every source tree (`--tree`, repeatable; default this one, e.g. `--tree /tmp/perf-before
--tree .` compares two commits in one run) the bench creates its own PostgreSQL database
(`badux_bench_<pid>_<n>` on --postgres, dropped at the end; no other database is touched),
migrates it with that tree's code, collects its static files, fills it through the game services
and starts `gunicorn baduxsite.wsgi` (--workers, loopback only) with `baduxsite.settings.prod`
plus two extra URLs, the bare view and the write floor. Redis (--redis, db 14) holds the cache
and the queued tasks under this run's own key prefix and queue name, deleted at the end. A tree
that has the outbox relay (`manage.py outbox_relay`) runs it beside gunicorn, as production does;
a Celery worker runs only with --notices (a real deployment's workers sit on other machines), and
then the bench also reports the notice latency: from a move's POST being sent to the opponent's
"your turn" notification row, per tree.

The data, per tree: players Black and White with four 19×19 games at 200 moves, Black with 30
running and 30 finished games in all (the status page), and one 19×19 game at 100 moves per
client for the moves. The phases, each for --seconds in all or until its moves run out, cut in
--rounds slices that take turns (round 1: bare, write, board, status, move, each for every
tree; round 2 ...), so that every phase and tree sees the same busy machine:

- bare: a view that returns "ok" (sessions, auth, CSRF, CSP, presence ... all run);
- write: the floor of any move, a bench view that does what the architecture asks of one
  without the rules: a POST that locks a game row, checks the player, writes the row, records
  a task in the outbox, commits, publishes the task and redirects;
- board: GET of the board page of the 200-move games, as Black;
- status: GET of Black's status page;
- move: legal move POSTs (form field, CSRF token), each client on its own game, alternating
  between its two players; a refused move (the site's error message) counts as an error.

Prints requests/s, p50 and p95 per phase, the ratios to the bare view of the same tree, errors
and the load average of the machine (other processes skew absolute numbers; ratios within one
run are what count); then the CPU milliseconds each request cost each part of the machine
(gunicorn, PostgreSQL, Redis, the relay and worker, this load generator, the rest), read from
/proc around every slice: on a machine whose cores are all busy, requests/s is the cores'
time divided by the sum of that row, so the row says where a phase's ratio goes. `--phases`
runs some of the phases only (bare always runs: the ratios need it). The load driver is
bench/http_driver.py, the CPU reading bench/machine_cpu.py.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.http_driver import Phase, request, run_phase  # noqa: E402
from bench.machine_cpu import CPU_PARTS  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BOARD_GAMES = 4
BOARD_MOVES = 200
MOVE_START = 100
STATUS_RUNNING = 30
STATUS_FINISHED = 30
COLUMNS = "ABCDEFGHJKLMNOPQRST"
PHASES = ("bare", "write", "board", "status", "move")

SETTINGS_MODULE = """
import os
from baduxsite.settings.prod import *  # noqa: F403

ROOT_URLCONF = "bench_http_urls"
STATIC_ROOT = os.environ["BENCH_STATIC_ROOT"]
CACHES["default"]["KEY_PREFIX"] = os.environ["BENCH_PREFIX"]  # noqa: F405
CELERY_TASK_DEFAULT_QUEUE = os.environ["BENCH_PREFIX"]
"""

URLS_MODULE = """
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import path
from django.views.decorators.http import require_POST

from baduxsite.urls import urlpatterns as site_urlpatterns
from games.models import Game
from core.outbox import enqueue_on_commit


def bare(request):
    return HttpResponse("ok", content_type="text/plain")


@require_POST
def write(request, game_id):
    # What the architecture asks of any move, without the rules: lock the game row, check the
    # player, write the row, record the task in the outbox, commit, publish, redirect.
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if request.user.pk not in (game.black_id, game.white_id):
            raise PermissionDenied
        game.save(update_fields=["warn_at"])
        enqueue_on_commit("games.notify_turn", game.pk, game.move_number)
    return redirect(f"/games/{game_id}/")


urlpatterns = [
    path("bench/bare/", bare),
    path("bench/write/<int:game_id>/", write),
    *site_urlpatterns,
]
"""


def sparse_moves(n: int) -> list[str]:
    """`n` legal 19×19 moves without captures: Black fills rows 1-9, White rows 11-19."""
    moves = []
    for i in range(n):
        k = i // 2
        col, row = COLUMNS[k % 19], k // 19 + 1
        moves.append(f"{col}{row if i % 2 == 0 else 20 - row}")
    return moves


# --- Setup: runs in a child process, inside the tree under test ---------------------------------


def setup_tree(clients: int) -> dict:
    """Migrate, fill the database through the game services, log the players in; returns what
    the load phases need (ids, session cookies, the remaining moves of each move game)."""
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.utils import timezone

    from accounts.models import User
    from games.game_settings import GameSettings
    from games.models import Game
    from games.services import play

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    now = timezone.now()
    names = ("bench-black", "bench-white", "bench-rival", "bench-mover-b", "bench-mover-w")
    black, white, rival, mover_b, mover_w = (
        User.objects.create_user(username=name, email=f"{name}@example.org") for name in names
    )

    def start(b, w, size=19, kind="square"):
        ruleset = "go-area" if kind == "square" else "badux"
        settings = GameSettings(board_kind=kind, board_size=size, ruleset=ruleset)
        return play.game_start(black=b, white=w, now=now, settings=settings)

    def clone(game, b, w):
        game.pk = None
        game.black, game.white = b, w
        game.save()
        return game.pk

    template = start(black, white)
    move_ids: list[int] = []
    for number, name in enumerate(sparse_moves(BOARD_MOVES)):
        if number == MOVE_START:
            move_ids = [
                clone(Game.objects.get(pk=template.pk), mover_b, mover_w) for _ in range(clients)
            ]
        play.game_move(
            game_id=template.pk,
            user=template.player(template.to_move),
            point=template.topology.parse(name),
            expected_move_number=number,
            now=now,
        )
        template.refresh_from_db()
    board_ids = [template.pk]
    board_ids += [
        clone(Game.objects.get(pk=template.pk), black, white) for _ in range(BOARD_GAMES - 1)
    ]
    for i in range(STATUS_RUNNING - BOARD_GAMES):
        if i % 2:
            start(black, rival, size=(6, 8, 12)[i % 3], kind="hex")
        else:
            clone(Game.objects.get(pk=move_ids[0]), black, rival)
    for _ in range(STATUS_FINISHED):
        done = start(black, rival)
        play.game_resign(game_id=done.pk, user=rival, expected_move_number=0, now=now)

    def session(user) -> str:
        client = Client()
        client.force_login(user)
        return client.cookies["sessionid"].value

    return {
        "sessions": {
            "black": session(black),
            "mover_b": session(mover_b),
            "mover_w": session(mover_w),
        },
        "board": board_ids,
        "move": move_ids,
        "moves_left": sparse_moves(342)[MOVE_START:],
        "move_start": MOVE_START,
    }


# --- Servers and databases ------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def postgres_admin(url: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(f"{url}/postgres", autocommit=True) as connection:
        connection.execute(sql)


@dataclass
class Tree:
    path: Path
    label: str
    database: str
    env: dict
    port: int = 0
    server: subprocess.Popen | None = None
    helpers: list[subprocess.Popen] = field(default_factory=list)
    data: dict = field(default_factory=dict)


def tree_prepare(tree: Tree, clients: int, notices: bool) -> None:
    """Setup child in the tree (its code first on the path), then gunicorn, the tree's outbox
    relay if it has one and (`notices`) a Celery worker on the run's queue; waits until gunicorn
    answers."""
    result = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--setup", str(clients)],
        cwd=tree.path,
        env=tree.env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    if result.returncode:
        sys.exit(f"setup of {tree.path} failed:\n{result.stderr[-4000:]}")
    tree.data = json.loads(result.stdout.strip().splitlines()[-1])
    tree.port = free_port()
    tree.server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "baduxsite.wsgi:application",
            "--bind",
            f"127.0.0.1:{tree.port}",
            "--workers",
            str(tree.env["BENCH_WORKERS"]),
            "--chdir",
            str(tree.path),
            "--log-level",
            "warning",
        ],
        cwd=tree.path,  # `python -m` puts the working directory first on the path
        env=tree.env,
        start_new_session=True,
    )
    if any(
        (tree.path / app / "management" / "commands" / "outbox_relay.py").exists()
        for app in ("core", "messaging")
    ):
        tree.helpers.append(
            subprocess.Popen(
                [sys.executable, "manage.py", "outbox_relay"],
                cwd=tree.path,
                env=tree.env,
                stdout=subprocess.DEVNULL,
                start_new_session=True,
            )
        )
    if notices:
        tree.helpers.append(
            subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "baduxsite", "worker", "--loglevel",
                 "WARNING", "--concurrency", "2", "-Q", tree.env["BENCH_PREFIX"],
                 "--hostname", f"{tree.env['BENCH_PREFIX']}@%h"],
                cwd=tree.path,
                env={**tree.env, "EMAIL_BACKEND": "django.core.mail.backends.dummy.EmailBackend"},
                start_new_session=True,
            )
        )  # fmt: skip
    for _ in range(300):
        try:
            status, _, _ = asyncio.run(request(tree.port, "GET", "/bench/bare/", ""))
        except OSError:
            status = 0
        if status == 200:
            return
        time.sleep(0.1)
    sys.exit(f"gunicorn of {tree.path} did not answer")


def redis_cleanup(url: str, prefix: str) -> None:
    """Delete the run's keys: its cache's, its queue (named `prefix`) and the queue's bindings,
    which kombu keeps under `_kombu.binding.<queue>` and `_kombu.binding_permanent.<queue>`."""
    import redis

    client = redis.Redis.from_url(url)
    keys = [prefix, *client.scan_iter(match=f"{prefix}*", count=1000)]
    keys += [f"_kombu.binding.{prefix}", f"_kombu.binding_permanent.{prefix}"]
    client.delete(*keys)


def notice_latencies(url: str, tree: Tree, wait: float = 30.0) -> tuple[list[float], int]:
    """Seconds from each accepted move's POST being sent to its "your turn" notification row
    (created by the worker), and how many moves got none within `wait` seconds. A move whose
    game moved on before its task ran gets no notice by design (`games.notify_turn` tells only
    the player still to move), so only the last move of each game, and moves whose notice came,
    are counted."""
    import psycopg

    played = tree.data.get("moved", [])
    later = {(game, number - 1) for game, number, _ in played}
    moved = {f"turn:{game}:{number}": sent for game, number, sent in played}
    superseded = {f"turn:{game}:{number}" for game, number, _ in played if (game, number) in later}
    deadline = time.monotonic() + wait
    with psycopg.connect(f"{url}/{tree.database}", autocommit=True) as connection:
        while True:
            rows = connection.execute(
                "SELECT key, created FROM messaging_notification WHERE key LIKE 'turn:%%'"
            ).fetchall()
            made = {key: created.timestamp() for key, created in rows if key in moved}
            if set(moved) - superseded <= set(made) or time.monotonic() > deadline:
                break
            time.sleep(0.5)
    missing = [key for key in moved if key not in made and key not in superseded]
    return [made[key] - moved[key] for key in made], len(missing)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def report(trees: list[Tree], results: dict) -> None:
    print(
        f"\n{'tree':<22}{'phase':<8}{'requests':>9}{'req/s':>8}{'p50 ms':>8}{'p95 ms':>8}"
        f"{'× bare':>8}{'p95 × bare':>11}{'KB':>6}{'errors':>7}{'load':>12}"
    )
    for tree in trees:
        bare = results[tree.label]["bare"]
        bare_rate = len(bare.latencies) / bare.seconds
        bare_p95 = percentile(bare.latencies, 0.95)
        for name in results[tree.label]:
            phase = results[tree.label][name]
            rate = len(phase.latencies) / phase.seconds
            p50 = statistics.median(phase.latencies) * 1000
            p95 = percentile(phase.latencies, 0.95)
            print(
                f"{tree.label:<22}{name:<8}{len(phase.latencies):>9}{rate:>8.0f}{p50:>8.0f}"
                f"{p95 * 1000:>8.0f}{rate / bare_rate:>8.2f}{p95 / bare_p95:>11.2f}"
                f"{phase.size / 1024:>6.1f}{phase.errors:>7}"
                f"{phase.load[0]:>6.1f}-{phase.load[1]:<5.1f}"
            )


def report_cpu(trees: list[Tree], results: dict) -> None:
    """CPU milliseconds per request of each part of the machine (`cpu_by_part`), per phase."""
    print(
        f"\n{'CPU ms per request':<30}"
        + "".join(f"{part:>8}" for part in CPU_PARTS)
        + f"{'all':>8}"
    )
    for tree in trees:
        for name in results[tree.label]:
            phase = results[tree.label][name]
            count = max(1, len(phase.latencies))
            cells = [phase.cpu.get(part, 0.0) * 1000 / count for part in CPU_PARTS]
            print(
                f"{tree.label:<22}{name:<8}"
                + "".join(f"{cell:>8.2f}" for cell in cells)
                + f"{sum(cells):>8.2f}"
            )


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", type=Path, help="source tree (repeatable)")
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=12.0, help="per phase and tree")
    parser.add_argument(
        "--rounds", type=int, default=4, help="slices per phase, taking turns with the others"
    )
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers")
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/14")
    parser.add_argument(
        "--notices", action="store_true", help="run a Celery worker; report notice latency"
    )
    parser.add_argument(
        "--phases",
        default=",".join(PHASES),
        help="comma-separated phases to run (bare always runs: the ratios need it)",
    )
    parser.add_argument("--setup", type=int, help=argparse.SUPPRESS)
    return parser.parse_args()


def trees_describe(args: argparse.Namespace, workdir: Path) -> list[Tree]:
    """One Tree per --tree (this checkout without one): its database, Redis prefix and the
    environment its processes run with."""
    trees: list[Tree] = []
    for number, path in enumerate(args.tree or [ROOT]):
        path = path.resolve()
        database = f"badux_bench_{os.getpid()}_{number}"
        prefix = f"badux_bench_{os.getpid()}_{number}"
        env = {
            **{k: v for k, v in os.environ.items() if k != "DATABASE_URL"},
            "DJANGO_SETTINGS_MODULE": "bench_http_settings",
            "PYTHONPATH": f"{path}{os.pathsep}{workdir}",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1",
            "DATABASE_URL": f"{args.postgres}/{database}",
            "REDIS_URL": args.redis,
            "TRUSTED_PROXY_COUNT": "0",  # the load generator talks to gunicorn directly
            "SECURE_SSL_REDIRECT": "false",
            "LOG_LEVEL": "WARNING",
            "BENCH_STATIC_ROOT": str(workdir / f"static_{number}"),
            "BENCH_PREFIX": prefix,
            "BENCH_WORKERS": str(args.workers),
        }
        label = f"{number}:{path.name}"
        trees.append(Tree(path=path, label=label, database=database, env=env))
    return trees


def phases_run(args: argparse.Namespace, trees: list[Tree], phases: tuple[str, ...]) -> dict:
    """Every phase on every tree, in `args.rounds` slices taking turns; the results by tree
    label and phase name."""
    results = {tree.label: {name: Phase(name) for name in phases} for tree in trees}
    for _ in range(args.rounds):
        for name in phases:
            for tree in trees:
                phase = results[tree.label][name]
                roots = {
                    "web": [tree.server.pid],
                    "relay": [helper.pid for helper in tree.helpers],
                }
                asyncio.run(
                    run_phase(
                        phase,
                        tree.port,
                        tree.data,
                        args.clients,
                        args.seconds / args.rounds,
                        roots,
                    )
                )
                print(
                    f"{tree.label} {name}: {len(phase.latencies)} requests, errors "
                    f"{phase.errors} (statuses {sorted(phase.error_statuses)})",
                    flush=True,
                )
    return results


def report_notices(args: argparse.Namespace, trees: list[Tree]) -> None:
    print(f"\n{'tree':<22}{'notices':>8}{'p50 s':>8}{'p95 s':>8}{'max s':>8}{'missing':>9}")
    for tree in trees:
        latencies, missing = notice_latencies(args.postgres, tree)
        if latencies:
            print(
                f"{tree.label:<22}{len(latencies):>8}"
                f"{statistics.median(latencies):>8.3f}"
                f"{percentile(latencies, 0.95):>8.3f}{max(latencies):>8.3f}{missing:>9}"
            )


def trees_stop(args: argparse.Namespace, trees: list[Tree]) -> None:
    """Stop each tree's processes (SIGTERM, then SIGKILL after 30 s), drop its database and
    its Redis keys."""
    for tree in trees:
        for process in [tree.server, *tree.helpers]:
            if process is not None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    print(f"{process.args[-1]} did not stop within 30 s of SIGTERM: killed")
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()
        postgres_admin(args.postgres, f'DROP DATABASE IF EXISTS "{tree.database}" WITH (FORCE)')
        redis_cleanup(args.redis, tree.env["BENCH_PREFIX"])


def main() -> None:
    args = arguments()
    if args.setup is not None:  # the child: this tree's code first on the path
        sys.path.insert(0, os.getcwd())
        print(json.dumps(setup_tree(args.setup)))
        return
    for url in (args.postgres, args.redis):
        if "127.0.0.1" not in url and "localhost" not in url:
            sys.exit("loopback addresses only")
    if not 1 <= args.clients <= 256 or not 0 < args.seconds <= 120 or not 1 <= args.rounds <= 20:
        sys.exit("--clients 1..256, --seconds up to 120, --rounds 1..20")
    phases = ("bare", *(name for name in PHASES[1:] if name in args.phases.split(",")))
    workdir = Path(tempfile.mkdtemp(prefix="badux-bench-"))
    (workdir / "bench_http_settings.py").write_text(SETTINGS_MODULE)
    (workdir / "bench_http_urls.py").write_text(URLS_MODULE)
    trees = trees_describe(args, workdir)
    try:
        for tree in trees:
            postgres_admin(args.postgres, f'CREATE DATABASE "{tree.database}"')
            started = time.perf_counter()
            tree_prepare(tree, args.clients, args.notices)
            print(f"{tree.label}: ready in {time.perf_counter() - started:.0f} s", flush=True)
        results = phases_run(args, trees, phases)
        print(
            f"\ngunicorn --workers {args.workers}, {args.clients} clients, {os.cpu_count()} cores"
        )
        report(trees, results)
        report_cpu(trees, results)
        if args.notices:
            report_notices(args, trees)
    finally:
        trees_stop(args, trees)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
