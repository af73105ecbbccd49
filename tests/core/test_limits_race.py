"""Flood limits are exact when a player sends many things at the same moment.

Each limit counts the sender's recent rows, then inserts one more; `limit_enforce(sender=...)`
locks the sender's row first, so simultaneous sends are counted one after another. Needs real
row locks, so PostgreSQL only (on SQLite every transaction already takes the database's write
lock at BEGIN).
"""

from __future__ import annotations

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connections
from django.utils import timezone

from games.game_settings import GameSettings
from games.models import GameChat
from games.services import play
from games.services.chat import game_chat_post
from messaging.messages.services import thread_start
from messaging.models import Thread

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
]


def _at_once(calls) -> list[BaseException]:
    barrier = threading.Barrier(len(calls))
    errors: list[BaseException] = []

    def run(call):
        try:
            barrier.wait()
            call()
        except ValidationError as refused:  # RateLimited: the answer past the limit
            errors.append(refused)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return errors


def test_60_simultaneous_chat_lines_store_10(user_factory):
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    game = play.game_start(
        black=kuro, white=shiro, settings=GameSettings(board_kind="square", board_size=9),
        now=timezone.now(),
    )  # fmt: skip

    refused = _at_once(
        [
            lambda i=i: game_chat_post(
                game_id=game.pk, user=kuro, text=f"line {i}", now=timezone.now()
            )
            for i in range(60)
        ]
    )

    assert GameChat.objects.filter(game=game, author=kuro).count() == 10
    assert len(refused) == 50
    assert all(error.code == "rate_limited" for error in refused)


def test_25_simultaneous_new_conversations_store_10(user_factory):
    sender = user_factory(username="sender")
    recipients = [user_factory(username=f"r{i}") for i in range(25)]

    _at_once(
        [
            lambda r=r: thread_start(
                sender=sender, recipient=r, subject="Hello", body="A game?", now=timezone.now()
            )
            for r in recipients
        ]
    )

    assert Thread.objects.filter(started_by=sender).count() == 10
