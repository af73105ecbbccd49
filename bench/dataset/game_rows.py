"""The dataset's games: the finished ones (the heavy player's 10,000 among them) with the rating
changes of the rated ones, and the running ones (the busy player's 300 among them)."""

from __future__ import annotations

import datetime as dt

from bench.dataset.base import BOARDS, HEAVY, NOW, BuilderBase, _copy, _template, board_of

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


class GameSteps(BuilderBase):
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
                if board_of(i) != board:
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
                if board_of(i) != board:
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
