"""Notifications about games and challenges, run by Celery after the commit.

Each task takes ids, reloads its rows and checks that the news is still true (the move is still
awaited, the challenge is still in the state it reports). It then hands the news to
`messaging.services.notify`, which stores it once per dedupe key on the player's notification
list, routes it by the player's preference (off, immediate mail, daily digest) and sends an
immediate mail at most once. Running a task twice or late therefore sends nothing twice or wrong.
Only transient SMTP errors are retried (`messaging.mail.RETRY_OPTIONS`).
"""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError
from django.urls import reverse
from django.utils import timezone

import rules
from messaging import services as messaging
from messaging.mail import RETRY_OPTIONS, site_url
from messaging.models import Event

from . import (
    clock,
    conditional_tasks,  # noqa: F401  (registers its Celery tasks)
    mail,
)
from .models import (
    Challenge,
    ChallengeStatus,
    DisputeStatus,
    Game,
    GameChat,
    GameStatus,
    ReportStatus,
    ResultCorrection,
    ScoreDispute,
    ScoringReport,
)
from .services import contact, friends
from .services.challenges import challenges_expire
from .services.disputes import disputes_expire
from .services.play import game_count_at_move_cap
from .services.sweeps import clocks_sweep


def _turn_key(game_id: int, move_number: int) -> str:
    return f"turn:{game_id}:{move_number}"


@shared_task(name="games.notify_turn", **RETRY_OPTIONS)
def notify_turn(game_id: int, move_number: int) -> bool:
    """Tell the player to move that it is their turn, if the game still waits for that move.
    Their opponent's earlier "your turn" notices of this game are marked read: they moved.
    Returns whether a mail went out."""
    game = Game.objects.select_related("black", "white").filter(pk=game_id).first()
    if game is None or game.status != GameStatus.PLAYING or game.move_number != move_number:
        return False
    now = timezone.now()
    player = game.player(game.to_move)
    opponent = game.player(rules.other(game.to_move))
    messaging.notifications_mark_read(user=opponent, key_prefix=f"turn:{game.pk}:")
    played = f"played move {move_number}" if move_number else "started a game with you"
    notified = messaging.notify(
        user=player,
        event=Event.YOUR_TURN,
        key=_turn_key(game.pk, move_number),
        text=f"Your turn in game {game.pk}: {opponent.username} {played}.",
        url=game.get_absolute_url(),
        now=now,
        mail=lambda: mail.your_turn_mail(game=game, now=now),
    )
    return notified.mailed


@shared_task(name="games.notify_game_over", **RETRY_OPTIONS)
def notify_game_over(game_id: int) -> int:
    """Tell both players the result of a finished game; returns how many mails went out."""
    game = Game.objects.select_related("black", "white").filter(pk=game_id).first()
    if game is None or game.status != GameStatus.FINISHED:
        return 0
    now = timezone.now()
    sent = 0
    for player in (game.black, game.white):
        messaging.notifications_mark_read(user=player, key_prefix=f"turn:{game.pk}:")
        opponent = game.white if player.pk == game.black_id else game.black
        notified = messaging.notify(
            user=player,
            event=Event.GAME_OVER,
            key=f"game_over:{game.pk}",
            text=(
                f"Game {game.pk} against {opponent.username} is over: {game.result} "
                f"({game.get_end_reason_display().lower()})."
            ),
            url=game.get_absolute_url(),
            now=now,
            mail=lambda player=player: mail.game_over_mail(game=game, player=player),
        )
        sent += notified.mailed
    return sent


@shared_task(name="games.notify_challenge", **RETRY_OPTIONS)
def notify_challenge(challenge_id: int) -> bool:
    """Tell the recipient of a direct invitation about it, while it is still open."""
    challenge = (
        Challenge.objects.select_related("creator", "recipient").filter(pk=challenge_id).first()
    )
    if challenge is None or challenge.recipient is None or challenge.status != ChallengeStatus.OPEN:
        return False
    now = timezone.now()
    notified = messaging.notify(
        user=challenge.recipient,
        event=Event.CHALLENGE,
        key=f"challenge:{challenge.pk}",
        text=(
            f"{challenge.creator.username} invites you to {challenge.board_label}, "
            f"{challenge.clock_label}."
        ),
        url=reverse("games:challenge", args=[challenge.pk]),
        now=now,
        mail=lambda: mail.challenge_mail(challenge=challenge),
    )
    return notified.mailed


@shared_task(name="games.notify_challenge_answered", **RETRY_OPTIONS)
def notify_challenge_answered(challenge_id: int, paired: bool = False) -> bool:
    """Tell the creator that their invitation was declined or accepted, or that auto-match
    (`paired`) started a game from their open challenge."""
    challenge = (
        Challenge.objects.select_related("creator", "recipient", "game")
        .filter(pk=challenge_id)
        .first()
    )
    if challenge is None or challenge.status not in (
        ChallengeStatus.DECLINED,
        ChallengeStatus.ACCEPTED,
    ):
        return False
    now = timezone.now()
    who = challenge.recipient.username if challenge.recipient else "Someone"
    if challenge.status == ChallengeStatus.DECLINED:
        text = f"{who} declined your invitation to {challenge.board_label}."
        url = reverse("games:challenge", args=[challenge.pk])
    elif paired:
        text = f"Auto-match paired you with {who}: your {challenge.board_label} game has started."
        url = reverse("games:board", args=[challenge.game_id])
    else:
        text = f"{who} accepted your challenge ({challenge.board_label})."
        url = reverse("games:board", args=[challenge.game_id])
    notified = messaging.notify(
        user=challenge.creator,
        event=Event.CHALLENGE_ANSWERED,
        key=f"challenge_answered:{challenge.pk}",
        text=text,
        url=url,
        now=now,
        mail=lambda: mail.challenge_answered_mail(challenge=challenge, paired=paired),
    )
    return notified.mailed


@shared_task(name="games.notify_chat")
def notify_chat(chat_id: int) -> bool:
    """Put a chat line on the other player's list (and their digest); never mailed alone."""
    line = GameChat.objects.select_related("game__black", "game__white", "author")
    line = line.filter(pk=chat_id).first()
    if line is None:
        return False
    game = line.game
    other = game.white if line.author_id == game.black_id else game.black
    preview = line.text if len(line.text) <= 120 else f"{line.text[:119]}…"
    messaging.notify(
        user=other,
        event=Event.CHAT,
        key=f"chat:{line.pk}",
        text=f"{line.author.username} in game {game.pk}: {preview}",
        url=game.get_absolute_url(),
        now=timezone.now(),
    )
    return True


@shared_task(name="games.notify_report", **RETRY_OPTIONS)
def notify_report(report_id: int) -> bool:
    """Tell the site admins (settings.ADMINS) about an open scoring report, once."""
    report = ScoringReport.objects.select_related("game", "raised_by").filter(pk=report_id)
    report = report.first()
    if report is None or report.status != ReportStatus.OPEN:
        return False
    url = site_url(reverse("admin:games_scoringreport_change", args=[report.pk]))
    return messaging.admin_mail_once(
        key=f"report:{report.pk}",
        subject=f"Result of game {report.game_id} reported",
        body=(
            f"{report.raised_by.username} reports {report.game.result} in game "
            f"{report.game_id}:\n\n{report.reason}\n\n{url}\n"
        ),
        now=timezone.now(),
    )


_DISPUTE_EVENT_STATUS = {
    "opened": DisputeStatus.MARKING,
    "accepted": DisputeStatus.MARKING,
    "agreed": DisputeStatus.AGREED,
    "expired": DisputeStatus.EXPIRED,
}


def _dispute_recipients(dispute: ScoreDispute, event: str, version: int) -> list:
    """Who hears of `event`, or nobody when the news is stale."""
    game = dispute.game
    if _DISPUTE_EVENT_STATUS.get(event) != dispute.status:
        return []
    if event == "opened":
        if dispute.version != version:
            return []
        return [game.white if dispute.opened_by_id == game.black_id else game.black]
    if event == "accepted":
        if dispute.version != version or dispute.black_accepted == dispute.white_accepted:
            return []
        return [game.white if dispute.black_accepted else game.black]
    return [game.black, game.white]


@shared_task(name="games.notify_dispute", **RETRY_OPTIONS)
def notify_dispute(dispute_id: int, event: str, version: int) -> int:
    """Tell the players about their marking phase; returns how many mails went out.

    `event`: "opened" (to the opponent of the opener), "accepted" (to the player who has not
    accepted marking `version` yet), "agreed" or "expired" (to both). Sends nothing once the
    news is stale (another status, another marking version, both or neither accepted)."""
    dispute = ScoreDispute.objects.select_related("game__black", "game__white", "opened_by")
    dispute = dispute.filter(pk=dispute_id).first()
    if dispute is None:
        return 0
    now = timezone.now()
    sent = 0
    for player in _dispute_recipients(dispute, event, version):
        content = mail.dispute_notice(dispute=dispute, event=event, player=player)
        notified = messaging.notify(
            user=player,
            event=Event.DISPUTE,
            key=f"dispute:{dispute.pk}:{event}:{version}",
            text=content.context["summary"],
            url=reverse("games:marking", args=[dispute.game_id]),
            now=now,
            mail=lambda content=content: content,
        )
        sent += notified.mailed
    return sent


@shared_task(name="games.notify_result_corrected", **RETRY_OPTIONS)
def notify_result_corrected(correction_id: int) -> int:
    """Tell both players that their game's result changed; returns mails sent."""
    correction = ResultCorrection.objects.select_related("game__black", "game__white")
    correction = correction.filter(pk=correction_id).first()
    if correction is None:
        return 0
    now = timezone.now()
    sent = 0
    for player in (correction.game.black, correction.game.white):
        content = mail.result_corrected_notice(correction=correction, player=player)
        notified = messaging.notify(
            user=player,
            event=Event.GAME_OVER,
            key=f"result_corrected:{correction.pk}",
            text=content.context["summary"],
            url=correction.game.get_absolute_url(),
            now=now,
            mail=lambda content=content: content,
        )
        sent += notified.mailed
    return sent


@shared_task(name="games.sweep_disputes")
def sweep_disputes() -> int:
    """Periodic (beat): close the marking phases past their deadline."""
    return disputes_expire(now=timezone.now())


@shared_task(name="games.notify_timeout_warning", **RETRY_OPTIONS)
def notify_timeout_warning(game_id: int, move_number: int) -> bool:
    """Warn the player to move that 80 % of this move's time is used, if the game still waits
    for that move and their clock still runs. Returns whether a mail went out."""
    game = Game.objects.select_related("black", "white").filter(pk=game_id).first()
    if (
        game is None
        or game.status != GameStatus.PLAYING
        or game.move_number != move_number
        or game.deadline is None
    ):
        return False
    player = game.player(game.to_move)
    opponent = game.player(rules.other(game.to_move))
    when = timezone.localtime(game.deadline, clock.zone(player.time_zone))
    notified = messaging.notify(
        user=player,
        event=Event.TIMEOUT_WARNING,
        key=f"timeout_warning:{game.pk}:{move_number}",
        text=(
            f"Time is running out in game {game.pk} against {opponent.username}: "
            f"it runs out on {when:%a %d %b, %H:%M %Z}."
        ),
        url=game.get_absolute_url(),
        now=timezone.now(),
        mail=lambda: mail.timeout_warning_mail(game=game, player=player, when=when),
    )
    return notified.mailed


@shared_task(name="games.expire_challenges")
def expire_challenges() -> int:
    """Periodic (beat, hourly): close the open challenges whose expiry passed."""
    return challenges_expire(now=timezone.now())


@shared_task(
    name="games.count_at_move_cap",
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=5,
)
def count_at_move_cap(game_id: int) -> str | None:
    """Count a game that ended at the move cap; the result, or None if there was nothing to
    count (already counted: running it twice changes nothing)."""
    game = game_count_at_move_cap(game_id=game_id, now=timezone.now())
    return game.result if game is not None else None


@shared_task(name="games.sweep_clocks", autoretry_for=(OperationalError,), max_retries=2)
def sweep_clocks() -> dict[str, int]:
    """The beat task, once a minute: vacations, timeouts, warnings (sweeps.clocks_sweep)."""
    return clocks_sweep(now=timezone.now())


@shared_task(name="games.contact_staff_mail", **RETRY_OPTIONS)
def contact_staff_mail(contact_id: int) -> bool:
    """Tell the site admins about a player's message about a game, once."""
    return contact.contact_staff_mail(contact_id=contact_id, now=timezone.now())


@shared_task(name="games.contact_answer_mail", **RETRY_OPTIONS)
def contact_answer_mail(contact_id: int) -> bool:
    """Mail the staff's answer to the player who wrote, once per answer."""
    return contact.contact_answer_mail(contact_id=contact_id, now=timezone.now())


@shared_task(name="games.friend_invite_mail", **RETRY_OPTIONS)
def friend_invite_mail(invite_id: int) -> bool:
    """Send a "tell a friend" invitation mail once."""
    return friends.friend_invite_mail(invite_id=invite_id, now=timezone.now())
