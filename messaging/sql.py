"""Every statement the messaging app writes by hand, and only those: the header's unread counts.

Every page asks for them, so the statement is written once rather than built by the ORM on
each request (compiling the two aggregates cost more CPU than running them), and run through
core.sql.statement_cursor, PostgreSQL prepares it once per connection. Table and column names
come from the models' `_meta`, quoted, never literals; tests/messaging/test_sql.py compares
its answer with the ORM's.
"""

from __future__ import annotations

import functools

from django.db import connection

from core.sql import quoted_names, statement_cursor
from messaging.messages.models import ThreadMember
from messaging.notifications.models import Notification


@functools.cache
def unread_counts_sql(vendor: str) -> str:
    """The SELECT of `unread_counts_select`, for `vendor`: it reads the (user, read) index of
    notifications and the user index of thread members (bench/unread_count.py)."""
    note, note_user, read = quoted_names(Notification, "user", "read")
    member, member_user, unread = quoted_names(ThreadMember, "user", "unread")
    return (
        f"SELECT (SELECT COUNT(*) FROM {note}"  # noqa: S608 - names from the models
        f" WHERE {note_user} = %s AND NOT {read}),"
        f" (SELECT COALESCE(SUM({unread}), 0) FROM {member}"
        f" WHERE {member_user} = %s AND {unread} > 0)"
    )


def unread_counts_select(*, user_id: int) -> tuple[int, int]:
    """How many of user `user_id`'s notifications are unread, and how many private messages
    they have not read (the sum of their threads' unread counts, archived threads too)."""
    with statement_cursor() as cursor:
        cursor.execute(unread_counts_sql(connection.vendor), [user_id, user_id])
        notes, messages = cursor.fetchone()
    return int(notes or 0), int(messages or 0)
