"""scripts/gtp_bridge.py plays a GTP engine through the public API (issue 25): it accepts the
challenges its engine can play, declines the others, and moves in its games; a failing engine
sends nothing."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from django.utils import timezone

from accounts.api.tokens import api_token_create
from games.game_settings import GameSettings
from games.models import Challenge, ChallengeStatus, Game
from games.services.challenges import challenge_create

ROOT = Path(__file__).resolve().parents[2]
FAKE = str(ROOT / "tests" / "games" / "bots" / "fake_gtp.py")


def _bridge_module():
    spec = importlib.util.spec_from_file_location("gtp_bridge", ROOT / "scripts" / "gtp_bridge.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("mode", "moves"), [("good", "ai"), ("garbage", "")])
def test_the_bridge_accepts_what_it_plays_and_moves(live_server, user_factory, mode, moves):
    bridge_module = _bridge_module()
    robot = user_factory(username="robot", is_bot=True)
    human = user_factory(username="human")
    _, token = api_token_create(user=robot, name="bridge", scope="play", now=timezone.now())
    now = timezone.now()
    nine = challenge_create(
        creator=human,
        recipient=robot,
        settings=GameSettings(board_kind="square", board_size=9),
        creator_colour="white",
        now=now,
    )
    hexagon = challenge_create(
        creator=human,
        recipient=robot,
        settings=GameSettings(board_kind="hex", board_size=6),
        now=now,
    )
    bridge = bridge_module.Bridge(
        bridge_module.Api(live_server.url, token), [sys.executable, FAKE, mode], {9}, 20.0
    )
    try:
        bridge.answer_challenges()
        bridge.play_turns()
    finally:
        bridge.close()
    assert Challenge.objects.get(pk=nine.pk).status == ChallengeStatus.ACCEPTED
    assert Challenge.objects.get(pk=hexagon.pk).status == ChallengeStatus.DECLINED
    game = Game.objects.get(black=robot, white=human)
    assert game.moves == moves  # the fake plays the first free point, A1 (SGF "ai")
