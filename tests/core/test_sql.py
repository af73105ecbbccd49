"""core.sql: the hot statements' cursor, prepared once per connection on PostgreSQL,
and otherwise a cursor like Django's own; the quoted names every hand-written statement uses;
core's own statements, the outbox's INSERT and DELETE against Model.save's and Model.delete's;
and the transaction lock (an advisory lock on PostgreSQL)."""

from __future__ import annotations

import pytest
from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

import baduxsite.tasks  # noqa: F401  (registers the ping task the outbox test queues)
from accounts.models import User
from core.models import OutboxTask
from core.outbox import enqueue_on_commit
from core.sql import delete_sql, quoted_names, statement_cursor, transaction_lock

pytestmark = pytest.mark.django_db

NAME_AND_JOINED = 'SELECT "username", "date_joined" FROM "accounts_user" WHERE "id" = %s'


def _prepared_statements() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


def test_it_reads_what_django_reads(user_factory):
    user = user_factory(username="kuro")
    with statement_cursor() as cursor:
        cursor.execute(NAME_AND_JOINED, [user.pk])
        ours = cursor.fetchone()
    with connection.cursor() as cursor:
        cursor.execute(NAME_AND_JOINED, [user.pk])
        assert ours == cursor.fetchone()
    if connection.vendor == "postgresql":  # SQLite's driver hands back text dates
        assert ours[1] == user.date_joined  # aware, as the ORM reads it


def test_its_statements_are_logged_with_their_text(user_factory):
    user = user_factory(username="kuro")
    with CaptureQueriesContext(connection) as captured:
        for _ in range(2):  # the first run prepares, the second runs the prepared statement
            with statement_cursor() as cursor:
                cursor.execute(NAME_AND_JOINED, [user.pk])
    assert len(captured.captured_queries) == 2
    assert all('FROM "accounts_user"' in q["sql"] for q in captured.captured_queries)


@pytest.mark.skipif(
    "connection.vendor != 'postgresql'", reason="prepared statements are PostgreSQL's"
)
def test_on_postgresql_a_statement_is_prepared_once_per_connection(user_factory):
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    names = []
    for user in (kuro, shiro, kuro):
        with statement_cursor() as cursor:
            cursor.execute(NAME_AND_JOINED, [user.pk])
            names.append(cursor.fetchone()[0])
    assert names == ["kuro", "shiro", "kuro"]
    ours = [s for s in _prepared_statements() if '"accounts_user" WHERE "id" = $1' in s]
    assert len(ours) == 1


@pytest.mark.skipif(
    "connection.vendor != 'postgresql'", reason="prepared statements are PostgreSQL's"
)
def test_on_postgresql_django_s_own_queries_are_not_prepared(user_factory):
    user = user_factory(username="kuro")
    for _ in range(10):
        User.objects.get(pk=user.pk)
    assert not [s for s in _prepared_statements() if "accounts_user" in s]


def test_bytes_go_and_come_back_whole(user_factory):
    data = bytes(range(256)) * 8
    with statement_cursor() as cursor:
        cursor.execute("SELECT %s", [data])
        assert bytes(cursor.fetchone()[0]) == data


def test_the_outbox_insert_writes_the_row_model_save_writes(settings):
    """core.sql.insert_sql, as core.outbox writes a task: the same row as Model.save's."""
    settings.OUTBOX_PUBLISH_AT_COMMIT = False  # nothing published: the row stays
    ours = enqueue_on_commit("baduxsite.tasks.ping", 7, "seven", [1, 2])
    theirs = OutboxTask(task=ours.task, args=ours.args, created=ours.created, due=ours.due)
    theirs.save()

    def stored(row):
        values = OutboxTask.objects.values().get(pk=row.pk)
        return {name: value for name, value in values.items() if name != "id"}

    assert ours.pk is not None and not ours._state.adding
    assert stored(ours) == stored(theirs)
    assert stored(ours)["args"] == [7, "seven", [1, 2]]


def test_the_outbox_delete_removes_the_row_model_delete_removes(settings):
    """core.sql.delete_sql, as core.outbox deletes a published task: that row goes, as with
    Model.delete, and no other."""
    settings.OUTBOX_PUBLISH_AT_COMMIT = False
    ours, theirs, kept = (enqueue_on_commit("baduxsite.tasks.ping", n) for n in (1, 2, 3))
    with connection.cursor() as cursor:
        cursor.execute(delete_sql(OutboxTask, connection.vendor), [ours.pk])
    theirs.delete()

    assert list(OutboxTask.objects.values_list("pk", flat=True)) == [kept.pk]


def test_quoted_names_are_the_table_and_columns_django_writes():
    """core.sql.quoted_names, by which every hand-written statement names a table or column:
    the names Django's own SQL for the model uses, quoted as it quotes them."""
    table, pk, column = quoted_names(OutboxTask, "pk", "due")
    orm = str(OutboxTask.objects.filter(due__isnull=True).order_by("pk").query)
    assert f"FROM {table} " in orm
    assert f"WHERE {table}.{column} IS NULL ORDER BY {table}.{pk} ASC" in orm
    users, email = quoted_names(User, "email")
    assert f"FROM {users} WHERE {users}.{email} = " in str(User.objects.filter(email="x").query)


def _advisory_locks_held() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND granted"
            " AND pid = pg_backend_pid()"
        )
        return cursor.fetchone()[0]


@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="advisory locks are PostgreSQL's")
@pytest.mark.django_db(transaction=True)
def test_on_postgresql_a_transaction_lock_is_held_until_the_transaction_ends():
    with transaction.atomic():
        transaction_lock(name="queue 13x13")
        transaction_lock(name="queue 13x13")  # the same name: the same lock
        assert _advisory_locks_held() == 1
        transaction_lock(name="queue 19x19")
        assert _advisory_locks_held() == 2
    assert _advisory_locks_held() == 0


@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="advisory locks are PostgreSQL's")
@pytest.mark.django_db(transaction=True)
def test_on_postgresql_a_second_transaction_cannot_take_a_held_lock():
    other = connections.create_connection(DEFAULT_DB_ALIAS)
    try:
        with transaction.atomic():
            transaction_lock(name="queue 13x13")
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT (classid::bigint << 32) | objid::bigint FROM pg_locks"
                    " WHERE locktype = 'advisory' AND pid = pg_backend_pid()"
                )
                key = cursor.fetchone()[0]
            with other.cursor() as cursor:  # autocommit: the lock, if taken, ends at once
                cursor.execute("SELECT pg_try_advisory_xact_lock(%s::bigint)", [key])
                assert cursor.fetchone()[0] is False
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_try_advisory_xact_lock(%s::bigint)", [key])
            assert cursor.fetchone()[0] is True
    finally:
        other.close()


def test_elsewhere_a_transaction_lock_runs_no_statement():
    if connection.vendor == "postgresql":
        pytest.skip("SQLite's: it runs one writer at a time")
    with CaptureQueriesContext(connection) as captured:
        transaction_lock(name="queue 13x13")
    assert captured.captured_queries == []


@pytest.mark.django_db(transaction=True)
def test_a_transaction_lock_outside_a_transaction_is_refused():
    with pytest.raises(TransactionManagementError):
        transaction_lock(name="queue 13x13")
