"""The games app's hand-written SQL: only the reads a bench showed the ORM too costly for, each
written once, with table and column names from the models' `_meta` (never literals), each
checked against the ORM's answer in tests/games/test_sql.py.

The status page draws these on every change to a player's games (bench/games_pages.py, "status,
30+30, drawn"): built and compiled by the ORM, the running games, the page of finished games
and the open challenges cost 0.4 to 0.75 ms more CPU each than these, about 15% of the page
together (issue 35); the players of those lists are read by the ORM (0.17 ms more: noise).
The API's lists of games and challenges run the same statements."""

from __future__ import annotations

import functools

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model

from games.models import Challenge, Game


def _names(model: type[Model], *fields: str) -> tuple[str, ...]:
    """The quoted table of `model`, then the quoted columns of `fields`."""
    quote = connections[DEFAULT_DB_ALIAS].ops.quote_name
    meta = model._meta
    return quote(meta.db_table), *(quote(meta.get_field(name).column) for name in fields)


@functools.cache
def running_sql(vendor: str) -> str:
    """A player's running games, every column, unordered (the caller sorts the few rows).
    Parameters: the player's id twice, the playing status."""
    table, black, white, status = _names(Game, "black", "white", "status")
    return (
        f"SELECT * FROM {table}"  # noqa: S608 - names from the model
        f" WHERE ({black} = %s OR {white} = %s) AND {status} = %s"
    )


@functools.cache
def finished_page_sql(vendor: str) -> str:
    """A slice of a player's finished games, most recent first, every column, each row with the
    count of all of them as "listed_count". Parameters: the player's id twice, the finished
    status, the slice's size and start."""
    table, pk, black, white, status, finished = _names(
        Game, "id", "black", "white", "status", "finished"
    )
    return (
        f"SELECT *, COUNT(*) OVER () AS listed_count FROM {table}"  # noqa: S608 - names from the model
        f" WHERE ({black} = %s OR {white} = %s) AND {status} = %s"
        f" ORDER BY {finished} DESC, {pk} DESC LIMIT %s OFFSET %s"
    )


@functools.cache
def challenges_open_sql(vendor: str) -> str:
    """A player's open challenges, received and sent, every column, unordered. Parameters: the
    player's id twice, the open status, the moment (prepared for the database) they must expire
    after."""
    table, recipient, creator, status, expires = _names(
        Challenge, "recipient", "creator", "status", "expires"
    )
    return (
        f"SELECT * FROM {table}"  # noqa: S608 - names from the model
        f" WHERE ({recipient} = %s OR {creator} = %s) AND {status} = %s AND {expires} > %s"
    )
