"""One sender check and one refusal line for every kind of reply address (play by e-mail's
`play+` and private messages' `msg+`)."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress

from games.inbound.address import PLAY_REPLIES
from messaging.replies.address import MESSAGE_REPLIES, BadReplyAddress, bad_address_line
from messaging.replies.services import reply_sender_refusal

pytestmark = pytest.mark.django_db

DOMAIN = "play.example.org"


@pytest.fixture(autouse=True)
def _domain(settings):
    settings.INBOUND_MAIL_DOMAIN = DOMAIN


@pytest.mark.parametrize(
    "sender", ["black@example.org", "BLACK@Example.ORG", "  black@example.org "]
)
def test_the_accounts_address_in_any_case_is_the_player(user_factory, sender):
    black = user_factory(username="black", email="black@example.org")
    assert reply_sender_refusal(user=black, sender=sender) is None


def test_another_verified_address_is_the_player_but_not_an_unverified_one(user_factory):
    black = user_factory(username="black", email="black@example.org")
    EmailAddress.objects.create(user=black, email="Work@Example.net", verified=True)
    EmailAddress.objects.create(user=black, email="old@example.net", verified=False)
    assert reply_sender_refusal(user=black, sender="work@example.net") is None
    refusal = reply_sender_refusal(user=black, sender="old@example.net")
    assert refusal.startswith("550 5.7.1 The sender <old@example.net> is not")


@pytest.mark.parametrize("sender", ["", "white@example.org"])
def test_anyone_else_is_refused(user_factory, sender):
    black = user_factory(username="black", email="black@example.org")
    assert reply_sender_refusal(user=black, sender=sender).startswith("550 5.7.1")


@pytest.mark.parametrize("kind", [PLAY_REPLIES, MESSAGE_REPLIES], ids=lambda k: k.prefix)
def test_each_kind_reads_only_its_own_addresses(kind):
    numbers = {name: 10**n + 7 for n, name in enumerate(kind.fields)}
    address = kind.address(**numbers)
    assert address.startswith(kind.prefix) and address.endswith("@" + DOMAIN)
    assert kind.read(f"<{address.upper()}>") == numbers
    other = MESSAGE_REPLIES if kind is PLAY_REPLIES else PLAY_REPLIES
    with pytest.raises(BadReplyAddress):
        other.read(address)


def test_a_refused_address_is_answered_with_one_line_shape():
    line = bad_address_line("<x@elsewhere.org>", BadReplyAddress("not ours"), "Play on the site.")
    assert line == "550 5.1.1 <x@elsewhere.org>: not ours. Play on the site."
