"""A big site in a PostgreSQL database, for bench/pages_at_scale.py: players, finished and
running games with real-looking move lists on every board, notifications, private messages,
ladders, tournaments, reviews, and the heavy players whose pages grow most.

Run: nice .venv/bin/python bench/dataset.py --database-url URL [--scale 1.0] [--seed 43]

At --scale 1: 100,000 players, 1,000,000 finished games, 100,000 running games (deadlines spread
over the next two weeks), 10,000,000 notifications, 1,000,000 private messages in 100,000
threads, ladders of 5,000 and 500 players, a running 1,000-player McMahon, 200 finished
tournaments, 50,000 reviews. Whatever the scale, player 1 ("heavy") has 10,000 finished games
(every one rated, so their rating graph has 10,000 points) and player 2 ("busy") 300 running
games; the ladders and the McMahon keep their sizes (they are what the pages show).

Rows go in with COPY (psycopg's `cursor.copy`, rows adapted in C), ids chosen here, one table
per transaction with a mark in `bench_dataset_done`: a run stopped half-way starts again at the
first table not marked. Every column not set here holds the model's default (taken from an
unsaved model instance, so a new column with a default needs nothing here).

Move lists: a pool of games per board is played once with random legal moves (the rules
library, a few seconds), then every game takes one of them cut at a random length and, on
square boards, turned by one of the board's eight symmetries; nothing replays 1M games.
The database is migrated first. Prints each table's rows and seconds, the total time and the
database's size.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BOARDS = (("square", 19), ("square", 13), ("square", 9), ("hex", 6), ("hex", 8), ("hex", 12))
BOARD_WEIGHTS = (50, 12, 18, 6, 6, 8)
HEAVY, BUSY = 1, 2  # user ids
HEAVY_FINISHED, BUSY_RUNNING = 10_000, 300
LADDER_SIZES = (5_000, 500)
MCMAHON_PLAYERS = 1_000
POOL_PER_BOARD = 16
# Times are laid out around the hour the build starts, so running games' deadlines are in the
# coming two weeks whenever the bench runs after it (within days).
NOW = dt.datetime.now(dt.UTC).replace(minute=0, second=0, microsecond=0)


def _counts(scale: float) -> dict[str, int]:
    """Rows per kind at `scale`; scale 0 is the "empty" site of a few rows of each kind (the
    heavy player with 5 games, the busy one with 3, ladders of 10 and 5, a McMahon of 10)."""
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
    )
    return counts


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
    """Column -> database value of an unsaved model instance (its defaults), for COPY."""
    from django.db import connection

    values = {}
    for field in instance._meta.concrete_fields:
        if field.primary_key and getattr(instance, field.attname) is None:
            continue  # the identity column numbers the row
        values[field.column] = field.get_db_prep_save(getattr(instance, field.attname), connection)
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


FINISHED_COLUMNS = (
    *("id", "black_id", "white_id", "status", "moves", "move_number", "to_move", "result"),
    *("end_reason", "created", "last_move_at", "finished", "rated"),
)
CHANGE_COLUMNS = (
    *("user_id", "game_id", "family", "board_size", "score", "rating_before", "rating_after"),
    *("created", "opponent_rating"),
)


def _change_template() -> dict:
    from ladder.ratings.models import RatingChange

    rating = {"rating_before": 1500, "deviation_before": 80, "volatility_before": 0.06}
    after = {"rating_after": 1500, "deviation_after": 80, "volatility_after": 0.06}
    change = RatingChange(
        user_id=1,
        game_id=1,
        family="square",
        board_size=19,
        score=1,
        periods=1,
        opponent_rating=1500,
        opponent_deviation=80,
        created=NOW,
        **rating,
        **after,
    )
    return _template(change)


class Builder:
    """One step per table; each runs in its own transaction and is marked done in it."""

    def __init__(self, *, scale: float, seed: int) -> None:
        self.counts = _counts(scale)
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

    # steps -----------------------------------------------------------------------------
    def users(self, cursor) -> int:
        from accounts.models import User
        from ladder.ratings.models import Rating

        n = self.counts["users"]
        rng = self._rng("users")
        template = _template(User(username="x", email="x@example.org", date_joined=NOW))
        template["password"] = "!"  # noqa: S105  (unusable, as set_unusable_password writes)
        names = {HEAVY: "heavy", BUSY: "busy"}

        def rows():
            for i in range(1, n + 1):
                name = names.get(i, f"player{i}")
                joined = NOW - dt.timedelta(days=rng.uniform(1, 2000))
                seen = NOW - dt.timedelta(hours=rng.uniform(0, 24 * 90))
                yield (i, name, f"{name}@example.org", name.title(), joined, seen)

        done = _copy(
            cursor,
            "accounts_user",
            template,
            rows(),
            ("id", "username", "email", "display_name", "date_joined", "last_seen"),
        )
        rating = _template(
            Rating(user_id=1, family="square", rating=1500, deviation=80, volatility=0.06)
        )

        def ratings():
            for i in range(1, n + 1):
                for family in ("square", "hex") if i % 3 == 0 else ("square",):
                    yield (i, family, rng.gauss(1500, 350), rng.uniform(45, 200), 40, NOW)

        done += _copy(
            cursor,
            "ladder_rating",
            rating,
            ratings(),
            ("user_id", "family", "rating", "deviation", "games", "updated"),
        )
        return done

    def finished_games(self, cursor) -> int:
        n, users = self.counts["finished"], self.counts["users"]
        rng = self._rng("finished")
        templates = self._game_templates()
        change_template = _change_template()
        changes: list[tuple] = []
        heavy_rating = 1500.0
        total = 0
        for board in BOARDS:
            rows = []
            for i in range(1, n + 1):
                if self._board_of(i) != board:
                    continue
                black, white = self._pair(
                    rng, i, users, heavy_first=i <= self.counts["heavy_finished"]
                )
                moves = self._moves(rng, board, finished=True)
                count = len(moves) // 2
                finished = NOW - dt.timedelta(days=2000 * (n - i) / n + rng.uniform(0, 1))
                created = finished - dt.timedelta(days=rng.uniform(10, 120))
                reason = "timeout" if i % 7 == 0 else "resign"
                winner = "B" if rng.random() < 0.5 else "W"
                result = f"{winner}+{'T' if reason == 'timeout' else 'R'}"
                rated = i <= self.counts["heavy_finished"] or i % 3 == 0
                rows.append(
                    (i, black, white, "finished", moves, count, 1 + count % 2, result, reason)
                    + (created, finished, finished, rated)
                )
                if rated:
                    for user, won in (
                        (black, winner == "B"),
                        (white, winner == "W"),
                    ):
                        before = heavy_rating if user == HEAVY else rng.gauss(1500, 300)
                        after = before + (12 if won else -12) * rng.uniform(0.3, 1.5)
                        if user == HEAVY:
                            heavy_rating = after
                        changes.append(
                            (
                                user,
                                i,
                                board[0],
                                board[1],
                                float(won),
                                before,
                                after,
                                finished,
                                rng.gauss(1500, 300),
                            )
                        )
            total += _copy(cursor, "games_game", templates[board], iter(rows), FINISHED_COLUMNS)
        total += _copy(
            cursor, "ladder_ratingchange", change_template, iter(changes), CHANGE_COLUMNS
        )
        return total

    def _board_of(self, i: int):
        # A fixed board per game id (a hash, so every pass over the ids agrees).
        r = (i * 2654435761) % 100
        acc = 0
        for board, weight in zip(BOARDS, BOARD_WEIGHTS, strict=True):
            acc += weight
            if r < acc:
                return board
        return BOARDS[0]

    def _pair(self, rng, i: int, users: int, *, heavy_first: bool, busy: bool = False):
        other = rng.randint(3, users)
        if heavy_first or busy:
            me = HEAVY if heavy_first else BUSY
            return (me, other) if i % 2 else (other, me)
        a = rng.randint(3, users)
        while other == a:
            other = rng.randint(3, users)
        return a, other

    def running_games(self, cursor) -> int:
        n, users = self.counts["running"], self.counts["users"]
        base = self.counts["finished"]
        rng = self._rng("running")
        templates = self._game_templates()
        varying = (
            "id",
            "black_id",
            "white_id",
            "moves",
            "move_number",
            "to_move",
            "created",
            "last_move_at",
            "clock_started",
            "deadline",
            "warn_at",
            "warned_move",
        )
        total = 0
        for board in BOARDS:
            rows = []
            for j in range(1, n + 1):
                i = base + j
                if self._board_of(i) != board:
                    continue
                black, white = self._pair(
                    rng, i, users, heavy_first=False, busy=j <= self.counts["busy_running"]
                )
                moves = self._moves(rng, board, finished=False)
                count = len(moves) // 2
                deadline = NOW + dt.timedelta(seconds=rng.uniform(0, 14 * 86400))
                days = templates[board]["clock_days"]
                last = deadline - dt.timedelta(days=days)
                created = last - dt.timedelta(days=rng.uniform(0, 60))
                warn = deadline - dt.timedelta(days=1)
                # A live site's sweep has already warned the players whose warning time passed.
                # (warn_at cleared, warned_move recorded, as games.services.sweeps does).
                warned = count if warn <= NOW else None
                warn = None if warned is not None else warn
                rows.append(
                    (i, black, white, moves, count, 1 + count % 2, created, last, last, deadline)
                    + (warn, warned)
                )
            total += _copy(cursor, "games_game", templates[board], iter(rows), varying)
        return total

    def notifications(self, cursor) -> int:
        from messaging.models import Notification

        n, users, games = (
            self.counts["notifications"],
            self.counts["users"],
            self.counts["finished"],
        )
        rng = self._rng("notifications")
        template = _template(
            Notification(user_id=1, event="your_turn", key="k", text="t", url="/", created=NOW)
        )
        events = ("your_turn", "game_over", "challenge", "timeout_warning", "chat")

        def rows():
            for i in range(1, n + 1):
                user = HEAVY if i % 500 == 0 else rng.randint(2, users)
                game = rng.randint(1, games)
                event = events[i % 5]
                created = NOW - dt.timedelta(seconds=(n - i) * 60 * 1_000_000 / n)
                yield (
                    i,
                    user,
                    event,
                    f"{event}-{game}-{i}",
                    f"Game {game}: something happened.",
                    f"/games/{game}/",
                    created,
                    i < n - n // 50,
                    "site" if i % 4 else "digest",
                )

        return _copy(
            cursor,
            "messaging_notification",
            template,
            rows(),
            ("id", "user_id", "event", "key", "text", "url", "created", "read", "channel"),
        )

    def messages(self, cursor) -> int:
        from messaging.models import Message, Thread, ThreadMember

        threads, messages, users = (
            self.counts["threads"],
            self.counts["messages"],
            self.counts["users"],
        )
        rng = self._rng("messages")
        per = max(1, messages // threads)
        pairs = []
        for t in range(1, threads + 1):
            a = HEAVY if t % 100 == 1 else rng.randint(2, users)
            b = rng.randint(2, users)
            pairs.append((a, b if b != a else a + 1))
        thread_template = _template(
            Thread(started_by_id=1, subject="s", created=NOW, last_message=NOW)
        )
        member_template = _template(ThreadMember(thread_id=1, user_id=1))
        message_template = _template(Message(thread_id=1, author_id=1, body="b", created=NOW))
        start = [NOW - dt.timedelta(days=rng.uniform(0, 900)) for _ in pairs]
        total = _copy(
            cursor,
            "messaging_thread",
            thread_template,
            (
                (t, a, f"About our game {t}", start[t - 1], start[t - 1] + dt.timedelta(hours=per))
                for t, (a, b) in enumerate(pairs, 1)
            ),
            ("id", "started_by_id", "subject", "created", "last_message"),
        )
        total += _copy(
            cursor,
            "messaging_threadmember",
            member_template,
            (
                (2 * t - k, t, user, k * (t % 3))
                for t, pair in enumerate(pairs, 1)
                for k, user in enumerate(pair)
            ),
            ("id", "thread_id", "user_id", "unread"),
        )

        def rows():
            for m in range(1, threads * per + 1):
                t = (m - 1) // per + 1
                k = (m - 1) % per
                yield (
                    m,
                    t,
                    pairs[t - 1][k % 2],
                    f"Message {k} of thread {t}: good game, thanks.",
                    start[t - 1] + dt.timedelta(hours=k),
                )

        total += _copy(
            cursor,
            "messaging_message",
            message_template,
            rows(),
            ("id", "thread_id", "author_id", "body", "created"),
        )
        return total

    def ladders(self, cursor) -> int:
        from games.game_settings import GameSettings
        from ladder.ladders.models import Ladder, LadderEntry

        total = 0
        users = self.counts["users"]
        rng = self._rng("ladders")
        for number, size in enumerate(self.counts["ladders"], 1):
            ladder = _template(
                Ladder(
                    name=f"Ladder of {size}",
                    slug=f"ladder-{size}",
                    created=NOW,
                    **GameSettings(board_kind="square", board_size=19).columns(),
                )
            )
            ladder["id"] = number
            total += _copy(cursor, "ladder_ladder", ladder, iter([()]), ())
            entry = _template(LadderEntry(ladder_id=number, user_id=1, joined=NOW, last_active=NOW))
            members = rng.sample(range(3, users + 1), size - 1) + [HEAVY]
            total += _copy(
                cursor,
                "ladder_ladderentry",
                entry,
                (
                    (
                        number * 100_000 + p,
                        number,
                        user,
                        p,
                        NOW - dt.timedelta(days=rng.uniform(0, 30)),
                    )
                    for p, user in enumerate(members, 1)
                ),
                ("id", "ladder_id", "user_id", "position", "last_active"),
            )
        return total

    def tournaments(self, cursor) -> int:
        from games.game_settings import GameSettings
        from ladder.tournaments.models import Tournament, TournamentPairing, TournamentPlayer

        users = self.counts["users"]
        rng = self._rng("tournaments")
        settings = GameSettings(board_kind="square", board_size=19).columns()
        player = _template(TournamentPlayer(tournament_id=1, user_id=1, joined=NOW))
        pairing = _template(TournamentPairing(tournament_id=1, round=1, black_id=1, created=NOW))
        running_base = self.counts["finished"]
        total = 0
        players: list[tuple] = []
        pairings: list[tuple] = []
        tours = self.counts["tournaments"] + 1
        for t in range(1, tours + 1):
            mcmahon = t == 1
            size = self.counts["mcmahon"] if mcmahon else 16
            rounds = 5 if mcmahon else 4
            row = _template(
                Tournament(
                    name="McMahon of a thousand" if mcmahon else f"Cup {t}",
                    format="mcmahon" if mcmahon else "swiss",
                    status="running" if mcmahon else "finished",
                    rounds=rounds,
                    current_round=3 if mcmahon else rounds,
                    player_limit=size,
                    mcmahon_bar="1d" if mcmahon else "",
                    mcmahon_floor="20k" if mcmahon else "",
                    organiser_id=3,
                    created=NOW - dt.timedelta(days=30 + t),
                    started=NOW - dt.timedelta(days=20 + t),
                    finished=None if mcmahon else NOW - dt.timedelta(days=t),
                    **settings,
                )
            )
            row["id"] = t
            total += _copy(cursor, "ladder_tournament", row, iter([()]), ())
            members = rng.sample(range(3, users + 1), size - 1) + [HEAVY]
            for seed, user in enumerate(members, 1):
                players.append(
                    (
                        len(players) + 1,
                        t,
                        user,
                        seed,
                        rng.gauss(1500, 300),
                        f"{rng.randint(1, 25)}k",
                        rng.randint(-8, 0),
                    )
                )
            played = 3 if mcmahon else rounds
            for rnd in range(1, played + 1):
                order = members[:]
                rng.shuffle(order)
                for board in range(size // 2):
                    black, white = order[2 * board], order[2 * board + 1]
                    current = mcmahon and rnd == played
                    game = (
                        running_base + self.counts["busy_running"] + 1 + board if current else None
                    )
                    outcome = "" if current else rng.choice(("black", "white"))
                    pairings.append(
                        (len(pairings) + 1, t, rnd, board + 1, black, white, game, outcome)
                    )
        total += _copy(
            cursor,
            "ladder_tournamentplayer",
            player,
            iter(players),
            ("id", "tournament_id", "user_id", "seed", "rating", "rank", "start_score"),
        )
        total += _copy(
            cursor,
            "ladder_tournamentpairing",
            pairing,
            iter(pairings),
            ("id", "tournament_id", "round", "board", "black_id", "white_id", "game_id", "outcome"),
        )
        return total

    def reviews(self, cursor) -> int:
        from psycopg.types.json import Jsonb

        from games.game_settings import GameSettings
        from games.models import Game
        from games.reviews.models import Review
        from games.reviews.services import _game_tree, board_key

        n, games = self.counts["reviews"], self.counts["finished"]
        rng = self._rng("reviews")
        trees = {}
        for board in BOARDS:
            moves = self._moves(rng, board, finished=True)
            game = Game(
                moves=moves,
                move_number=len(moves) // 2,
                created=NOW,
                status="finished",
                **GameSettings(board_kind=board[0], board_size=board[1]).columns(),
            )
            tree = _game_tree(game)
            trees[board] = (tree.to_data(), len(tree), board_key(tree.topology))
        template = _template(Review(owner_id=1, title="t", tree={}, created=NOW, updated=NOW))
        template.pop("token")

        def rows():
            for r in range(1, n + 1):
                game = rng.randint(1, games)
                data, nodes, key = trees[self._board_of(game)]
                public = r % 3 != 0
                made = NOW - dt.timedelta(days=900 * (n - r) / n)
                yield (
                    r,
                    f"bench{r:019d}",
                    rng.randint(2, self.counts["users"]) if r % 50 else HEAVY,
                    game,
                    f"Review of game {game}",
                    Jsonb(data),
                    nodes,
                    key,
                    "public" if public else "private",
                    made,
                    made,
                    made if public else None,
                )

        return _copy(
            cursor,
            "games_review",
            template,
            rows(),
            (
                "id",
                "token",
                "owner_id",
                "game_id",
                "title",
                "tree",
                "nodes",
                "board",
                "visibility",
                "created",
                "updated",
                "published",
            ),
        )

    STEPS = (
        "users",
        "finished_games",
        "running_games",
        "ladders",
        "tournaments",
        "messages",
        "reviews",
        "notifications",
    )


def _sequences_reset(cursor) -> None:
    cursor.execute(
        """SELECT table_name, column_name FROM information_schema.columns
           WHERE table_schema = 'public' AND is_identity = 'YES'"""
    )
    for table, column in cursor.fetchall():
        statement = (
            f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "  # noqa: S608
            f"GREATEST((SELECT max({column}) FROM {table}), 1))"
        )
        cursor.execute(statement)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=43)
    args = parser.parse_args()
    os.environ["DATABASE_URL"] = args.database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baduxsite.settings.dev")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    with connection.cursor() as c:
        c.execute(
            "CREATE TABLE IF NOT EXISTS bench_dataset_done"
            " (step text PRIMARY KEY, rows bigint, seconds float, scale float)"
        )
        c.execute("SELECT step FROM bench_dataset_done")
        done = {row[0] for row in c.fetchall()}
    builder = Builder(scale=args.scale, seed=args.seed)
    print(
        f"pool played in {time.perf_counter() - started:.1f} s; counts {builder.counts}", flush=True
    )
    raw = connection.connection  # psycopg's connection under Django's
    for step in Builder.STEPS:
        if step in done:
            print(f"{step}: already done", flush=True)
            continue
        t0 = time.perf_counter()
        with raw.transaction(), raw.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit = off")
            # No foreign-key triggers: the rows are consistent by construction, and checking
            # ten million deferred references at COMMIT takes longer than writing them.
            cursor.execute("SET LOCAL session_replication_role = replica")
            rows = getattr(builder, step)(cursor)
            seconds = time.perf_counter() - t0
            cursor.execute(
                "INSERT INTO bench_dataset_done VALUES (%s, %s, %s, %s)",
                (step, rows, seconds, args.scale),
            )
        print(f"{step}: {rows:,} rows in {seconds:.0f} s", flush=True)
    with raw.transaction(), raw.cursor() as cursor:
        _sequences_reset(cursor)
    raw.autocommit = True
    with raw.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
        cursor.execute("SELECT pg_size_pretty(pg_database_size(current_database()))")
        size = cursor.fetchone()[0]
    print(f"total {time.perf_counter() - started:.0f} s; database size {size}", flush=True)


if __name__ == "__main__":
    main()
