"""Tournament tasks: the round advance and the notices. They take ids, check the news is still
true and are safe to run twice (`messaging.notifications.services.notify` records once per key)."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from accounts.models import User
from core.outbox import enqueue_on_commit
from games.mail import notice_send
from ladder.tournaments.advance import tournament_advance as advance
from ladder.tournaments.models import Outcome, Tournament, TournamentPairing, TournamentStatus
from ladder.tournaments.notifications import TOURNAMENT_END, TOURNAMENT_ROUND
from ladder.tournaments.selectors import final_places
from messaging.notifications.notice_tasks import notice_task


@shared_task(name="ladder.tournament_advance")
def tournament_advance(tournament_id: int) -> str:
    """Pair the tournament's next round or matches when due, or finish it (see advance.py)."""
    return advance(tournament_id=tournament_id, now=timezone.now())


def _pairing_text(pairing: TournamentPairing, user) -> str:
    """The pairing notice for `user`, in the active language (notice_send calls it in theirs)."""
    names = {"tournament": pairing.tournament.name, "stage": pairing.stage}
    if pairing.is_bye:
        if pairing.tournament.format == "round_robin":
            return gettext("%(tournament)s, %(stage)s: you have a bye (it scores nothing).") % names
        return gettext("%(tournament)s, %(stage)s: you have a bye (it counts as a win).") % names
    black = pairing.black_id == user.pk
    names["opponent"] = (pairing.white if black else pairing.black).username
    names["handicap"] = pairing.game.handicap if pairing.game else 0
    if black:
        if pairing.handicap == 1:
            said = gettext("%(tournament)s, %(stage)s: you play %(opponent)s as Black, no komi.")
        elif pairing.handicap and pairing.game:
            said = gettext(
                "%(tournament)s, %(stage)s: you play %(opponent)s as Black, %(handicap)s "
                "handicap stones."
            )
        else:
            said = gettext("%(tournament)s, %(stage)s: you play %(opponent)s as Black.")
    elif pairing.handicap == 1:
        said = gettext("%(tournament)s, %(stage)s: you play %(opponent)s as White, no komi.")
    elif pairing.handicap and pairing.game:
        said = gettext(
            "%(tournament)s, %(stage)s: you play %(opponent)s as White, %(handicap)s "
            "handicap stones."
        )
    else:
        said = gettext("%(tournament)s, %(stage)s: you play %(opponent)s as White.")
    game = pairing.game
    # Each gettext stands alone: makemessages (xgettext) never sees one inside an f-string, so
    # these sentences were missing from every catalog and stayed English.
    if game is not None and not game.is_over and game.player_to_move_id == user.pk:
        started = gettext("Your game has started, and it is your move.")
    else:
        started = gettext("Your game has started.")
    # Translators: two sentences one after the other (Japanese and Chinese: without a space).
    return gettext("%(pairing)s %(started)s") % {"pairing": said % names, "started": started}


@notice_task("ladder.tournament_notify_pairing")
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
            # Functions and lazy text: notice_send writes them in each player's language.
            text=lambda user=user: _pairing_text(pairing, user),
            url=url,
            subject=lambda: (
                gettext("%(tournament)s: your next game") % {"tournament": pairing.tournament.name}
            ),
            label=gettext_lazy("Open the game")
            if pairing.game_id
            else gettext_lazy("See the tournament"),
        )
    return mailed


@notice_task("ladder.tournament_notify_end")
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
        names = {"tournament": tournament.name, "place": place, "of": len(places)}
        text = (
            gettext_lazy("%(tournament)s has ended (you were disqualified).")
            if place is None
            else gettext_lazy("%(tournament)s has ended: you placed %(place)s of %(of)s.")
        )
        mailed += notice_send(
            user=user,
            event=TOURNAMENT_END,
            key=f"tournament_end:{tournament.pk}",
            text=lambda text=text, names=names: str(text) % names,
            url=url,
            subject=lambda: gettext("%(tournament)s has ended") % {"tournament": tournament.name},
            label=gettext_lazy("See the standings"),
        )
    return mailed


@shared_task(name="ladder.tournaments_sweep")
def tournaments_sweep() -> int:
    """Beat, every 2 minutes: a safety net behind the game-finished hook's task. Queues the
    advance of every running tournament (it does nothing where nothing is due), so a round
    whose advance task was lost with a killed worker, or failed, is still paired within
    minutes. Returns how many were queued."""
    ids = list(
        Tournament.objects.filter(status=TournamentStatus.RUNNING).values_list("pk", flat=True)
    )
    for pk in ids:
        enqueue_on_commit("ladder.tournament_advance", pk)
    return len(ids)


@notice_task("ladder.tournament_notify_changed")
def tournament_notify_changed(tournament_id: int, when: str) -> int:
    """Tell the players registered for a tournament that its organiser changed it (at `when`,
    an ISO time: one notice per change); returns how many mails went out."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or tournament.status != TournamentStatus.OPEN:
        return 0
    mailed = 0
    for entry in tournament.players.select_related("user"):
        names = {
            "tournament": tournament.name,
            "settings": f"{tournament.board_label}, {tournament.clock_label}",
        }
        mailed += notice_send(
            user=entry.user,
            event=TOURNAMENT_ROUND,
            key=f"tournament_changed:{tournament.pk}:{when}",
            text=lambda names=names: (
                gettext(
                    "The organiser changed %(tournament)s, which you are registered for: it is now "
                    "%(settings)s. You may leave it before it starts."
                )
                % names
            ),
            url=tournament.get_absolute_url(),
            subject=lambda: gettext("%(tournament)s has changed") % {"tournament": tournament.name},
            label=gettext_lazy("See the tournament"),
        )
    return mailed


@notice_task("ladder.tournament_notify_cancelled")
def tournament_notify_cancelled(name: str, user_ids: list[int], when: str) -> int:
    """Tell the players who were registered for the tournament `name` that its organiser
    cancelled it before it started (it is gone, hence the name); returns how many mails."""
    mailed = 0
    for user in User.objects.filter(pk__in=user_ids):
        mailed += notice_send(
            user=user,
            event=TOURNAMENT_ROUND,
            key=f"tournament_cancelled:{name}:{when}",
            text=lambda: (
                gettext(
                    "The organiser cancelled %(tournament)s before it started; you were registered."
                )
                % {"tournament": name}
            ),
            url="/tournaments/",
            subject=lambda: gettext("%(tournament)s is cancelled") % {"tournament": name},
            label=gettext_lazy("See the tournaments"),
        )
    return mailed
