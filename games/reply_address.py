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

import base64
import re
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.utils.crypto import salted_hmac

LOCAL_PREFIX = "play+"
_SALT = "games.reply_address"
# 80 bits of HMAC: a guess has a 1 in 2**80 chance, and each try costs a delivered mail.
_SIGNATURE_BYTES = 10
_TOKEN = re.compile(r"^[0-9a-z]{1,13}-[0-9a-z]{1,13}-[0-9a-z]{1,13}\.[a-z2-7]{16}$")
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


class BadReplyAddress(ValueError):
    """Not a reply address of this site, or its signature does not match."""


@dataclass(frozen=True)
class ReplyToken:
    """Who may play in which game, at which move number."""

    user_id: int
    game_id: int
    move_number: int


class _ReplySigner(signing.Signer):
    """A Signer with a short, lower-case signature (base32 of a truncated HMAC-SHA256)."""

    def signature(self, value: str, key: str | bytes | None = None) -> str:
        digest = salted_hmac(self.salt + "signer", value, key or self.key, algorithm="sha256")
        return base64.b32encode(digest.digest()[:_SIGNATURE_BYTES]).decode().lower()


def _signer() -> _ReplySigner:
    return _ReplySigner(salt=_SALT, sep=".")


def _base36(number: int) -> str:
    if number < 0:
        raise ValueError("reply tokens hold non-negative numbers only")
    text = ""
    while True:
        number, digit = divmod(number, 36)
        text = _DIGITS[digit] + text
        if number == 0:
            return text


def inbound_domain() -> str:
    """The domain replies go to (setting INBOUND_MAIL_DOMAIN); empty when play by mail is off."""
    return (getattr(settings, "INBOUND_MAIL_DOMAIN", "") or "").strip().lower()


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
