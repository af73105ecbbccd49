"""The result page: the score table and what the end of a game shows."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.utils.translation import gettext, pgettext

from games.counting import (
    COUNTED_END_REASONS,
    JUDGE_PENDING,
    dispute_window,
)
from games.models import CorrectionKind, DisputeStatus, Game, ResultCorrection, ScoreDispute
from games.moves import point_names
from games.pages.board import COLOUR_NAMES, points_label
from games.svg.words import count_warning
from rules import BLACK, WHITE


def score_lines(count: dict) -> list[dict]:
    """The count table of a stored count (`Score.as_dict()`), one column per player: first the
    lines that add up to the total, in the order of the caption's sum ("counted": True, a
    subtraction shown as a negative number), then the total, then the lines shown for
    information only ("counted": False). Area scoring counts live stones, territory and komi;
    prisoners and dead stones are only shown (a dead stone's point is its owner's territory).
    Territory scoring counts territory, minus own stones captured, minus own dead stones, plus
    komi."""
    black, white = count["black"], count["white"]

    def line(key: str, label: str, b: float, w: float, *, counted: bool = True) -> dict:
        return {
            "key": key,
            "label": label,
            "black": points_label(b),
            "white": points_label(w),
            "counted": counted,
        }

    komi = line("komi", gettext("Komi"), black["komi"], white["komi"])
    total = line("total", gettext("Total"), black["total"], white["total"])
    if count.get("method") == "territory":
        return [
            line("territory", gettext("Territory"), black["territory"], white["territory"]),
            # Prisoners lost: the stones the opponent captured during the game.
            line("lost", gettext("Own stones captured"), -white["prisoners"], -black["prisoners"]),
            line("dead", gettext("Own dead stones"), -black["dead"], -white["dead"]),
            komi,
            total,
        ]
    return [
        line("stones", gettext("Live stones"), black["stones"], white["stones"]),
        line("territory", gettext("Territory"), black["territory"], white["territory"]),
        komi,
        total,
        line(
            "prisoners",
            gettext("Prisoners taken"),
            black["prisoners"],
            white["prisoners"],
            counted=False,
        ),
        line("dead", gettext("Own dead stones"), black["dead"], white["dead"], counted=False),
    ]


def _margin(result: str) -> str:
    """The margin of an SGF result ("B+3.5" -> "3.5", "3,5" in German; "R", "T" as they are)."""
    margin = result.split("+", 1)[1] if "+" in result else ""
    try:
        return points_label(float(margin))
    except ValueError:
        return margin


def result_context(
    *,
    game: Game,
    user=None,
    now: dt.datetime | None = None,
    dispute: ScoreDispute | None = None,
    corrections: Sequence[ResultCorrection] = (),
    reported: bool = False,
) -> dict | None:
    """The result section: winner, reason, each side's count for a counted game, where the dead
    stones come from (estimate, the players' agreement, staff) and what a player can still do
    (dispute the count until the window closes, go to the marking, report to staff)."""
    if not game.is_over:
        return None
    winner = None
    if game.result[:2] in ("B+", "W+"):
        winner = BLACK if game.result[0] == "B" else WHITE
    count = game.score or {}
    last = corrections[-1] if corrections else None
    if last is not None and last.kind == CorrectionKind.STAFF:
        dead_source = pgettext("dead stones", "set by the site staff")
    elif dispute is not None and dispute.status == DisputeStatus.AGREED:
        dead_source = pgettext("dead stones", "agreed by both players")
    else:
        dead_source = pgettext("dead stones", "estimated")
    is_player = game.colour_of(user) is not None
    dispute_until = game.finished + dispute_window() if game.finished else None
    counted = game.end_reason in COUNTED_END_REASONS and bool(game.score)
    can_dispute = (
        is_player
        and counted
        and dispute is None
        and not any(c.kind == CorrectionKind.STAFF for c in corrections)
        and now is not None
        and dispute_until is not None
        and now < dispute_until
    )
    return {
        "text": game.result_label,
        "reason": game.get_end_reason_display(),
        "winner": game.player(winner) if winner else None,
        "winner_colour": COLOUR_NAMES.get(winner, ""),
        "margin": _margin(game.result),
        "method": count.get("method", ""),
        "lines": score_lines(count) if count else [],
        "dead": point_names(game, count.get("dead", [])),
        "dead_source": dead_source,
        "uncertain": point_names(game, count.get("uncertain", [])),
        "uncertain_note": count_warning(
            dispute_window().days if can_dispute and dispute_until else None
        ),
        "draw": game.result == "0",
        "annulled": game.is_annulled,
        "counting": game.awaiting_count,
        "is_player": is_player,
        "can_dispute": can_dispute,
        "dispute_until": dispute_until if can_dispute else None,
        "dispute": dispute,
        "marking_open": dispute is not None and now is not None and dispute.is_open(now),
        # The count waits for the judge engine's verdict: its result is not final yet.
        "judging": dispute is None and count.get("judge") == JUDGE_PENDING,
        "corrections": list(corrections),
        "reported": reported,
        "counted": counted,
    }
