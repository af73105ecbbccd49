"""Writing a ladder's positions: the ladder row lock and one renumbering.

Every change of positions (join, leave, a result, a removal) runs while holding the ladder
row's SELECT FOR UPDATE lock (`ladder_lock`), reads the players in order, rearranges the list
in Python and writes it back with `positions_write`, so positions stay 1..N with no gap or
duplicate even when two ladder games end at the same moment. The inactivity sweep, which may
move thousands at once, uses `positions_remove`: the database computes the new positions."""

from __future__ import annotations

import datetime as dt

from django.db.models import Case, DateTimeField, F, IntegerField, Q, Value, When

from core.sql import column_set, rows_insert
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


def positions_remove(*, ladder: Ladder, gone: set[int], reason: str, now: dt.datetime) -> list[int]:
    """Take the players `gone` (user ids) out of the ladder and move those below them up,
    recording a PositionChange for each (`reason` for those leaving, "moved" for the others);
    returns the changes' ids, in order. A fixed number of statements however long the ladder:
    each row's new position is computed by the database (its place less the leavers above it,
    by their positions), and so is its history row, where `positions_write` reads every player
    and sends each moved row back (0.9 s for a ladder of 5,000 losing 7 near its top). The
    moved rows first take their new position negated, so the unique (ladder, position)
    constraint holds after every statement. The caller holds the ladder lock."""
    placed = LadderEntry.objects.filter(ladder=ladder, position__isnull=False)
    leaving = placed.filter(user_id__in=gone)
    out = sorted(leaving.values_list("position", flat=True))
    if not out:
        return []
    # The leavers above a row, by the last leaver's position above it: a WHEN per leaver
    # (compared in the row, where a count of them would read the index once per row).
    shift = Case(
        *(When(position__gt=at, then=Value(n)) for n, at in reversed(list(enumerate(out, 1)))),
        default=Value(0),
    )
    leaves = Q(user_id__in=gone)
    changes = rows_insert(
        model=PositionChange,
        values={
            "ladder": F("ladder_id"),
            "user": F("user_id"),
            "position": Case(
                When(leaves, then=Value(None)),
                default=F("position") - shift,
                output_field=IntegerField(),
            ),
            "previous": F("position"),
            "reason": Case(When(leaves, then=Value(reason[:60])), default=Value("moved")),
            "created": Value(now, output_field=DateTimeField()),
        },
        rows=placed.filter(position__gte=out[0]),
    )
    placed.filter(position__gt=out[0]).exclude(leaves).update(position=shift - F("position"))
    leaving.update(position=None)
    LadderEntry.objects.filter(ladder=ladder, position__lt=0).update(position=-F("position"))
    return sorted(changes)
