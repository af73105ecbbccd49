"""The processes of tests/deploy/test_two_nodes.py: Debian's nginx with the site's own proxy
settings (deploy/nginx/) in front of gunicorn nodes, Celery workers, outbox relays and one beat,
each in its own process group, logging into one folder."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tests.site.helpers import ROOT
from tests.site.private_redis import free_port, wait_for_port

NGINX_DIR = ROOT / "deploy" / "nginx"
# Production settings plus what the run needs (written next to the logs, on PYTHONPATH).
SETTINGS_MODULE = """
from baduxsite.settings.prod import *  # noqa: F403

# A worker killed with SIGKILL can lose a task it had just taken from Redis (kombu pops it
# before it records it as unacknowledged), and Redis gives back the ones it had recorded only
# after 10 minutes: production's catch-up sweep queues a "your turn" notice again once it has
# been missing for a minute, every 2 minutes. Here it looks every 2 s for notices missing 5 s,
# so that the run sees it at work.
GAMES_NOTICES_SWEEP_GRACE = 5
CELERY_BEAT_SCHEDULE = {
    **CELERY_BEAT_SCHEDULE,  # noqa: F405
    "games-notices-sweep": {"task": "games.notices_sweep", "schedule": 2.0},
}
"""
# nginx's access log: when each request ended, how long it took, its status, and which nodes
# nginx tried ("127.0.0.1:8001, 127.0.0.1:8002" when it passed a request on).
NGINX_CONF = """
daemon off;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
    log_format timed '$msec $request_time $status "$upstream_addr" "$upstream_status" '
                     '$request_method $uri';
    access_log {dir}/access.log timed;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
{upstream}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            include {proxy};
        }}
    }}
}}
"""


def nginx_binary() -> str | None:
    return shutil.which("nginx") or next(
        (path for path in ("/usr/sbin/nginx",) if os.access(path, os.X_OK)), None
    )


def upstream_block(ports: list[int]) -> str:
    """The `upstream badux_web` block of deploy/nginx/badux.conf, its two loopback nodes moved
    to `ports` (their passive-health parameters kept); other commented nodes dropped."""
    site = (NGINX_DIR / "badux.conf").read_text()
    block = re.search(r"upstream badux_web \{.*?\n\}", site, re.S).group(0)
    block = "\n".join(line for line in block.splitlines() if not line.strip().startswith("#"))
    for default, port in zip(("127.0.0.1:8001", "127.0.0.1:8002"), ports, strict=True):
        assert default in block, f"deploy/nginx/badux.conf has no node {default}"
        block = block.replace(default, f"127.0.0.1:{port}")
    return block


@dataclass
class Logged:
    name: str
    process: subprocess.Popen


class Cluster:
    """Children started with one environment; `kill` is SIGKILL to a whole process group."""

    def __init__(self, env: dict[str, str], work_dir: Path) -> None:
        self.work_dir = work_dir
        (work_dir / "deploy_run_settings.py").write_text(SETTINGS_MODULE)
        self.env = {
            **env,
            "DJANGO_SETTINGS_MODULE": "deploy_run_settings",
            "PYTHONPATH": str(work_dir),
            "PYTHONUNBUFFERED": "1",
        }
        self.children: dict[str, Logged] = {}

    def spawn(self, name: str, args: list[str]) -> subprocess.Popen:
        log = (self.work_dir / f"{name}.log").open("wb")
        process = subprocess.Popen(
            args,
            cwd=ROOT,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.children[name] = Logged(name, process)
        return process

    def web(self, name: str, port: int) -> None:
        self.spawn(name, [sys.executable, "-m", "gunicorn", "baduxsite.wsgi:application",
                          "--bind", f"127.0.0.1:{port}", "--workers", "2", "--timeout", "30",
                          "--log-level", "warning"])  # fmt: skip

    def worker(self, name: str) -> None:
        self.spawn(name, [sys.executable, "-m", "celery", "-A", "baduxsite", "worker",
                          "-Q", "celery", "--concurrency", "2", "--hostname", f"{name}@%h",
                          "--without-gossip", "--without-mingle",
                          "--loglevel", "INFO"])  # fmt: skip

    def relay(self, name: str) -> None:
        self.spawn(name, [sys.executable, "manage.py", "outbox_relay"])

    def beat(self, name: str) -> None:
        self.spawn(name, [sys.executable, "-m", "celery", "-A", "baduxsite", "beat",
                          "--schedule", str(self.work_dir / f"{name}-schedule"),
                          "--loglevel", "INFO"])  # fmt: skip

    def nginx(self, binary: str, web_ports: list[int]) -> int:
        """nginx with its own prefix in `work_dir` (not the system service); returns its port."""
        port = free_port()
        conf = self.work_dir / "nginx.conf"
        conf.write_text(
            NGINX_CONF.format(
                dir=self.work_dir,
                port=port,
                upstream=upstream_block(web_ports),
                proxy=NGINX_DIR / "badux-proxy.conf",
            )
        )
        self.spawn("nginx", [binary, "-p", str(self.work_dir), "-c", str(conf),
                             "-e", str(self.work_dir / "nginx-error.log")])  # fmt: skip
        wait_for_port(port, timeout=20)
        return port

    def kill(self, name: str, port: int | None = None) -> tuple[float, float]:
        """SIGKILL to the child's whole group (a gunicorn master and its workers, a Celery worker
        and its pool); returns when it was sent and (time.time()) when `port` refused
        connections: until then a dying gunicorn worker may still take one."""
        process = self.children[name].process
        sent = time.time()
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
        deadline = time.monotonic() + 30
        while port is not None and time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            except ConnectionRefusedError:
                break
            time.sleep(0.005)
        return sent, time.time()

    def alive(self, name: str) -> bool:
        return self.children[name].process.poll() is None

    def beat_sends(self, name: str) -> int:
        """How many periodic tasks the beat `name` sent (its INFO lines)."""
        return (self.work_dir / f"{name}.log").read_text(errors="replace").count("Sending due task")

    def requeued_by_sweep(self) -> tuple[int, int]:
        """How many times the workers ran the notices sweep, and how many notices it queued
        again (its result, in the workers' INFO lines)."""
        runs = requeued = 0
        pattern = re.compile(
            r"Task games\.notices_sweep\[[^]]*\] succeeded in \S+ \{'turns': (\d+)"
        )
        for path in self.work_dir.glob("worker*.log"):
            for found in pattern.finditer(path.read_text(errors="replace")):
                runs += 1
                requeued += int(found.group(1))
        return runs, requeued

    def logs(self) -> str:
        return "\n".join(
            f"--- {path.name}\n{_unremarkable_dropped(path.read_text(errors='replace'))[-2500:]}"
            for path in sorted(self.work_dir.glob("*.log"))
            if path.name != "access.log"
        )

    def stop_all(self) -> None:
        for child in self.children.values():
            if child.process.poll() is None:
                os.killpg(child.process.pid, signal.SIGTERM)
        for child in self.children.values():
            try:
                child.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(child.process.pid, signal.SIGKILL)
                child.process.wait()


def _unremarkable_dropped(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if "succeeded in" not in line)


@dataclass
class Logline:
    """One line of nginx's access log."""

    started: float
    ended: float
    status: int
    upstreams: list[str]
    method: str
    uri: str


def access_log(path: Path) -> list[Logline]:
    lines = []
    pattern = re.compile(r'(\S+) (\S+) (\d+) "([^"]*)" "([^"]*)" (\S+) (\S+)')
    for raw in path.read_text().splitlines():
        found = pattern.match(raw)
        if not found:
            continue
        ended, took = float(found.group(1)), float(found.group(2))
        lines.append(
            Logline(
                started=ended - took,
                ended=ended,
                status=int(found.group(3)),
                upstreams=[u for u in re.split(r",\s*", found.group(4)) if u and u != "-"],
                method=found.group(6),
                uri=found.group(7),
            )
        )
    return lines
