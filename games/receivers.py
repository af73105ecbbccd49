"""games' answers to allauth's signals, connected in `GamesConfig.ready()`: a friend who was
invited by e-mail ("tell a friend") finds the inviter's challenge waiting once their address
is verified. accounts cannot import games, so games listens instead of the adapter calling it.
"""

from __future__ import annotations

from allauth.account.signals import email_confirmed, user_signed_up
from django.dispatch import receiver
from django.utils import timezone

from games.services.friends import friend_invites_accept


@receiver(user_signed_up, dispatch_uid="games.friend_invites_on_sign_up")
def _on_sign_up(sender, request, user, **kwargs) -> None:
    # Signing up from the invitation link, the address is verified at once (stashed).
    friend_invites_accept(user=user, now=timezone.now())


@receiver(email_confirmed, dispatch_uid="games.friend_invites_on_email_confirmed")
def _on_email_confirmed(sender, request, email_address, **kwargs) -> None:
    friend_invites_accept(user=email_address.user, now=timezone.now())
