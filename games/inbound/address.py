"""Signed reply addresses for play by e-mail: `play+<token>@<INBOUND_MAIL_DOMAIN>`.

The token names a player, a game and the move number the mail was about, and carries an HMAC
of them (Django's `signing.Signer`, with its own salt, keyed by SECRET_KEY and accepting
SECRET_KEY_FALLBACKS). It is the credential a reply plays with: only the player's verified
address receives it, it cannot be forged without the secret key, and it is good for one move
only (the service refuses it once the game has moved past that move number).

Everything in the token is lower case letters, digits, '-' and '.', so mail servers that
lower-case addresses do not break it: "play+2s-1b-k.q4mxl2hy3d7vw5ra@play.example.org"."""

from __future__ import annotations

from dataclasses import dataclass

from messaging.replies.address import BadReplyAddress, ReplyKind

PLAY_REPLIES = ReplyKind("play+", "games.inbound.address", ("game_id", "user_id", "move_number"))

__all__ = ["PLAY_REPLIES", "BadReplyAddress", "ReplyToken", "reply_address_for"]


@dataclass(frozen=True)
class ReplyToken:
    """Who may play in which game, at which move number."""

    user_id: int
    game_id: int
    move_number: int


def reply_token_sign(*, user_id: int, game_id: int, move_number: int) -> str:
    """The signed token for one player, game and move number."""
    return PLAY_REPLIES.token_sign(game_id=game_id, user_id=user_id, move_number=move_number)


def reply_token_read(token: str) -> ReplyToken:
    """Check a token's signature and decode it; raises BadReplyAddress."""
    return ReplyToken(**PLAY_REPLIES.token_read(token))


def reply_address_for(*, user_id: int, game_id: int, move_number: int) -> str | None:
    """The address a player replies to with their move, or None when INBOUND_MAIL_DOMAIN is
    unset (play by e-mail off)."""
    return PLAY_REPLIES.address(game_id=game_id, user_id=user_id, move_number=move_number)


def reply_address_read(address: str) -> ReplyToken:
    """Decode a recipient address such as 'play+...@domain' or '<play+...@domain>'.

    Raises BadReplyAddress for another domain or local part, or a wrong signature. Domain and
    local part are compared without regard to case.
    """
    return ReplyToken(**PLAY_REPLIES.read(address))
