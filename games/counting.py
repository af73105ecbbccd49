"""Counting a stored game: the automatic count, the count under a marking of dead stones, the
chain one click marks, and how long a count may be disputed.

Pure reads except `dispute_window`, which reads a setting: no database access.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.conf import settings

import rules
from games.models import EndReason, Game
from games.moves import game_state
from rules.ownership import count_confidence
from rules.scoring import Score, score

# Games with a count to show and dispute: ended by two passes or at the move cap.
COUNTED_END_REASONS = (EndReason.PASSES, EndReason.MOVE_CAP)


def dispute_window() -> dt.timedelta:
    """How long a count may be disputed after the game, and how long the marking phase lasts:
    settings.GAMES_DISPUTE_WINDOW_DAYS."""
    return dt.timedelta(days=settings.GAMES_DISPUTE_WINDOW_DAYS)


def position_count(*, game: Game, position: rules.Position) -> Score:
    """The automatic count of `position` under `game`'s rules, dead stones estimated by the
    rules core (`rules.deadstones.estimate_status`), with the stones of every chain whose
    status it is unsure of as `Score.uncertain` (`rules.ownership.count_confidence`: a close
    call in the playouts, a possible seki or race, an unsettled boundary)."""
    found = count_confidence(position)
    return score(position, game.rule_set, found.dead, uncertain=found.unsure)


def chains_named(*, position: rules.Position, points: Iterable[int]) -> list[str]:
    """One name per chain among `points` (stones), as players write it ("E3": the chain's
    stone nearest the lower left), largest chain first; for "the group at E3"."""
    topology = position.topology
    left = set(points)
    found: list[tuple[int, str]] = []
    while left:
        chain = stone_chain(position, next(iter(sorted(left))))
        if not chain:
            break
        left -= chain
        first = min(chain, key=lambda p: (-topology.xy[p][1], topology.xy[p][0]))
        found.append((len(chain), topology.name(first)))
    return [name for _, name in sorted(found, key=lambda item: (-item[0], item[1]))]


def count_with_dead(*, game: Game, dead_sgf: Iterable[str]) -> Score:
    """The count of `game`'s final position with these dead stones (SGF points)."""
    topology = game.topology
    dead = [topology.from_sgf(p) for p in dead_sgf]
    return score(game_state(game).position, game.rule_set, dead)


def game_score(*, game: Game, position: rules.Position) -> Score | None:
    """The stored count as a rules Score (ownership for the board, the stones the estimate was
    unsure of), or None before the end. Counts stored before the estimate said how sure it was
    have nothing uncertain."""
    if not game.score:
        return None
    topology = game.topology
    dead = [topology.from_sgf(p) for p in game.score.get("dead", [])]
    uncertain = [topology.from_sgf(p) for p in game.score.get("uncertain", [])]
    return score(position, game.rule_set, dead, uncertain=uncertain)


def stone_chain(position: rules.Position, point: int) -> set[int]:
    """The stones connected to the stone at `point` (the chain a marking click toggles)."""
    chain = rules.Board(position.topology, position.stones).chain[point]
    return set(chain.stones) if chain is not None else set()
