"""Query plans for the tests that check a statement reads by an index (PostgreSQL only)."""

from __future__ import annotations

from django.db import connection


def plan_without_seqscan(statement: str) -> str:
    """The EXPLAIN of `statement` (SQL as Django captured it), sequential scans priced out so
    that a plan with one means no index could serve; the setting is reset afterwards."""
    with connection.cursor() as cursor:
        cursor.execute("SET enable_seqscan = off")
        try:
            cursor.execute(f"EXPLAIN {statement}")
            return "\n".join(row[0] for row in cursor.fetchall())
        finally:
            cursor.execute("RESET enable_seqscan")
