"""Signed reply addresses on INBOUND_MAIL_DOMAIN, and the one for private messages:
`msg+<token>@<INBOUND_MAIL_DOMAIN>`, naming a player and a thread.

The generic part (a short, lower-case HMAC signer and base-36 numbers) lives here, below
games, so that both games' "your turn" addresses (`games.reply_address`, `play+...`) and the
message addresses use the same machinery; each kind signs with its own salt. A signature is
80 bits of HMAC-SHA256 keyed by SECRET_KEY (SECRET_KEY_FALLBACKS accepted), and everything is
lower case letters, digits, '-' and '.', so mail servers that lower-case addresses do not
break it. The receiver (`games.mail_receiver`) routes `msg+` addresses to
`messaging.mail_replies`.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.utils.crypto import salted_hmac

MESSAGE_PREFIX = "msg+"
_MESSAGE_SALT = "messaging.reply_address"
# 80 bits of HMAC: a guess has a 1 in 2**80 chance, and each try costs a delivered mail.
_SIGNATURE_BYTES = 10
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_MESSAGE_TOKEN = re.compile(r"^[0-9a-z]{1,13}-[0-9a-z]{1,13}\.[a-z2-7]{16}$")


class BadReplyAddress(ValueError):
    """Not a reply address of this site, or its signature does not match."""


class ShortSigner(signing.Signer):
    """A Signer with a short, lower-case signature (base32 of a truncated HMAC-SHA256)."""

    def signature(self, value: str, key: str | bytes | None = None) -> str:
        digest = salted_hmac(self.salt + "signer", value, key or self.key, algorithm="sha256")
        return base64.b32encode(digest.digest()[:_SIGNATURE_BYTES]).decode().lower()


def base36(number: int) -> str:
    """`number` (not negative) in lower-case base 36."""
    if number < 0:
        raise ValueError("reply tokens hold non-negative numbers only")
    text = ""
    while True:
        number, digit = divmod(number, 36)
        text = _DIGITS[digit] + text
        if number == 0:
            return text


def inbound_domain() -> str:
    """The domain replies go to (setting INBOUND_MAIL_DOMAIN); empty when replies are off."""
    return (getattr(settings, "INBOUND_MAIL_DOMAIN", "") or "").strip().lower()


@dataclass(frozen=True)
class MessageReplyToken:
    """Who may reply in which thread."""

    user_id: int
    thread_id: int


def _signer() -> ShortSigner:
    return ShortSigner(salt=_MESSAGE_SALT, sep=".")


def message_reply_address(*, user_id: int, thread_id: int) -> str | None:
    """The address `user_id` answers thread `thread_id` at by mail, or None when
    INBOUND_MAIL_DOMAIN is unset."""
    domain = inbound_domain()
    if not domain:
        return None
    token = _signer().sign(f"{base36(thread_id)}-{base36(user_id)}")
    return f"{MESSAGE_PREFIX}{token}@{domain}"


def is_message_address(address: str) -> bool:
    """Whether `address` looks like a message reply address (prefix only, not checked)."""
    return address.strip().strip("<>").strip().lower().startswith(MESSAGE_PREFIX)


def message_reply_address_read(address: str) -> MessageReplyToken:
    """Decode 'msg+...@domain' (case and angle brackets do not matter); BadReplyAddress for
    another domain or local part, or a wrong signature."""
    address = address.strip().strip("<>").strip()
    local, at, domain = address.rpartition("@")
    expected = inbound_domain()
    if not at or not expected or domain.lower() != expected:
        raise BadReplyAddress("this address is not on the Badux reply domain")
    local = local.lower()
    token = local[len(MESSAGE_PREFIX) :]
    if not local.startswith(MESSAGE_PREFIX) or not _MESSAGE_TOKEN.match(token):
        raise BadReplyAddress("this is not a Badux reply address")
    try:
        value = _signer().unsign(token)
    except signing.BadSignature:
        raise BadReplyAddress(
            "the reply address has been altered (its signature is wrong)"
        ) from None
    thread_id, user_id = (int(part, 36) for part in value.split("-"))
    return MessageReplyToken(user_id=user_id, thread_id=thread_id)
