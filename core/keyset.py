"""Keyset pagination: pages of a list kept newest first by (a column, then the primary key),
each page addressed by the key of a row next to it instead of an offset, so the thousandth page
costs what the first costs (an index range read of one page) and nothing counts the whole list.

A page links to the older rows after its last one (`?after=<key>`) and to the newer rows
before its first one (`?before=<key>`); `includes/keyset_pagination.html` draws the links. A key
is "<pk>.<column value>" as the column's field writes it; a key that does not parse is the first
page, so a stale or edited link never fails.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Q, QuerySet


@dataclass(frozen=True)
class KeysetPage:
    """One page: its rows, and the keys of the pages around it (None: no such page)."""

    object_list: list[Any]
    newer: str | None = None
    older: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def __iter__(self):
        return iter(self.object_list)

    def __len__(self) -> int:
        return len(self.object_list)

    @property
    def has_other_pages(self) -> bool:
        return self.newer is not None or self.older is not None


def _value(row: Any, column: str) -> Any:
    """`row`'s `column`, followed through relations ("thread__last_message")."""
    for name in column.split("__"):
        row = getattr(row, name)
    return row


def _field(model: Any, column: str) -> Any:
    """The field `column` names on `model`, followed through relations."""
    *path, last = column.split("__")
    for name in path:
        model = model._meta.get_field(name).related_model
    return model._meta.get_field(last)


def _key(row: Any, column: str) -> str:
    value = _value(row, column)
    text = value.isoformat() if hasattr(value, "isoformat") else str(value)
    return f"{row.pk}.{text}"


def _parse(queryset: QuerySet, column: str, key: str | None) -> tuple[int, Any] | None:
    if not key or "." not in key or len(key) > 80:
        return None
    pk_text, value_text = key.split(".", 1)
    if not (pk_text.isascii() and pk_text.isdigit()) or int(pk_text) >= 2**63:
        return None
    try:
        value = _field(queryset.model, column).to_python(value_text)
        if isinstance(value, dt.datetime) and value.tzinfo is not None:
            value.astimezone(dt.UTC)  # the database compares it in UTC: it must fit there
    except (ValidationError, ValueError, TypeError, OverflowError):
        return None
    if value is None:
        return None
    return int(pk_text), value


def _sorted_rows(querysets, key) -> list:
    rows = [row for queryset in querysets for row in queryset]
    return sorted(rows, key=key)


def keyset_page(
    queryset: QuerySet | tuple[QuerySet, ...],
    *,
    column: str,
    size: int,
    after: str | None,
    before: str | None,
) -> KeysetPage:
    """The page of `queryset` (rows whose `column` is never null; a column of a related row,
    "thread__last_message", is followed), newest first by (`column`, pk): the `size` rows
    older than the row keyed `after`, else the `size` rows newer than the row keyed `before`,
    else the newest `size` rows. Reads at most `size` + 1 rows, by the
    index on `column` when there is one (the key's column bound is an index condition).

    A tuple of querysets of disjoint rows (a player's games as Black, as White) is one list:
    each is read apart, `size` + 1 rows each, by its own index, and merged here; one query
    with an OR of them could only be read in order by walking an index of every row."""
    querysets = queryset if isinstance(queryset, tuple) else (queryset,)
    model_qs = querysets[0]
    older_than = _parse(model_qs, column, after)
    newer_than = None if older_than else _parse(model_qs, column, before)

    def newest_first(row):
        return (_value(row, column), row.pk)

    if newer_than is not None:
        pk, value = newer_than
        picked = (
            qs.filter(Q(**{f"{column}__gt": value}) | Q(**{column: value, "pk__gt": pk}))
            .filter(**{f"{column}__gte": value})
            .order_by(column, "pk")[: size + 1]
            for qs in querysets
        )
        rows = _sorted_rows(picked, newest_first)[: size + 1]
        more_newer = len(rows) > size
        rows = rows[:size][::-1]
        return KeysetPage(
            object_list=rows,
            newer=_key(rows[0], column) if rows and more_newer else None,
            older=_key(rows[-1], column) if rows else None,
        )
    picked = []
    for qs in querysets:
        ordered = qs.order_by(f"-{column}", "-pk")
        if older_than is not None:
            pk, value = older_than
            ordered = ordered.filter(
                Q(**{f"{column}__lt": value}) | Q(**{column: value, "pk__lt": pk})
            ).filter(**{f"{column}__lte": value})
        picked.append(ordered[: size + 1])
    rows = _sorted_rows(picked, newest_first)[::-1][: size + 1]
    more_older = len(rows) > size
    rows = rows[:size]
    return KeysetPage(
        object_list=rows,
        newer=_key(rows[0], column) if rows and older_than is not None else None,
        older=_key(rows[-1], column) if rows and more_older else None,
    )
