"""Auto-match pairs the closest rating in the queue (the ladder's match ranking in games.hooks)."""

from __future__ import annotations

import datetime as dt

import pytest

from games import hooks
from games.game_settings import GameSettings
from games.models import Challenge, Game
from games.services.automatch import challenge_automatch
from ladder.ratings.services import rating_declare
from ladder.receivers import closest_rating_first
from tests.ladder.conftest import NOW

pytestmark = pytest.mark.django_db
SETTINGS = GameSettings(board_kind="square", board_size=19)


def _queue(user, minutes: int):
    # Everyone waiting wants Black, so they never match each other.
    waiting = challenge_automatch(
        user=user,
        settings=SETTINGS,
        now=NOW - dt.timedelta(minutes=minutes),
        creator_colour="black",
    )
    assert isinstance(waiting, Challenge)
    return waiting


def test_the_closest_rating_is_paired_not_the_longest_waiting(user_factory):
    weak, near, strong, me = (user_factory(username=n) for n in ("weak", "near", "strong", "me"))
    for user, rank in ((weak, "20k"), (near, "3k"), (strong, "5d"), (me, "2k")):
        rating_declare(user=user, family="square", rank=rank)
    _queue(weak, 30)
    _queue(strong, 20)
    _queue(near, 10)
    game = challenge_automatch(user=me, settings=SETTINGS, now=NOW)
    assert isinstance(game, Game)
    assert {game.black, game.white} == {me, near}


def test_ratings_of_another_family_do_not_count(user_factory):
    first, second, me = (user_factory(username=n) for n in ("first", "second", "me"))
    rating_declare(user=second, family="hex", rank="6k")  # Badux only: unrated at Go
    rating_declare(user=me, family="hex", rank="6k")
    _queue(first, 20)
    _queue(second, 10)
    game = challenge_automatch(user=me, settings=SETTINGS, now=NOW)
    assert {game.black, game.white} == {me, first}


def test_without_the_ranking_the_longest_waiting_is_paired(user_factory):
    weak, near, me = (user_factory(username=n) for n in ("weak", "near", "me"))
    for user, rank in ((weak, "20k"), (near, "3k"), (me, "2k")):
        rating_declare(user=user, family="square", rank=rank)
    _queue(weak, 30)
    _queue(near, 10)
    hooks.match_ranking_unregister(closest_rating_first)
    try:
        game = challenge_automatch(user=me, settings=SETTINGS, now=NOW)
    finally:
        hooks.match_ranking_register(closest_rating_first)
    assert {game.black, game.white} == {me, weak}
