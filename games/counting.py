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
from rules.life import chains
from rules.ownership import MODERATE, ChainStatus, Confidence, count_confidence, with_judge
from rules.scoring import Score, score

# Games with a count to show and dispute: ended by two passes or at the move cap.
COUNTED_END_REASONS = (EndReason.PASSES, EndReason.MOVE_CAP)
# `score["judge"]`: the count waits for the judge engine (its doubts are close calls the judge
# could clear); once checked: "agrees", "disagrees" or "failed" (no answer: phase as counted);
# "skipped" when a player opened the marking phase first (the players decide; no verdict).
JUDGE_PENDING = "pending"
JUDGE_SKIPPED = "skipped"
JUDGE_STATES = (JUDGE_PENDING, "agrees", "disagrees", "failed", JUDGE_SKIPPED)


def dispute_window() -> dt.timedelta:
    """How long a count may be disputed after the game, and how long the marking phase lasts:
    settings.GAMES_DISPUTE_WINDOW_DAYS."""
    return dt.timedelta(days=settings.GAMES_DISPUTE_WINDOW_DAYS)


def position_count(*, game: Game, position: rules.Position) -> tuple[Score, list[dict]]:
    """The automatic count of `position` under `game`'s rules, dead stones estimated by the
    rules core (`rules.deadstones.estimate_status`), with the stones of every chain whose
    status it is unsure of as `Score.uncertain` (`rules.ownership.count_confidence`: a close
    call in the playouts, a possible seki or race, an unsettled boundary); and those chains'
    doubts as stored with the count (`score["doubts"]`, see `count_doubts`)."""
    found = count_confidence(position)
    counted = score(position, game.rule_set, found.dead, uncertain=found.unsure)
    return counted, count_doubts(found=found, topology=position.topology)


def count_doubts(*, found: Confidence, topology: rules.Topology) -> list[dict]:
    """The unsure chains of `found` as JSON for the stored count, largest first: each chain's
    stones (SGF points, sorted), why it is unsure (`reason`: "close", "estimate", "boundary")
    and the share of the playouts that agree with its status (`confidence`)."""
    return [
        {
            "stones": sorted(topology.sgf(p) for p in ch.stones),
            "reason": ch.reason,
            "confidence": ch.confidence,
        }
        for ch in found.unsure_chains
    ]


def judge_can_clear(*, score_json: dict) -> bool:
    """Whether a judge engine that agrees with the count could make it sure: it is unsure of
    some chain and every doubt is a close call that at least `MODERATE` of the playouts agree
    with (`rules.ownership.with_judge`). False for a count stored without its doubts."""
    doubts = score_json.get("doubts")
    if not score_json.get("uncertain") or not doubts:
        return False
    return all(d["reason"] == "close" and d["confidence"] >= MODERATE for d in doubts)


def unsure_with_judge(
    *, game: Game, position: rules.Position, judge_dead: frozenset[int]
) -> set[int]:
    """The stones the stored count of `game` stays unsure of with the judge's dead stones
    (`rules.ownership.with_judge` over the stored doubts; a chain with no stored doubt is
    sure). A count stored without its doubts keeps its unsure stones, plus any chain the
    judge calls otherwise."""
    topology = game.topology
    stored = game.score or {}
    dead = {topology.from_sgf(p) for p in stored.get("dead", [])}
    doubts = {topology.from_sgf(d["stones"][0]): d for d in stored.get("doubts", []) if d["stones"]}
    unsure = {topology.from_sgf(p) for p in stored.get("uncertain", [])}
    statuses = []
    for ch in chains(topology, position.stones)[0]:
        doubt = next((doubts[p] for p in ch.stones if p in doubts), None)
        reason = doubt["reason"] if doubt else ("estimate" if unsure & set(ch.stones) else "")
        statuses.append(
            ChainStatus(
                stones=tuple(sorted(ch.stones)),
                colour=ch.colour,
                dead=ch.stones[0] in dead,
                confidence=doubt["confidence"] if doubt else 1.0,
                unsure=bool(reason),
                reason=reason,
            )
        )
    found = Confidence(ownership=(), chains=tuple(statuses), dead=frozenset(dead))
    return set(with_judge(found, judge_dead).unsure)


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
