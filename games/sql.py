"""What the games app reads and writes by statements written once, declared with core.sql's
builders (the SQL itself is written there, from the models' `_meta`); tests/games/test_sql.py
and test_sql_status.py compare each answer with the ORM's for the same read or write, on SQLite
and PostgreSQL.

* The game row read and update that every move and game page runs. Built and compiled by the
  ORM at each request they cost more CPU than the database took to run them (issue 27), and
  run through core.sql.statement_cursor PostgreSQL prepares them once per connection (a move's
  statements: 1.25 ms as text, 0.71 ms prepared). bench/http_load.py (board and move phases)
  is what keeps each one here.
* The status page's reads, run on every change to a player's games (bench/games_pages.py,
  "status, 30+30, drawn"): built by the ORM, the running games, the page of finished games and
  the open challenges cost 0.4 to 0.75 ms more CPU each than these, about 15% of the page
  together (issue 35); the players of those lists are read by the ORM (0.17 ms more: noise).
  The API's lists of games and challenges run the same statements.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.db import connection

from core.sql import EitherPage, EitherSelect, Exists, JoinedRow, Total, Totals, row_update
from games.models import Challenge, ConditionalMoves, Game, GameChat, Vacation
from games.reviews.models import GameNote
from games.watching.models import GameWatch, Kibitz, KibitzHidden
from rules import BLACK, WHITE

_PLAYERS = ("black", "white")
_AWAY = (("started", "lte"), ("until", "gt"))
# The game row with its players, and the named EXISTS columns a read may add.
ROWS = {
    None: JoinedRow(Game, related=_PLAYERS),
    # A turn (games.services.locking.game_lock_for_turn): does anyone have conditional moves
    # in the game; is each player on vacation at `now` (parameters: now, now for each).
    "turn": JoinedRow(
        Game,
        related=_PLAYERS,
        exists=(
            Exists("conditional_any", ConditionalMoves, "game"),
            Exists("black_away", Vacation, "user", to="black", where=_AWAY),
            Exists("white_away", Vacation, "user", to="white", where=_AWAY),
            # Does anyone watch the game (games.watching): no watchers, no outbox row for them.
            Exists("watch_any", GameWatch, "game"),
        ),
    ),
    # The game page (games.selectors.play.game_page_get): is there any chat; has the viewer
    # notes on the game (parameter: the viewer's id, None for none); any spectators' comments,
    # any watcher, does the viewer watch it (parameter: the viewer's id again); does each
    # player hide spectators' comments while they play (games.watching).
    "page": JoinedRow(
        Game,
        related=_PLAYERS,
        exists=(
            Exists("chat_any", GameChat, "game"),
            Exists("note_any", GameNote, "game", where=(("author", "exact"),)),
            Exists("kibitz_any", Kibitz, "game"),
            Exists("watch_any", GameWatch, "game"),
            Exists("watch_mine", GameWatch, "game", where=(("user", "exact"),)),
            Exists("black_hides_kibitz", KibitzHidden, "user", to="black"),
            Exists("white_hides_kibitz", KibitzHidden, "user", to="white"),
        ),
    ),
}

# The status page's lists (and the API's): a player's running games; a slice of their finished
# games, most recent first, read by the indexes game_black_finished and game_white_finished
# (games.models), with the count of all as `listed_count`; their open challenges, received and
# sent, expiring after a moment.
RUNNING = EitherSelect(Game, either=_PLAYERS, where=(("status", "exact"),))
FINISHED = EitherPage(
    Game,
    either=_PLAYERS,
    where=(("status", "exact"),),
    order=("-finished", "-id"),
    count_as="listed_count",
)
# The home page's counts of a player's games (games.selectors.records.player_games_count): as
# Black, then as White (a game has two different players: games.services.play.game_start);
# running, with their turn (not adjourned; to_move written in the text), finished. Each by
# the (player, status) indexes: an OR of the colours with a FILTER per count read every game
# of the player from the table (45 ms for 10,000 finished games, bench/pages_at_scale.py
# "home, heavy"); a count of one colour and status is an index-only scan. Parameters: user,
# status for each.
_TURN = (("adjourned", "isnull", True),)
PLAYER_GAME_COUNTS = Totals(
    (
        Total(Game, where=(("black", "exact"), ("status", "exact"))),
        Total(Game, where=(("white", "exact"), ("status", "exact"))),
        Total(
            Game,
            where=(("black", "exact"), ("status", "exact"), *_TURN, ("to_move", "exact", BLACK)),
        ),
        Total(
            Game,
            where=(
                ("white", "exact"),
                ("status", "exact"),
                *_TURN,
                ("to_move", "exact", WHITE),
            ),
        ),
        Total(Game, where=(("black", "exact"), ("status", "exact"))),
        Total(Game, where=(("white", "exact"), ("status", "exact"))),
    )
)
OPEN_CHALLENGES = EitherSelect(
    Challenge, either=("recipient", "creator"), where=(("status", "exact"), ("expires", "gt"))
)


def game_row_select(
    *, game_id: int, lock: bool, extras: str | None = None, params: Sequence[object] = ()
) -> Game | None:
    """The game `game_id` joined with its two players (the game row locked with `lock`), or
    None: `Game.objects.select_related("black", "white")`'s instances (core.sql.JoinedRow).
    `extras` names an entry of ROWS, whose EXISTS columns are set on the game as bools;
    `params` are their values, in order. The caller checks the id's range and the transaction
    (games.selectors.game_row)."""
    return ROWS[extras].select(pk=game_id, lock=lock, params=params)


def game_row_update(*, game: Game, attnames: tuple[str, ...]) -> bool:
    """UPDATE the columns `attnames` of `game`'s row to the instance's values (core.sql.row_update);
    True when the row was there. No signal is sent (games.services.locking.game_locked_save does
    what the receivers would)."""
    return row_update(instance=game, attnames=attnames)


def running_games(*, user_id: int, status: str) -> list[Game]:
    """The player's games in `status` (the running ones), unordered."""
    return RUNNING.rows(value=user_id, params=[status])


def finished_games_page(*, user_id: int, status: str, size: int, start: int) -> list[Game]:
    """`size` of the player's games in `status` (the finished ones) from index `start`, most
    recent first, each with its `listed_count`."""
    return FINISHED.rows(value=user_id, size=size, start=start, params=[status])


def open_challenges(*, user_id: int, status: str, after: dt.datetime) -> list[Challenge]:
    """The player's challenges in `status` (the open ones), received and sent, expiring after
    `after`, unordered."""
    expires = Challenge._meta.get_field("expires").get_db_prep_value(after, connection)
    return OPEN_CHALLENGES.rows(value=user_id, params=[status, expires])


def player_game_counts(*, user_id: int, running: str, finished: str) -> tuple[int, int, int]:
    """How many games the player has in status `running`, with their turn among those, and
    in status `finished`."""
    params = [user_id, running] * 4 + [user_id, finished] * 2
    counts = PLAYER_GAME_COUNTS.select(params=params)
    return counts[0] + counts[1], counts[2] + counts[3], counts[4] + counts[5]
