"""The dataset's shared parts: the sizes at a scale, the move pool every game's moves are cut
from, the COPY of rows over a model's defaults, and `BuilderBase`, the state and helpers every
step uses (bench/dataset/__init__.py says what the dataset is)."""

from __future__ import annotations

import datetime as dt
import random

BOARDS = (("square", 19), ("square", 13), ("square", 9), ("hex", 6), ("hex", 8), ("hex", 12))
BOARD_WEIGHTS = (50, 12, 18, 6, 6, 8)
HEAVY, BUSY = 1, 2  # user ids
HEAVY_FINISHED, BUSY_RUNNING = 10_000, 300
HEAVY_FULL_FINISHED = 1_000  # the pages-full site's heavy: 799 rated Go games (_pages_full_counts)
LADDER_SIZES = (5_000, 500)
MCMAHON_PLAYERS = 1_000
POOL_PER_BOARD = 16
# Times are laid out around the hour the build starts, so running games' deadlines are in the
# coming two weeks whenever the bench runs after it (within days).
NOW = dt.datetime.now(dt.UTC).replace(minute=0, second=0, microsecond=0)


def _counts(scale: float, *, pages_full: bool = False) -> dict[str, int]:
    """Rows per kind at `scale`. Scale 0 is the "empty" site of a few rows of each kind (the
    heavy player with 5 games, the busy one with 3, ladders of 10 and 5, a McMahon of 10);
    with `pages_full` (scale 0 only) it is the small site whose every page the bench opens is
    full (`_pages_full_counts`). `heavy_thread_every` and `heavy_notice_every`: heavy starts
    every n-th thread and gets every n-th notification."""
    if pages_full:
        if scale != 0:
            raise ValueError("pages_full is a preset of scale 0")
        return _pages_full_counts()
    if scale == 0:
        return {
            "users": 40,
            "finished": 20,
            "running": 10,
            "notifications": 40,
            "threads": 5,
            "messages": 10,
            "tournaments": 2,
            "reviews": 5,
            "heavy_finished": 5,
            "busy_running": 3,
            "ladders": (10, 5),
            "mcmahon": 10,
            "heavy_thread_every": 100,
            "heavy_notice_every": 500,
        }
    full = {
        "users": 100_000,
        "finished": 1_000_000,
        "running": 100_000,
        "notifications": 10_000_000,
        "threads": 100_000,
        "messages": 1_000_000,
        "tournaments": 200,
        "reviews": 50_000,
    }
    counts = {name: max(1, int(value * scale)) for name, value in full.items()}
    counts["users"] = max(counts["users"], MCMAHON_PLAYERS + 2_000, LADDER_SIZES[0] + 10)
    counts["finished"] = max(counts["finished"], HEAVY_FINISHED * 2)
    counts["running"] = max(counts["running"], BUSY_RUNNING + MCMAHON_PLAYERS)
    counts.update(
        heavy_finished=HEAVY_FINISHED,
        busy_running=BUSY_RUNNING,
        ladders=LADDER_SIZES,
        mcmahon=MCMAHON_PLAYERS,
        heavy_thread_every=100,
        heavy_notice_every=500,
    )
    return counts


def _pages_full_counts() -> dict[str, int]:
    """The scale-0 site whose every page bench/pages_at_scale.py opens shows as many rows as at
    scale 1, and whose paginated pages have a full last page after the first: a few thousand
    rows of each kind, so that a page's time at scale 1 over its time here is what the bigger
    tables cost, not the fuller page.

    Heavy: HEAVY_FULL_FINISHED games, every one rated, of which 799 are Go games (the boards
    are a hash of the id), so the rating graph draws its GRAPH_POINTS (400) points spread
    over them (every second game; 8,000 at scale 1, every 20th) and its table its latest 100;
    history, status and the API's games are pages of 20. Busy: BUSY_RUNNING (300) running
    games, ten status pages of 30. The ladders and the McMahon keep their scale-1 sizes: the
    API's ladder and tournament without `page` are the whole table (5,000 positions, 1,000
    standings lines and the McMahon's 1,500 pairings), the pages 100 positions and 50 lines
    (and their pairings); so at least 5,010 players. 60 finished cups (the list shows 50);
    heavy in 60 of 120 threads of 10 messages (inbox pages of 25, a thread's page of 50),
    with 100 of 400 notifications (pages of 25; the API's of 20); 90 reviews, 60 public
    (pages of 20). Running games: busy's, the McMahon's current round (500), 200 more."""
    return {
        "users": LADDER_SIZES[0] + 100,
        "finished": 2 * HEAVY_FULL_FINISHED,
        "running": BUSY_RUNNING + MCMAHON_PLAYERS // 2 + 200,
        "notifications": 400,
        "threads": 120,
        "messages": 1_200,
        "tournaments": 60,
        "reviews": 90,
        "heavy_finished": HEAVY_FULL_FINISHED,
        "busy_running": BUSY_RUNNING,
        "ladders": LADDER_SIZES,
        "mcmahon": MCMAHON_PLAYERS,
        "heavy_thread_every": 2,
        "heavy_notice_every": 4,
    }


def board_of(i: int) -> tuple[str, int]:
    """The board of game `i`: fixed by a hash of the id, so every pass over the ids agrees
    (BOARD_WEIGHTS in every hundred ids)."""
    r = (i * 2654435761) % 100
    acc = 0
    for board, weight in zip(BOARDS, BOARD_WEIGHTS, strict=True):
        acc += weight
        if r < acc:
            return board
    return BOARDS[0]


# The move pool -----------------------------------------------------------------------------


def _play_pool(rng: random.Random) -> dict[tuple[str, int], list[list[str]]]:
    """For each board, POOL_PER_BOARD games of random legal moves (no filling of one's own
    one-point eyes, so they look played), each as its list of SGF codes."""
    import rules

    pool = {}
    for kind, size in BOARDS:
        topology = rules.topology_for(kind, size)
        ruleset = rules.preset(rules.default_preset_key(topology), topology)
        points = len(list(topology.points()))
        games = []
        for _ in range(POOL_PER_BOARD):
            state = rules.Game.new(topology, ruleset)
            codes: list[str] = []
            for _turn in range(int(points * rng.uniform(0.45, 0.75))):
                legal = state.legal_points()
                if not legal:
                    break
                point = rng.choice(legal)
                state.play(point)
                codes.append(topology.sgf(point))
            games.append(codes)
        pool[(kind, size)] = games
    return pool


_SQUARE_TURNS = (
    lambda x, y, n: (x, y),
    lambda x, y, n: (n - 1 - x, y),
    lambda x, y, n: (x, n - 1 - y),
    lambda x, y, n: (n - 1 - x, n - 1 - y),
    lambda x, y, n: (y, x),
    lambda x, y, n: (n - 1 - y, x),
    lambda x, y, n: (y, n - 1 - x),
    lambda x, y, n: (n - 1 - y, n - 1 - x),
)
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _variants(pool: dict, rng: random.Random) -> dict[tuple[str, int], list[str]]:
    """Every pool game under each symmetry of its board (square boards: 8, hex: 1), as stored
    move strings; callers cut them at a random even length."""
    out = {}
    for (kind, size), games in pool.items():
        strings = []
        for codes in games:
            turns = _SQUARE_TURNS if kind == "square" else _SQUARE_TURNS[:1]
            for turn in turns:
                moved = []
                for code in codes:
                    if kind == "square":
                        x, y = turn(_LETTERS.index(code[0]), _LETTERS.index(code[1]), size)
                        moved.append(_LETTERS[x] + _LETTERS[y])
                    else:
                        moved.append(code)
                strings.append("".join(moved))
        out[(kind, size)] = strings
    return out


# Rows --------------------------------------------------------------------------------------


def _template(instance) -> dict:
    """Column -> database value of an unsaved model instance (its defaults), for COPY; a
    column with a `db_default` is left out (the database fills it)."""
    from django.db import connection
    from django.db.models.expressions import DatabaseDefault

    values = {}
    for field in instance._meta.concrete_fields:
        value = getattr(instance, field.attname)
        if field.primary_key and value is None:
            continue  # the identity column numbers the row
        if isinstance(value, DatabaseDefault):
            continue  # a db_default: left out of the COPY, the database writes it
        values[field.column] = field.get_db_prep_save(value, connection)
    return values


def _copy(cursor, table: str, template: dict, rows, varying: tuple[str, ...]) -> int:
    """COPY `rows` (tuples of the `varying` columns' values) into `table`, every other column
    taken from `template`. Returns the number of rows."""
    constant = [name for name in template if name not in varying]
    tail = tuple(template[name] for name in constant)
    columns = ", ".join(f'"{name}"' for name in (*varying, *constant))
    count = 0
    with cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row + tail)
            count += 1
    return count


class BuilderBase:
    """What every step uses: the sizes, the seed, the move variants, and the helpers of
    games' rows. The steps (one per table, each a method of a subclass) run in their own
    transaction, marked done in it (bench/dataset/__main__.py)."""

    def __init__(self, *, scale: float, seed: int, pages_full: bool = False) -> None:
        self.counts = _counts(scale, pages_full=pages_full)
        self.seed = seed
        self.rng = random.Random(seed)  # noqa: S311  (bench data, not secrets)
        self.variants = _variants(_play_pool(random.Random(seed)), self.rng)  # noqa: S311
        self.finished_ids: list[int] = []

    # helpers ---------------------------------------------------------------------------
    def _rng(self, step: str) -> random.Random:
        return random.Random(f"{self.seed}-{step}")  # noqa: S311

    def _board(self, rng: random.Random) -> tuple[str, int]:
        return rng.choices(BOARDS, weights=BOARD_WEIGHTS)[0]

    def _moves(self, rng: random.Random, board, *, finished: bool) -> str:
        full = rng.choice(self.variants[board])
        moves = len(full) // 2
        keep = rng.randint(max(1, moves // 2), moves) if finished else rng.randint(0, moves)
        return full[: keep * 2]

    def _game_templates(self) -> dict:
        from games.game_settings import GameSettings
        from games.models import Game

        out = {}
        for kind, size in BOARDS:
            columns = GameSettings(board_kind=kind, board_size=size).columns()
            out[(kind, size)] = _template(Game(created=NOW, black_id=1, white_id=2, **columns))
        return out

    def _pair(self, rng, i: int, users: int, *, heavy_first: bool, busy: bool = False):
        other = rng.randint(3, users)
        if heavy_first or busy:
            me = HEAVY if heavy_first else BUSY
            return (me, other) if i % 2 else (other, me)
        a = rng.randint(3, users)
        while other == a:
            other = rng.randint(3, users)
        return a, other
