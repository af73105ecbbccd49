"""A delivery report through the real reply receiver (aiosmtpd, SMTP and LMTP)."""

from __future__ import annotations

import smtplib

import pytest

from games.inbound.receiver import receiver_start, receiver_stop
from messaging.bounces.address import return_path_for
from messaging.bounces.models import AddressHealth
from tests.games.inbound.helpers import free_port
from tests.messaging.bounces.helpers import DOMAIN, dsn_bytes

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def receiver(settings):
    settings.INBOUND_MAIL_DOMAIN = DOMAIN
    settings.GAMES_INBOUND_AUTHSERV_ID = ""
    port = free_port()
    controller = receiver_start(host="127.0.0.1", port=port)
    yield port
    receiver_stop(controller)


def test_a_bounce_sent_to_the_return_path_marks_the_address(receiver, user_factory):
    kuro = user_factory(username="kuro")
    path = return_path_for(user_id=kuro.pk, email=kuro.email)

    with smtplib.SMTP("127.0.0.1", receiver) as client:
        refused = client.sendmail("", [path], dsn_bytes(to=path, recipient=kuro.email))

    assert refused == {}
    health = AddressHealth.objects.get(user=kuro)
    assert health.failing_since is not None
    assert health.last_status == "5.1.1"


def test_an_altered_return_path_is_refused_at_rcpt(receiver, user_factory):
    kuro = user_factory(username="kuro")
    path = return_path_for(user_id=kuro.pk, email=kuro.email)
    altered = (
        path.replace("bounce+1", "bounce+2", 1) if "bounce+1" in path else "bounce+9" + path[7:]
    )

    with smtplib.SMTP("127.0.0.1", receiver) as client:
        client.ehlo()
        client.mail("")
        code, _ = client.rcpt(altered)

    assert code == 550
    assert not AddressHealth.objects.exists()
