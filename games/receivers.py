"""games' signal receivers, connected in `GamesConfig.ready()`.

* allauth's: a friend who was invited by e-mail ("tell a friend") finds the inviter's challenge
  waiting once their address is verified. accounts cannot import games, so games listens
  instead of the adapter calling it.
* its own models': saving a game or a challenge renews its players' status-page stamps
  (core.http_cache.stamps) once the transaction commits. A turn's write is no save
  (games.services.locking.game_locked_save): it renews them itself.
"""

from __future__ import annotations

from allauth.account.signals import email_confirmed, user_signed_up
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils import timezone

from core.http_cache.stamps import status_stamps_bump_on_commit
from games.models import Challenge, Game
from games.services.friends import friend_invites_accept


@receiver(user_signed_up, dispatch_uid="games.friend_invites_on_sign_up")
def _on_sign_up(sender, request, user, **kwargs) -> None:
    # Signing up from the invitation link, the address is verified at once (stashed).
    friend_invites_accept(user=user, now=timezone.now())


@receiver(email_confirmed, dispatch_uid="games.friend_invites_on_email_confirmed")
def _on_email_confirmed(sender, request, email_address, **kwargs) -> None:
    friend_invites_accept(user=email_address.user, now=timezone.now())


@receiver(post_save, sender=Game, dispatch_uid="games.status_stamp_game_saved")
@receiver(post_delete, sender=Game, dispatch_uid="games.status_stamp_game_deleted")
def _game_changed(sender, instance: Game, **kwargs) -> None:
    status_stamps_bump_on_commit(user_ids=(instance.black_id, instance.white_id))


@receiver(post_save, sender=Challenge, dispatch_uid="games.status_stamp_challenge_saved")
@receiver(post_delete, sender=Challenge, dispatch_uid="games.status_stamp_challenge_deleted")
def _challenge_changed(sender, instance: Challenge, **kwargs) -> None:
    status_stamps_bump_on_commit(user_ids=(instance.creator_id, instance.recipient_id))
