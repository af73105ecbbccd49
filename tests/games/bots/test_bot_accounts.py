"""Bot accounts are created on first use, once: two requests that use a new bot at the same
moment get the same account, and neither answers an error."""

from __future__ import annotations

import threading

import pytest
from django.db import connections

from accounts.models import User
from games.bots import services
from games.bots.engines import engine_get


def _first_look_misses(monkeypatch, barrier: threading.Barrier | None = None) -> None:
    """Each caller's first look for the bot finds none (as when another request creates it
    between that look and this caller's insert), after waiting at `barrier` if given."""
    real = services._bot_of
    looked: set[int] = set()

    def look(engine):
        found = real(engine)
        if threading.get_ident() in looked:
            return found
        looked.add(threading.get_ident())
        if barrier is not None:
            barrier.wait(timeout=10)
        return None

    monkeypatch.setattr(services, "_bot_of", look)


@pytest.mark.django_db
def test_a_bot_created_meanwhile_by_another_request_is_the_one_returned(monkeypatch):
    engine = engine_get(key="tiny")
    winner = services.bot_account_for(engine=engine)
    _first_look_misses(monkeypatch)
    assert services.bot_account_for(engine=engine) == winner
    assert User.objects.filter(is_bot=True, bot_engine="tiny").count() == 1


@pytest.mark.django_db
def test_a_bot_takes_another_name_when_a_player_has_its_key(user_factory):
    user_factory(username="Tiny")
    bot = services.bot_account_for(engine=engine_get(key="tiny"))
    assert (bot.username, bot.is_bot) == ("tiny-bot", True)
    assert services.bot_account_for(engine=engine_get(key="tiny")) == bot


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_requests_using_a_new_bot_at_once_get_the_same_account(monkeypatch):
    engine = engine_get(key="tiny")
    barrier = threading.Barrier(2)
    _first_look_misses(monkeypatch, barrier)  # both look, find none, then both insert
    found: list[object] = []

    def use():
        try:
            found.append(services.bot_account_for(engine=engine).pk)
        except Exception as error:  # noqa: BLE001 - the test reports any
            found.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=use) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    bots = list(User.objects.filter(is_bot=True, bot_engine="tiny").values_list("pk", flat=True))
    assert found == bots * 2
