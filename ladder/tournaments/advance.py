"""The round advance: results from the game-finished hook, and pairing the next round.

* `pairing_record` (game-finished receiver, inside the game's locked transaction): takes the
  tournament lock, writes the pairing's outcome once, counts a timeout (at `timeout_limit`
  timeouts the player is withdrawn) and queues the task `ladder.tournament_advance`.
* `pairing_correct` (result-corrected receiver): rewrites the outcome; standings are computed
  from the outcomes, so they follow.
* `tournament_advance` (the task): first resigns the running games of withdrawn and
  disqualified players through the games service (each its own transaction, before the
  tournament lock: games are always locked before tournaments), then, holding the tournament
  lock, pairs what can be paired: the next Swiss/McMahon round once every game of the current
  one has ended, each knockout match whose two feeders are decided, or finishes the
  tournament. Everything it does is decided from stored rows under the lock, so running it
  twice, or twice at the same moment, pairs once.

Knockouts: the higher seed takes White; a jigo goes to the higher seed (the lower seed number);
a match against a withdrawn player is forfeited without a game (both withdrawn: the higher seed
goes through and forfeits the next one). Round robin byes score nothing (everyone has one);
Swiss and McMahon byes score a win (EGF).
"""

from __future__ import annotations

import contextlib
import datetime as dt
from decimal import Decimal

from django.db import transaction

from accounts.moderation.models import SanctionKind
from accounts.moderation.selectors import restriction_get
from core.outbox import enqueue_on_commit
from games.errors import MoveRefused
from games.game_settings import GameSettings, InvalidSetting
from games.models import EndReason, Game, GameOrigin
from games.services.play import game_resign, game_start
from ladder.ratings.services import score_for_black
from ladder.tournaments.brackets import Bracket, double_elimination, single_elimination
from ladder.tournaments.models import (
    Format,
    HandicapRule,
    Outcome,
    PlayerStatus,
    Tournament,
    TournamentPairing,
    TournamentPlayer,
    TournamentStatus,
)
from ladder.tournaments.pairing import PairingRules, entrants_for_round, pair_round, round_robin
from ladder.tournaments.stored import results_of, standings_refresh, table_of

# Knockout pairings store their bracket round under these offsets (winners' round r is r).
LOSERS_ROUND = 100
FINAL_ROUND = 200


def tournament_lock(*, tournament_id: int) -> Tournament:
    """The tournament row, locked until the caller's transaction ends."""
    return Tournament.objects.select_for_update().get(pk=tournament_id)


def outcome_of(result: str) -> str | None:
    """The pairing outcome of an SGF result, None when there is none yet."""
    black = score_for_black(result)
    if black is None:
        return None
    return {1.0: Outcome.BLACK, 0.0: Outcome.WHITE}.get(black, Outcome.JIGO)


# The receivers' side ---------------------------------------------------------------------


def pairing_record(*, game: Game, now: dt.datetime) -> TournamentPairing | None:
    """Record a finished tournament game (None for any other game, or one already recorded).
    Runs in the game's transaction; takes the tournament lock after the game lock."""
    found = TournamentPairing.objects.filter(game=game, outcome=Outcome.PENDING).first()
    if found is not None and game.end_reason == EndReason.ANNULLED:
        return _pairing_annulled(found, game, now)
    outcome = outcome_of(game.result)
    if found is None or outcome is None:
        return None
    tournament = tournament_lock(tournament_id=found.tournament_id)
    pairing = TournamentPairing.objects.select_for_update().get(pk=found.pk)
    if pairing.outcome != Outcome.PENDING:
        return None
    pairing.outcome = outcome
    pairing.save(update_fields=["outcome"])
    if game.end_reason == EndReason.TIMEOUT and outcome != Outcome.JIGO:
        loser = pairing.white_id if outcome == Outcome.BLACK else pairing.black_id
        entry = TournamentPlayer.objects.get(tournament=tournament, user_id=loser)
        entry.timeouts += 1
        fields = ["timeouts"]
        if entry.active and tournament.timeout_limit and entry.timeouts >= tournament.timeout_limit:
            entry.status = PlayerStatus.WITHDRAWN
            entry.left_round = tournament.current_round
            entry.left_reason = f"{entry.timeouts} timeouts"
            fields += ["status", "left_round", "left_reason"]
        entry.save(update_fields=fields)
    standings_refresh(tournament=tournament, result_round=pairing.round)
    enqueue_on_commit("ladder.tournament_advance", tournament.pk)
    return pairing


def _pairing_annulled(
    found: TournamentPairing, game: Game, now: dt.datetime
) -> TournamentPairing | None:
    """An annulled game (games.services.adjournments: no result) is the sanctioned player's
    forfeit, as if they had withdrawn: the pairing goes to their opponent without a counted
    game (`forfeit`, the game itself stays unrated), and a banned player is withdrawn (later
    rounds do not pair them; the advance task resigns what still runs). Should both players or
    neither be suspended or banned, the pairing is a jigo, so that the round can end."""
    tournament = tournament_lock(tournament_id=found.tournament_id)
    pairing = TournamentPairing.objects.select_for_update().get(pk=found.pk)
    if pairing.outcome != Outcome.PENDING:
        return None
    held = {
        colour: restriction_get(user_id=user_id, now=now)
        for colour, user_id in ((Outcome.BLACK, game.black_id), (Outcome.WHITE, game.white_id))
    }
    held = {c: s for c, s in held.items() if s is not None and s.kind != SanctionKind.MUTE}
    if len(held) != 1:
        pairing.outcome = Outcome.JIGO
    else:
        [(colour, sanction)] = held.items()
        pairing.outcome = Outcome.WHITE if colour == Outcome.BLACK else Outcome.BLACK
        entry = TournamentPlayer.objects.get(tournament=tournament, user_id=sanction.user_id)
        if sanction.kind == SanctionKind.BAN and entry.active:
            entry.status = PlayerStatus.WITHDRAWN
            entry.left_round = tournament.current_round
            entry.left_reason = "banned"
            entry.save(update_fields=["status", "left_round", "left_reason"])
    pairing.forfeit = True
    pairing.save(update_fields=["outcome", "forfeit"])
    standings_refresh(tournament=tournament, result_round=pairing.round)
    enqueue_on_commit("ladder.tournament_advance", tournament.pk)
    return pairing


def pairing_correct(*, game: Game, now: dt.datetime) -> TournamentPairing | None:
    """A corrected result rewrites the pairing's outcome (the standings follow). In a knockout
    whose next match (in either bracket) is already paired, the bracket keeps the players it
    paired and routes the rest from them (`_routed`)."""
    found = TournamentPairing.objects.filter(game=game).first()
    outcome = outcome_of(game.result)
    if found is None or outcome is None:
        return None
    tournament = tournament_lock(tournament_id=found.tournament_id)
    TournamentPairing.objects.filter(pk=found.pk).update(outcome=outcome)
    standings_refresh(tournament=tournament)
    enqueue_on_commit("ladder.tournament_advance", tournament.pk)
    found.outcome = outcome
    return found


# The task's side -------------------------------------------------------------------------


def tournament_advance(*, tournament_id: int, now: dt.datetime) -> str:
    """Resign withdrawn players' running games, then pair what is due or finish (see the
    module docstring). Returns what it did: "gone", "not running", "waiting", "paired",
    "finished". Safe to run twice."""
    _resign_withdrawn(tournament_id, now)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None:
            return "gone"
        if tournament.status != TournamentStatus.RUNNING:
            return "not running"
        return pair_next(tournament=tournament, now=now)


def _resign_withdrawn(tournament_id: int, now: dt.datetime) -> None:
    gone = TournamentPlayer.objects.filter(tournament_id=tournament_id).exclude(
        status=PlayerStatus.ACTIVE
    )
    gone_ids = set(gone.values_list("user_id", flat=True))
    if not gone_ids:
        return
    running = TournamentPairing.objects.filter(
        tournament_id=tournament_id, outcome=Outcome.PENDING, game__isnull=False
    ).select_related("game", "black", "white")
    for pairing in running:
        for player in (pairing.black, pairing.white):
            if player is not None and player.pk in gone_ids and not pairing.game.is_over:
                # MoveRefused: it ended meanwhile, and its result stands.
                with contextlib.suppress(MoveRefused):
                    game_resign(
                        game_id=pairing.game_id, user=player, expected_move_number=None, now=now
                    )
                break


def pair_next(*, tournament: Tournament, now: dt.datetime) -> str:
    """Pair whatever is due in a running tournament (the caller holds its lock), and store the
    standings of the rounds it paired or the end (ladder.tournaments.stored)."""
    if tournament.format == Format.ROUND_ROBIN:
        done = _round_robin(tournament, now)
    elif tournament.is_knockout:
        done = _knockout(tournament, now)
    else:
        done = _by_round(tournament, now)
    if done != "waiting":
        standings_refresh(tournament=tournament)
    return done


def _handicap_settings(settings: GameSettings, handicap: int) -> GameSettings:
    """The tournament's settings for a McMahon handicap of `handicap` (1: no komi, 2..9
    stones), at komi 0.5, with fewer stones where the board has no points for them."""
    komi = Decimal("0.5")
    stones = handicap if handicap >= 2 else 0
    while stones >= 2:
        try:
            return settings.replace(handicap=stones, komi=komi)
        except InvalidSetting:
            stones -= 1
    return settings.replace(handicap=0, komi=komi)


def _create(
    tournament: Tournament,
    *,
    round: int,
    board: int,
    black: int,
    white: int | None,
    now: dt.datetime,
    players: dict,
    handicap: int = 0,
    match: str = "",
    outcome: str = Outcome.PENDING,
    forfeit: bool = False,
) -> TournamentPairing:
    game = None
    if white is not None and not forfeit:
        settings = tournament.settings
        if handicap:
            settings = _handicap_settings(settings, handicap)
        # The pairing notice (tournament_notify_pairing) tells both players, the first mover
        # that it is their move: one notice, not a second "your turn" beside it.
        game = game_start(
            black=players[black],
            white=players[white],
            settings=settings,
            now=now,
            announce=False,
            origin=GameOrigin.TOURNAMENT,
        )
    pairing = TournamentPairing.objects.create(
        tournament=tournament,
        round=round,
        board=board,
        match=match,
        black_id=black,
        white_id=white,
        handicap=handicap,
        game=game,
        outcome=Outcome.BYE if white is None else outcome,
        forfeit=forfeit,
        created=now,
    )
    if not forfeit:
        enqueue_on_commit("ladder.tournament_notify_pairing", pairing.pk)
    return pairing


def _entries(tournament: Tournament) -> list[TournamentPlayer]:
    return list(
        TournamentPlayer.objects.filter(tournament=tournament)
        .select_related("user")
        .order_by("seed", "pk")
    )


def _finish(tournament: Tournament, now: dt.datetime) -> str:
    tournament.status = TournamentStatus.FINISHED
    tournament.finished = now
    tournament.save(update_fields=["status", "finished"])
    enqueue_on_commit("ladder.tournament_notify_end", tournament.pk)
    return "finished"


# Round robin -----------------------------------------------------------------------------


def _round_robin(tournament: Tournament, now: dt.datetime) -> str:
    """All games start at once; the tournament ends when all have ended."""
    if tournament.current_round == 0:
        entries = _entries(tournament)
        players = {e.user_id: e.user for e in entries}
        by_seed = {e.seed: e.user_id for e in entries}
        schedule = round_robin(len(entries))
        balance = dict.fromkeys(by_seed, 0)  # Blacks minus Whites so far
        last: dict[int, str] = {}
        for number, pairs in enumerate(schedule, start=1):
            paired = set()
            for board, (a, b) in enumerate(pairs, start=1):
                paired.update((a, b))
                black = _round_robin_black(a, b, number, balance, last)
                white = b if black == a else a
                balance[black] += 1
                balance[white] -= 1
                last[black], last[white] = "B", "W"
                _create(
                    tournament, round=number, board=board, black=by_seed[black],
                    white=by_seed[white], now=now, players=players,
                )  # fmt: skip
            for seed in sorted(set(by_seed) - paired):
                _create(
                    tournament, round=number, board=len(pairs) + 1, black=by_seed[seed],
                    white=None, now=now, players=players,
                )  # fmt: skip
        tournament.rounds = tournament.current_round = len(schedule)
        tournament.save(update_fields=["rounds", "current_round"])
        return "paired"
    if TournamentPairing.objects.filter(tournament=tournament, outcome=Outcome.PENDING).exists():
        return "waiting"
    return _finish(tournament, now)


def _round_robin_black(a: int, b: int, number: int, balance: dict, last: dict) -> int:
    """Black to the seed with fewer Blacks so far, then to the one who had White last, then
    to the lower seed in odd rounds (colour balance within 2 for up to 20 players)."""
    if balance[a] != balance[b]:
        return a if balance[a] < balance[b] else b
    if last.get(a) != last.get(b):
        return a if last.get(a) == "W" or last.get(b) == "B" else b
    return a if number % 2 else b


# Swiss and McMahon -----------------------------------------------------------------------


def _by_round(tournament: Tournament, now: dt.datetime) -> str:
    pairings = list(TournamentPairing.objects.filter(tournament=tournament))
    if any(p.round == tournament.current_round and not p.decided for p in pairings):
        return "waiting"
    entries = _entries(tournament)
    active = [e for e in entries if e.active]
    if tournament.current_round >= tournament.rounds or len(active) < 2:
        return _finish(tournament, now)
    table, _ = table_of(tournament, entries, pairings)
    games, byes = results_of(pairings)
    entrants = entrants_for_round(
        table=table, games=games, byes=byes, ratings={e.user_id: e.rating or 0.0 for e in entries}
    )
    playing = {e.user_id for e in active}
    entrants = [e for e in entrants if e.id in playing]
    paired = pair_round(entrants, PairingRules(system=tournament.format))
    number = tournament.current_round + 1
    score = {e.id: e.score for e in entrants}
    players = {e.user_id: e.user for e in entries}
    for board, b in enumerate(paired.boards, start=1):
        black, white, handicap = b.black, b.white, 0
        if tournament.handicap_rule == HandicapRule.MCMAHON:
            handicap = min(9, int(abs(score[black] - score[white])))
            if handicap and score[black] > score[white]:
                black, white = white, black  # the lower McMahon score takes Black
        _create(
            tournament, round=number, board=board, black=black, white=white, now=now,
            players=players, handicap=handicap,
        )  # fmt: skip
    if paired.bye is not None:
        _create(
            tournament, round=number, board=len(paired.boards) + 1, black=paired.bye,
            white=None, now=now, players=players,
        )  # fmt: skip
    tournament.current_round = number
    tournament.save(update_fields=["current_round"])
    return "paired"


# Knockouts -------------------------------------------------------------------------------


def bracket_of(tournament: Tournament, players: int) -> Bracket:
    """The tournament's bracket for `players` seeds."""
    if tournament.format == Format.DOUBLE_ELIM:
        return double_elimination(players)
    return single_elimination(players)


def match_round(code: str) -> tuple[int, int]:
    """(stored round, board) of a match code: "W2.1" -> (2, 1), "L3.2" -> (103, 2), "GF2" ->
    (202, 1)."""
    if code.startswith("GF"):
        return FINAL_ROUND + (2 if code == "GF2" else 1), 1
    rnd, board = code[1:].split(".")
    return (LOSERS_ROUND if code[0] == "L" else 0) + int(rnd), int(board)


def _knockout(tournament: Tournament, now: dt.datetime) -> str:
    """Pair every match whose two sides are known; forfeit those against withdrawn players;
    finish when the final is decided. Loops because a forfeit can decide the next match's
    side at once."""
    entries = _entries(tournament)
    seed_user = {e.seed: e.user_id for e in entries}
    user_seed = {v: k for k, v in seed_user.items()}
    active = {e.user_id for e in entries if e.active}
    players = {e.user_id: e.user for e in entries}
    bracket = bracket_of(tournament, len(entries))
    pairings = {p.match: p for p in TournamentPairing.objects.filter(tournament=tournament)}
    did = "waiting"
    if not tournament.current_round:
        tournament.rounds = max(m.round for m in bracket.matches if m.bracket == "W")
        tournament.current_round = 1
        tournament.save(update_fields=["rounds", "current_round"])
    changed = True
    while changed:
        changed = False
        winners = {}
        for code, p in pairings.items():
            w = _knockout_winner(p, user_seed)
            if w is not None:
                winners[code] = w
        winners.update(_routed(bracket, pairings, user_seed))
        for match in bracket.matches:
            if match.code in pairings:
                continue
            if match.code == "GF2":
                gf = pairings.get("GF")
                if gf is None or not gf.decided:
                    continue
                if _gf_champion_won(gf, pairings, user_seed):
                    continue  # the winners' bracket champion won: no second final
            top = _resolve(match.top, winners, pairings, user_seed)
            bottom = _resolve(match.bottom, winners, pairings, user_seed)
            if top is None or bottom is None:
                continue
            high, low = sorted((top, bottom))  # higher seed (smaller number) first
            rnd, board = match_round(match.code)
            forfeit = not (seed_user[high] in active and seed_user[low] in active)
            outcome = Outcome.PENDING
            if forfeit:
                # Black is the low seed: White (the higher seed) wins unless only they left.
                only_low_left = seed_user[high] not in active and seed_user[low] in active
                outcome = Outcome.BLACK if only_low_left else Outcome.WHITE
            pairings[match.code] = _create(
                tournament, round=rnd, board=board, black=seed_user[low], white=seed_user[high],
                now=now, players=players, match=match.code, outcome=outcome, forfeit=forfeit,
            )  # fmt: skip
            did = "paired"
            changed = True
    if _final_decided(tournament, bracket, pairings, user_seed):
        return _finish(tournament, now)
    return did


def _routed(bracket: Bracket, pairings: dict, user_seed: dict[int, int]) -> dict[str, int]:
    """{match code: the seed that went through} as the bracket has already paired it: once a
    match fed by X (by X's winner or by X's loser) is paired, X's winner is fixed by which of
    X's players that match holds, whatever a later correction of X's result says. Without it
    a corrected result would send the old winner on in one bracket and, as the new loser, on
    in the other, and leave the new winner out of both."""
    fixed: dict[str, int] = {}
    for match in bracket.matches:
        down = pairings.get(match.code)
        if down is None:
            continue
        for slot in (match.top, match.bottom):
            code = slot.winner_of or slot.loser_of
            source = pairings.get(code) if code else None
            if source is None or None in (source.black_id, source.white_id):
                continue
            both = {source.black_id, source.white_id}
            held = both & {down.black_id, down.white_id}
            if len(held) != 1:  # both (a final between them) or neither: nothing to fix
                continue
            went_on = held.pop() if slot.winner_of else (both - held).pop()
            fixed[code] = user_seed[went_on]
    return fixed


def _knockout_winner(p: TournamentPairing, user_seed: dict[int, int]) -> int | None:
    """The seed that goes through: the winner; a jigo goes to the higher seed (White)."""
    if not p.decided:
        return None
    if p.outcome == Outcome.JIGO:
        return min(user_seed[p.black_id], user_seed[p.white_id])
    return user_seed[p.winner_id]


def _resolve(
    slot, winners: dict[str, int], pairings: dict, user_seed: dict[int, int]
) -> int | None:
    if slot.seed is not None:
        return slot.seed
    code = slot.winner_of or slot.loser_of
    if code not in winners:
        return None
    if slot.winner_of:
        return winners[code]
    p = pairings[code]
    seeds = {user_seed[p.black_id], user_seed[p.white_id]}
    return (seeds - {winners[code]}).pop()


def _final_decided(
    tournament: Tournament, bracket: Bracket, pairings: dict, user_seed: dict[int, int]
) -> bool:
    if tournament.format == Format.SINGLE_ELIM:
        final = pairings.get(bracket.final)
        return final is not None and final.decided
    gf, gf2 = pairings.get("GF"), pairings.get("GF2")
    if gf2 is not None:
        return gf2.decided
    return gf is not None and gf.decided and _gf_champion_won(gf, pairings, user_seed)


def _gf_champion_won(gf: TournamentPairing, pairings: dict, user_seed: dict[int, int]) -> bool:
    """True when the winners' bracket champion (who never lost) won the grand final."""
    losses: dict[int, int] = {}
    for p in pairings.values():
        if p.match in ("GF", "GF2") or not p.decided:
            continue
        won = _knockout_winner(p, user_seed)
        for uid in (p.black_id, p.white_id):
            if user_seed[uid] != won:
                losses[uid] = losses.get(uid, 0) + 1
    champion = gf.black_id if not losses.get(gf.black_id) else gf.white_id
    return _knockout_winner(gf, user_seed) == user_seed[champion]
