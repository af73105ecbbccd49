"""Tasks of contact messages to the staff and their answers: the mails."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from core.mail import RETRY_OPTIONS
from games.services import contact


@shared_task(name="games.contact_staff_mail", **RETRY_OPTIONS)
def contact_staff_mail(contact_id: int) -> bool:
    """Tell the site admins about a player's message about a game, once."""
    return contact.contact_staff_mail(contact_id=contact_id, now=timezone.now())


@shared_task(name="games.contact_answer_mail", **RETRY_OPTIONS)
def contact_answer_mail(contact_id: int) -> bool:
    """Mail the staff's answer to the player who wrote, once per answer."""
    return contact.contact_answer_mail(contact_id=contact_id, now=timezone.now())
