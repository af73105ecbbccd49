"""The load driver of bench/http_load.py: plain HTTP/1.1 over asyncio streams, one connection
per request, N concurrent clients per phase (bare, write, board, status, move) against one
gunicorn, with the latencies, errors, load average and CPU per part of the machine
(bench/machine_cpu.py) each phase adds up over its slices."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import re
import secrets
import time
import zlib
from dataclasses import dataclass, field

from bench.machine_cpu import cpu_by_part

REQUEST_TIMEOUT = 30.0
ERROR_LEVEL = 40  # django.contrib.messages.constants.ERROR


@dataclass
class Phase:
    name: str
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    size: int = 0
    error_statuses: set[int] = field(default_factory=set)
    seconds: float = 0.0
    load: tuple[float, ...] = ()
    cpu: dict[str, float] = field(default_factory=dict)


async def request(
    port: int, method: str, path: str, cookie: str, body: bytes = b""
) -> tuple[int, bytes, int]:
    """One request; returns the status code, the head (headers) and the body's length."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = (
        f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        f"Cookie: {cookie}\r\nUser-Agent: badux-bench\r\n"
    )
    if method == "POST":
        head += (
            f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n"
        )
    writer.write(head.encode() + b"\r\n" + body)
    await writer.drain()
    data = await reader.read()
    writer.close()
    head_bytes, _, content = data.partition(b"\r\n\r\n")
    status = int(head_bytes.split(b" ", 2)[1]) if head_bytes.startswith(b"HTTP/") else 0
    return status, head_bytes, len(content)


def refused(head: bytes) -> bool:
    """Whether the response's messages cookie (Django's signed, compressed CookieStorage)
    carries a message at the error level or above."""
    found = re.search(rb"Set-Cookie: messages=([^;\r\n]*)", head)
    if not found:
        return False
    value = found.group(1).decode().strip('"')
    value = re.sub(r"\\(\d{3})", lambda m: chr(int(m.group(1), 8)), value)
    payload = value.split(":", 1)[0]
    compressed = payload.startswith(".")
    payload = payload.lstrip(".")
    raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    messages = json.loads(zlib.decompress(raw) if compressed else raw)
    return any(isinstance(m, list) and len(m) > 2 and m[2] >= ERROR_LEVEL for m in messages)


async def run_phase(
    phase: Phase,
    port: int,
    data: dict,
    clients: int,
    seconds: float,
    roots: dict[str, list[int]] | None = None,
) -> None:
    """Drive `clients` concurrent loops for `seconds` (or until the move games run out),
    adding to `phase` (its CPU per part of the machine too, `cpu_by_part` of `roots`); the
    move games carry on where the last slice stopped."""
    roots = roots or {}
    name = phase.name
    played = data.setdefault("played", [0] * clients)
    csrf = secrets.token_hex(16)  # 32 characters: Django accepts the unmasked secret as token
    sessions = {
        who: f"sessionid={value}; csrftoken={csrf}" for who, value in data["sessions"].items()
    }
    stop_at = time.monotonic() + seconds

    async def client(number: int) -> None:
        sent = played[number] if name == "move" else 0
        while time.monotonic() < stop_at:
            if name == "bare":
                call = ("GET", "/bench/bare/", sessions["black"], b"", 200)
            elif name == "write":
                who = "mover_b" if sent % 2 == 0 else "mover_w"
                body = f"csrfmiddlewaretoken={csrf}".encode()
                call = ("POST", f"/bench/write/{data['move'][number]}/", sessions[who], body, 302)
            elif name == "board":
                game = data["board"][(number + sent) % len(data["board"])]
                call = ("GET", f"/games/{game}/", sessions["black"], b"", 200)
            elif name == "status":
                call = ("GET", "/games/", sessions["black"], b"", 200)
            else:
                if sent >= len(data["moves_left"]):
                    return
                who = "mover_b" if sent % 2 == 0 else "mover_w"
                body = (
                    f"point={data['moves_left'][sent]}&move_number={data['move_start'] + sent}"
                    f"&csrfmiddlewaretoken={csrf}"
                ).encode()
                call = ("POST", f"/games/{data['move'][number]}/move/", sessions[who], body, 302)
            method, path, cookie, body, expected = call
            sent_at = time.time()
            started = time.perf_counter()
            try:
                status, head, size = await asyncio.wait_for(
                    request(port, method, path, cookie, body), REQUEST_TIMEOUT
                )
            except (OSError, TimeoutError):
                status, head, size = 0, b"", 0
            phase.size = max(phase.size, size)
            phase.latencies.append(time.perf_counter() - started)
            played[number] = sent + 1 if name == "move" else played[number]
            # A refused move redirects too, with the reason in the messages cookie (where a
            # played one leaves "You played D4." at the success level).
            if status != expected or refused(head):
                phase.errors += 1
                phase.error_statuses.add(status)
            elif name == "move":
                data.setdefault("moved", []).append(
                    (data["move"][number], data["move_start"] + sent + 1, sent_at)
                )
            sent += 1

    loads = [os.getloadavg()[0]]
    cpu_before = cpu_by_part(roots)
    started = time.perf_counter()
    await asyncio.gather(*(client(n) for n in range(clients)))
    phase.seconds += time.perf_counter() - started
    for part, seconds_used in cpu_by_part(roots).items():
        phase.cpu[part] = phase.cpu.get(part, 0.0) + seconds_used - cpu_before.get(part, 0.0)
    loads += [os.getloadavg()[0], *phase.load]
    phase.load = (min(x for x in loads if x), max(loads))
