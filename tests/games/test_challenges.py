"""Challenges: creation rules, colours, auto-match and reports of results to staff."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from celery import current_app
from django.core.exceptions import ValidationError

from accounts.services import relation_set
from games.errors import ChallengeClosed, GameActionError, NotAPlayer
from games.game_settings import GameSettings
from games.models import Challenge, ChallengeStatus, Game, ScoringReport
from games.services import automatch, challenges, corrections, play
from tests.games.conftest import NOW

pytestmark = pytest.mark.django_db

NINE = {"board_kind": "square", "board_size": 9, "ruleset": "go-area"}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"board_size": 11}, "Go is played on sizes 9, 13, 19."),
        ({"board_kind": "hex", "board_size": 19}, "Badux is played on sizes 6, 8, 12."),
        ({"komi": "6.25"}, "Komi is a number of half points"),
        ({"handicap": 1}, "Handicap is 0 \\(none\\) or 2 to 9 stones."),
        ({"clock_days": 4}, "Time is one of 1, 2, 3, 5, 7, 14, 21 days."),
        ({"clock_kind": "fischer", "clock_increment_days": 1, "clock_cap_days": 1}, "maximum"),
        ({"ruleset": "chess"}, "Unknown rule set"),
    ],
)
def test_impossible_settings_are_refused_with_a_reason(black, options, message):
    with pytest.raises(ValidationError, match=message):
        challenges.challenge_create(
            creator=black, now=NOW, settings=GameSettings(**{**NINE, **options})
        )
    assert not Challenge.objects.exists()


def test_preset_komi_is_used_unless_overridden(black):
    assert (
        challenges.challenge_create(creator=black, now=NOW, settings=GameSettings(**NINE)).komi
        == 7.5
    )
    territory = {**NINE, "ruleset": "go-territory"}
    assert (
        challenges.challenge_create(creator=black, now=NOW, settings=GameSettings(**territory)).komi
        == 3.5
    )
    assert (
        challenges.challenge_create(
            creator=black, now=NOW, settings=GameSettings(**NINE, komi="0")
        ).komi
        == 0
    )


@pytest.mark.parametrize(("choice", "creator_is_black"), [("black", True), ("white", False)])
def test_the_creator_gets_the_colour_they_chose(black, white, choice, creator_is_black):
    challenge = challenges.challenge_create(
        creator=black, now=NOW, creator_colour=choice, settings=GameSettings(**NINE)
    )
    game = challenges.challenge_accept(challenge_id=challenge.pk, user=white, now=NOW)
    assert (game.black == black) is creator_is_black


def test_random_colour_uses_the_given_generator(black, white):
    seen = set()
    for seed in range(8):
        challenge = challenges.challenge_create(
            creator=black, now=NOW, settings=GameSettings(**NINE)
        )
        game = challenges.challenge_accept(
            challenge_id=challenge.pk, user=white, now=NOW, rng=random.Random(seed)
        )
        seen.add(game.black_id)
    assert seen == {black.pk, white.pk}


def test_own_and_other_peoples_invitations_cannot_be_accepted(black, white, user_factory):
    challenge = challenges.challenge_create(
        creator=black, recipient=white, now=NOW, settings=GameSettings(**NINE)
    )
    with pytest.raises(ChallengeClosed, match="your own challenge"):
        challenges.challenge_accept(challenge_id=challenge.pk, user=black, now=NOW)
    with pytest.raises(NotAPlayer):
        challenges.challenge_accept(
            challenge_id=challenge.pk, user=user_factory(username="other"), now=NOW
        )
    with pytest.raises(NotAPlayer):
        challenges.challenge_decline(challenge_id=challenge.pk, user=black, now=NOW)
    challenges.challenge_cancel(challenge_id=challenge.pk, user=black, now=NOW)
    with pytest.raises(ChallengeClosed, match="it was cancelled"):
        challenges.challenge_accept(challenge_id=challenge.pk, user=white, now=NOW)
    assert not Game.objects.exists()


def test_automatch_joins_a_waiting_compatible_challenge(black, white, user_factory):
    challenges.challenge_create(
        creator=black, now=NOW, creator_colour="white", settings=GameSettings(**NINE)
    )
    other_size = {**NINE, "board_size": 13}
    challenges.challenge_create(creator=black, now=NOW, settings=GameSettings(**other_size))
    game = automatch.challenge_automatch(
        user=white, now=NOW, creator_colour="black", settings=GameSettings(**NINE)
    )
    assert isinstance(game, Game)
    assert (game.black, game.white, game.board_size) == (white, black, 9)
    # Nothing left at 9×9: the next player's request waits in the room.
    late = user_factory(username="late")
    posted = automatch.challenge_automatch(user=late, now=NOW, settings=GameSettings(**NINE))
    assert isinstance(posted, Challenge)
    assert posted.status == ChallengeStatus.OPEN


def test_automatch_skips_incompatible_colours_and_ignoring_players(black, white, user_factory):
    challenges.challenge_create(
        creator=black, now=NOW, creator_colour="black", settings=GameSettings(**NINE)
    )
    ignorer = user_factory(username="grumpy")
    challenges.challenge_create(creator=ignorer, now=NOW, settings=GameSettings(**NINE))
    relation_set(owner=ignorer, target=white, kind="ignore", now=NOW)
    result = automatch.challenge_automatch(
        user=white, now=NOW, creator_colour="black", settings=GameSettings(**NINE)
    )
    assert isinstance(result, Challenge)
    assert not Game.objects.exists()


def test_a_player_may_report_a_finished_result_once(
    game_factory,
    black,
    white,
    user_factory,
    django_capture_on_commit_callbacks,
    mailoutbox,
    settings,
):
    settings.ADMINS = [("Staff", "staff@example.org")]
    game = game_factory(moves=("E5",))
    with pytest.raises(GameActionError, match="still running"):
        corrections.scoring_report_file(game_id=game.pk, user=black, reason="x", now=NOW)
    play.game_resign(game_id=game.pk, user=white, expected_move_number=1, now=NOW)
    with pytest.raises(NotAPlayer):
        corrections.scoring_report_file(
            game_id=game.pk, user=user_factory(username="nosy"), reason="x", now=NOW
        )
    with pytest.raises(ValidationError):
        corrections.scoring_report_file(game_id=game.pk, user=white, reason="  ", now=NOW)
    with django_capture_on_commit_callbacks(execute=True):
        corrections.scoring_report_file(
            game_id=game.pk, user=white, reason="I resigned by mistake", now=NOW
        )
    assert mailoutbox[-1].to == ["staff@example.org"]
    with pytest.raises(GameActionError, match="already reported"):
        corrections.scoring_report_file(game_id=game.pk, user=white, reason="again", now=NOW)
    assert ScoringReport.objects.count() == 1


def test_expired_challenges_are_closed_by_the_hourly_task(black, settings):
    entry = settings.CELERY_BEAT_SCHEDULE["games-expire-challenges"]
    assert (entry["task"], entry["schedule"]) == ("games.expire_challenges", 3600)
    assert entry["task"] in current_app.tasks
    nine = GameSettings(board_kind="square", board_size=9)
    old = challenges.challenge_create(creator=black, settings=nine, now=NOW)
    fresh = challenges.challenge_create(creator=black, settings=nine, now=NOW + dt.timedelta(9))
    later = NOW + dt.timedelta(days=challenges.challenge_expiry_days(), seconds=1)
    assert challenges.challenges_expire(now=later) == 1
    old.refresh_from_db()
    fresh.refresh_from_db()
    assert (old.status, old.closed) == (ChallengeStatus.EXPIRED, later)
    assert fresh.status == ChallengeStatus.OPEN
