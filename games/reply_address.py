"""Signed reply addresses for play by e-mail: `play+<token>@<INBOUND_MAIL_DOMAIN>`.

The token names a player, a game and the move number the mail was about, and carries an HMAC
of them (Django's `signing.Signer`, with its own salt, keyed by SECRET_KEY and accepting
SECRET_KEY_FALLBACKS). It is the credential a reply plays with: only the player's verified
address receives it, it cannot be forged without the secret key, and it is good for one move
only (the service refuses it once the game has moved past that move number).

Everything in the token is lower case letters, digits, '-' and '.', so mail servers that
lower-case addresses do not break it: "play+2s-1b-k.q4mxl2hy3d7vw5ra@play.example.org".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.core import signing

# The generic signer lives in messaging (its message reply addresses use it too).
from messaging.reply_address import BadReplyAddress as _BadAddress
from messaging.reply_address import ShortSigner, inbound_domain
from messaging.reply_address import base36 as _base36

LOCAL_PREFIX = "play+"
_SALT = "games.reply_address"
_TOKEN = re.compile(r"^[0-9a-z]{1,13}-[0-9a-z]{1,13}-[0-9a-z]{1,13}\.[a-z2-7]{16}$")


class BadReplyAddress(_BadAddress):
    """Not a reply address of this site, or its signature does not match."""


@dataclass(frozen=True)
class ReplyToken:
    """Who may play in which game, at which move number."""

    user_id: int
    game_id: int
    move_number: int


def _signer() -> ShortSigner:
    return ShortSigner(salt=_SALT, sep=".")


def reply_token_sign(*, user_id: int, game_id: int, move_number: int) -> str:
    """The signed token for one player, game and move number."""
    value = "-".join(_base36(n) for n in (game_id, user_id, move_number))
    return _signer().sign(value)


def reply_token_read(token: str) -> ReplyToken:
    """Check a token's signature and decode it; raises BadReplyAddress."""
    token = token.strip().lower()
    if not _TOKEN.match(token):
        raise BadReplyAddress("this is not a Badux reply address")
    try:
        value = _signer().unsign(token)
    except signing.BadSignature:
        raise BadReplyAddress(
            "the reply address has been altered (its signature is wrong)"
        ) from None
    game_id, user_id, move_number = (int(part, 36) for part in value.split("-"))
    return ReplyToken(user_id=user_id, game_id=game_id, move_number=move_number)


def reply_address_for(*, user_id: int, game_id: int, move_number: int) -> str | None:
    """The address a player replies to with their move, or None when INBOUND_MAIL_DOMAIN is
    unset (play by e-mail off)."""
    domain = inbound_domain()
    if not domain:
        return None
    token = reply_token_sign(user_id=user_id, game_id=game_id, move_number=move_number)
    return f"{LOCAL_PREFIX}{token}@{domain}"


def reply_address_read(address: str) -> ReplyToken:
    """Decode a recipient address such as 'play+...@domain' or '<play+...@domain>'.

    Raises BadReplyAddress for another domain or local part, or a wrong signature. Domain and
    local part are compared without regard to case.
    """
    address = address.strip().strip("<>").strip()
    local, at, domain = address.rpartition("@")
    expected = inbound_domain()
    if not at or not expected or domain.lower() != expected:
        raise BadReplyAddress("this address is not on the Badux reply domain")
    if not local.lower().startswith(LOCAL_PREFIX):
        raise BadReplyAddress("this is not a Badux reply address")
    return reply_token_read(local[len(LOCAL_PREFIX) :])
