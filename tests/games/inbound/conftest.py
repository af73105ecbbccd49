"""Fixtures of the play-by-mail tests: the reply domain and a real SMTP/LMTP receiver."""

from __future__ import annotations

import pytest

from games.inbound.receiver import receiver_start, receiver_stop
from tests.games.inbound.helpers import DOMAIN, free_port


@pytest.fixture
def inbound_domain(settings):
    """Reply addresses on DOMAIN, with no authentication-results check."""
    settings.INBOUND_MAIL_DOMAIN = DOMAIN
    settings.GAMES_INBOUND_AUTHSERV_ID = ""


@pytest.fixture(params=[False, True], ids=["smtp", "lmtp"])
def receiver(request):
    """A running receiver (SMTP, then LMTP); yields (port, lmtp)."""
    port = free_port()
    controller = receiver_start(host="127.0.0.1", port=port, lmtp=request.param)
    yield port, request.param
    receiver_stop(controller)
