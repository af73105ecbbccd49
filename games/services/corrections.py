"""Results after the automatic count: reports to the site staff and result corrections.

Every change of a stored result after the automatic count writes one `ResultCorrection` row
(who, when, old -> new result and count, note) and runs `hooks.result_corrected_run`.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Collection

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext

import rules
from accounts.models import User
from accounts.moderation.models import ReportKind
from accounts.moderation.services import report_create_unless_open
from core.outbox import enqueue_on_commit
from games import hooks
from games.counting import COUNTED_END_REASONS, JUDGE_PENDING
from games.errors import GameActionError, rules_refusal
from games.models import (
    CorrectionKind,
    DisputeStatus,
    Game,
    ReportStatus,
    ResultCorrection,
    ScoreDispute,
    ScoringReport,
)
from games.moves import game_state
from games.selectors.play import game_player_check
from games.services.locking import game_lock
from rules.scoring import score

DISPUTE_MAX_LENGTH = 2000
RESULT_PATTERN = re.compile(r"[BW]\+(?:R|T|\d{1,3}(?:\.5)?)|0")


# Notes on a count that are not the count: whether its marking was agreed, its doubts and the
# judge engine's verdict (games.counting).
_COUNT_NOTES = ("agreed", "doubts", "judge")


def _count_of(score: dict | None) -> dict | None:
    return None if score is None else {k: v for k, v in score.items() if k not in _COUNT_NOTES}


def result_change(
    *,
    game: Game,
    result: str,
    score: dict | None,
    kind: str,
    by: User | None,
    report: ScoringReport | None,
    note: str,
    now: dt.datetime,
) -> ResultCorrection | None:
    """Store a new result and count with its audit row and run the result-corrected hook;
    None (nothing written) when both are unchanged (whether the players agreed on the marking,
    `score["agreed"]`, the count's doubts and the judge's verdict are not part of the
    count). Caller holds the game's row lock."""
    if result == game.result and _count_of(score) == _count_of(game.score):
        return None
    correction = ResultCorrection.objects.create(
        game=game,
        kind=kind,
        by=by,
        report=report,
        created=now,
        old_result=game.result,
        new_result=result,
        old_score=game.score,
        new_score=score,
        note=note,
    )
    game.result = result
    game.score = score
    game.save(update_fields=["result", "score"])
    hooks.result_corrected_run(game=game, correction=correction, now=now)
    return correction


@transaction.atomic
def scoring_report_file(
    *, game_id: int, user: User, reason: str, now: dt.datetime
) -> ScoringReport:
    """A player of a finished game reports its result to the site staff (mailed after the
    commit), and to the moderators' queue (accounts.moderation, with its flood limit:
    RateLimited). Raises NotAPlayer for anyone else, GameActionError while the game runs or when
    this
    player already has an open report on it, ValidationError for an empty or too long reason."""
    game = game_lock(game_id=game_id)
    game_player_check(
        game=game,
        user=user,
        refusal=gettext("Only the players of this game can report its result."),
    )
    if not game.is_over:
        raise GameActionError(gettext("The game is still running; only a result can be reported."))
    reason = reason.strip()
    if not reason:
        raise ValidationError(gettext("Say what is wrong with the result."))
    if len(reason) > DISPUTE_MAX_LENGTH:
        raise ValidationError(
            gettext("Keep it under %(DISPUTE_MAX_LENGTH)s characters.")
            % {"DISPUTE_MAX_LENGTH": DISPUTE_MAX_LENGTH}
        )
    if ScoringReport.objects.filter(game=game, raised_by=user, status=ReportStatus.OPEN).exists():
        raise GameActionError(gettext("You already reported this result; the staff will answer."))
    report = ScoringReport.objects.create(game=game, raised_by=user, reason=reason, created=now)
    enqueue_on_commit("games.notify_report", report.pk)
    opponent = game.white if game.black_id == user.pk else game.black
    report_create_unless_open(
        reporter=user,
        reported_user=opponent,
        kind=ReportKind.RESULT,
        snapshot=gettext("Game %(id)s, result %(result)s") % {"id": game.pk, "result": game.result},
        reason=reason,
        url=game.get_absolute_url(),
        target=game,
        now=now,
    )
    return report


def result_parse(text: str) -> str:
    """A result typed by staff, normalised ('b+3.5' -> 'B+3.5'); ValidationError otherwise."""
    value = text.strip().upper()
    if not RESULT_PATTERN.fullmatch(value):
        raise ValidationError(
            gettext(
                "'%(text)s' is not a result: write B+R or W+R (resignation), B+T or W+T "
                "(time), B+3.5 or W+12 (points) or 0 (a draw)."
            )
            % {"text": text}
        )
    return value


def dead_parse(*, game: Game, text: str) -> list[int]:
    """Coordinates typed by staff ('C3 D4, E5') as points holding stones of `game`'s final
    position; ValidationError naming the first bad one."""
    topology = game.topology
    stones = game_state(game).position.stones
    points = []
    for word in re.split(r"[\s,;]+", text.strip()):
        if not word:
            continue
        try:
            point = topology.parse(word)
        except rules.CoordinateError as exc:
            raise ValidationError(
                gettext("'%(word)s': %(reason)s.") % {"word": word, "reason": rules_refusal(exc)}
            ) from exc
        if stones[point] == rules.EMPTY:
            raise ValidationError(
                gettext("There is no stone at %(value)s.") % {"value": topology.name(point)}
            )
        points.append(point)
    return sorted(set(points))


@transaction.atomic
def result_correct(
    *,
    game_id: int,
    staff: User,
    now: dt.datetime,
    note: str,
    dead: Collection[int] | None = None,
    result: str | None = None,
    report_id: int | None = None,
) -> ResultCorrection:
    """Staff set a finished game's result: either recount it with the `dead` stones (counted
    games only) or set the `result` text ('B+R', 'W+T', 'B+3.5', '0'); the count is kept only
    if it still gives that result. Writes one ResultCorrection (the audit row), closes a marking
    phase still open, resolves `report_id` with `note`, runs the result-corrected hook and mails
    both players after the commit. A count still waiting for the judge engine stops waiting
    with it (the new count has no verdict to wait for): its game-over notice goes out too.

    Raises PermissionDenied for non-staff, ValidationError for a missing note, both or neither
    of `dead`/`result`, a bad point or result, or no change; GameActionError while the game
    runs. Nothing changes when it raises.
    """
    if not (staff.is_active and staff.is_staff):
        raise PermissionDenied(gettext("Only the site staff can correct a result."))
    note = note.strip()
    if not note:
        raise ValidationError(
            gettext("Write a note: why the result changes (it is kept in the audit).")
        )
    if (dead is None) == (result is None):
        raise ValidationError(gettext("Give either the dead stones or the result."))
    game = game_lock(game_id=game_id)
    if not game.is_over:
        raise GameActionError(gettext("The game is still running."))
    report = None if report_id is None else _report_lock(game=game, report_id=report_id)
    waited = (game.score or {}).get("judge") == JUDGE_PENDING
    if dead is not None:
        new_result, new_score = _recount(game=game, dead=dead)
    else:
        new_result = result_parse(result)
        keep = game.score and game.score.get("result") == new_result
        new_score = game.score if keep else None
    correction = result_change(
        game=game,
        result=new_result,
        score=new_score,
        kind=CorrectionKind.STAFF,
        by=staff,
        report=report,
        note=note,
        now=now,
    )
    if correction is None:
        raise ValidationError(
            gettext("%(new_result)s with this count is already the result.")
            % {"new_result": new_result}
        )
    ScoreDispute.objects.filter(game=game, status=DisputeStatus.MARKING).update(
        status=DisputeStatus.STAFF, closed=now
    )
    if report is not None and report.status == ReportStatus.OPEN:
        report.status = ReportStatus.RESOLVED
        report.resolved = now
        report.staff_note = note
        report.save(update_fields=["status", "resolved", "staff_note"])
    enqueue_on_commit("games.notify_result_corrected", correction.pk)
    if waited:
        enqueue_on_commit("games.notify_game_over", game.pk)
    return correction


def _report_lock(*, game: Game, report_id: int) -> ScoringReport:
    """The scoring report `report_id` about `game`, locked for update; ValidationError when
    there is none."""
    report = ScoringReport.objects.select_for_update().filter(pk=report_id, game=game).first()
    if report is None:
        raise ValidationError(
            gettext("Report %(report_id)s is not about game %(game_pk)s.")
            % {"report_id": report_id, "game_pk": game.pk}
        )
    return report


def _recount(*, game: Game, dead: Collection[int]) -> tuple[str, dict]:
    """The result and the stored score of counting `game`'s final position with the `dead`
    stones. ValidationError when the game was not counted, a point is not on its board or the
    stones cannot be counted."""
    if game.end_reason not in COUNTED_END_REASONS:
        raise ValidationError(
            gettext("This game was not counted (no passes at the end); set its result instead.")
        )
    size = game.topology.size
    bad = [p for p in dead if type(p) is not int or not 0 <= p < size]
    if bad:
        raise ValidationError(
            gettext("'%(value)s' is not a point of this board.") % {"value": bad[0]}
        )
    try:
        counted = score(game_state(game).position, game.rule_set, dead)
    except (ValueError, IndexError) as exc:
        raise ValidationError(
            gettext("These dead stones cannot be counted: %(exc)s.") % {"exc": exc}
        ) from exc
    return counted.result, counted.as_dict(sgf_point=game.topology.sgf)
