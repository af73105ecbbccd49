"""Tournament tasks: the round advance and the notices. They take ids, check the news is still
true and are safe to run twice (`messaging.services.notify` records once per key)."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from games.mail import notice_send
from messaging.mail import RETRY_OPTIONS
from messaging.outbox import enqueue_on_commit

from .advance import tournament_advance as advance
from .models import Outcome, Tournament, TournamentPairing, TournamentStatus
from .notices import TOURNAMENT_END, TOURNAMENT_ROUND
from .selectors import final_places


@shared_task(name="ladder.tournament_advance")
def tournament_advance(tournament_id: int) -> str:
    """Pair the tournament's next round or matches when due, or finish it (see advance.py)."""
    return advance(tournament_id=tournament_id, now=timezone.now())


def _pairing_text(pairing: TournamentPairing, user) -> str:
    name = pairing.tournament.name
    where = pairing.stage
    if pairing.is_bye:
        counts = (
            "it scores nothing"
            if pairing.tournament.format == "round_robin"
            else ("it counts as a win")
        )
        return f"{name}, {where}: you have a bye ({counts})."
    black = pairing.black_id == user.pk
    opponent = pairing.white if black else pairing.black
    colour = "Black" if black else "White"
    extra = ""
    if pairing.handicap == 1:
        extra = ", no komi"
    elif pairing.handicap:
        extra = f", {pairing.game.handicap} handicap stones" if pairing.game else ""
    return (
        f"{name}, {where}: you play {opponent.username} as {colour}{extra}. Your game has started."
    )


@shared_task(name="ladder.tournament_notify_pairing", **RETRY_OPTIONS)
def tournament_notify_pairing(pairing_id: int) -> int:
    """Tell the players of a pairing (or the player with the bye) whom they play and where;
    returns how many mails went out. Nothing for a game already over."""
    pairing = (
        TournamentPairing.objects.select_related("tournament", "black", "white", "game")
        .filter(pk=pairing_id)
        .first()
    )
    if pairing is None or (pairing.game_id and pairing.game.is_over):
        return 0
    if pairing.outcome not in (Outcome.PENDING, Outcome.BYE):
        return 0
    url = (
        pairing.game.get_absolute_url()
        if pairing.game_id
        else pairing.tournament.get_absolute_url()
    )
    mailed = 0
    for user in (pairing.black, pairing.white):
        if user is None:
            continue
        mailed += notice_send(
            user=user,
            event=TOURNAMENT_ROUND,
            key=f"tournament_pairing:{pairing.pk}:{user.pk}",
            text=_pairing_text(pairing, user),
            url=url,
            subject=f"{pairing.tournament.name}: your next game",
            label="Open the game" if pairing.game_id else "See the tournament",
        )
    return mailed


@shared_task(name="ladder.tournament_notify_end", **RETRY_OPTIONS)
def tournament_notify_end(tournament_id: int) -> int:
    """Tell every player of a finished tournament their place; returns how many mails."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or tournament.status != TournamentStatus.FINISHED:
        return 0
    places = final_places(tournament=tournament)
    url = tournament.get_absolute_url()
    mailed = 0
    users = {e.user_id: e.user for e in tournament.players.select_related("user")}
    for uid, place in places.items():
        user = users[uid]
        if place is None:
            text = f"{tournament.name} has ended (you were disqualified)."
        else:
            text = f"{tournament.name} has ended: you placed {place} of {len(places)}."
        mailed += notice_send(
            user=user,
            event=TOURNAMENT_END,
            key=f"tournament_end:{tournament.pk}",
            text=text,
            url=url,
            subject=f"{tournament.name} has ended",
            label="See the standings",
        )
    return mailed


@shared_task(name="ladder.tournaments_sweep")
def tournaments_sweep() -> int:
    """Beat, hourly: a safety net behind the game-finished hook's task. Queues the advance of
    every running tournament (it does nothing where nothing is due), so a round whose advance
    task was lost or failed is still paired. Returns how many were queued."""
    ids = list(
        Tournament.objects.filter(status=TournamentStatus.RUNNING).values_list("pk", flat=True)
    )
    for pk in ids:
        enqueue_on_commit("ladder.tournament_advance", pk)
    return len(ids)
