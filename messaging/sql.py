"""What the messaging app reads by a statement written once, declared with core.sql's builders
(the SQL itself is written there): the header's unread counts.

Every page asks for them, so the statement is written once rather than built by the ORM on
each request (compiling the two aggregates cost more CPU than running them), and run through
core.sql.statement_cursor, PostgreSQL prepares it once per connection. It reads the (user, read)
index of notifications and the user index of thread members (bench/unread_count.py);
tests/messaging/test_sql.py compares its answer with the ORM's.
"""

from __future__ import annotations

from core.sql import Total, Totals
from messaging.messages.models import ThreadMember
from messaging.notifications.models import Notification

UNREAD = Totals(
    (
        Total(Notification, where=(("user", "exact"), ("read", "exact", False))),
        Total(ThreadMember, where=(("user", "exact"), ("unread", "gt", 0)), field="unread"),
    )
)


def unread_counts_select(*, user_id: int) -> tuple[int, int]:
    """How many of user `user_id`'s notifications are unread, and how many private messages
    they have not read (the sum of their threads' unread counts, archived threads too)."""
    notes, messages = UNREAD.select(params=[user_id, user_id])
    return notes, messages
