"""The exercises of "Boards to try", as data: a position drawn as a diagram, a goal, the answer.

Each `Exercise` is a small board (a square Go board or a Badux hexagon) drawn with
rules.diagram's symbols (`X` black, `O` white, `.` empty; hex rows may be indented so they look
like a hexagon), the player to move, optional moves played from there (`history`, for ko and
superko), a goal judged by games.learn.judge, the answers the author expects (`answers`) and
wrong answers with the code the judge must give them (`wrong`). tests/games/learn walks every
exercise: each expected answer is judged right, each listed wrong answer gets its code.

The record and the topics are in `exercise`; the square boards' exercises in `square`, the
hexagons' in `hexagon`. `EXERCISES` is the lesson order: every square board, then every hexagon.

`slug`s are stable: logged-in players' progress is stored by slug. An exercise replaced by
another keeps its old address as a redirect (`RENAMED`, old slug -> new).
"""

from __future__ import annotations

from games.learn.exercises.exercise import (
    CAPTURE,
    CONNECT,
    COUNT,
    EYES,
    FORBIDDEN,
    GOALS,
    KILL,
    SAVE,
    TOPIC_SECTIONS,
    TOPICS,
    Exercise,
)
from games.learn.exercises.hexagon import HEX_EXERCISES
from games.learn.exercises.square import SQUARE_EXERCISES

EXERCISES: tuple[Exercise, ...] = SQUARE_EXERCISES + HEX_EXERCISES

BY_SLUG: dict[str, Exercise] = {exercise.slug: exercise for exercise in EXERCISES}

# "A long space" (five cells on the edge) lived whatever was played: replaced by a shape the
# local search proves dies unless Black finds the one vital cell.
RENAMED: dict[str, str] = {"hex-eyes-five": "hex-eyes-corner"}

__all__ = [
    "BY_SLUG",
    "CAPTURE",
    "CONNECT",
    "COUNT",
    "EXERCISES",
    "EYES",
    "FORBIDDEN",
    "GOALS",
    "KILL",
    "RENAMED",
    "SAVE",
    "TOPICS",
    "TOPIC_SECTIONS",
    "Exercise",
]
