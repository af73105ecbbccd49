"""Players of tests/deploy/test_two_nodes.py: HTTP clients of the public API through nginx, one
thread each, every request logged.

A player waits for its "your turn" notice (GET /api/v1/notifications?unread=true) before every
move, so every move's notice must reach the player (outbox row, relay, broker, worker) or the
game stops. A move whose answer is lost (a 5xx, a dropped connection: the node died) is sent
again with the same `expected_move_number`, which the API answers 200 if it was played
(docs/api.md); a move is recorded once, when the API answered 200.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from dataclasses import dataclass, field

COLUMNS = "ABCDEFGHJKLMNOPQRST"
# Between two looks at the notifications while waiting for the opponent.
POLL_SECONDS = 0.25
REQUEST_TIMEOUT = 20.0
# A move whose node died is sent again this many times at most (nginx needs one).
MOVE_TRIES = 50


def sparse_moves(count: int) -> list[str]:
    """`count` legal 19×19 moves without a capture: Black fills rows 1-9, White rows 11-19."""
    moves = []
    for i in range(count):
        k = i // 2
        column, row = COLUMNS[k % 19], k // 19 + 1
        moves.append(f"{column}{row if i % 2 == 0 else 20 - row}")
    return moves


@dataclass
class Call:
    """One HTTP exchange as the player saw it; status 0: no answer (connection error)."""

    method: str
    path: str
    started: float
    ended: float
    status: int


@dataclass
class Player:
    """One player of one game: `colour` 0 (Black, moves 0, 2, 4 ...) or 1 (White)."""

    name: str
    token: str
    game_id: int
    colour: int
    moves: list[str]
    calls: list[Call] = field(default_factory=list)
    played: list[int] = field(default_factory=list)
    notices_seen: list[int] = field(default_factory=list)
    error: str = ""

    def _request(
        self, port: int, method: str, path: str, body: dict | None = None
    ) -> tuple[int, dict]:
        """One request on a fresh connection (nginx spreads them over the nodes)."""
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_TIMEOUT)
        headers = {"Authorization": f"Bearer {self.token}", "Host": "127.0.0.1"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        started = time.time()
        status, payload = 0, {}
        try:
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            status = response.status
            raw = response.read()
            if raw and response.getheader("Content-Type", "").startswith("application/json"):
                payload = json.loads(raw)
        except (OSError, http.client.HTTPException):
            status = 0
        finally:
            connection.close()
            self.calls.append(Call(method, path, started, time.time(), status))
        return status, payload

    def _wait_for_turn(self, port: int, stop: threading.Event) -> bool:
        """Poll the unread notices until a new "your turn" arrives; False when stopped."""
        while not stop.is_set():
            status, payload = self._request(port, "GET", "/api/v1/notifications?unread=true")
            if status == 200:
                fresh = [
                    item["id"]
                    for item in payload["items"]
                    if item["event"] == "your_turn"
                    and item["url"].startswith(f"/games/{self.game_id}/")
                    and item["id"] not in self.notices_seen
                ]
                if fresh:
                    self.notices_seen.extend(fresh)
                    return True
            stop.wait(POLL_SECONDS)
        return False

    def _move(self, port: int, number: int) -> bool:
        """Play move `number` until the API says 200; False on a refusal (a bug)."""
        body = {"point": self.moves[number], "expected_move_number": number}
        for _ in range(MOVE_TRIES):
            status, payload = self._request(
                port, "POST", f"/api/v1/games/{self.game_id}/move", body
            )
            if status == 200:
                self.played.append(number)
                return True
            if status in (0, 502, 503, 504):
                time.sleep(0.1)  # the node died under the request: nginx has the other one
                continue
            self.error = f"move {number}: {status} {payload}"
            return False
        self.error = f"move {number}: no answer in {MOVE_TRIES} tries"
        return False

    def play(self, port: int, stop: threading.Event) -> None:
        """Wait for each turn's notice and move, until `stop` or the moves run out."""
        number = self.colour
        while number < len(self.moves) and self._wait_for_turn(port, stop):
            if not self._move(port, number):
                return
            number += 2
