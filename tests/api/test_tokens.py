"""Personal access tokens: shown once, stored hashed, limited per player, revoked for good;
created and revoked on the preferences page."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from accounts.api.tokens import (
    api_token_authenticate,
    api_token_create,
    api_token_revoke,
    api_tokens_list,
)
from accounts.models import ApiToken

pytestmark = pytest.mark.django_db

NOW = dt.datetime(2026, 5, 1, 9, 0, tzinfo=dt.UTC)
TOKEN_RE = re.compile(r"bdx_[0-9a-f]{10}_[A-Za-z0-9_-]{43}")


def test_a_token_is_shown_once_and_only_its_hash_is_stored(user_factory):
    user = user_factory()
    token, raw = api_token_create(user=user, name="my bot", scope="play", now=NOW)
    assert TOKEN_RE.fullmatch(raw)
    secret = raw.rsplit("_", 1)[1]
    stored = ApiToken.objects.values().get(pk=token.pk)
    assert not any(secret in str(value) for value in stored.values())
    assert raw.startswith(f"bdx_{token.prefix}_")
    assert api_token_authenticate(raw=raw, now=NOW) == token


def test_a_wrong_secret_a_malformed_token_and_a_revoked_one_do_not_authenticate(user_factory):
    user = user_factory()
    token, raw = api_token_create(user=user, name="bot", scope="read", now=NOW)
    prefix_part = raw.rsplit("_", 1)[0]
    assert api_token_authenticate(raw=f"{prefix_part}_{'A' * 43}", now=NOW) is None
    for junk in ("", "bdx_", "bdx__x", "Bearer x", raw[4:], raw + "x"):
        assert api_token_authenticate(raw=junk, now=NOW) is None
    assert api_token_revoke(user=user, token_id=token.pk, now=NOW) is True
    assert api_token_revoke(user=user, token_id=token.pk, now=NOW) is False
    assert api_token_authenticate(raw=raw, now=NOW) is None


def test_a_closed_account_s_tokens_stop_working(user_factory):
    user = user_factory()
    _, raw = api_token_create(user=user, name="bot", scope="read", now=NOW)
    user.is_active = False
    user.save(update_fields=["is_active"])
    assert api_token_authenticate(raw=raw, now=NOW) is None


def test_nobody_revokes_another_player_s_token(user_factory):
    owner, other = user_factory(), user_factory()
    token, raw = api_token_create(user=owner, name="bot", scope="read", now=NOW)
    assert api_token_revoke(user=other, token_id=token.pk, now=NOW) is False
    assert api_token_authenticate(raw=raw, now=NOW) is not None


def test_live_tokens_are_limited_per_player_and_revoking_frees_a_place(user_factory, settings):
    settings.API_TOKENS_PER_USER = 3
    user = user_factory()
    tokens = [api_token_create(user=user, name=f"t{i}", scope="read", now=NOW)[0] for i in range(3)]
    with pytest.raises(ValidationError) as refused:
        api_token_create(user=user, name="one more", scope="read", now=NOW)
    assert refused.value.code == "too_many_tokens"
    api_token_revoke(user=user, token_id=tokens[0].pk, now=NOW)
    api_token_create(user=user, name="one more", scope="read", now=NOW)
    assert api_tokens_list(user=user).filter(revoked__isnull=True).count() == 3


@pytest.mark.parametrize(
    ("name", "scope", "field"),
    [
        ("", "read", "name"),
        ("x" * 61, "read", "name"),
        ("a\x00b", "read", "name"),
        ("ok", "admin", "scope"),
    ],
)
def test_bad_names_and_scopes_are_refused(user_factory, name, scope, field):
    with pytest.raises(ValidationError) as refused:
        api_token_create(user=user_factory(), name=name, scope=scope, now=NOW)
    assert field in refused.value.message_dict
    assert not ApiToken.objects.exists()


def test_last_used_is_written_at_most_once_a_minute(user_factory, django_assert_num_queries):
    token, raw = api_token_create(user=user_factory(), name="bot", scope="read", now=NOW)
    with django_assert_num_queries(2):  # the lookup and the first use
        api_token_authenticate(raw=raw, now=NOW)
    with django_assert_num_queries(1):
        api_token_authenticate(raw=raw, now=NOW + dt.timedelta(seconds=30))
    token.refresh_from_db()
    assert token.last_used == NOW


# The preferences page ---------------------------------------------------------------------


def test_the_preferences_page_creates_a_token_shows_it_once_and_revokes_it(client, user_factory):
    user = user_factory()
    client.force_login(user)
    page = client.get(reverse("preferences_edit"))
    assert b"API tokens" in page.content and b"You have no tokens yet" in page.content

    created = client.post(reverse("api_token_create"), {"name": "go bot", "scope": "play"})
    assert created.status_code == 200
    assert created["Cache-Control"] == "no-store"
    raw = TOKEN_RE.search(created.content.decode()).group(0)
    token = ApiToken.objects.get(user=user)
    assert (token.name, token.scope) == ("go bot", "play")
    assert client.get("/api/v1/me", headers={"Authorization": f"Bearer {raw}"}).status_code == 200

    listed = client.get(reverse("preferences_edit")).content.decode()
    assert "go bot" in listed and "Read and play" in listed
    assert raw not in listed and f"bdx_{token.prefix}_" in listed

    revoked = client.post(reverse("api_token_revoke", args=[token.pk]), {"confirm": "yes"})
    assert revoked.status_code == 302
    assert client.get("/api/v1/me", headers={"Authorization": f"Bearer {raw}"}).status_code == 401
    assert "Revoked" in client.get(reverse("preferences_edit")).content.decode()


def test_the_page_refuses_an_empty_name_and_another_player_s_token(client, user_factory):
    user, other = user_factory(), user_factory()
    theirs, _ = api_token_create(user=other, name="theirs", scope="read", now=timezone.now())
    client.force_login(user)
    refused = client.post(reverse("api_token_create"), {"name": "", "scope": "read"})
    assert refused.status_code == 400
    assert not ApiToken.objects.filter(user=user).exists()
    client.post(reverse("api_token_revoke", args=[theirs.pk]))
    theirs.refresh_from_db()
    assert theirs.revoked is None


def test_token_pages_need_a_login_and_a_post(client, user_factory):
    assert (
        client.post(reverse("api_token_create"), {"name": "x", "scope": "read"}).status_code == 302
    )
    client.force_login(user_factory())
    assert client.get(reverse("api_token_create")).status_code == 405
