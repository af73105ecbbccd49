"""Bots in the site: engines small enough for fast, repeatable tests, and fake GTP programs."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from games.bots.engines import engine_get
from games.bots.services import bot_account_for

FAKE = str(Path(__file__).with_name("fake_gtp.py"))
FAKE_MODES = ("good", "hang", "slow", "garbage", "illegal", "crash")


def _fake(mode: str) -> dict:
    return {
        "name": f"Fake {mode}",
        "strength": mode,
        "kind": "gtp",
        "boards": ["square 9"],
        "command": [sys.executable, FAKE, mode],
    }


@pytest.fixture(autouse=True)
def bot_engines(settings):
    """Our engine with a tiny budget on 9×9 and hex 6, and one fake GTP program per way of
    failing (and one that plays); two tries of a move, each with time to spare on a busy
    machine (the tests of an engine that hangs or is slow shorten it)."""
    settings.BOT_ENGINES = {
        "tiny": {
            "name": "Tiny bot",
            "strength": "easy",
            "kind": "mcts",
            "budget": "easy",
            "playouts": 8,
            "boards": ["square 9", "hex 6"],
        },
        **{f"fake-{mode}": _fake(mode) for mode in FAKE_MODES},
        "missing": {**_fake("good"), "command": ["/nonexistent/engine"], "name": "Missing"},
    }
    settings.BOT_MOVE_SECONDS = 20
    settings.BOT_MOVE_TRIES = 2
    settings.ADMINS = [("Staff", "staff@example.org")]
    return settings.BOT_ENGINES


@pytest.fixture
def bot_factory(db):
    """The bot account of an engine key of `bot_engines`."""

    def create(key: str = "tiny"):
        return bot_account_for(engine=engine_get(key=key))

    return create
