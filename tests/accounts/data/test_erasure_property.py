"""After erasure, over any mix of a player's data: no row, cache entry, outbox row or file
names the erased player (their old user name, e-mail or id where a task or key holds a user
id), every relation classified "erase" is empty, and the other players' games, results and
messages are what they were (Hypothesis)."""

from __future__ import annotations

import datetime as dt
import pickle

import pytest
from django.apps import apps
from django.core.cache import cache
from django.db import models, transaction
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from accounts.data import closures, erasure, exports, registry
from accounts.models import User
from accounts.selectors import board_appearance_get, board_appearance_key
from core.http_cache.stamps import status_stamp_get
from core.models import OutboxTask
from games.models import Game
from games.reviews.models import GameNote
from games.services.chat import game_chat_post
from messaging.messages.models import Message
from messaging.messages.services import message_send, thread_start
from messaging.notifications.services import notify

pytestmark = pytest.mark.django_db

NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)

ACTIONS = st.lists(
    st.tuples(
        st.sampled_from(
            ["game", "others_game", "message_out", "message_in", "chat", "note", "notice"]
        ),
        st.integers(0, 2),  # which other player
        st.integers(0, 3),  # how many moves
    ),
    max_size=8,
)


def _act(victim: User, others: list[User], game_factory, action: tuple) -> None:
    kind, index, moves = action
    other = others[index]
    sequence = ("D4", "E5", "C3", "F6")[:moves]
    if kind == "game":
        game_factory(black=victim, white=other, moves=sequence)
    elif kind == "others_game":
        game_factory(black=other, white=others[(index + 1) % 3], moves=sequence)
    elif kind in ("message_out", "message_in"):
        sender, recipient = (victim, other) if kind == "message_out" else (other, victim)
        thread = thread_start(sender=sender, recipient=recipient, subject="Hi", body="a", now=NOW)
        message_send(thread_id=thread.pk, sender=recipient, body="b", now=NOW)
    elif kind == "chat":
        game = game_factory(black=other, white=victim, moves=sequence)
        game_chat_post(game_id=game.pk, user=victim, text="good luck", now=NOW)
    elif kind == "note":
        game = game_factory(black=victim, white=other, moves=sequence)
        GameNote.objects.create(game=game, author=victim, text="my plan", updated=NOW)
    else:
        text = f"{victim.username} sent you a message"
        notify(user=other, event="game_over", key=f"k{moves}{index}", text=text, url="/", now=NOW)


def _queued(victim: User, other: User) -> None:
    """Outbox rows left behind by a broker that was down."""
    for task, args in [
        ("messaging.digest_send", [victim.pk]),
        ("messaging.account_mail_send", [{"to": [victim.email], "subject": "x"}]),
        ("messaging.digest_send", [other.pk]),
    ]:
        OutboxTask.objects.create(task=task, args=args, created=NOW, due=NOW)
    for message in Message.objects.filter(author=victim):
        OutboxTask.objects.create(
            task="messaging.notify_message", args=[message.pk], created=NOW, due=NOW
        )


def _text_rows_naming(*needles: str) -> list[str]:
    found = []
    for model in apps.get_models(include_auto_created=True):
        fields = [
            f.name
            for f in model._meta.concrete_fields
            if isinstance(f, models.CharField | models.TextField | models.JSONField)
        ]
        for field in fields:
            for needle in needles:
                query = {f"{field}__icontains": needle}
                if model._base_manager.filter(**query).exists():
                    found.append(f"{model._meta.label}.{field} holds {needle}")
    return found


def _cache_naming(*needles: str) -> list[str]:
    kept = cache._cache  # LocMemCache: key -> pickled value
    return [
        key
        for key, value in kept.items()
        for needle in needles
        if needle in key or needle.encode() in pickle.dumps(value)
    ]


def _erase(victim: User, django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        closure = closures.account_close(user=victim, now=NOW)
    with django_capture_on_commit_callbacks(execute=True):
        assert erasure.account_erase(user_id=victim.pk, now=closure.erase_at)


@settings(
    max_examples=15, phases=[Phase.generate], suppress_health_check=list(HealthCheck), deadline=None
)
@given(actions=ACTIONS, export=st.booleans(), cached=st.booleans())
def test_nothing_names_the_erased_player_but_the_placeholder(
    user_factory,
    game_factory,
    export_dir,
    django_capture_on_commit_callbacks,
    actions,
    export,
    cached,
):
    with transaction.atomic():
        cache.clear()
        victim = user_factory(username="vqzx", email="vqzx@example.net", display_name="Vee Q")
        others = [user_factory() for _ in range(3)]
        for action in actions:
            _act(victim, others, game_factory, action)
        if export:
            with django_capture_on_commit_callbacks(execute=True):
                exports.data_export_request(user=victim, now=NOW)
        if cached:
            board_appearance_get(user=victim)
            status_stamp_get(user_id=victim.pk)
        _queued(victim, others[0])
        games_of_others = list(
            Game.objects.exclude(black=victim).exclude(white=victim).values_list("pk", "result")
        )
        _erase(victim, django_capture_on_commit_callbacks)
        _games_after_close = Game.objects.filter(black=victim) | Game.objects.filter(white=victim)
        results = dict(_games_after_close.values_list("pk", "result"))

        for link in registry.user_links():
            if registry.link_kind(link) == registry.ERASE:
                assert not link.model._base_manager.filter(**{link.field: victim}).exists(), link
        assert _text_rows_naming("vqzx", "Vee Q") == []
        assert _cache_naming("vqzx", "Vee Q") == []
        assert cache.get(board_appearance_key(user_id=victim.pk)) is None
        for row in OutboxTask.objects.all():
            assert victim.pk not in row.args or row.task != "messaging.digest_send"
            assert "vqzx" not in str(row.args)
            if row.task == "messaging.notify_message":
                assert Message.objects.filter(pk=row.args[0]).exclude(author=victim).exists()
        assert OutboxTask.objects.filter(task="messaging.digest_send").count() == 1
        assert list(export_dir.glob(f"*-{victim.pk}-*")) == []
        assert sorted(
            Game.objects.exclude(black=victim).exclude(white=victim).values_list("pk", "result")
        ) == sorted(games_of_others)
        assert all(result for result in results.values())  # resigned at closing, kept
        victim.refresh_from_db()
        assert (
            victim.erased == NOW + dt.timedelta(days=7)
            and victim.username == f"deleted-{victim.pk}"
        )
        transaction.set_rollback(True)
