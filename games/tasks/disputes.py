"""Tasks of scoring reports, disputes and result corrections: notices and the dispute sweep."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from accounts.locale import reader_locale
from core.mail import RETRY_OPTIONS, site_url
from core.metrics import sweep_metered
from games import mail
from games.models import (
    DisputeStatus,
    ReportStatus,
    ResultCorrection,
    ScoreDispute,
    ScoringReport,
)
from games.services.disputes import count_judge_check, counts_unjudged_open, disputes_expire
from messaging.notifications import services as messaging
from messaging.notifications.models import Event
from messaging.notifications.notice_tasks import notice_task


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
        subject=gettext("Result of game %(game_id)s reported") % {"game_id": report.game_id},
        body=(
            f"{report.raised_by.username} reports {report.game.result} in game "
            f"{report.game_id}:\n\n{report.reason}\n\n{url}\n"
        ),
        now=timezone.now(),
    )


@shared_task(
    name="games.check_count",
    autoretry_for=(OperationalError,),
    retry_backoff=10,
    retry_backoff_max=5 * 60,
    retry_jitter=True,
    max_retries=8,
)
def check_count(game_id: int) -> bool:
    """The judge engine's second opinion on a game's count (`count_judge_check`); whether it
    opened the marking phase. Safe to run twice; retried on a database error of the moment
    only (an engine that fails or times out is an answer: the count's own doubts stand)."""
    return count_judge_check(game_id=game_id, now=timezone.now()) is not None


_DISPUTE_EVENT_STATUS = {
    "unsure": DisputeStatus.MARKING,
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
    if event == "unsure":
        return [game.black, game.white] if dispute.version == version else []
    if event == "opened":
        if dispute.version != version:
            return []
        return [game.white if dispute.opened_by_id == game.black_id else game.black]
    if event == "accepted":
        if dispute.version != version or dispute.black_accepted == dispute.white_accepted:
            return []
        return [game.white if dispute.black_accepted else game.black]
    return [game.black, game.white]


@notice_task("games.notify_dispute")
def notify_dispute(dispute_id: int, event: str, version: int) -> int:
    """Tell the players about their marking phase; returns how many mails went out.

    `event`: "unsure" (the count opened the phase: to both players but bots), "opened" (to
    the opponent of the opener), "accepted" (to the player who has not
    accepted marking `version` yet), "agreed" or "expired" (to both). Sends nothing once the
    news is stale (another status, another marking version, both or neither accepted)."""
    dispute = ScoreDispute.objects.select_related("game__black", "game__white", "opened_by")
    dispute = dispute.filter(pk=dispute_id).first()
    if dispute is None:
        return 0
    now = timezone.now()
    sent = 0
    for player in _dispute_recipients(dispute, event, version):
        if player.is_bot:
            continue  # a bot reads no notices
        # Built before notify (its summary is the notice's text): in the player's language.
        with reader_locale(user=player):
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


@notice_task("games.notify_result_corrected")
def notify_result_corrected(correction_id: int) -> int:
    """Tell both players that their game's result changed; returns mails sent."""
    correction = ResultCorrection.objects.select_related("game__black", "game__white")
    correction = correction.filter(pk=correction_id).first()
    if correction is None:
        return 0
    now = timezone.now()
    sent = 0
    for player in (correction.game.black, correction.game.white):
        with reader_locale(user=player):
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
@sweep_metered("games.sweep_disputes")
def sweep_disputes() -> int:
    """Periodic (beat): close the marking phases past their deadline, and open those of the
    counts that waited for the judge engine too long (`counts_unjudged_open`)."""
    now = timezone.now()
    return disputes_expire(now=now) + counts_unjudged_open(now=now)
