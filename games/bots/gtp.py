"""A client for Go engines that speak GTP (Go Text Protocol, version 2) in a subprocess.

`GtpEngine(command, timeout=...)` starts the engine; `genmove(game)` brings the engine's board
up to date with a `rules.game.Game` (replaying the moves it has not seen) and asks for the
move of the player to move. `timeout` is the time of one move: every command `genmove` sends
(the board size, the moves replayed, the `genmove` itself) shares one deadline, so an engine
slow to answer each command fails like one that hangs. An engine that misses the deadline,
exits, answers something that is not GTP, refuses a command or answers a move our rules
refuse raises a `GtpError` subclass, and the engine is killed before the error propagates:
the caller's game is never touched by this module.

The engine runs in a process group of its own, and killing or closing it ends the whole
group: the programs it started die with it (unless they left the group themselves).

Square boards only (GTP has no hexagons). Imports `rules` and the standard library only.
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import signal
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass

from rules.board import BLACK
from rules.game import PASS, PLAY, RESIGN, Game, Move
from rules.topology import CoordinateError

MAX_RESPONSE = 64 * 1024  # more than this for one answer is garbage


class GtpError(Exception):
    """The engine failed; it has been stopped."""


class GtpTimeout(GtpError):
    """No complete answer within the time limit."""


class GtpCrashed(GtpError):
    """The engine exited or closed its output."""


class GtpGarbage(GtpError):
    """The answer is not a GTP response, or not a move."""


class GtpRefused(GtpError):
    """The engine answered a command with a GTP failure ('? ...')."""


class GtpIllegalMove(GtpError):
    """The engine answered a move our rules refuse."""


@dataclass(frozen=True)
class EngineMove:
    """What the engine chose: `kind` is "play" (with `point`), "pass" or "resign"."""

    kind: str
    point: int | None = None
    text: str = ""


def available(command: Sequence[str]) -> bool:
    """Whether the engine's program can be found (on PATH or as a path)."""
    return bool(command) and shutil.which(command[0]) is not None


class GtpEngine:
    """One running engine. Use as a context manager, or call `close()`."""

    def __init__(self, command: Sequence[str], *, timeout: float) -> None:
        """Start `command` in a process group of its own; raises GtpCrashed when it cannot be
        started. `timeout` is the seconds one move (`genmove`), or one lone `command`, may take."""
        self.timeout = timeout
        self._deadline: float | None = None  # while a move is being asked for
        self._group_ended = False
        self._buffer = b""
        self._known: list[Move] | None = None  # the moves the engine's board holds
        self._size: int | None = None
        try:
            self._proc = subprocess.Popen(  # noqa: S603 - the command comes from settings
                list(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                start_new_session=True,  # its own group, which kill() ends whole
            )
        except OSError as error:
            raise GtpCrashed(f"cannot start {command[0] if command else '?'}: {error}") from error

    def __enter__(self) -> GtpEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Ask the engine to quit, then end its process group (what it started and left
        running, and the engine itself when it did not quit at once)."""
        proc = self._proc
        if proc.poll() is None:
            try:
                proc.stdin.write(b"quit\n")
                proc.stdin.flush()
                proc.wait(timeout=0.5)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self.kill()

    def kill(self) -> None:
        """Stop the engine and every process of its group now."""
        proc = self._proc
        if not self._group_ended:
            self._group_ended = True  # once: later, the group's number may be another's
            with contextlib.suppress(ProcessLookupError, PermissionError):  # already gone
                os.killpg(proc.pid, signal.SIGKILL)
        if proc.poll() is None:
            with contextlib.suppress(subprocess.TimeoutExpired):  # the kernel reaps it later
                proc.wait(timeout=2)
        self._close_pipes()

    def _close_pipes(self) -> None:
        for pipe in (self._proc.stdin, self._proc.stdout):
            with contextlib.suppress(OSError):
                pipe.close()

    def _fail(self, error: GtpError) -> GtpError:
        self.kill()
        self._known = None
        return error

    def command(self, line: str) -> str:
        """Send one GTP command; the answer's text after '= '. Raises a GtpError (and kills
        the engine) on a failure, a timeout, an exit or garbage."""
        proc = self._proc
        if proc.poll() is not None:
            raise self._fail(GtpCrashed("the engine has exited"))
        try:
            proc.stdin.write(line.encode("ascii") + b"\n")
            proc.stdin.flush()
        except OSError as error:
            raise self._fail(GtpCrashed(f"the engine stopped reading: {error}")) from error
        raw = self._read_response()
        text = raw.decode("utf-8", "replace").replace("\r", "").strip("\n")
        if text.startswith("?"):
            raise self._fail(GtpRefused(f"{line!r}: {text[1:].strip()}"))
        if not text.startswith("="):
            raise self._fail(GtpGarbage(f"{line!r}: not a GTP answer: {text[:80]!r}"))
        # '=' may carry a command id before the text, which we never send.
        return text[1:].strip()

    def _read_response(self) -> bytes:
        """Bytes up to the blank line that ends a GTP response."""
        fd = self._proc.stdout.fileno()
        deadline = self._deadline
        if deadline is None:
            deadline = time.monotonic() + self.timeout
        while True:
            # A response ends with an empty line; skip empty lines before it starts.
            self._buffer = self._buffer.lstrip(b"\r\n")
            end = self._buffer.find(b"\n\n")
            if end < 0:
                end = self._buffer.find(b"\r\n\r\n")
            if end >= 0:
                raw, self._buffer = self._buffer[:end], self._buffer[end:].lstrip(b"\r\n")
                return raw
            if len(self._buffer) > MAX_RESPONSE:
                raise self._fail(GtpGarbage("the answer is too long"))
            left = deadline - time.monotonic()
            if left <= 0:
                what = "the command" if self._deadline is None else "the move"
                raise self._fail(GtpTimeout(f"no answer to {what} within {self.timeout:g} s"))
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 4096)
            if not chunk:
                raise self._fail(GtpCrashed("the engine closed its output"))
            self._buffer += chunk

    def _sync(self, game: Game) -> None:
        """Bring the engine's board to `game`'s position."""
        topology = game.topology
        if topology.kind != "square":
            raise self._fail(GtpRefused(f"GTP engines play square boards, not {topology.label}"))
        moves = [m for m in game.moves if m.kind != RESIGN]
        known = self._known
        fresh = known is None or self._size != topology.n or moves[: len(known)] != known
        if fresh:
            self.command(f"boardsize {topology.n}")
            self.command("clear_board")
            self.command(f"komi {game.rules.komi:g}")
            for colour, setup in ((BLACK, game.black_setup), (3 - BLACK, game.white_setup)):
                for p in setup:
                    self.command(f"play {_colour(colour)} {topology.name(p)}")
            known = []
            self._size = topology.n
        for move in moves[len(known) :]:
            where = topology.name(move.point) if move.kind == PLAY else "pass"
            self.command(f"play {_colour(move.colour)} {where}")
        self._known = list(moves)

    def genmove(self, game: Game) -> EngineMove:
        """The engine's move for the player to move in `game` (not changed), within `timeout`
        seconds for all the commands it takes. Raises a GtpError subclass, the engine killed,
        when it fails (GtpTimeout past the deadline); GtpIllegalMove when our rules refuse its
        move."""
        self._deadline = time.monotonic() + self.timeout
        try:
            self._sync(game)
            answer = self.command(f"genmove {_colour(game.to_move)}")
        finally:
            self._deadline = None
        word = answer.split()[0].lower() if answer.split() else ""
        if word == "pass":
            move = EngineMove(PASS, None, answer)
        elif word == "resign":
            move = EngineMove(RESIGN, None, answer)
        else:
            try:
                point = game.topology.parse(word)
            except CoordinateError as error:
                raise self._fail(GtpGarbage(f"not a move: {answer[:40]!r}")) from error
            if not game.is_legal(point):
                raise self._fail(GtpIllegalMove(f"{game.topology.name(point)} is not legal here"))
            move = EngineMove(PLAY, point, answer)
        # The engine has played its move on its own board: the next sync expects it there.
        if move.kind == RESIGN:
            self._known = None
        else:
            self._known.append(Move(game.to_move, move.kind, move.point))
        return move


def _colour(colour: int) -> str:
    return "b" if colour == BLACK else "w"


__all__ = [
    "EngineMove",
    "GtpCrashed",
    "GtpEngine",
    "GtpError",
    "GtpGarbage",
    "GtpIllegalMove",
    "GtpRefused",
    "GtpTimeout",
    "available",
]
