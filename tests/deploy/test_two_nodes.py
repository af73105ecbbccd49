"""Two of everything on this machine, one of each killed mid-run: nothing is lost or doubled.

Debian's nginx, with the site's own proxy settings (deploy/nginx/badux.conf's upstream and
deploy/nginx/badux-proxy.conf), runs from a folder of its own (not the system service) in front
of two gunicorn nodes; two Celery workers, two outbox relays and one beat run beside them, all
with production settings against this test's PostgreSQL database and a private redis-server.
30 players (15 games of 19×19) play through nginx with API tokens, each waiting for its "your
turn" notice before every move (tests/deploy/players.py). Half-way through, one web node, one
worker and one relay are killed with SIGKILL. Then:

- no move lost (answered 200 and not in the game) or doubled (in the game twice, or in the game
  without a 200), every game's record exactly the moves its players made;
- every "your turn" notice of every move exists exactly once, for the player to move;
- no 5xx but the requests that were in flight on the killed node when it died (nginx's access
  log: the node it tried, when the request started and ended), and requests keep succeeding
  through the surviving node;
- one beat: of two beats started, one sends the periodic tasks (the catch-up sweep every 2 s
  here) and the other stands by (baduxsite/beat.py's lock in Redis).

The table (requests, 5xx, in flight on the killed node, lost, doubled, notices) is printed:
`pytest -s tests/deploy/test_two_nodes.py`. Needs PostgreSQL (DATABASE_URL), Debian's nginx
(`make nginx`) and a redis-server binary; skips otherwise.
"""

from __future__ import annotations

import secrets
import socket
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import redis
from celery import Celery
from django.db import connection
from django.utils import timezone

from accounts.api.tokens import api_token_create
from core.models import OutboxTask
from games.game_settings import GameSettings
from games.models import Game
from games.moves import game_moves, move_label
from games.services import play
from messaging.models import Notification
from tests.deploy.cluster import Cluster, access_log, nginx_binary
from tests.deploy.players import Player, sparse_moves
from tests.site.helpers import child_database_url, clean_env
from tests.site.private_redis import PrivateRedis, free_ports, redis_binary, wait_for_port

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow, pytest.mark.postgres]

PLAYERS = 30
PLAY_SECONDS = 60.0
# After play stops, the last move of each game still has its notice on the way: a wait that
# ends as soon as they are all there (90 s, room for a loaded 2-core machine, where 30 s
# may be short for two nodes' workers).
SETTLE_SECONDS = 90.0


@pytest.fixture
def machine(tmp_path) -> Iterator[tuple[str, PrivateRedis]]:
    """nginx's binary and a private redis-server; skips without PostgreSQL, nginx or Redis."""
    if connection.vendor != "postgresql":
        pytest.skip("the two-node run shares this test's PostgreSQL database with its processes")
    nginx, redis_server = nginx_binary(), redis_binary()
    if nginx is None:
        pytest.skip("Debian's nginx is not installed (make nginx)")
    if redis_server is None:
        pytest.skip("no redis-server binary")
    server = PrivateRedis(redis_server, tmp_path)
    server.start()
    yield nginx, server
    server.stop()


@pytest.fixture
def work_dir() -> Iterator[Path]:
    """nginx's prefix and every child's log: readable by nginx's workers (`nobody` when the test
    runs as root), unlike pytest's tmp_path."""
    path = Path(tempfile.mkdtemp(prefix="badux-two-nodes-"))
    path.chmod(0o755)
    yield path
    for child in sorted(path.rglob("*"), reverse=True):
        child.rmdir() if child.is_dir() else child.unlink()
    path.rmdir()


def _players(user_factory) -> list[Player]:
    """15 games of 19×19 Go, started now, and a play token for each of their 30 players."""
    now = timezone.now()
    moves = sparse_moves(19 * 18)
    players = []
    for number in range(PLAYERS // 2):
        black = user_factory(username=f"node-b{number}")
        white = user_factory(username=f"node-w{number}")
        game = play.game_start(
            black=black,
            white=white,
            settings=GameSettings(board_kind="square", board_size=19),
            now=now,
        )
        for colour, user in enumerate((black, white)):
            _, token = api_token_create(user=user, name="two nodes", scope="play", now=now)
            players.append(Player(user.username, token, game.pk, colour, moves))
    return players


def _wait_for(condition, *, timeout: float, what: str, logs=lambda: "") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}\n{logs()}")
        time.sleep(0.2)


def _workers_answer(client: Celery, names: list[str]) -> bool:
    host = socket.gethostname()
    replies = client.control.ping(destination=[f"{n}@{host}" for n in names], timeout=1.0)
    return len(replies) == len(names)


def _game_records(players: list[Player]) -> dict[int, tuple[list[str], int]]:
    """Each game's moves as stored (labels) and its move number."""
    records = {}
    for game_id in {player.game_id for player in players}:
        game = Game.objects.get(pk=game_id)
        records[game_id] = ([move_label(game, move) for move in game_moves(game)], game.move_number)
    return records


def _notices_missing(players: list[Player]) -> set[str]:
    """The keys of the current moves' notices not there yet (the last one is in flight)."""
    keys = {
        f"turn:{g.pk}:{g.move_number}"
        for g in Game.objects.filter(pk__in=[p.game_id for p in players])
    }
    return keys - set(Notification.objects.filter(key__in=keys).values_list("key", flat=True))


def _pending(redis_url: str) -> dict:
    """Where queued work waits: outbox rows, the broker's queue and its unacknowledged tasks."""
    client = redis.Redis.from_url(redis_url)
    return {
        "outbox": list(OutboxTask.objects.values_list("task", "args", "attempts", "last_error")),
        "queue": client.llen("celery"),
        "unacked": [client.hgetall("unacked")],
        "unacked_index": client.zrange("unacked_index", 0, -1, withscores=True),
        "mutex": client.get("unacked_mutex"),
    }


def _start(cluster: Cluster, nginx: str, celery: Celery) -> tuple[int, list[int]]:
    """Two web nodes, two workers, two relays, two beats and nginx; returns nginx's port and the
    nodes' once all answer."""
    nginx_port, *web_ports = free_ports(3)
    for index, web_port in enumerate(web_ports, start=1):
        cluster.web(f"web{index}", web_port)
        cluster.worker(f"worker{index}")
        cluster.relay(f"relay{index}")
    # Two beats, as an operator might start by mistake: the lock lets one send.
    cluster.beat("beat1")
    cluster.beat("beat2")
    port = cluster.nginx(nginx, web_ports, port=nginx_port)
    for web_port in web_ports:
        wait_for_port(web_port, timeout=60)
    _wait_for(
        lambda: _workers_answer(celery, ["worker1", "worker2"]),
        timeout=60,
        what="both workers",
        logs=cluster.logs,
    )
    return port, web_ports


@dataclass
class Run:
    """When things happened (time.time()): play, the SIGKILL, the killed port refusing."""

    play_started: float = 0.0
    killed_at: float = 0.0
    gone_at: float = 0.0
    play_ended: float = 0.0


def _play(cluster: Cluster, players: list[Player], port: int, web_port: int) -> Run:
    """The players for PLAY_SECONDS; web1, worker1 and relay1 killed half-way."""
    run, stop = Run(), threading.Event()
    threads = [threading.Thread(target=p.play, args=(port, stop), daemon=True) for p in players]
    try:
        for thread in threads:
            thread.start()
        run.play_started = time.time()
        stop.wait(PLAY_SECONDS / 2)
        run.killed_at, run.gone_at = cluster.kill("web1", web_port)
        cluster.kill("worker1")
        cluster.kill("relay1")
        stop.wait(PLAY_SECONDS / 2)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
    run.play_ended = time.time()
    return run


@dataclass
class Tally:
    """The run's table: nginx's requests and 5xx, the games' moves, the notices."""

    requests: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    in_flight: list = field(default_factory=list)
    after_kill: list = field(default_factory=list)
    moves: int = 0
    lost: int = 0
    doubled: int = 0
    notices: Counter = field(default_factory=Counter)
    expected_notices: int = 0
    wrong_reader: int = 0

    def table(self) -> str:
        return (
            f"{'requests':>9}{'5xx':>6}{'in flight on killed':>21}{'moves':>7}{'lost':>6}"
            f"{'doubled':>9}{'notices':>9}{'missing':>9}{'twice':>7}\n"
            f"{len(self.requests):>9}{len(self.errors):>6}{len(self.in_flight):>21}"
            f"{self.moves:>7}{self.lost:>6}{self.doubled:>9}{sum(self.notices.values()):>9}"
            f"{self.expected_notices - len(self.notices):>9}"
            f"{sum(c - 1 for c in self.notices.values()):>7}"
        )


def _tally(requests: list, players: list[Player], killed: str, run: Run) -> Tally:
    """Count what the run did: a move is lost when a player had its 200 and the game does not
    hold it, doubled when a game holds a move no player had a 200 for (or had two)."""
    tally = Tally(requests=requests)
    tally.errors = [line for line in requests if line.status >= 500]
    tally.in_flight = [
        line
        for line in tally.errors
        if killed in line.upstreams and line.started <= run.gone_at and line.ended >= run.killed_at
    ]
    tally.after_kill = [line for line in requests if line.started > run.gone_at]
    records = _game_records(players)
    made = Counter((p.game_id, number) for p in players for number in p.played)
    held = {(game_id, n) for game_id, (_, total) in records.items() for n in range(total)}
    tally.moves = len(held)
    tally.lost = len(set(made) - held)
    tally.doubled = sum(count - 1 for count in made.values()) + len(held - set(made))
    readers = {}  # the player to move at each key
    for player in players:
        for n in range(player.colour, records[player.game_id][1] + 1, 2):
            readers[f"turn:{player.game_id}:{n}"] = player.name
    rows = Notification.objects.filter(key__in=readers).values_list("key", "user__username")
    tally.notices = Counter(key for key, _ in rows)
    tally.wrong_reader = sum(1 for key, name in rows if readers[key] != name)
    tally.expected_notices = len(readers)
    return tally


def test_two_nodes_survive_a_node_a_worker_and_a_relay_killed_mid_run(
    machine, work_dir, user_factory
):
    nginx, redis_server = machine
    started = time.monotonic()
    players = _players(user_factory)
    cluster = Cluster(
        clean_env(
            SECRET_KEY=secrets.token_urlsafe(50),
            ALLOWED_HOSTS="127.0.0.1",
            DATABASE_URL=child_database_url(),
            REDIS_URL=redis_server.url,
            TRUSTED_PROXY_COUNT="1",
            SECURE_SSL_REDIRECT="false",
            API_THROTTLE_RATE="100000/m",
            EMAIL_BACKEND="django.core.mail.backends.dummy.EmailBackend",
            LOG_LEVEL="WARNING",
        ),
        work_dir,
    )
    celery = Celery("two-nodes", broker=redis_server.url, set_as_current=False)
    try:
        port, web_ports = _start(cluster, nginx, celery)
        ready = time.monotonic() - started
        run = _play(cluster, players, port, web_ports[0])
        _wait_for(
            lambda: not _notices_missing(players),
            timeout=SETTLE_SECONDS,
            what="the last notices",
            logs=lambda: (
                f"{_notices_missing(players)} {_pending(redis_server.url)}\n{cluster.logs()}"
            ),
        )
        sweeps, requeued = cluster.requeued_by_sweep()
        beat_sends = {name: cluster.beat_sends(name) for name in ("beat1", "beat2")}
        survivors = {
            name: cluster.alive(name) for name in ("web2", "worker2", "relay2", "beat1", "beat2")
        }
    finally:
        logs = cluster.logs()
        cluster.stop_all()
        celery.close()
    tally = _tally(access_log(work_dir / "access.log"), players, f"127.0.0.1:{web_ports[0]}", run)
    print(
        f"\n{tally.table()}\n"
        f"{time.monotonic() - started:.0f} s in all: {ready:.0f} s to start, "
        f"{run.play_ended - run.play_started:.0f} s of play; the kill at "
        f"{run.killed_at - run.play_started:.1f} s, the port refused connections "
        f"{1000 * (run.gone_at - run.killed_at):.0f} ms later; requests after: "
        f"{len(tally.after_kill)}; notices sweep: {sweeps} runs, {requeued} notices queued "
        f"again; periodic tasks sent by each beat: {beat_sends}"
    )

    assert not [p.error for p in players if p.error], logs
    assert all(survivors.values()), (survivors, logs)
    assert tally.moves >= PLAYERS, "the players hardly moved"
    assert (tally.lost, tally.doubled) == (0, 0)
    for game_id, (labels, total) in _game_records(players).items():
        assert labels == sparse_moves(total), game_id
    # Every move's notice once, for the player to move; each player saw one per move it made.
    assert len(tally.notices) == tally.expected_notices
    assert set(tally.notices.values()) == {1} and tally.wrong_reader == 0
    for player in players:
        assert len(player.notices_seen) >= len(player.played)
    # 5xx only where the killed node died under the request; nginx routed around it after.
    assert tally.errors == tally.in_flight, [
        (e.status, e.upstreams, e.started - run.killed_at) for e in tally.errors
    ]
    assert [line for line in tally.after_kill if line.status >= 500] == []
    assert any(line.method == "POST" and line.status == 200 for line in tally.after_kill)
    # No answer at all only where the killed node died while sending its answer (nginx cannot
    # retry a response it has begun to pass on): never before the kill or after the port closed.
    unanswered = [call for p in players for call in p.calls if call.status == 0]
    assert [
        (call.method, call.path, call.started - run.killed_at)
        for call in unanswered
        if call.ended < run.killed_at or call.started > run.gone_at
    ] == []
    # One beat sent the periodic tasks, the other stood by the whole run.
    assert sorted(beat_sends.values())[0] == 0 and sorted(beat_sends.values())[1] >= 10
