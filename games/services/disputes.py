"""Disputes of the automatic count: the marking phase, from its opening to the players'
agreement or its deadline.

The rule (also in docs/play.md, "End of game and scoring"):

1. A game that ends by two passes or the move cap is counted at once with the estimated dead
   stones (`play._finish`). That result stands unless it is changed as below. Resigned and
   timed-out games have no count; a player who thinks their result wrong reports it to staff.
2. Either player may dispute the count until `finished + W`, W = GAMES_DISPUTE_WINDOW_DAYS
   (default 3 days). Once per game: a game has at most one dispute, whoever opened it and
   however it ended.
3. The dispute opens a marking phase that ends for good at `opened + W`; nothing extends it.
   The marking starts from the automatic dead stones. Either player toggles a chain: a stone
   marks or unmarks its whole chain (the stones connected to it). Every toggle, by either
   player, clears BOTH players' acceptances and bumps the marking's version.
4. A player accepts the marking their page showed (its version). When both accept the same
   marking the game is recounted with `rules.scoring.score` and that result is final.
5. At the deadline without both acceptances the phase closes ("expired") and the automatic
   result stands. Silence, endless toggling or never accepting therefore all end in the
   automatic result, at most 2W after the end of the game.
6. The count opens the phase itself, at the end of the game, when it is unsure of any chain
   (`marking_unsure_open`: a close call, a possible seki or race, an unsettled boundary, or
   a judge engine that sees it otherwise, `count_judge_check`). The same rules apply; it
   uses up the game's one dispute, and the players are told which groups to check. Where a
   judge engine is available for the board (`judge_available`) and the count's only doubts
   are close calls that most playouts agree with (`counting.judge_can_clear`; the doubts,
   each chain's reason and confidence, are stored with the count, `score["doubts"]`), the
   count waits for the judge (`score["judge"]` "pending") instead: a judge that sees a chain
   otherwise opens the phase with the count's unsure chains and its own; one that agrees
   clears the close calls (`rules.ownership.with_judge`) and the result stands unless some
   chain stays unsure; one that fails, times out or is gone opens the phase with the count's
   own unsure chains, as does the sweep `counts_unjudged_open` for a check still missing
   `JUDGE_GRACE` after the game. The game-over notice of a waiting count goes out with the
   judge's verdict. A player may dispute a waiting count (rule 2): the phase opens at once,
   the count's unsure stones ringed, the wait ends (`score["judge"]` "skipped") and the
   game-over notice goes out then; the judge's verdict, when its check comes later, changes
   nothing (no verdict stored, no second phase, no second notice). A count stored without
   its doubts, a hexagon, or a site without a judge opens the phase at once, as before.
7. Against a bot, the bot proposes its marking (the automatic one) and accepts whatever the
   player makes of it: its acceptance is set at the opening and after every toggle, so the
   player's acceptance alone agrees. The bot never insists.
8. Afterwards only staff change a result (`result_correct`, from a report in the admin). A
   staff correction during a marking phase closes the phase.

Every change of a stored result after the automatic count writes one `ResultCorrection` row
(who, when, old -> new result and count, note) and runs `hooks.result_corrected_run`; the
game-finished hook itself runs exactly once, when the game ends, with the automatic result.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

import rules
from accounts.locale import moment_text
from accounts.models import User
from core.outbox import enqueue_on_commit
from games.bots.judge import judge_dead
from games.counting import (
    COUNTED_END_REASONS,
    JUDGE_PENDING,
    JUDGE_SKIPPED,
    count_with_dead,
    dispute_window,
    stone_chain,
    unsure_with_judge,
)
from games.errors import GameActionError, StalePage
from games.models import (
    CorrectionKind,
    DisputeStatus,
    Game,
    GameStatus,
    ResultCorrection,
    ScoreDispute,
)
from games.moves import game_state
from games.selectors.play import game_player_check
from games.services.corrections import result_change
from games.services.locking import game_lock
from rules import BLACK

# How long a count may wait for the judge engine (`count_judge_check`, with its retries)
# before the sweep opens its marking phase as if the judge had failed.
JUDGE_GRACE = dt.timedelta(hours=1)


def dispute_count(*, game: Game, dispute: ScoreDispute) -> rules.scoring.Score:
    """The count of `game` with the dispute's current marking (no database access)."""
    return count_with_dead(game=game, dead_sgf=dispute.dead)


def _date(value: dt.datetime) -> str:
    return moment_text(value=timezone.localtime(value))


def dispute_check(*, game: Game, now: dt.datetime) -> None:
    """Raise GameActionError unless `game` is a finished, counted game whose dispute window is
    open at `now` (whether it was already disputed is checked by `dispute_open`)."""
    if not game.is_over:
        raise GameActionError(
            gettext("The game is still running; only a finished count can be disputed.")
        )
    if game.end_reason not in COUNTED_END_REASONS or not game.score:
        raise GameActionError(
            gettext(
                "This game was not counted (it ended by %(value)s), so there are no dead "
                "stones to mark. Report it to the site staff if the result is wrong."
            )
            % {"value": game.end_reason_in_sentence},
            code="not_counted",
        )
    until = game.finished + dispute_window()
    if now >= until:
        raise GameActionError(
            gettext("The count could be disputed until %(value)s; the result is final.")
            % {"value": _date(until)},
            code="window_over",
        )


@transaction.atomic
def dispute_open(*, game_id: int, user: User, now: dt.datetime) -> ScoreDispute:
    """A player disputes the automatic count: the marking phase starts from the estimated dead
    stones, the stones the count is unsure of ringed, and ends at `now + dispute_window()`.
    The opponent is mailed after the commit. A count still waiting for the judge engine stops
    waiting (`score["judge"]` "skipped": its check, when it comes, changes nothing) and the
    players are told the result so far, as its verdict would have (the game-over notice).

    Raises NotAPlayer for anyone else; GameActionError while the game runs, for a game that was
    not counted, after the window, when the count was already disputed once or staff have set
    the result.
    """
    game = game_lock(game_id=game_id)
    game_player_check(
        game=game,
        user=user,
        refusal=gettext("Only the players of this game can dispute its count."),
    )
    dispute_check(game=game, now=now)
    if ScoreDispute.objects.filter(game=game).exists():
        raise GameActionError(
            gettext("This count was already disputed once; a game has only one marking phase."),
            code="already_disputed",
        )
    if ResultCorrection.objects.filter(game=game, kind=CorrectionKind.STAFF).exists():
        raise GameActionError(
            gettext("The site staff have set this result; it can no longer be disputed."),
            code="corrected",
        )
    dispute = ScoreDispute(
        game=game,
        opened_by=user,
        opened=now,
        deadline=now + dispute_window(),
        dead=sorted(game.score.get("dead", [])),
        unsure=sorted(game.score.get("uncertain", [])),
    )
    _bots_accept(game, dispute)
    dispute.save()
    if game.score.get("judge") == JUDGE_PENDING:
        _verdict_store(game, JUDGE_SKIPPED, waited=True)
    enqueue_on_commit("games.notify_dispute", dispute.pk, "opened", dispute.version)
    return dispute


def _bots_accept(game: Game, dispute: ScoreDispute) -> None:
    """A bot accepts any marking (it never insists on its own)."""
    if game.black.is_bot:
        dispute.black_accepted = True
    if game.white.is_bot:
        dispute.white_accepted = True


def marking_unsure_open(*, game: Game, now: dt.datetime) -> ScoreDispute | None:
    """Open the marking phase of the locked, just counted `game` when its count is unsure of
    any stone (`game.score["uncertain"]`): from the automatic marking, until
    `now + dispute_window()`, the unsure stones kept to show; the players are told which
    groups to check (event "unsure"). None, and nothing written, when the count is sure or
    the game already has a marking phase. Caller holds the game's row lock."""
    unsure = sorted((game.score or {}).get("uncertain", []))
    if not unsure or ScoreDispute.objects.filter(game=game).exists():
        return None
    dispute = ScoreDispute(
        game=game,
        opened_by=None,
        opened=now,
        deadline=now + dispute_window(),
        dead=sorted(game.score.get("dead", [])),
        unsure=unsure,
    )
    _bots_accept(game, dispute)
    dispute.save()
    enqueue_on_commit("games.notify_dispute", dispute.pk, "unsure", dispute.version)
    return dispute


def count_judge_check(*, game_id: int, now: dt.datetime) -> ScoreDispute | None:
    """Ask the judge engine (`games.bots.judge`, square boards) about the count of a finished
    game and open the marking phase (`marking_unsure_open`) with what it leaves unsure:

    * it judges a chain otherwise than the count: the count's unsure stones and that chain's;
    * it agrees with a count that waits for it (`score["judge"]` pending): the count's doubts
      less the close calls it clears (`counting.unsure_with_judge`); no phase when none stay;
    * it fails, times out or is gone: a waiting count's own unsure stones (a phase is never
      lost); a count that did not wait stays as it is.

    The verdict is stored (`score["judge"]`). A waiting count's game-over notice goes out
    here, once the verdict is in. The engine runs before any lock is taken, so the count is
    read again under the lock: one that changed meanwhile (a player's marking phase ended
    its wait, the sweep, a staff correction, another check) is left as it is, its notice
    told by whoever changed it. None when no phase opens (no judge, it agrees, the count
    changed meanwhile, the game already has a marking phase, or it was judged before or
    skipped); safe to run twice and in any order with `dispute_open`."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not game.score or game.end_reason not in COUNTED_END_REASONS:
        return None
    waiting = game.score.get("judge") == JUDGE_PENDING
    if game.score.get("judge") and not waiting:
        return None  # judged before
    position = game_state(game).position
    judged = judge_dead(position=position)
    differ = _judged_otherwise(game, position, judged)
    if not waiting and not differ:
        return None
    with transaction.atomic():
        locked = game_lock(game_id=game_id)
        if locked.score != game.score:
            return None
        if ScoreDispute.objects.filter(game=locked).exists():
            if waiting:  # a phase opened before its wait could end (before "skipped" was kept)
                _verdict_store(locked, JUDGE_SKIPPED, waited=True)
            return None
        topology = game.topology
        unsure = {topology.from_sgf(p) for p in locked.score.get("uncertain", [])}
        if judged is None:
            verdict = "failed"
        elif differ:
            verdict, unsure = "disagrees", unsure | differ
        else:
            verdict = "agrees"
            unsure = unsure_with_judge(game=locked, position=position, judge_dead=judged)
        locked.score = {**locked.score, "uncertain": sorted(topology.sgf(p) for p in unsure)}
        _verdict_store(locked, verdict, waited=waiting)
        return marking_unsure_open(game=locked, now=now)


def counts_unjudged_open(*, now: dt.datetime) -> int:
    """Open the marking phase, with the count's own unsure stones, of every count still
    waiting for the judge engine `JUDGE_GRACE` after its game ended (its check lost or
    failing for good: a phase is never lost), and tell the players the result; returns how
    many phases opened. A count whose game has a marking phase already (opened before its
    wait could end) only stops waiting ("skipped"). Safe to run twice: each game is
    rechecked under its row lock."""
    waiting = Game.objects.filter(
        status=GameStatus.FINISHED,
        finished__gte=now - dispute_window(),
        finished__lte=now - JUDGE_GRACE,
        score__judge=JUDGE_PENDING,
    )
    opened = 0
    for game_id in waiting.values_list("pk", flat=True):
        with transaction.atomic():
            game = game_lock(game_id=game_id)
            if (game.score or {}).get("judge") != JUDGE_PENDING:
                continue
            disputed = ScoreDispute.objects.filter(game=game).exists()
            _verdict_store(game, JUDGE_SKIPPED if disputed else "failed", waited=True)
            opened += marking_unsure_open(game=game, now=now) is not None
    return opened


def _verdict_store(game: Game, verdict: str, *, waited: bool) -> None:
    """Store the judge's `verdict` on the locked `game`'s count (`score["judge"]`, with the
    rest of `game.score` as the caller set it); a count that `waited` for it ends its wait
    here, and the players are told the result (the game-over notice waited for it)."""
    game.score = {**game.score, "judge": verdict}
    game.save(update_fields=["score"])
    if waited:
        enqueue_on_commit("games.notify_game_over", game.pk)


def _judged_otherwise(
    game: Game, position: rules.Position, judged: frozenset[int] | None
) -> set[int]:
    """The stones of every chain the judge's dead stones `judged` (None: no answer) call
    otherwise than `game`'s stored count."""
    if judged is None:
        return set()
    topology = game.topology
    dead = {topology.from_sgf(p) for p in game.score.get("dead", [])}
    differ: set[int] = set()
    for p in (judged ^ dead) & {p for p, c in enumerate(position.stones) if c != rules.EMPTY}:
        differ |= stone_chain(position, p)
    return differ


def _locked_marking(
    game_id: int, user: User, expected_version: int | None, now: dt.datetime
) -> tuple[Game, ScoreDispute, int]:
    """Lock the game; return it, its dispute (still marking) and the player's colour."""
    game = game_lock(game_id=game_id)
    colour = game_player_check(
        game=game, user=user, refusal=gettext("Only the players of this game can mark dead stones.")
    )
    dispute = ScoreDispute.objects.filter(game=game).first()
    if dispute is None:
        raise GameActionError(gettext("Nobody has disputed this count."), code="no_dispute")
    if dispute.status == DisputeStatus.AGREED:
        raise GameActionError(
            gettext("Both players already accepted the marking; the result is final."),
            code="agreed",
        )
    if dispute.status == DisputeStatus.STAFF:
        raise GameActionError(
            gettext("The site staff closed the marking phase and set the result %(result)s.")
            % {"result": game.result},
            code="marking_over",
        )
    if not dispute.is_open(now):
        raise GameActionError(
            gettext("The marking phase ended on %(value)s; the result %(result)s stands.")
            % {"value": _date(min(dispute.deadline, dispute.closed or now)), "result": game.result},
            code="marking_over",
        )
    if expected_version is not None and expected_version != dispute.version:
        raise StalePage(
            gettext(
                "The marking has changed since this page was loaded. Nothing was changed; look at "
                "the board again."
            )
        )
    return game, dispute, colour


@transaction.atomic
def dispute_toggle(
    *, game_id: int, user: User, point: int, expected_version: int | None, now: dt.datetime
) -> ScoreDispute:
    """Mark the chain at `point` dead, or alive again if it was marked; clears both players'
    acceptances. Caller needs nothing locked (this locks the game row).

    Raises NotAPlayer, GameActionError (no open marking phase, no stone at `point`),
    StalePage when `expected_version` is not the marking's version, ValidationError for a point
    off the board. Nothing changes when it raises.
    """
    game, dispute, _colour = _locked_marking(game_id, user, expected_version, now)
    topology = game.topology
    if type(point) is not int or not 0 <= point < topology.size:
        raise ValidationError(
            gettext("'%(point)s' is not a point of this board.") % {"point": point}
        )
    position = game_state(game).position
    if position.stones[point] == rules.EMPTY:
        raise GameActionError(
            gettext("There is no stone at %(value)s to mark.") % {"value": topology.name(point)},
            code="no_stone",
        )
    dead = {topology.from_sgf(p) for p in dispute.dead}
    chain = stone_chain(position, point)
    dead = dead - chain if point in dead else dead | chain
    dispute.dead = sorted(topology.sgf(p) for p in dead)
    dispute.version += 1
    dispute.black_accepted = dispute.white_accepted = False
    _bots_accept(game, dispute)
    dispute.save(update_fields=["dead", "version", "black_accepted", "white_accepted"])
    return dispute


@transaction.atomic
def dispute_accept(
    *, game_id: int, user: User, expected_version: int | None, now: dt.datetime
) -> ScoreDispute:
    """`user` accepts the marking of version `expected_version`. When the other player already
    accepts it too, the game is recounted with it and the result is final (status agreed).
    Accepting twice changes nothing. Errors as `dispute_toggle`."""
    game, dispute, colour = _locked_marking(game_id, user, expected_version, now)
    if dispute.accepted_by(colour):
        return dispute
    if colour == BLACK:
        dispute.black_accepted = True
    else:
        dispute.white_accepted = True
    if dispute.black_accepted and dispute.white_accepted:
        counted = dispute_count(game=game, dispute=dispute)
        dispute.status = DisputeStatus.AGREED
        dispute.closed = now
        result_change(
            game=game,
            result=counted.result,
            score={**counted.as_dict(sgf_point=game.topology.sgf), "agreed": True},
            kind=CorrectionKind.AGREED,
            by=None,
            report=None,
            note=f"Dead stones marked by both players (marking {dispute.version}).",
            now=now,
        )
        if not game.score.get("agreed"):  # the same count as before: now agreed
            game.score = {**game.score, "agreed": True}
            game.save(update_fields=["score"])
        event = "agreed"
    else:
        event = "accepted"
    dispute.save()
    enqueue_on_commit("games.notify_dispute", dispute.pk, event, dispute.version)
    return dispute


def disputes_expire(*, now: dt.datetime) -> int:
    """Close every marking phase past its deadline (the automatic result stands) and mail the
    players; returns how many. Safe to run twice or alongside players' actions: each dispute is
    rechecked under its game's row lock."""
    overdue = ScoreDispute.objects.filter(status=DisputeStatus.MARKING, deadline__lte=now)
    closed = 0
    for dispute_id, game_id in overdue.values_list("pk", "game_id"):
        with transaction.atomic():
            game_lock(game_id=game_id)
            dispute = ScoreDispute.objects.get(pk=dispute_id)
            if dispute.status != DisputeStatus.MARKING or dispute.deadline > now:
                continue
            dispute.status = DisputeStatus.EXPIRED
            dispute.closed = dispute.deadline
            dispute.save(update_fields=["status", "closed"])
            enqueue_on_commit("games.notify_dispute", dispute.pk, "expired", dispute.version)
            closed += 1
    return closed
