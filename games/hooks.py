"""Hooks for other apps (the ladder): games never imports them; they register receivers from
their AppConfig.ready().

* game finished: `receiver(*, game, now)`, called exactly once per game, when it ends, with the
  result it ended with (for a counted game the automatic count).
* result corrected: `receiver(*, game, correction, now)`, called each time that result changes
  afterwards (both players agreed on other dead stones, or staff corrected it);
  `correction.old_result` is what the game-finished call (or the previous correction) saw and
  `game.result` the new result. A rating receiver undoes the old outcome and applies the new
  one. Disputes only ever change a result within days of the end; staff corrections may come
  at any time.

* match ranking: `ranking(*, user, settings, candidates) -> list` reorders the auto-match queue's
  candidate challenges for `user` (the ladder puts the closest rating first); without one the
  longest-waiting come first. At most one is registered.

* game labels: `labels(*, game_ids) -> dict[int, str]` names what each game belongs to, in a
  few words ("Spring cup, round 2"), for the status page's cards; games it leaves out belong
  to nothing. One query for any number of games. At most one is registered.

* game competition: `competition(*, game_id) -> dict | None` says, for the game page, what the
  game belongs to: {"kind", "name", "url", "text"} (templates/ladder/_game_link.html), None
  for a game of nothing. The page reads it into its context, so that its tag covers it
  (core.http_cache.tags.page_etag). At most one is registered.

* player strength: `strength_register(bands=[(code, label)], players=players)`, where
  `players(*, band, family) -> QuerySet` of user ids (`family` a board kind, or None for any)
  are the players of that strength band; the games browser (games.watching) offers the bands
  and keeps the games one of whose players is in the chosen band, in one query. Without a
  provider it offers no strength filter. At most one is registered.

* games ending: `receiver(*, game_ids)`, called by the clock sweep with the ids of a batch of
  games it has locked and is about to end on time (each then through the game-finished hook),
  and with [] once the batch is done: a receiver may read once, for all of them, what its
  game-finished receiver would read for each (the ladder: which are ladder or tournament
  games), and must forget it at []. Run by `games_ending(game_ids=...)`, a context manager.

Receivers run inside the transaction that writes the result, while it holds the game row's
SELECT FOR UPDATE lock, so their writes commit or roll back with it. They must queue any mail or
task with transaction.on_commit and must not call games services.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import datetime as dt

    from games.game_settings import GameSettings
    from games.models import Challenge, Game, ResultCorrection

GameFinishedReceiver = Callable[..., None]

ResultCorrectedReceiver = Callable[..., None]

_receivers: list[GameFinishedReceiver] = []
_corrected_receivers: list[ResultCorrectedReceiver] = []


def game_finished_register(receiver: GameFinishedReceiver) -> GameFinishedReceiver:
    """Register `receiver(*, game, now)`; usable as a decorator. Registering twice is a no-op."""
    if receiver not in _receivers:
        _receivers.append(receiver)
    return receiver


def game_finished_unregister(receiver: GameFinishedReceiver) -> None:
    """Remove a receiver (tests)."""
    if receiver in _receivers:
        _receivers.remove(receiver)


def game_finished_run(*, game: Game, now: dt.datetime) -> None:
    """Call every receiver with the finished game. Caller holds the game's row lock."""
    for receiver in list(_receivers):
        receiver(game=game, now=now)


def result_corrected_register(receiver: ResultCorrectedReceiver) -> ResultCorrectedReceiver:
    """Register `receiver(*, game, correction, now)`; usable as a decorator; idempotent."""
    if receiver not in _corrected_receivers:
        _corrected_receivers.append(receiver)
    return receiver


def result_corrected_unregister(receiver: ResultCorrectedReceiver) -> None:
    """Remove a receiver (tests)."""
    if receiver in _corrected_receivers:
        _corrected_receivers.remove(receiver)


def result_corrected_run(*, game: Game, correction: ResultCorrection, now: dt.datetime) -> None:
    """Call every receiver with the game (new result stored) and its audit row. Caller holds the
    game's row lock."""
    for receiver in list(_corrected_receivers):
        receiver(game=game, correction=correction, now=now)


GamesEndingReceiver = Callable[..., None]

_ending_receivers: list[GamesEndingReceiver] = []


def games_ending_register(receiver: GamesEndingReceiver) -> GamesEndingReceiver:
    """Register `receiver(*, game_ids)`; usable as a decorator. Registering twice is a no-op."""
    if receiver not in _ending_receivers:
        _ending_receivers.append(receiver)
    return receiver


@contextmanager
def games_ending(*, game_ids: list[int]) -> Iterator[None]:
    """Around a batch of locked games ended one by one: every receiver is told their ids
    before, and [] after (even when the batch fails)."""
    for receiver in list(_ending_receivers):
        receiver(game_ids=game_ids)
    try:
        yield
    finally:
        for receiver in list(_ending_receivers):
            receiver(game_ids=[])


MatchRanking = Callable[..., list]

_match_ranking: list[MatchRanking] = []


def match_ranking_register(ranking: MatchRanking) -> MatchRanking:
    """Register `ranking(*, user, settings, candidates)`, replacing any earlier one; usable as a
    decorator."""
    _match_ranking[:] = [ranking]
    return ranking


def match_ranking_unregister(ranking: MatchRanking) -> None:
    """Remove the ranking (tests)."""
    if ranking in _match_ranking:
        _match_ranking.remove(ranking)


def match_candidates_rank(
    *, user, settings: GameSettings, candidates: list[Challenge]
) -> list[Challenge]:
    """The auto-match candidates in the order to try them: the registered ranking's, or as
    given (longest-waiting first)."""
    if not _match_ranking:
        return candidates
    return _match_ranking[0](user=user, settings=settings, candidates=candidates)


GameLabels = Callable[..., dict]

_game_labels: list[GameLabels] = []


def game_labels_register(labels: GameLabels) -> GameLabels:
    """Register `labels(*, game_ids)`, replacing any earlier one; usable as a decorator."""
    _game_labels[:] = [labels]
    return labels


def game_labels_unregister(labels: GameLabels) -> None:
    """Remove the provider (tests)."""
    if labels in _game_labels:
        _game_labels.remove(labels)


def game_labels_get(*, game_ids: list[int]) -> dict[int, str]:
    """{game id: what it belongs to} for those of `game_ids` that belong to something; {}
    without a provider or without games."""
    if not _game_labels or not game_ids:
        return {}
    return _game_labels[0](game_ids=game_ids)


GameCompetition = Callable[..., "dict | None"]

_game_competition: list[GameCompetition] = []


def game_competition_register(competition: GameCompetition) -> GameCompetition:
    """Register `competition(*, game_id)`, replacing any earlier one; usable as a decorator."""
    _game_competition[:] = [competition]
    return competition


def game_competition_get(*, game_id: int) -> dict | None:
    """What the game page says the game belongs to, or None (no provider, or nothing)."""
    if not _game_competition:
        return None
    return _game_competition[0](game_id=game_id)


_strength: list[tuple[list[tuple[str, str]], Callable[..., object]]] = []


def strength_register(*, bands: list[tuple[str, str]], players: Callable[..., object]) -> None:
    """Register the strength bands `[(code, label)]` and `players(*, band, family)`, replacing
    any earlier provider."""
    _strength[:] = [(list(bands), players)]


def strength_unregister() -> None:
    """Remove the provider (tests)."""
    _strength.clear()


def strength_bands() -> list[tuple[str, str]]:
    """The strength bands a player may filter games by; [] without a provider."""
    return list(_strength[0][0]) if _strength else []


def strength_players(*, band: str, family: str | None):
    """A query of the ids of the players in `band` (in board kind `family`, or any when None),
    to be used inside another query; None without a provider or for an unknown band."""
    if not _strength or band not in {code for code, _ in _strength[0][0]}:
        return None
    return _strength[0][1](band=band, family=family)
