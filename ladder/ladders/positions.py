"""Writing a ladder's positions: the ladder row lock and one renumbering.

Every change of positions (join, leave, a result, a removal) runs while holding the ladder
row's SELECT FOR UPDATE lock (`ladder_lock`), reads the players in order, rearranges the list
in Python and writes it back with `positions_write`, so positions stay 1..N with no gap or
duplicate even when two ladder games end at the same moment."""

from __future__ import annotations

import datetime as dt

from django.db import connection
from django.db.models import F

from ladder.ladders.models import Ladder, LadderEntry, PositionChange


def ladder_lock(*, ladder_id: int) -> Ladder:
    """The ladder row, locked until the caller's transaction ends. Raises Ladder.DoesNotExist."""
    return Ladder.objects.select_for_update().get(pk=ladder_id)


def ladder_order(*, ladder: Ladder) -> list[LadderEntry]:
    """The players in the ladder, top first (the caller holds the ladder lock)."""
    return list(
        LadderEntry.objects.filter(ladder=ladder, position__isnull=False)
        .select_related("user")
        .order_by("position")
    )


def positions_write(
    *,
    ladder: Ladder,
    order: list[LadderEntry],
    leaving: list[LadderEntry] = (),
    reasons: dict[int, str],
    now: dt.datetime,
) -> list[PositionChange]:
    """Store `order` as positions 1..N and take `leaving` out (position None), recording a
    PositionChange for each player whose position changed (`reasons` by user id, "moved"
    otherwise). Rows that change first step aside to negative positions, so the unique
    (ladder, position) constraint holds after every statement. The caller holds the ladder lock.
    """
    moved: list[tuple[LadderEntry, int | None]] = []
    for index, entry in enumerate(order, start=1):
        if entry.position != index:
            moved.append((entry, index))
    moved += [(entry, None) for entry in leaving if entry.position is not None]
    if not moved:
        return []
    LadderEntry.objects.filter(pk__in=[e.pk for e, _ in moved]).update(position=-F("id"))
    history = []
    for entry, position in moved:
        history.append(
            PositionChange(
                ladder=ladder,
                user_id=entry.user_id,
                position=position,
                previous=entry.position,
                reason=reasons.get(entry.user_id, "moved")[:60],
                created=now,
            )
        )
        entry.position = position
    _positions_set([(e.pk, e.position) for e, _ in moved])
    return PositionChange.objects.bulk_create(history, batch_size=1000)


# Rows a statement of `_positions_set` sets (2 parameters each: SQLite allows 32,766).
SET_BATCH = 5000


def _positions_set(pairs: list[tuple[int, int | None]]) -> None:
    """Set each entry's position by (entry id, position) pairs: one UPDATE joined with a list
    of values per SET_BATCH rows. (`bulk_update` writes a CASE with a branch per row, which
    the database tries row by row: quadratic, seconds for a ladder of 5,000 renumbered.)"""
    table = connection.ops.quote_name(LadderEntry._meta.db_table)
    pk = connection.ops.quote_name(LadderEntry._meta.pk.column)
    position = connection.ops.quote_name(LadderEntry._meta.get_field("position").column)
    with connection.cursor() as cursor:
        for start in range(0, len(pairs), SET_BATCH):
            batch = pairs[start : start + SET_BATCH]
            values = ", ".join(["(%s, CAST(%s AS integer))"] * len(batch))
            cursor.execute(
                f"WITH v(entry_id, entry_position) AS (VALUES {values}) "  # noqa: S608
                f"UPDATE {table} SET {position} = v.entry_position FROM v "
                f"WHERE {table}.{pk} = v.entry_id",
                [value for pair in batch for value in pair],
            )
