"""\"Tell a friend\": invite someone by e-mail to join Badux and play a game.

The invitation keeps the game the inviter chose. Its mail carries two signed links
(`django.core.signing`): one to sign up, one to never be invited again. Following the sign-up
link stashes the address as verified for allauth (`stash_verified_email`, allauth's own way
for invitations: the link was only ever mailed to that address), so signing up with it needs
no second confirmation mail. Once the friend has an account with that address verified
(allauth's `user_signed_up` or `email_confirmed`, see `games.receivers`), every pending
invitation to that address becomes a challenge from its inviter, waiting on their status page.

Limited per inviter ("tell_a_friend"); never sent to an address on the opt-out list, nor to an
address that already belongs to a player (they can be invited by username).
"""

from __future__ import annotations

import datetime as dt
import logging

from allauth.account.models import EmailAddress
from django.core import signing
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from accounts.locale import reader_locale
from accounts.models import User
from accounts.moderation.selectors import moderation_speech_check
from core.limits import limit_enforce
from core.mail import (
    MailContent,
    PermanentMailError,
    TransientMailError,
    message_build,
    message_send,
    site_url,
)
from core.outbox import enqueue_on_commit
from games.choices import ColourChoice
from games.game_settings import GameSettings
from games.models import Challenge, FriendInvite, InviteOptOut
from games.services.challenges import MESSAGE_MAX_LENGTH, challenge_create

logger = logging.getLogger(__name__)

_INVITE_SALT = "games.friend_invite"
# An invitation link works this long (it also verifies the invited address at sign-up).
INVITE_LINK_DAYS = 30
_OPT_OUT_SALT = "games.invite_opt_out"


class BadInviteLink(ValueError):
    """A link not signed by this site, or naming an invitation that is gone."""


def invite_token_make(*, invite_id: int) -> str:
    """The signed token of an invitation's sign-up link."""
    return signing.dumps({"i": invite_id}, salt=_INVITE_SALT)


def invite_from_token(token: str) -> FriendInvite:
    """The invitation a sign-up token names; BadInviteLink when damaged, older than
    INVITE_LINK_DAYS or gone."""
    try:
        data = signing.loads(token, salt=_INVITE_SALT, max_age=INVITE_LINK_DAYS * 86400)
        invite_id = int(data["i"])
    except signing.SignatureExpired as error:
        raise BadInviteLink(
            ngettext(
                "This invitation link is older than %(days)s day; ask your friend for a new one.",
                "This invitation link is older than %(days)s days; ask your friend for a new one.",
                INVITE_LINK_DAYS,
            )
            % {"days": INVITE_LINK_DAYS}
        ) from error
    except (signing.BadSignature, KeyError, TypeError, ValueError) as error:
        raise BadInviteLink(
            gettext("This invitation link is damaged or was not made by this site.")
        ) from error
    invite = FriendInvite.objects.select_related("inviter").filter(pk=invite_id).first()
    if invite is None:
        raise BadInviteLink(gettext("This invitation no longer exists."))
    return invite


def opt_out_token_make(*, email: str) -> str:
    """The signed token of the "never invite me again" link of `email`; no expiry."""
    return signing.dumps({"e": email.strip().lower()}, salt=_OPT_OUT_SALT)


def opt_out_token_read(token: str) -> str:
    """The address an opt-out token names; BadInviteLink when damaged."""
    try:
        return str(signing.loads(token, salt=_OPT_OUT_SALT)["e"])
    except (signing.BadSignature, KeyError, TypeError, ValueError) as error:
        raise BadInviteLink(
            gettext("This link is damaged or was not made by this site.")
        ) from error


def invite_opted_out(*, email: str) -> bool:
    """Whether `email` asked never to be invited again."""
    return InviteOptOut.objects.filter(email=email.strip().lower()).exists()


def invite_opt_out(*, email: str, now: dt.datetime) -> None:
    """Put `email` on the opt-out list (again is harmless): no invitation reaches it again."""
    try:
        with transaction.atomic():
            InviteOptOut.objects.get_or_create(
                email=email.strip().lower(), defaults={"created": now}
            )
    except IntegrityError:
        pass  # a concurrent click stored it first


@transaction.atomic
def friend_invite_send(
    *,
    inviter: User,
    email: str,
    note: str,
    settings: GameSettings,
    now: dt.datetime,
    creator_colour: str = ColourChoice.RANDOM,
) -> FriendInvite:
    """`inviter` invites `email` to join and play a game with `settings`; the mail goes out
    after the commit. Raises ValidationError for a bad address or note, an address on the
    opt-out list, one that already belongs to a player, one this inviter already invited, and
    RateLimited (a ValidationError) past the "tell_a_friend" limit, and Muted when a moderator
    muted the inviter."""
    moderation_speech_check(user=inviter, now=now)
    email = (email or "").strip()
    validate_email(email)
    note = (note or "").strip()
    if "\x00" in note:
        raise ValidationError(
            gettext("The note contains a NUL character; remove it and try again.")
        )
    if len(note) > MESSAGE_MAX_LENGTH:
        raise ValidationError(
            gettext("The note is at most %(MESSAGE_MAX_LENGTH)s characters.")
            % {"MESSAGE_MAX_LENGTH": MESSAGE_MAX_LENGTH}
        )
    if creator_colour not in ColourChoice.values:
        raise ValidationError(gettext("Choose black, white or random."))
    if invite_opted_out(email=email):
        raise ValidationError(gettext("That address asked not to get invitations from Badux."))
    taken = EmailAddress.objects.filter(email__iexact=email).exists()
    if taken or User.objects.filter(email__iexact=email).exists():
        raise ValidationError(
            gettext(
                "That address belongs to a Badux player already: invite them by their username "
                "from “New game”."
            )
        )
    mine = FriendInvite.objects.filter(inviter=inviter)
    if mine.filter(email__iexact=email, invitee__isnull=True).exists():
        raise ValidationError(gettext("You have already invited that address."))
    limit_enforce(name="tell_a_friend", rows=mine, now=now, sender=inviter)
    invite = FriendInvite.objects.create(
        inviter=inviter,
        email=email,
        note=note,
        creator_colour=creator_colour,
        created=now,
        **settings.columns(),
    )
    enqueue_on_commit("games.friend_invite_mail", invite.pk)
    return invite


def friend_invite_mail(*, invite_id: int, now: dt.datetime) -> bool:
    """Send an invitation's mail once (claimed before sending; a transient SMTP error releases
    the claim and is re-raised for the task to retry). Nothing when the address opted out or
    the friend has joined meanwhile. Returns whether this call sent it."""
    invite = FriendInvite.objects.select_related("inviter").filter(pk=invite_id).first()
    if invite is None or invite.invitee_id or invite_opted_out(email=invite.email):
        return False
    if not FriendInvite.objects.filter(pk=invite.pk, mailed__isnull=True).update(mailed=now):
        return False
    opt_out_url = site_url(
        reverse("games:invite_never", args=[opt_out_token_make(email=invite.email)])
    )
    # The invitee has no account yet: the mail speaks the inviter's language.
    with reader_locale(user=invite.inviter):
        content = MailContent(
            subject=gettext(
                "%(inviter_username)s invites you to a game of %(board_label)s on Badux"
            )
            % {"inviter_username": invite.inviter.username, "board_label": invite.board_label},
            template="games/mail/friend_invite",
            context={
                "invite": invite,
                "inviter": invite.inviter,
                "game_label": invite.board_label,
                "clock_label": invite.clock_label,
                "join_url": site_url(
                    reverse("games:invite_landing", args=[invite_token_make(invite_id=invite.pk)])
                ),
            },
        )
        message = message_build(
            to=invite.email,
            content=content,
            unsubscribe_url=opt_out_url,
            extra_context={"site_url": site_url()},
        )
    try:
        message_send(message)
    except TransientMailError:
        FriendInvite.objects.filter(pk=invite.pk).update(mailed=None)
        raise
    except PermanentMailError as error:
        FriendInvite.objects.filter(pk=invite.pk).update(mail_error=str(error)[:200])
        return False
    return True


def friend_invites_accept(*, user: User, now: dt.datetime) -> list[Challenge]:
    """Turn every pending invitation to one of `user`'s verified addresses into a challenge
    from its inviter to `user`. Each invitation is claimed once (a conditional UPDATE), so
    both allauth signals, or a repeat, create one challenge. An invitation the inviter can no
    longer make (closed account, ignore list, their flood limits) is claimed without one.
    Returns the challenges created."""
    addresses = EmailAddress.objects.filter(user=user, verified=True).values_list(
        "email", flat=True
    )
    to_user = Q()
    for address in addresses:
        to_user |= Q(email__iexact=address)
    if not to_user:
        return []
    pending = FriendInvite.objects.select_related("inviter").filter(to_user, invitee__isnull=True)
    created = []
    for invite in pending:
        with transaction.atomic():
            claimed = FriendInvite.objects.filter(pk=invite.pk, invitee__isnull=True).update(
                invitee=user, accepted=now
            )
            if not claimed or not invite.inviter.is_active or invite.inviter_id == user.pk:
                continue
            try:
                with transaction.atomic():
                    challenge = challenge_create(
                        creator=invite.inviter,
                        recipient=user,
                        settings=GameSettings.of(invite),
                        creator_colour=invite.creator_colour,
                        message=invite.note,
                        now=now,
                    )
            except (ValidationError, PermissionDenied) as error:
                logger.info("Invitation %s not turned into a challenge: %s", invite.pk, error)
                continue
            FriendInvite.objects.filter(pk=invite.pk).update(challenge=challenge)
            created.append(challenge)
    return created
