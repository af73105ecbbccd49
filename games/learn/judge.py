"""Judging an answer to an exercise with the rules package.

`judge(exercise, answer)` plays the answer on the exercise's position with `rules.Game` and
returns a `Verdict`: right or wrong, and a stable `code` saying why. The codes are the rules'
own refusal codes (`occupied`, `suicide`, `ko`, `superko`) for a move the rules refuse, and the
goal codes below for a legal move that misses the goal. Nothing here reads the database or a
clock, and nothing here writes text: games.learn.reasons turns a code into a sentence.

Goals (`Exercise.goal`):

* ``capture``: after the move the target stone is gone.
* ``save``: after the move the target's chain has at least two liberties.
* ``connect``: after the move both targets are in one chain.
* ``eyes``: after the move, with the opponent to move, the target's chain lives: the local
  search (rules.tsumego) proves that no sequence of moves in its region captures it. A wrong
  move's details name the opponent's answer that captures (`reply`) and the line (`line`).
* ``kill``: after the move, with the target's owner to move, the search proves the target is
  captured whatever it does; a wrong move's details name the reply that lives.

The author's `answers` are the hint; the verdict is the search's. Where the search cannot
settle a position (a region too large, or past its budget) the judge falls back to Benson:
``eyes`` right when the chain is unconditionally alive, ``kill`` right when no reply makes it
so.
* ``forbidden``: the answer is a point the player to move may not play, refused for the reason
  the exercise names (`Exercise.reason`).
* ``count``: a typed number, Black's area (stones plus surrounded points) of a finished board.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.learn.exercises import CAPTURE, CONNECT, COUNT, EYES, FORBIDDEN, KILL, SAVE, Exercise
from rules import tsumego
from rules.errors import IllegalMove
from rules.game import Game
from rules.life import benson
from rules.scoring import score
from rules.topology import CoordinateError

RIGHT = "right"
# Goal codes for a legal move that misses the goal (stable: tests and reasons use them).
NOT_CAPTURED = "not_captured"
STILL_IN_ATARI = "still_in_atari"
NOT_CONNECTED = "not_connected"
NOT_ALIVE = "not_alive"
LIVES = "lives"
LEGAL = "legal"
OTHER_REASON = "other_reason"
WRONG_COUNT = "wrong_count"
NOT_A_POINT = "not_a_point"
NOT_A_NUMBER = "not_a_number"


@dataclass(frozen=True)
class Verdict:
    """The judgement of one answer.

    `point` is the answered point (None for a count or unreadable input); `game` is the
    position after a legal move (else the exercise's position), for the diagram under the
    verdict; `details` holds what the sentence needs (liberties, the reply point, the count).
    """

    correct: bool
    code: str
    point: int | None = None
    game: Game | None = None
    details: dict[str, object] = field(default_factory=dict)


def judge(exercise: Exercise, answer: str) -> Verdict:
    """Judge a typed or clicked answer ("D4", or a number for a count exercise).

    Never raises for any input: unreadable text gives the codes `not_a_point` or
    `not_a_number`.
    """
    game = exercise.game()
    if exercise.goal == COUNT:
        return _judge_count(game, answer)
    try:
        point = game.topology.parse(answer)
    except CoordinateError:
        return Verdict(False, NOT_A_POINT, None, game)
    after = game.copy()
    try:
        after.play(point)
    except IllegalMove as refusal:
        if exercise.goal == FORBIDDEN:
            if refusal.code == exercise.reason:
                return Verdict(True, RIGHT, point, game, {"reason": refusal.code})
            return Verdict(False, OTHER_REASON, point, game, {"reason": refusal.code})
        return Verdict(False, refusal.code, point, game)
    if exercise.goal == FORBIDDEN:
        return Verdict(False, LEGAL, point, after)
    return _judge_goal(exercise, point, after)


def _judge_goal(exercise: Exercise, point: int, after: Game) -> Verdict:
    topology = after.topology
    board = after.board
    targets = [topology.parse(name) for name in exercise.targets]
    target = targets[0]
    if exercise.goal == CAPTURE:
        if board.colour[target] == 0:
            return Verdict(True, RIGHT, point, after)
        return Verdict(False, NOT_CAPTURED, point, after, {"liberties": board.liberties(target)})
    if exercise.goal == SAVE:
        liberties = board.liberties(target)
        if liberties >= 2:
            return Verdict(True, RIGHT, point, after, {"liberties": liberties})
        return Verdict(False, STILL_IN_ATARI, point, after, {"liberties": liberties})
    if exercise.goal == CONNECT:
        chain = board.chain[target]
        if chain is not None and all(board.chain[t] is chain for t in targets[1:]):
            return Verdict(True, RIGHT, point, after)
        return Verdict(False, NOT_CONNECTED, point, after)
    if exercise.goal in (EYES, KILL):
        read = _judge_by_reading(exercise, point, after, target)
        if read is not None:
            return read
    if exercise.goal == EYES:
        if _alive(after, target):
            return Verdict(True, RIGHT, point, after)
        return Verdict(False, NOT_ALIVE, point, after)
    if exercise.goal == KILL:
        reply = _living_reply(after, target)
        if reply is None:
            return Verdict(True, RIGHT, point, after)
        answered = after.copy()
        answered.play(reply)
        return Verdict(False, LIVES, point, answered, {"reply": topology.name(reply)})
    raise ValueError(f"unknown goal {exercise.goal!r}")


def _judge_by_reading(exercise: Exercise, point: int, after: Game, target: int) -> Verdict | None:
    """The verdict the local search proves for an ``eyes`` or ``kill`` answer, or None when
    it cannot settle the position."""
    start = exercise.game().board.colour
    region = tsumego.local_region(after.topology, start, target)
    if region is None:
        return None
    wanted = tsumego.LIVES if exercise.goal == EYES else tsumego.DIES
    reading = None
    if after.board.colour[target] != start[target]:
        found = tsumego.DIES  # the move captured the target
    else:
        reading = tsumego.solve(
            after.topology,
            after.board.colour,
            target=target,
            to_move=after.to_move,
            region=region,
            seen=after.history or (),
        )
        found = reading.value
    if found == wanted:
        return Verdict(True, RIGHT, point, after)
    if reading is None or found == tsumego.UNSETTLED:
        return None
    code = NOT_ALIVE if exercise.goal == EYES else LIVES
    if reading.move is None or reading.move == tsumego.PASS:
        return Verdict(False, code, point, after)
    answered = after.copy()
    answered.play(reading.move)
    name = after.topology.name
    line = tuple("" if m == tsumego.PASS else name(m) for m in reading.line)  # "": a pass
    details = {"reply": name(reading.move), "line": line, "nodes": reading.nodes}
    return Verdict(False, code, point, answered, details)


def _alive(game: Game, target: int) -> bool:
    colour = game.board.colour[target]
    if colour == 0:
        return False
    alive, _safe = benson(game.topology, game.board.colour, colour)
    return target in alive


def _living_reply(game: Game, target: int) -> int | None:
    """A legal reply of the target's owner after which it is unconditionally alive, or None
    (always None once the target has been captured)."""
    if game.board.colour[target] != game.to_move:
        return None
    for reply in game.legal_points():
        trial = game.copy()
        trial.play(reply)
        if _alive(trial, target):
            return reply
    return None


def black_area(game: Game) -> tuple[int, int]:
    """Black's live stones and the empty points only Black surrounds (no dead stones: the
    count exercises show finished boards without them)."""
    count = score(game.position, game.rules)
    return count.black.stones, count.black.territory


def _judge_count(game: Game, answer: str) -> Verdict:
    text = answer.strip() if isinstance(answer, str) else ""
    stones, territory = black_area(game)
    expected = stones + territory
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        return Verdict(False, NOT_A_NUMBER, None, game)
    given = int(text)
    details = {"given": given, "stones": stones, "territory": territory, "total": expected}
    code = RIGHT if given == expected else WRONG_COUNT
    return Verdict(given == expected, code, None, game, details)
