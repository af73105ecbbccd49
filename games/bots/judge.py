"""A second opinion on the count: a GTP engine that judges dead stones (GNU Go's
`final_status_list dead`), where one is configured (settings.GAMES_COUNT_JUDGE) and installed.

GTP engines play square boards only; on hexagons there is no second opinion. The engine is
slow (a second or more on 19x19), so this runs in a task (`games.check_count`), never in a
request.
"""

from __future__ import annotations

from django.conf import settings

import rules
from games.bots import gtp
from rules.game import Game as RulesGame

JUDGE_SECONDS = 30  # the longest a judgement may take before the engine is killed


def judge_available(*, topology: rules.Topology) -> bool:
    """Whether a judge is configured and installed for this board (square boards only)."""
    return topology.kind == "square" and gtp.available(settings.GAMES_COUNT_JUDGE)


def judge_dead(*, position: rules.Position) -> frozenset[int] | None:
    """The stones the judge calls dead in `position` (point indices), or None when there is no
    judge for it (`judge_available`) or it failed (a GtpError: the engine has been stopped)."""
    topology = position.topology
    if not judge_available(topology=topology):
        return None
    setup = RulesGame.new(
        topology,
        rules.preset("go-area", topology),
        black_setup=[p for p, c in enumerate(position.stones) if c == rules.BLACK],
        white_setup=[p for p, c in enumerate(position.stones) if c == rules.WHITE],
    )
    try:
        with gtp.GtpEngine(settings.GAMES_COUNT_JUDGE, timeout=JUDGE_SECONDS) as engine:
            engine.command(f"boardsize {topology.n}")
            engine.command("clear_board")
            for colour, points in (
                (rules.BLACK, setup.black_setup),
                (rules.WHITE, setup.white_setup),
            ):
                letter = "b" if colour == rules.BLACK else "w"
                for p in points:
                    engine.command(f"play {letter} {topology.name(p)}")
            answer = engine.command("final_status_list dead")
    except gtp.GtpError:
        return None
    try:
        return frozenset(topology.parse(word) for word in answer.split())
    except rules.CoordinateError:
        return None
