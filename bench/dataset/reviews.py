"""The dataset's reviews: one game tree per board, each review of a random finished game."""

from __future__ import annotations

import datetime as dt

from bench.dataset.base import BOARDS, HEAVY, NOW, BuilderBase, _copy, _template, board_of


class ReviewSteps(BuilderBase):
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
                data, nodes, key = trees[board_of(game)]
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
