"""Friend invitations by mail, and the addresses that asked never to be invited again."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.choices import ColourChoice
from games.models.challenges import Challenge
from games.models.games import GameSettingsColumns

# Registered with the games app from its own module (this one is near the size limit).


class FriendInvite(GameSettingsColumns):
    """ "Tell a friend": a player invites someone by e-mail to join and play. It keeps the game
    the inviter chose (the settings columns, like a challenge); once the friend has an account
    with this address verified, that invitation becomes a `Challenge` to them."""

    inviter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="friend_invites"
    )
    email = models.EmailField()
    note = models.CharField(max_length=500, blank=True)
    creator_colour = models.CharField(
        max_length=8, choices=ColourChoice.choices, default=ColourChoice.RANDOM
    )
    created = models.DateTimeField()
    mailed = models.DateTimeField(null=True, blank=True)  # claimed just before sending
    mail_error = models.CharField(max_length=200, blank=True)
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    accepted = models.DateTimeField(null=True, blank=True)
    challenge = models.ForeignKey(
        Challenge, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        indexes = [
            models.Index(fields=["inviter", "created"], name="friend_invite_inviter"),
            models.Index(fields=["email"], name="friend_invite_email"),
        ]

    def __str__(self) -> str:
        return f"Invitation {self.pk} from {self.inviter_id}"


class InviteOptOut(models.Model):
    """An address that asked never to be invited again (the link in every invitation mail).
    Stored lower-case; checked before every invitation."""

    email = models.EmailField(unique=True)
    created = models.DateTimeField()

    def __str__(self) -> str:
        return self.email
