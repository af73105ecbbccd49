"""The dataset's players: every user, and their ratings (one family, or both for a third)."""

from __future__ import annotations

import datetime as dt

from bench.dataset.base import BUSY, HEAVY, NOW, BuilderBase, _copy, _template


class PlayerSteps(BuilderBase):
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
