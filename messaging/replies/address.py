"""Signed reply addresses on INBOUND_MAIL_DOMAIN: one `ReplyKind` per kind of reply, and the one
for private messages, `msg+<token>@<INBOUND_MAIL_DOMAIN>`, naming a thread and a player.

A kind is a local-part prefix, a salt and the numbers its token carries. It lives here, below
games, so that games' "your turn" addresses (`games.inbound.address.PLAY_REPLIES`, `play+...`)
and the message addresses are made, read and refused by the same code; each kind signs with
its own salt. A signature is
80 bits of HMAC-SHA256 keyed by SECRET_KEY (SECRET_KEY_FALLBACKS accepted), and everything is
lower case letters, digits, '-' and '.', so mail servers that lower-case addresses do not
break it. The receiver (`games.inbound.receiver`) routes `msg+` addresses to
`messaging.replies.services`."""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.utils.crypto import salted_hmac

# 80 bits of HMAC: a guess has a 1 in 2**80 chance, and each try costs a delivered mail.
_SIGNATURE_BYTES = 10
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


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
    return settings.INBOUND_MAIL_DOMAIN.strip().lower()


def _bare(address: str) -> str:
    return address.strip().strip("<>").strip()


@dataclass(frozen=True)
class ReplyKind:
    """A kind of signed reply address: `<prefix><token>@<INBOUND_MAIL_DOMAIN>`, the token being
    the `fields` in base 36 joined by '-', a '.', and the signature under `salt`."""

    prefix: str
    salt: str
    fields: tuple[str, ...]

    def _signer(self) -> ShortSigner:
        return ShortSigner(salt=self.salt, sep=".")

    def _pattern(self) -> re.Pattern[str]:
        numbers = "-".join(["[0-9a-z]{1,13}"] * len(self.fields))
        return re.compile(rf"^{numbers}\.[a-z2-7]{{16}}$")

    def token_sign(self, **numbers: int) -> str:
        """The signed token for these numbers (one per field)."""
        return self._signer().sign("-".join(base36(numbers[name]) for name in self.fields))

    def token_read(self, token: str) -> dict[str, int]:
        """The numbers of a token whose signature holds; raises BadReplyAddress."""
        token = token.strip().lower()
        if not self._pattern().match(token):
            raise BadReplyAddress("this is not a Badux reply address")
        try:
            value = self._signer().unsign(token)
        except signing.BadSignature:
            raise BadReplyAddress(
                "the reply address has been altered (its signature is wrong)"
            ) from None
        return dict(zip(self.fields, (int(part, 36) for part in value.split("-")), strict=True))

    def address(self, **numbers: int) -> str | None:
        """The reply address for these numbers, or None when INBOUND_MAIL_DOMAIN is unset."""
        domain = inbound_domain()
        if not domain:
            return None
        return f"{self.prefix}{self.token_sign(**numbers)}@{domain}"

    def owns(self, address: str) -> bool:
        """Whether `address` looks like one of this kind (its prefix only, not checked)."""
        return _bare(address).lower().startswith(self.prefix)

    def read(self, address: str) -> dict[str, int]:
        """Decode '<prefix>...@domain' (case and angle brackets do not matter); BadReplyAddress
        for another domain or local part, or a wrong signature."""
        local, at, domain = _bare(address).rpartition("@")
        expected = inbound_domain()
        if not at or not expected or domain.lower() != expected:
            raise BadReplyAddress("this address is not on the Badux reply domain")
        if not local.lower().startswith(self.prefix):
            raise BadReplyAddress("this is not a Badux reply address")
        return self.token_read(local[len(self.prefix) :])


def bad_address_line(address: str, error: BadReplyAddress, advice: str) -> str:
    """The SMTP answer (550 5.1.1) to a recipient that is no intact reply address."""
    return f"550 5.1.1 <{_bare(address)[:100]}>: {error}. {advice}"


MESSAGE_REPLIES = ReplyKind("msg+", "messaging.replies.address", ("thread_id", "user_id"))


@dataclass(frozen=True)
class MessageReplyToken:
    """Who may reply in which thread."""

    user_id: int
    thread_id: int


def message_reply_address(*, user_id: int, thread_id: int) -> str | None:
    """The address `user_id` answers thread `thread_id` at by mail, or None when
    INBOUND_MAIL_DOMAIN is unset."""
    return MESSAGE_REPLIES.address(thread_id=thread_id, user_id=user_id)


def is_message_address(address: str) -> bool:
    """Whether `address` looks like a message reply address (prefix only, not checked)."""
    return MESSAGE_REPLIES.owns(address)


def message_reply_address_read(address: str) -> MessageReplyToken:
    """Decode 'msg+...@domain'; BadReplyAddress for another domain or local part, or a wrong
    signature."""
    return MessageReplyToken(**MESSAGE_REPLIES.read(address))
