"""Challenges: creation rules, colours, auto-match and reports of results to staff; the new-game
form, invitations, ignored players and expiry on the pages."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from celery import current_app
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from accounts.selectors import ContactRefused
from accounts.services import relation_set
from games.errors import ChallengeClosed, GameActionError, NotAPlayer
from games.game_settings import GameSettings
from games.models import Challenge, ChallengeStatus, Game, ScoringReport
from games.services import automatch, challenges, corrections, play
from tests.games.conftest import NOW
from tests.games.helpers import board_url, messages_of

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


def test_new_game_form_posts_an_open_challenge_to_the_waiting_room(client, black, white):
    client.force_login(black)
    response = client.post(
        reverse("games:new"),
        {
            "game": "hex-8",
            "ruleset": "badux",
            "komi": "",
            "handicap": "0",
            "colour": "black",
            "clock_kind": "per_move",
            "clock_days": "5",
            "rated": "on",
            "message": "Anyone for Badux?",
        },
        follow=True,
    )
    challenge = Challenge.objects.get()
    assert (challenge.board_kind, challenge.board_size, challenge.komi) == ("hex", 8, 6.5)
    assert challenge.recipient is None
    assert "Your challenge is in the Waiting Room." in messages_of(response)
    client.force_login(white)
    page = client.get(reverse("games:waiting_room"), {"game": "hex-8"})
    assert b"Anyone for Badux?" in page.content
    other = client.get(reverse("games:waiting_room"), {"game": "square-19"})
    assert list(other.context["page"].object_list) == []
    response = client.post(reverse("games:accept", args=[challenge.pk]))
    game = Game.objects.get()
    assert response.url == board_url(game)
    assert (game.black, game.white, game.clock_days) == (black, white, 5)


def test_new_game_form_explains_bad_input_and_keeps_it(client, black):
    client.force_login(black)
    data = {
        "game": "square-9",
        "ruleset": "go-area",
        "komi": "6.3",
        "handicap": "0",
        "colour": "random",
        "clock_kind": "fischer",
        "clock_days": "3",
        "opponent": "nobody-by-that-name",
    }
    form = client.post(reverse("games:new"), data).context["form"]
    assert form.errors["komi"] == ["Komi is a number of half points between -50 and 50, like 6.5."]
    assert "Choose the Fischer increment." in form.errors["clock_increment_days"]
    assert form.data["komi"] == "6.3"
    data.update(komi="6.5", clock_increment_days="1", clock_cap_days="14")
    form = client.post(reverse("games:new"), data).context["form"]
    assert form.errors == {"opponent": ["There is no player with that username."]}
    assert not Challenge.objects.exists()


def test_invitation_can_be_declined_and_the_sender_is_told(
    client, black, white, django_capture_on_commit_callbacks, mailoutbox
):
    now = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        challenge = challenges.challenge_create(
            creator=black,
            recipient=white,
            now=now,
            settings=GameSettings(board_kind="square", board_size=13, ruleset="go-territory"),
        )
    assert [m.to for m in mailoutbox] == [[white.email]]
    client.force_login(white)
    page = client.get(reverse("games:challenge", args=[challenge.pk]))
    assert b"Decline" in page.content
    asked = client.post(reverse("games:decline", args=[challenge.pk]))
    assert f"Decline {black.username}&#x27;s invitation?" in asked.text
    challenge.refresh_from_db()
    assert challenge.status == ChallengeStatus.OPEN
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("games:decline", args=[challenge.pk]), {"confirm": "yes"})
    challenge.refresh_from_db()
    assert challenge.status == ChallengeStatus.DECLINED
    assert mailoutbox[-1].to == [black.email]
    assert "declined" in mailoutbox[-1].subject


def test_ignored_players_cannot_invite_and_do_not_see_open_challenges(
    client, black, white, user_factory
):
    now = timezone.now()
    relation_set(owner=white, target=black, kind="ignore", now=now)
    with pytest.raises(ContactRefused, match="does not accept"):
        challenges.challenge_create(
            creator=black,
            recipient=white,
            now=now,
            settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
        )
    challenge = challenges.challenge_create(
        creator=black,
        now=now,
        settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
    )
    client.force_login(white)
    assert list(client.get(reverse("games:waiting_room")).context["page"].object_list) == []
    # Even with the link, accepting is refused and no game starts.
    # A contact refusal answers as in the API (403 contact_refused), on the 403 page.
    response = client.post(reverse("games:accept", args=[challenge.pk]))
    assert response.status_code == 403
    assert b"does not accept" in response.content or b"ignore list" in response.content
    assert not Game.objects.exists()
    client.force_login(user_factory(username="friend"))
    page = client.get(reverse("games:waiting_room")).context["page"]
    assert list(page.object_list) == [challenge]


def test_expired_challenges_leave_the_waiting_room_and_cannot_be_accepted(
    client, black, white, settings
):
    settings.GAMES_CHALLENGE_EXPIRY_DAYS = 2
    old = timezone.now() - dt.timedelta(days=3)
    challenge = challenges.challenge_create(
        creator=black,
        now=old,
        settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
    )
    client.force_login(white)
    assert list(client.get(reverse("games:waiting_room")).context["page"].object_list) == []
    response = client.post(reverse("games:accept", args=[challenge.pk]), follow=True)
    assert "This challenge is no longer open: it was expired." in messages_of(response)
    challenge.refresh_from_db()
    assert challenge.status == ChallengeStatus.EXPIRED


def test_the_new_game_form_names_boards_as_every_other_page(client, black):
    client.force_login(black)
    page = client.get(reverse("games:new")).content.decode()
    assert '<option value="hex-6">Badux hex 6</option>' in page
    assert '<option value="square-19" selected>Go 19×19</option>' in page


@pytest.mark.parametrize(
    ("game", "ruleset", "stored", "refusal"),
    [
        ("hex-6", "", ("hex", 6, "badux", "6.5"), None),
        ("hex-8", "badux", ("hex", 8, "badux", "6.5"), None),
        ("square-9", "", ("square", 9, "go-area", "7.5"), None),
        ("hex-6", "go-area", None, "Badux boards are played with the Badux rules"),
        ("hex-6", "go-territory", None, "Badux boards are played with the Badux rules"),
        ("square-13", "badux", None, "The Badux rules are for hexagonal boards"),
    ],
)
def test_the_rules_of_a_new_game_follow_its_board_or_the_form_says_why_not(
    client, black, game, ruleset, stored, refusal
):
    client.force_login(black)
    data = {"game": game, "ruleset": ruleset, "komi": "", "handicap": "0", "colour": "black"}
    data.update(clock_kind="per_move", clock_days="3")
    response = client.post(reverse("games:new"), data)
    if refusal:
        assert response.status_code == 200
        assert refusal in response.context["form"].errors["ruleset"][0]
        assert not Challenge.objects.exists()
    else:
        challenge = Challenge.objects.get()
        assert (
            challenge.board_kind,
            challenge.board_size,
            challenge.ruleset,
            str(challenge.komi),
        ) == stored
