"""Fixtures of the players' data tests: archives written under a temporary folder, the game
factory of tests/games, and a player with games, messages, notes, reviews and notices."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest

from games.reviews.models import GameNote
from messaging.messages.services import message_send, thread_start
from messaging.notifications.services import notify
from tests.games.conftest import game_factory  # noqa: F401 (a fixture)

NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)


@pytest.fixture(autouse=True)
def export_dir(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    return tmp_path / "exports"


@pytest.fixture
def history(user_factory, game_factory) -> Callable[..., dict]:  # noqa: F811 (the fixture above)
    """`history(player, games=n)`: n games of `player` (Black in even ones) against a few
    opponents, a message thread with each opponent both ways, a note on the first game and a
    notice. Returns what was made: {"games": [...], "messages": [...], "opponents": [...]}."""

    def make(player, *, games: int = 3, moves: tuple[str, ...] = ("D4", "E5")) -> dict:
        opponents = [user_factory() for _ in range(min(games, 4) or 1)]
        made = []
        for i in range(games):
            other = opponents[i % len(opponents)]
            black, white = (player, other) if i % 2 == 0 else (other, player)
            made.append(game_factory(black=black, white=white, moves=moves))
        messages = []
        for other in opponents:
            thread = thread_start(
                sender=player, recipient=other, subject=f"Hi {other}", body="Good game?", now=NOW
            )
            messages += list(thread.messages.all())
            messages.append(
                message_send(thread_id=thread.pk, sender=other, body="Yes, thanks!", now=NOW)
            )
        if made:
            GameNote.objects.create(game=made[0], author=player, text="My plan", updated=NOW)
        notify(user=player, event="game_over", key="test:1", text="A game ended", url="/", now=NOW)
        return {"games": made, "messages": messages, "opponents": opponents}

    return make
