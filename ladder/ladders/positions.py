"""Writing a ladder's positions: the ladder row lock and one renumbering.

Every change of positions (join, leave, a result, a removal) runs while holding the ladder
row's SELECT FOR UPDATE lock (`ladder_lock`), reads the players in order, rearranges the list
in Python and writes it back with `positions_write`, so positions stay 1..N with no gap or
duplicate even when two ladder games end at the same moment."""

from __future__ import annotations

import datetime as dt

from django.db.models import F

from core.sql import column_set
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
    column_set(model=LadderEntry, name="position", values=[(e.pk, e.position) for e, _ in moved])
    return PositionChange.objects.bulk_create(history, batch_size=1000)
