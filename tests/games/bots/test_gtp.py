"""The GTP client: a well-behaved engine's move comes back; an engine that hangs, is too slow
for the move (all its commands together), crashes, answers garbage or an illegal move raises
its own error and is stopped, with every process it started."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from games.bots.gtp import (
    GtpCrashed,
    GtpEngine,
    GtpGarbage,
    GtpIllegalMove,
    GtpRefused,
    GtpTimeout,
    available,
)
from rules.game import Game
from rules.ruleset import preset
from rules.topology import hexagon, square
from tests.games.bots.fake_gtp import SLOW

FAKE = str(Path(__file__).with_name("fake_gtp.py"))


def fake(mode: str) -> list[str]:
    return [sys.executable, FAKE, mode]


def game_with(*names: str) -> Game:
    topology = square(9)
    game = Game.new(topology, preset("go-area", topology))
    for name in names:
        game.play(topology.parse(name))
    return game


def test_a_good_engine_answers_a_legal_move_and_follows_the_game():
    game = game_with("A1")
    with GtpEngine(fake("good"), timeout=5) as engine:
        move = engine.genmove(game)
        assert (move.kind, game.topology.name(move.point)) == ("play", "A2")
        game.play(move.point)
        game.play(game.topology.parse("E5"))
        move = engine.genmove(game)
        assert game.topology.name(move.point) == "A3"


@pytest.mark.parametrize(
    ("mode", "error"),
    [
        ("hang", GtpTimeout),
        ("garbage", GtpGarbage),
        ("illegal", GtpIllegalMove),
        ("crash", GtpCrashed),
    ],
)
def test_a_failing_engine_raises_and_is_stopped(mode, error):
    game = game_with("E5")
    before = list(game.moves)
    # A short limit only for the engine that hangs: a busy machine may be slow to start one.
    engine = GtpEngine(fake(mode), timeout=0.5 if mode == "hang" else 20)
    with pytest.raises(error):
        engine.genmove(game)
    assert engine._proc.poll() is not None  # stopped, not left running
    assert game.moves == before


def test_a_missing_program_cannot_start_and_is_not_available():
    assert not available(["/nonexistent/gnugo"])
    assert available([sys.executable])
    with pytest.raises(GtpCrashed):
        GtpEngine(["/nonexistent/gnugo"], timeout=1)


def test_hexagons_are_refused_without_a_command():
    topology = hexagon(6)
    game = Game.new(topology, preset("badux", topology))
    engine = GtpEngine(fake("good"), timeout=5)
    with pytest.raises(GtpRefused, match="square boards"):
        engine.genmove(game)
    assert engine._proc.poll() is not None


def test_a_slow_engine_fails_when_its_commands_together_pass_the_moves_time():
    # Each answer comes well within the time, but the five commands of the move (board size,
    # clear, komi, the stone played, genmove) do not.
    game = game_with("E5")
    engine = GtpEngine(fake("slow"), timeout=4 * SLOW)
    engine.command("protocol_version")  # one command alone comes in time
    with pytest.raises(GtpTimeout, match="the move"):
        engine.genmove(game)
    assert engine._proc.poll() is not None
    assert len(game.moves) == 1


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _running(pid: int) -> bool:
    """Whether `pid` is a live process (a zombie, dead and waiting for its parent to read its
    status, is not: in a container whose first process reaps nothing, orphans stay zombies)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _group_running(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and _running(int(entry.name)):
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid:
                return True
    return False


def _gone(pid: int, pgid: int) -> bool:
    """Whether `pid` and every process of group `pgid` have ended, within a few seconds (the
    kernel delivers SIGKILL at once, but ending a process is not instantaneous)."""
    for _ in range(50):
        if not _running(pid) and not _group_running(pgid):
            return True
        time.sleep(0.1)
    return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("end", ["failure", "close"])
def test_an_engine_stopped_takes_the_processes_it_started_with_it(end):
    engine = GtpEngine(fake("spawn"), timeout=1)
    engine.command("protocol_version")  # answered: its child is running
    pgid = engine._proc.pid
    assert os.getpgid(pgid) == pgid  # the engine leads a group of its own
    [child] = _children(pgid)
    assert os.getpgid(child) == pgid and _running(child)
    if end == "failure":
        with pytest.raises(GtpTimeout):
            engine.genmove(game_with("E5"))
    else:
        engine.close()
    assert _gone(child, pgid)


GNUGO = ["/usr/games/gnugo", "--mode", "gtp", "--level", "1", "--chinese-rules"]


@pytest.mark.skipif(not available(GNUGO), reason="Debian's gnugo is not installed")
def test_gnu_go_answers_a_legal_move():
    game = game_with("E5", "C3")
    with GtpEngine(GNUGO, timeout=30) as engine:
        move = engine.genmove(game)
        assert move.kind == "play" and game.is_legal(move.point)
