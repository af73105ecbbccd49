"""Signed reply addresses: round trip, tampering, case, other domains, key rotation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from games.inbound.address import (
    BadReplyAddress,
    ReplyToken,
    reply_address_for,
    reply_address_read,
    reply_token_read,
    reply_token_sign,
)

DOMAIN = "play.example.org"


@pytest.fixture(autouse=True)
def _domain(settings):
    settings.INBOUND_MAIL_DOMAIN = DOMAIN


def test_round_trip_and_compact():
    address = reply_address_for(user_id=12345, game_id=987654, move_number=211)
    local, domain = address.split("@")
    assert domain == DOMAIN
    assert local.startswith("play+")
    assert len(local) <= 64  # RFC 5321 limit for a local part
    assert address == address.lower()
    assert reply_address_read(address) == ReplyToken(user_id=12345, game_id=987654, move_number=211)


def test_case_and_angle_brackets_do_not_matter():
    address = reply_address_for(user_id=7, game_id=3, move_number=0)
    assert reply_address_read(f"<{address.upper()}>") == ReplyToken(7, 3, 0)


@hypothesis_settings(deadline=None)  # a busy machine must not fail the test
@given(
    user_id=st.integers(1, 2**63 - 1),
    game_id=st.integers(1, 2**63 - 1),
    move_number=st.integers(0, 10_000),
)
def test_every_id_round_trips(user_id, game_id, move_number):
    token = reply_token_sign(user_id=user_id, game_id=game_id, move_number=move_number)
    assert reply_token_read(token) == ReplyToken(user_id, game_id, move_number)


@pytest.mark.parametrize("position", [5, 7, 9, 20, -1])
def test_any_changed_character_is_refused(position):
    address = reply_address_for(user_id=12, game_id=34, move_number=5)
    local, domain = address.split("@")
    old = local[position]
    new = "b" if old != "b" else "c"
    tampered = f"{local[:position]}{new}{local[position + 1 :] if position != -1 else ''}@{domain}"
    with pytest.raises(BadReplyAddress):
        reply_address_read(tampered)


def test_other_move_number_with_the_old_signature_is_refused():
    token = reply_token_sign(user_id=12, game_id=34, move_number=5)
    value, signature = token.split(".")
    forged = value.rsplit("-", 1)[0] + "-6." + signature
    with pytest.raises(BadReplyAddress, match="altered"):
        reply_token_read(forged)


@pytest.mark.parametrize(
    "address",
    [
        "play+abc@play.example.org",
        "someone@play.example.org",
        "play+1-2-3.aaaaaaaaaaaaaaaa@play.example.org",
        "play+1-2-3.aaaaaaaaaaaaaaaa@example.org",
        "",
        "@",
        "play+@play.example.org",
    ],
)
def test_strangers_are_refused(address):
    with pytest.raises(BadReplyAddress):
        reply_address_read(address)


def test_another_domain_is_refused_even_with_a_good_token():
    good = reply_address_for(user_id=1, game_id=2, move_number=3)
    with pytest.raises(BadReplyAddress, match="domain"):
        reply_address_read(good.replace(DOMAIN, "evil.example.org"))


def test_other_secret_key_is_refused_but_a_fallback_key_still_works(settings):
    address = reply_address_for(user_id=1, game_id=2, move_number=3)
    old_key = settings.SECRET_KEY
    settings.SECRET_KEY = "another-secret-key-for-this-test-only"
    with pytest.raises(BadReplyAddress):
        reply_address_read(address)
    settings.SECRET_KEY_FALLBACKS = [old_key]
    assert reply_address_read(address) == ReplyToken(1, 2, 3)


def test_off_without_a_domain(settings):
    settings.INBOUND_MAIL_DOMAIN = ""
    assert reply_address_for(user_id=1, game_id=2, move_number=3) is None
    with pytest.raises(BadReplyAddress):
        reply_address_read("play+1-2-3.aaaaaaaaaaaaaaaa@play.example.org")
