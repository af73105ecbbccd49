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
from tests.site.private_redis import PrivateRedis, free_port, redis_binary, wait_for_port

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow, pytest.mark.postgres]

PLAYERS = 30
PLAY_SECONDS = 60.0
# After play stops, the last move of each game still has its notice on the way.
SETTLE_SECONDS = 30.0


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


def test_two_nodes_survive_a_node_a_worker_and_a_relay_killed_mid_run(
    machine, work_dir, user_factory
):
    nginx, redis_server = machine
    started = time.monotonic()
    players = _players(user_factory)
    made_at = time.monotonic()
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
    stop = threading.Event()
    threads: list[threading.Thread] = []
    try:
        web_ports = [0, 0]
        for index in range(2):
            web_ports[index] = free_port()
            cluster.web(f"web{index + 1}", web_ports[index])
            cluster.worker(f"worker{index + 1}")
            cluster.relay(f"relay{index + 1}")
        # Two beats, as an operator might start by mistake: the lock lets one send.
        cluster.beat("beat1")
        cluster.beat("beat2")
        port = cluster.nginx(nginx, web_ports)
        for web_port in web_ports:
            wait_for_port(web_port, timeout=60)
        _wait_for(
            lambda: _workers_answer(celery, ["worker1", "worker2"]),
            timeout=60,
            what="both workers",
            logs=cluster.logs,
        )
        ready_at = time.monotonic()
        threads = [
            threading.Thread(target=player.play, args=(port, stop), daemon=True)
            for player in players
        ]
        for thread in threads:
            thread.start()
        play_started = time.time()
        stop.wait(PLAY_SECONDS / 2)
        killed_at, gone_at = cluster.kill("web1", web_ports[0])
        cluster.kill("worker1")
        cluster.kill("relay1")
        stop.wait(PLAY_SECONDS / 2)
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        play_ended = time.time()
        _wait_for(
            lambda: not _notices_missing(players),
            timeout=SETTLE_SECONDS,
            what="the last notices",
            logs=lambda: (
                f"{_notices_missing(players)} {_pending(redis_server.url)}\n{cluster.logs()}"
            ),
        )
        settled_at = time.monotonic()
        sweeps, requeued = cluster.requeued_by_sweep()
        beat_sends = {name: cluster.beat_sends(name) for name in ("beat1", "beat2")}
        survivors = {
            name: cluster.alive(name) for name in ("web2", "worker2", "relay2", "beat1", "beat2")
        }
    finally:
        stop.set()
        logs = cluster.logs()
        cluster.stop_all()
        celery.close()
    requests = access_log(work_dir / "access.log")
    wall = time.monotonic() - started

    killed = f"127.0.0.1:{web_ports[0]}"
    errors = [line for line in requests if line.status >= 500]
    in_flight = [
        line
        for line in errors
        if killed in line.upstreams and line.started <= gone_at and line.ended >= killed_at
    ]
    after_kill = [line for line in requests if line.started > gone_at]
    records = _game_records(players)
    made = Counter((p.game_id, number) for p in players for number in p.played)
    doubled = sum(count - 1 for count in made.values()) + sum(
        1
        for game_id, (_, total) in records.items()
        for n in range(total)
        if (game_id, n) not in made
    )
    lost = sum(1 for game_id, number in made if number >= records[game_id][1])
    notices = Counter(
        Notification.objects.filter(
            key__in=[f"turn:{g}:{n}" for g, (_, total) in records.items() for n in range(total + 1)]
        ).values_list("key", flat=True)
    )
    expected_notices = sum(total + 1 for _, total in records.values())
    moves = sum(total for _, total in records.values())
    print(
        f"\n{'requests':>9}{'5xx':>6}{'in flight on killed':>21}{'moves':>7}{'lost':>6}"
        f"{'doubled':>9}{'notices':>9}{'missing':>9}{'twice':>7}{'wall s':>8}\n"
        f"{len(requests):>9}{len(errors):>6}{len(in_flight):>21}{moves:>7}{lost:>6}{doubled:>9}"
        f"{sum(notices.values()):>9}{expected_notices - len(notices):>9}"
        f"{sum(c - 1 for c in notices.values()):>7}{wall:>8.0f}\n"
        f"play {play_ended - play_started:.0f} s, kill at {killed_at - play_started:.1f} s "
        f"(its port refused connections {1000 * (gone_at - killed_at):.0f} ms later); "
        f"requests after the kill: {len(after_kill)}; notices sweep: {sweeps} runs, "
        f"{requeued} notices queued again; tasks sent by each beat: {beat_sends}\n"
        f"seconds: players and games {made_at - started:.1f}, processes up "
        f"{ready_at - made_at:.1f}, play {play_ended - play_started:.1f}, last notices "
        f"{settled_at - ready_at - (play_ended - play_started):.1f}"
    )

    assert not [p.error for p in players if p.error], logs
    assert all(survivors.values()), (survivors, logs)
    assert moves >= PLAYERS, "the players hardly moved"
    assert (lost, doubled) == (0, 0)
    for game_id, (labels, total) in records.items():
        assert labels == sparse_moves(total), game_id
    # Every move's notice once, for the player to move; each player saw one per move it made.
    assert len(notices) == expected_notices and set(notices.values()) == {1}
    for player in players:
        assert len(player.notices_seen) >= len(player.played)
    # 5xx only where the killed node died under the request; nginx routed around it after.
    assert errors == in_flight, [(e.status, e.upstreams, e.started - killed_at) for e in errors]
    assert [line for line in after_kill if line.status >= 500] == []
    assert sum(1 for line in after_kill if line.method == "POST" and line.status == 200) > 0
    assert not [call for p in players for call in p.calls if call.status == 0]
    # One beat sent the periodic tasks, the other stood by the whole run.
    assert sorted(beat_sends.values())[0] == 0 and sorted(beat_sends.values())[1] >= 10
