"""The dataset's notices and messages: notifications, and private threads with their members
and messages."""

from __future__ import annotations

import datetime as dt

from bench.dataset.base import HEAVY, NOW, BuilderBase, _copy, _template


class NoticeSteps(BuilderBase):
    def notifications(self, cursor) -> int:
        from messaging.models import Notification

        n, users, games = (
            self.counts["notifications"],
            self.counts["users"],
            self.counts["finished"],
        )
        rng = self._rng("notifications")
        every = self.counts["heavy_notice_every"]
        template = _template(
            Notification(user_id=1, event="your_turn", key="k", text="t", url="/", created=NOW)
        )
        events = ("your_turn", "game_over", "challenge", "timeout_warning", "chat")

        def rows():
            for i in range(1, n + 1):
                user = HEAVY if i % every == 0 else rng.randint(2, users)
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
        every = self.counts["heavy_thread_every"]
        pairs = []
        for t in range(1, threads + 1):
            a = HEAVY if (t - 1) % every == 0 else rng.randint(2, users)
            b = rng.randint(2, users)
            pairs.append((a, b if b != a else a + 1))
        thread_template = _template(
            Thread(started_by_id=1, subject="s", created=NOW, last_message=NOW)
        )
        member_template = _template(ThreadMember(thread_id=1, user_id=1, last_message=NOW))
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
                (2 * t - k, t, user, k * (t % 3), start[t - 1] + dt.timedelta(hours=per))
                for t, pair in enumerate(pairs, 1)
                for k, user in enumerate(pair)
            ),
            ("id", "thread_id", "user_id", "unread", "last_message"),
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
