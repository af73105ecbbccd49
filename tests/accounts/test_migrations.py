"""Migration accounts 0004: the eight Preferences columns become NotificationSetting rows."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("accounts", "0003_preferences_more_events")]
AFTER = [("accounts", "0004_notification_settings")]
COLUMNS = (
    "your_turn",
    "game_over",
    "challenge",
    "challenge_answered",
    "timeout_warning",
    "dispute",
    "chat",
    "message",
)


@pytest.fixture
def migrator(transactional_db):
    """A migration executor; whatever the test migrated to, the schema ends up current."""
    executor = MigrationExecutor(connection)
    yield executor
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def _migrate(executor: MigrationExecutor, target):
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def test_every_players_column_values_become_settings_and_back(migrator):
    old = _migrate(migrator, BEFORE)
    User, Preferences = old.get_model("accounts", "User"), old.get_model("accounts", "Preferences")
    kuro, shiro, ao = (User.objects.create(username=n) for n in ("kuro", "shiro", "ao"))
    Preferences.objects.create(
        user=kuro,
        notify_your_turn="digest",
        notify_game_over="off",
        notify_challenge="immediate",
        notify_challenge_answered="off",
        notify_timeout_warning="digest",
        notify_dispute="off",
        notify_chat="off",
        notify_message="digest",
        board_theme="slate",
    )
    # Defaults throughout, except a value no form ever allowed (written by hand, say).
    Preferences.objects.create(user=shiro, notify_message="pigeon")
    # ao never saved preferences: no row, nothing to carry.

    new = _migrate(migrator, AFTER)

    Setting = new.get_model("accounts", "NotificationSetting")
    stored = {(s.user_id, s.event): s.mode for s in Setting.objects.all()}
    assert {event: stored[kuro.pk, event] for event in COLUMNS} == {
        "your_turn": "digest",
        "game_over": "off",
        "challenge": "immediate",
        "challenge_answered": "off",
        "timeout_warning": "digest",
        "dispute": "off",
        "chat": "off",
        "message": "digest",
    }
    assert {event: mode for (user, event), mode in stored.items() if user == shiro.pk} == {
        "your_turn": "immediate",
        "game_over": "immediate",
        "challenge": "immediate",
        "challenge_answered": "immediate",
        "timeout_warning": "immediate",
        "dispute": "immediate",
        "chat": "digest",
    }
    assert not [key for key in stored if key[0] == ao.pk]
    prefs = new.get_model("accounts", "Preferences").objects.get(user=kuro.pk)
    assert prefs.board_theme == "slate"
    assert not hasattr(prefs, "notify_chat")

    # Backwards: the columns come back with the stored modes (a player with settings but no
    # Preferences row gets one).
    Setting.objects.create(user_id=ao.pk, event="chat", mode="off")
    Setting.objects.create(user_id=ao.pk, event="ladder_position", mode="off")
    old = _migrate(migrator, BEFORE)

    rows = old.get_model("accounts", "Preferences").objects
    kuro_prefs, ao_prefs = rows.get(user=kuro.pk), rows.get(user=ao.pk)
    assert [getattr(kuro_prefs, f"notify_{e}") for e in COLUMNS] == [
        "digest",
        "off",
        "immediate",
        "off",
        "digest",
        "off",
        "off",
        "digest",
    ]
    assert (ao_prefs.notify_chat, ao_prefs.notify_your_turn) == ("off", "immediate")
    assert rows.get(user=shiro.pk).notify_message == "immediate"  # the default, not "pigeon"
