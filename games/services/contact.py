"""\"Contact the site about this game\": a player writes to the staff with the game linked (or,
from the site-wide contact page, with no game); staff answer in the admin and the answer is
mailed to the player."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

from accounts.locale import reader_locale
from accounts.models import User
from core.limits import limit_enforce
from core.mail import PermanentMailError, TransientMailError, message_send, site_url
from core.outbox import enqueue_on_commit
from games.models import CONTACT_MAX_LENGTH, ContactStatus, Game, GameContact
from messaging.notifications.services import admin_mail_once

# What `_clean` says about a player's message or a staff answer: "nul", "empty", "long".
_REFUSALS = {
    "message": {
        "nul": gettext_lazy("The message contains a NUL character; remove it and try again."),
        "empty": gettext_lazy("Write the message first."),
        "long": gettext_lazy("The message is at most %(most)s characters."),
    },
    "answer": {
        "nul": gettext_lazy("The answer contains a NUL character; remove it and try again."),
        "empty": gettext_lazy("Write the answer first."),
        "long": gettext_lazy("The answer is at most %(most)s characters."),
    },
}


def _clean(text: str, *, what: str) -> str:
    """`text` stripped; ValidationError (in `_REFUSALS[what]`'s words) when it holds a NUL, is
    empty or is longer than CONTACT_MAX_LENGTH."""
    refusals = _REFUSALS[what]
    text = (text or "").strip()
    if "\x00" in text:
        raise ValidationError(str(refusals["nul"]))
    if not text:
        raise ValidationError(str(refusals["empty"]))
    if len(text) > CONTACT_MAX_LENGTH:
        raise ValidationError(str(refusals["long"]) % {"most": CONTACT_MAX_LENGTH})
    return text


@transaction.atomic
def game_contact_create(*, game_id: int, user: User, text: str, now: dt.datetime) -> GameContact:
    """`user` (any player, not only the game's two) writes to the staff about game
    `game_id`; the staff are mailed once after the commit and see it in the admin. Raises
    Game.DoesNotExist, ValidationError for an empty, too long or NUL-holding text,
    RateLimited (a ValidationError) past the "contact" limit."""
    game = Game.objects.get(pk=game_id)
    text = _clean(text, what="message")
    limit_enforce(
        name="contact", rows=GameContact.objects.filter(author=user), now=now, sender=user
    )
    contact = GameContact.objects.create(game=game, author=user, text=text, created=now)
    enqueue_on_commit("games.contact_staff_mail", contact.pk)
    return contact


@transaction.atomic
def site_contact_create(*, user: User, text: str, now: dt.datetime) -> GameContact:
    """`user` writes to the staff about the site, no game in particular (the footer's contact
    page); otherwise as `game_contact_create`, under the same "contact" limit. Raises
    ValidationError for an empty, too long or NUL-holding text, RateLimited past the limit."""
    text = _clean(text, what="message")
    limit_enforce(
        name="contact", rows=GameContact.objects.filter(author=user), now=now, sender=user
    )
    contact = GameContact.objects.create(game=None, author=user, text=text, created=now)
    enqueue_on_commit("games.contact_staff_mail", contact.pk)
    return contact


@transaction.atomic
def game_contact_answer(
    *, contact_id: int, staff: User, answer: str, now: dt.datetime
) -> GameContact:
    """Staff answer a player's message; the answer is mailed to the player after the commit
    (once per answer: a changed answer is mailed again). Raises GameContact.DoesNotExist,
    ValidationError for an empty, too long or NUL-holding answer."""
    contact = GameContact.objects.select_for_update().get(pk=contact_id)
    answer = _clean(answer, what="answer")
    if answer == contact.answer and contact.status == ContactStatus.ANSWERED:
        return contact
    contact.answer = answer
    contact.status = ContactStatus.ANSWERED
    contact.answered = now
    contact.answered_by = staff
    contact.answer_mailed = None
    contact.mail_error = ""
    contact.save()
    enqueue_on_commit("games.contact_answer_mail", contact.pk)
    return contact


def contact_staff_mail(*, contact_id: int, now: dt.datetime) -> bool:
    """Mail settings.ADMINS about a new message, once. Run after the commit (a task)."""
    contact = GameContact.objects.select_related("game", "author").filter(pk=contact_id).first()
    if contact is None:
        return False
    admin_url = site_url(reverse("admin:games_gamecontact_change", args=[contact.pk]))
    author = contact.author.username
    if contact.game is None:
        subject = gettext("%(author_username)s wrote to the site staff") % {
            "author_username": author
        }
        about = f"{author} wrote to the site staff"
    else:
        subject = gettext("%(author_username)s about game %(game_id)s") % {
            "author_username": author,
            "game_id": contact.game_id,
        }
        game_url = site_url(contact.game.get_absolute_url())
        about = f"{author} wrote about game {contact.game_id} ({game_url})"
    return admin_mail_once(
        key=f"contact:{contact.pk}",
        subject=subject,
        body=f"{about}:\n\n{contact.text}\n\nAnswer it in the admin: {admin_url}\n",
        now=now,
    )


def contact_answer_mail(*, contact_id: int, now: dt.datetime) -> bool:
    """Mail the staff's answer to the player, once per answer: claimed (`answer_mailed`)
    before sending, released again on a transient SMTP error (which is re-raised for the
    task to retry); a permanent refusal is recorded in `mail_error`. Run after the commit.
    Returns whether this call sent it."""
    claimed = GameContact.objects.filter(
        pk=contact_id, status=ContactStatus.ANSWERED, answer_mailed__isnull=True
    ).update(answer_mailed=now)
    if not claimed:
        return False
    contact = GameContact.objects.select_related("game", "author").get(pk=contact_id)
    if not contact.author.email:
        return False
    context = {
        "contact": contact,
        "player": contact.author,
        "game_url": site_url(contact.game.get_absolute_url()) if contact.game else "",
        "site_url": site_url(),
    }
    with reader_locale(user=contact.author):
        if contact.game is None:
            subject = gettext("Answer from the site staff")
        else:
            subject = gettext("Answer about game %(game_id)s") % {"game_id": contact.game_id}
        message = EmailMessage(
            subject=subject,
            body=render_to_string("games/mail/contact_answer.txt", context),
            to=[contact.author.email],
        )
    try:
        message_send(message)
    except TransientMailError:
        GameContact.objects.filter(pk=contact_id).update(answer_mailed=None)
        raise
    except PermanentMailError as error:
        GameContact.objects.filter(pk=contact_id).update(mail_error=str(error)[:200])
        return False
    return True
