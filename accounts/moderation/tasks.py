"""Moderation's tasks: tell a player about a decision (mail, and the on-site notice through the
"told" hook), and the beat sweep that ends restrictions at their end date. Both take ids or
nothing and are safe to run twice."""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from accounts.locale import reader_locale
from accounts.moderation import hooks, links, services
from accounts.moderation.models import Sanction, SanctionKind
from core.mail import RETRY_OPTIONS, PermanentMailError, message_send, site_url

logger = logging.getLogger(__name__)


def _page(sanction: Sanction) -> dict[str, object]:
    """Where the mail sends the player: their decisions page; for a ban, which keeps them from
    logging in, the decision's signed link instead (accounts.moderation.links), valid for
    `link_days`."""
    if sanction.kind == SanctionKind.BAN:
        token = links.decision_token_make(sanction=sanction)
        url = site_url(reverse("moderation_decision_link", args=[token]))
        return {"page_url": url, "link_days": links.APPEAL_LINK_DAYS}
    return {"page_url": site_url(reverse("moderation_player", args=[sanction.user.username]))}


@shared_task(name=services.TELL_TASK, **RETRY_OPTIONS)
def moderation_tell(sanction_id: int) -> bool:
    """Tell the player about decision `sanction_id`: the on-site notice (the "told" hook, kept
    once by its key) and a mail to their address. False when the decision or the player is
    gone, or the mail server refused the mail for good. Running it twice can mail twice."""
    sanction = Sanction.objects.select_related("user", "lifts").filter(pk=sanction_id).first()
    if sanction is None or sanction.user is None:
        return False
    now = timezone.now()
    user = sanction.user
    hooks.sanction_hook_run("told", sanction=sanction, now=now)
    if not user.email:
        return False
    with reader_locale(user=user):
        context = {"sanction": sanction, "user": user, **_page(sanction)}
        subject = render_to_string("accounts/moderation/mail/told_subject.txt", context)
        body = render_to_string("accounts/moderation/mail/told.txt", context)
    message = EmailMessage(
        subject=f"{settings.ACCOUNT_EMAIL_SUBJECT_PREFIX}{' '.join(subject.split())}",
        body=body,
        to=[user.email],
        headers={"Auto-Submitted": "auto-generated"},
    )
    try:
        message_send(message)
    except PermanentMailError:
        logger.warning("Moderation mail to user %s refused for good", user.pk, exc_info=True)
        return False
    return True


@shared_task(name="accounts.moderation_sweep")
def moderation_sweep() -> int:
    """End the restrictions whose end date has passed; returns how many."""
    return services.sanctions_end_due(now=timezone.now())
