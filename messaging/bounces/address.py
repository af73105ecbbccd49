"""Per-recipient return paths (VERP): `bounce+<token>@<INBOUND_MAIL_DOMAIN>`.

Every notice mail leaves with an envelope sender that names its player and a 40-bit digest of
the address it went to, signed like the reply addresses (`messaging.replies.address`, its own
salt). A delivery report sent back to it therefore says, without reading its body, whose mail
failed, and a report about an address the player has since changed is told apart. The header
`From:` stays `DEFAULT_FROM_EMAIL`; only the SMTP envelope changes."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from messaging.replies.address import BadReplyAddress, ReplyKind

BOUNCES = ReplyKind("bounce+", "messaging.bounces.address", ("user_id", "address_digest"))

__all__ = ["BOUNCES", "BadReplyAddress", "BounceToken", "address_digest", "return_path_for"]


@dataclass(frozen=True)
class BounceToken:
    """Whose mail, to which address (as its digest), came back."""

    user_id: int
    address_digest: int


def address_digest(email: str) -> int:
    """A 40-bit number naming `email` (case of the domain and local part ignored)."""
    normal = email.strip().lower().encode("utf-8")
    return int.from_bytes(hashlib.sha256(normal).digest()[:5], "big")


def return_path_for(*, user_id: int, email: str) -> str | None:
    """The envelope sender of a mail to `email` for player `user_id`, or None when
    INBOUND_MAIL_DOMAIN is unset (then mail keeps the default envelope sender)."""
    return BOUNCES.address(user_id=user_id, address_digest=address_digest(email))


def is_bounce_address(address: str) -> bool:
    """Whether `address` looks like a return path of this site (prefix only, not checked)."""
    return BOUNCES.owns(address)


def bounce_address_read(address: str) -> BounceToken:
    """Decode 'bounce+...@domain'; BadReplyAddress for another domain or local part, or a wrong
    signature."""
    return BounceToken(**BOUNCES.read(address))
