"""Challenges: creation rules, colours, auto-match and reports of results to staff."""

from __future__ import annotations

import random

import pytest
from django.core.exceptions import ValidationError

from accounts.services import relation_set
from games import services
from games.errors import ChallengeClosed, GameActionError, NotAPlayer
from games.models import Challenge, ChallengeStatus, Game, ScoringReport

from .conftest import NOW

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
        services.challenge_create(creator=black, now=NOW, **{**NINE, **options})
    assert not Challenge.objects.exists()


def test_preset_komi_is_used_unless_overridden(black):
    assert services.challenge_create(creator=black, now=NOW, **NINE).komi == 7.5
    territory = {**NINE, "ruleset": "go-territory"}
    assert services.challenge_create(creator=black, now=NOW, **territory).komi == 3.5
    assert services.challenge_create(creator=black, now=NOW, **NINE, komi="0").komi == 0


@pytest.mark.parametrize(("choice", "creator_is_black"), [("black", True), ("white", False)])
def test_the_creator_gets_the_colour_they_chose(black, white, choice, creator_is_black):
    challenge = services.challenge_create(creator=black, now=NOW, creator_colour=choice, **NINE)
    game = services.challenge_accept(challenge_id=challenge.pk, user=white, now=NOW)
    assert (game.black == black) is creator_is_black


def test_random_colour_uses_the_given_generator(black, white):
    seen = set()
    for seed in range(8):
        challenge = services.challenge_create(creator=black, now=NOW, **NINE)
        game = services.challenge_accept(
            challenge_id=challenge.pk, user=white, now=NOW, rng=random.Random(seed)
        )
        seen.add(game.black_id)
    assert seen == {black.pk, white.pk}


def test_own_and_other_peoples_invitations_cannot_be_accepted(black, white, user_factory):
    challenge = services.challenge_create(creator=black, recipient=white, now=NOW, **NINE)
    with pytest.raises(ChallengeClosed, match="your own challenge"):
        services.challenge_accept(challenge_id=challenge.pk, user=black, now=NOW)
    with pytest.raises(NotAPlayer):
        services.challenge_accept(
            challenge_id=challenge.pk, user=user_factory(username="other"), now=NOW
        )
    with pytest.raises(NotAPlayer):
        services.challenge_decline(challenge_id=challenge.pk, user=black, now=NOW)
    services.challenge_cancel(challenge_id=challenge.pk, user=black, now=NOW)
    with pytest.raises(ChallengeClosed, match="it was cancelled"):
        services.challenge_accept(challenge_id=challenge.pk, user=white, now=NOW)
    assert not Game.objects.exists()


def test_auto_match_joins_a_waiting_compatible_challenge(black, white, user_factory):
    services.challenge_create(creator=black, now=NOW, creator_colour="white", **NINE)
    other_size = {**NINE, "board_size": 13}
    services.challenge_create(creator=black, now=NOW, **other_size)
    game = services.challenge_auto_match(user=white, now=NOW, creator_colour="black", **NINE)
    assert isinstance(game, Game)
    assert (game.black, game.white, game.board_size) == (white, black, 9)
    # Nothing left at 9×9: the next player's request waits in the room.
    late = user_factory(username="late")
    posted = services.challenge_auto_match(user=late, now=NOW, **NINE)
    assert isinstance(posted, Challenge)
    assert posted.status == ChallengeStatus.OPEN


def test_auto_match_skips_incompatible_colours_and_ignoring_players(black, white, user_factory):
    services.challenge_create(creator=black, now=NOW, creator_colour="black", **NINE)
    ignorer = user_factory(username="grumpy")
    services.challenge_create(creator=ignorer, now=NOW, **NINE)
    relation_set(owner=ignorer, target=white, kind="ignore", now=NOW)
    result = services.challenge_auto_match(user=white, now=NOW, creator_colour="black", **NINE)
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
        services.scoring_report_file(game_id=game.pk, user=black, reason="x", now=NOW)
    services.game_resign(game_id=game.pk, user=white, expected_move_number=1, now=NOW)
    with pytest.raises(NotAPlayer):
        services.scoring_report_file(
            game_id=game.pk, user=user_factory(username="nosy"), reason="x", now=NOW
        )
    with pytest.raises(ValidationError):
        services.scoring_report_file(game_id=game.pk, user=white, reason="  ", now=NOW)
    with django_capture_on_commit_callbacks(execute=True):
        services.scoring_report_file(
            game_id=game.pk, user=white, reason="I resigned by mistake", now=NOW
        )
    assert mailoutbox[-1].to == ["staff@example.org"]
    with pytest.raises(GameActionError, match="already reported"):
        services.scoring_report_file(game_id=game.pk, user=white, reason="again", now=NOW)
    assert ScoringReport.objects.count() == 1
