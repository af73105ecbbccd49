"""core.sql: the hot statements' cursor, prepared once per connection on PostgreSQL,
and otherwise a cursor like Django's own; the quoted names every hand-written statement uses;
core's own statements, the outbox's INSERT and DELETE against Model.save's and Model.delete's;
the transaction lock (an advisory lock on PostgreSQL); and the builders the apps declare their
statements with, each against the ORM's answer on accounts' models (the apps' declarations:
tests/games/test_sql*.py, tests/messaging/test_sql.py)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.db.models import Case, F, OuterRef, Q, Sum, Value, When
from django.db.models import Exists as OrmExists
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

import baduxsite.tasks  # noqa: F401  (registers the ping task the outbox test queues)
from accounts.models import RelationKind, User, UserRelation
from accounts.moderation.models import Report
from core.models import OutboxTask
from core.outbox import enqueue_on_commit
from core.sql import (
    EitherPage,
    EitherSelect,
    Exists,
    JoinedRow,
    Total,
    Totals,
    column_set,
    delete_sql,
    distinct_values,
    quoted_names,
    row_update,
    rows_insert,
    statement_cursor,
    transaction_lock,
)

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


# The builders ---------------------------------------------------------------------------------

WHEN = dt.datetime(2026, 3, 1, 12, tzinfo=dt.UTC)
RELATION = JoinedRow(
    UserRelation,
    related=("owner", "target"),
    exists=(
        Exists("target_listed", UserRelation, "owner", to="target"),
        Exists("owner_staff", User, "pk", to="owner", where=(("is_staff", "exact", True),)),
        Exists("owner_named", User, "pk", to="owner", where=(("username", "exact"),)),
    ),
)


def _columns(row) -> dict:
    return {field.attname: getattr(row, field.attname) for field in row._meta.concrete_fields}


@pytest.mark.parametrize("lock", [False, True])
def test_a_joined_row_is_the_orm_s_select_related_row_with_its_exists(user_factory, lock):
    kuro, shiro = user_factory(username="kuro", is_staff=True), user_factory(username="shiro")
    there = UserRelation.objects.create(owner=kuro, target=shiro, kind="buddy", created=WHEN)
    UserRelation.objects.create(owner=shiro, target=kuro, kind="ignore", created=WHEN)
    alone = UserRelation.objects.create(
        owner=shiro, target=user_factory(), kind="buddy", created=WHEN
    )
    for relation in (there, alone):
        with transaction.atomic():
            ours = RELATION.select(pk=relation.pk, lock=lock, params=["kuro"])
        theirs = (
            UserRelation.objects.select_related("owner", "target")
            .annotate(
                target_listed=OrmExists(UserRelation.objects.filter(owner=OuterRef("target"))),
                owner_staff=OrmExists(User.objects.filter(pk=OuterRef("owner"), is_staff=True)),
                owner_named=OrmExists(User.objects.filter(pk=OuterRef("owner"), username="kuro")),
            )
            .get(pk=relation.pk)
        )
        assert _columns(ours) == _columns(theirs)
        for name in ("owner", "target"):
            assert UserRelation._meta.get_field(name).is_cached(ours)
            assert _columns(getattr(ours, name)) == _columns(getattr(theirs, name))
        for name in ("target_listed", "owner_staff", "owner_named"):
            assert getattr(ours, name) is getattr(theirs, name)
    assert RELATION.select(pk=alone.pk + 100, lock=False, params=["kuro"]) is None


def test_a_joined_row_joins_only_foreign_keys_that_cannot_be_null():
    with pytest.raises(ValueError, match="closed_by"):
        JoinedRow(Report, related=("closed_by",)).select(pk=1, lock=False)


def test_a_row_update_writes_what_model_save_with_update_fields_writes(user_factory):
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    ours = UserRelation.objects.create(owner=kuro, target=shiro, kind="buddy", created=WHEN)
    theirs = UserRelation.objects.create(owner=shiro, target=kuro, kind="buddy", created=WHEN)
    for relation in (ours, theirs):
        relation.kind, relation.created = RelationKind.IGNORE, WHEN + dt.timedelta(days=1)
    assert row_update(instance=ours, attnames=("kind", "created")) is True
    theirs.save(update_fields=("kind", "created"))
    stored = {r.pk: (r.kind, r.created) for r in UserRelation.objects.all()}
    assert stored[ours.pk] == stored[theirs.pk] == ("ignore", WHEN + dt.timedelta(days=1))
    ours.delete()
    assert row_update(instance=ours, attnames=("kind",)) is False


def test_column_set_sets_each_row_s_value_and_null_in_batches(user_factory, monkeypatch):
    monkeypatch.setattr("core.sql.COLUMN_SET_BATCH", 2)
    reporter = user_factory(username="kuro")
    reports = [
        Report.objects.create(
            kind="profile", reporter=reporter, subject=f"user:{n}", reason="r", created=WHEN
        )
        for n in range(5)
    ]
    values = [(report.pk, 100 + n) for n, report in enumerate(reports[:4])] + [
        (reports[4].pk, None)
    ]
    with CaptureQueriesContext(connection) as queries:
        column_set(model=Report, name="target_id", values=values)
    assert len(queries) == 3  # batches of 2, 2 and 1
    stored = dict(Report.objects.values_list("pk", "target_id"))
    assert stored == {pk: value for pk, value in values}


def test_distinct_values_are_the_orm_s_distinct_values(user_factory):
    assert distinct_values(model=User, name="time_zone") == []
    for n, zone in enumerate(["Asia/Tokyo", "UTC", "Asia/Tokyo", "Europe/Paris", "UTC"]):
        user_factory(username=f"p{n}", time_zone=zone)

    found = distinct_values(model=User, name="time_zone")

    orm = User.objects.order_by().values_list("time_zone", flat=True).distinct()
    assert sorted(found) == sorted(orm) == ["Asia/Tokyo", "Europe/Paris", "UTC"]
    assert distinct_values(model=User, name="erased") == []  # nulls are no value


def test_rows_insert_makes_a_row_per_selected_row_in_one_statement(user_factory):
    reporter = user_factory(username="kuro")
    for n in range(3):
        Report.objects.create(
            kind="profile", reporter=reporter, subject=f"user:{n}", reason="r", created=WHEN
        )
    source = Report.objects.filter(subject__in=["user:0", "user:2"])
    with CaptureQueriesContext(connection) as queries:
        made = rows_insert(
            model=Report,
            values={
                "kind": F("kind"),
                "status": F("status"),
                "snapshot": F("snapshot"),
                "url": F("url"),
                "reporter": F("reporter_id"),
                "subject": Case(
                    When(subject="user:0", then=Value("copy:0")), default=Value("copy:other")
                ),
                "reason": Value("copied"),
                "created": F("created"),
                "target_id": Value(7),
            },
            rows=source,
        )
    assert len(queries) == 1
    copies = Report.objects.filter(pk__in=made)
    assert len(made) == 2 and copies.count() == 2
    assert sorted(copies.values_list("subject", "reason", "target_id", "reporter_id")) == [
        ("copy:0", "copied", 7, reporter.pk),
        ("copy:other", "copied", 7, reporter.pk),
    ]


def test_an_either_select_reads_the_orm_s_rows(user_factory):
    kuro, shiro, kiiro = (user_factory(username=n) for n in ("kuro", "shiro", "kiiro"))
    for owner, target, kind in (
        (kuro, shiro, "buddy"),
        (shiro, kuro, "buddy"),
        (kiiro, shiro, "ignore"),
    ):
        UserRelation.objects.create(owner=owner, target=target, kind=kind, created=WHEN)
    select = EitherSelect(UserRelation, either=("owner", "target"), where=(("kind", "exact"),))
    for user in (kuro, shiro, kiiro):
        for kind in ("buddy", "ignore"):
            found = select.rows(value=user.pk, params=[kind])
            orm = UserRelation.objects.filter(Q(owner=user) | Q(target=user), kind=kind)
            assert sorted(map(_columns, found), key=str) == sorted(map(_columns, orm), key=str)


@pytest.mark.parametrize(("size", "start"), [(2, 0), (2, 2), (9, 0), (3, 7)])
def test_an_either_page_of_three_fields_is_the_orm_s_slice_and_count(user_factory, size, start):
    """A row matching by several fields is read once (by its first), as an OR reads it."""
    for number in range(8):
        user_factory(
            username=f"u{number}",
            first_name=f"x{number % 3}" if number % 2 else f"u{number}",
            last_name="x1" if number % 3 == 0 else "",
            display_name="x1" if number in (1, 6) else "",
            is_active=number != 5,
        )
    page = EitherPage(
        User,
        either=("first_name", "last_name", "display_name"),
        where=(("is_active", "exact", True),),
        order=("-username", "id"),
        count_as="listed",
    )
    found = page.rows(value="x1", size=size, start=start)
    orm = User.objects.filter(
        Q(first_name="x1") | Q(last_name="x1") | Q(display_name="x1"), is_active=True
    ).order_by("-username", "id")
    assert [_columns(u) for u in found] == [_columns(u) for u in orm[start : start + size]]
    assert {user.listed for user in found} <= {orm.count()}
    assert orm.count() >= 3


def test_totals_are_the_orm_s_count_and_sum(user_factory):
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    user_factory(username="kiiro", is_active=False)
    totals = Totals(
        (
            Total(User, where=(("is_active", "exact", True),)),
            Total(User, where=(("id", "gte"),), field="id"),
            Total(UserRelation, where=(("owner", "exact"),)),
            Total(User, where=(("id", "gt", 0), ("username", "exact")), field="id"),
        )
    )
    UserRelation.objects.create(owner=kuro, target=shiro, kind="buddy", created=WHEN)
    found = totals.select(params=[shiro.pk, kuro.pk, "nobody"])
    assert found == (
        User.objects.filter(is_active=True).count(),
        User.objects.filter(id__gte=shiro.pk).aggregate(n=Sum("id"))["n"],
        1,
        0,
    )
    assert all(type(number) is int for number in found)


def test_a_constant_in_the_text_is_a_bool_or_an_int():
    with pytest.raises(TypeError, match="'kuro'"):
        Totals((Total(User, where=(("username", "exact", "kuro"),)),)).sql()


def test_an_isnull_condition_is_written_in_the_text(user_factory):
    user_factory(username="kuro", last_login=WHEN)
    user_factory(username="shiro")
    totals = Totals(
        (
            Total(User, where=(("last_login", "isnull", True),)),
            Total(User, where=(("last_login", "isnull", False),)),
        )
    )
    assert "IS NULL" in totals.sql() and "IS NOT NULL" in totals.sql()
    assert totals.select(params=[]) == (
        User.objects.filter(last_login__isnull=True).count(),
        User.objects.filter(last_login__isnull=False).count(),
    )
    with pytest.raises(TypeError, match="isnull"):
        Totals((Total(User, where=(("last_login", "isnull"),)),)).sql()
