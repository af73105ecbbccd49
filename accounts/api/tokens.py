"""Personal access tokens for the public API: create, revoke, list, and the lookup the API's
authentication runs on every request.

A token reads `bdx_<prefix>_<secret>`: the prefix (10 hex characters) finds the row, the
secret (32 bytes, URL-safe base64) makes it unguessable. Only the prefix and the SHA-256 of the
whole token are stored, so a database leak gives no usable token; a plain hash is enough
because the secret has 256 bits of entropy (no dictionary to try). Every function is
keyword-only and takes the clock as `now`."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from accounts.models import ApiToken, TokenScope, User

TOKEN_PREFIX = "bdx_"  # noqa: S105  (the public start of every token, not a secret)
_HEX_DIGITS = "0123456789abcdef"
NAME_MAX_LENGTH = ApiToken._meta.get_field("name").max_length
# `last_used` is written at most once per this interval per token: not one UPDATE per call.
LAST_USED_RESOLUTION = dt.timedelta(minutes=1)


def tokens_per_user() -> int:
    """Live (not revoked) tokens a player may hold: settings.API_TOKENS_PER_USER."""
    return settings.API_TOKENS_PER_USER


def _digest(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


def api_tokens_list(*, user: User) -> QuerySet[ApiToken]:
    """`user`'s tokens, live ones first, newest first."""
    return ApiToken.objects.filter(user=user).order_by("revoked", "-created", "-pk")


@transaction.atomic
def api_token_create(
    *, user: User, name: str, scope: str, now: dt.datetime
) -> tuple[ApiToken, str]:
    """Create a token for `user`; returns the row and the token text, which is never available
    again. Raises ValidationError (keyed by field) for an empty or over-long name, an unknown
    scope, or when `user` already holds `tokens_per_user()` live tokens."""
    name = name.strip()
    errors: dict[str, str] = {}
    if not name or "\x00" in name:
        errors["name"] = _("Give the token a name, e.g. the program that will use it.")
    elif len(name) > NAME_MAX_LENGTH:
        errors["name"] = _("A token name is at most %(most)s characters.") % {
            "most": NAME_MAX_LENGTH
        }
    if scope not in TokenScope.values:
        errors["scope"] = _("Unknown scope '%(scope)s': choose read or play.") % {"scope": scope}
    if errors:
        raise ValidationError(errors)
    # Lock the player's row so two creations at once cannot both pass the limit.
    User.objects.select_for_update().filter(pk=user.pk).first()
    most = tokens_per_user()
    if ApiToken.objects.filter(user=user, revoked__isnull=True).count() >= most:
        raise ValidationError(
            _("You already have %(most)s tokens, the most allowed; revoke one first.")
            % {"most": most},
            code="too_many_tokens",
        )
    prefix = secrets.token_hex(5)
    raw = f"{TOKEN_PREFIX}{prefix}_{secrets.token_urlsafe(32)}"
    token = ApiToken.objects.create(
        user=user, name=name, scope=scope, prefix=prefix, digest=_digest(raw), created=now
    )
    return token, raw


def api_token_revoke(*, user: User, token_id: int, now: dt.datetime) -> bool:
    """Revoke `user`'s token `token_id`; returns whether a live token was revoked (False for
    someone else's token, an unknown id, or one already revoked)."""
    return bool(
        ApiToken.objects.filter(pk=token_id, user=user, revoked__isnull=True).update(revoked=now)
    )


def api_token_authenticate(*, raw: str, now: dt.datetime) -> ApiToken | None:
    """The live token `raw` names, with its player loaded, or None (malformed, unknown,
    revoked, or its player's account is closed). Records `last_used` (at most once a minute).
    One query, plus one UPDATE at most once a minute."""
    if not raw.startswith(TOKEN_PREFIX):
        return None
    prefix, _sep, secret = raw[len(TOKEN_PREFIX) :].partition("_")
    if len(prefix) != 10 or not secret or prefix.strip(_HEX_DIGITS):
        return None  # only a well-formed prefix reaches the database (no NUL, no odd text)
    token = (
        ApiToken.objects.select_related("user")
        .filter(prefix=prefix, revoked__isnull=True, user__is_active=True)
        .first()
    )
    if token is None or not hmac.compare_digest(token.digest, _digest(raw)):
        return None
    if token.last_used is None or now - token.last_used >= LAST_USED_RESOLUTION:
        ApiToken.objects.filter(pk=token.pk).update(last_used=now)
        token.last_used = now
    return token
