"""The auto-match queue through its page: join for a game and size, get paired with the
longest-waiting player of that game, leave the queue."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.services import relation_set
from games.game_settings import GameSettings
from games.models import Challenge, ChallengeStatus, Game
from games.services import challenges
from messaging.notifications.models import Notification

pytestmark = pytest.mark.django_db

QUEUE = reverse("games:auto_match")


def join(client, user, game: str):
    client.force_login(user)
    return client.post(QUEUE, {"game": game}, follow=True)


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_joining_an_empty_queue_waits_and_the_next_player_is_paired(client, user_factory):
    alice, bob = user_factory(username="alice"), user_factory(username="bob")

    waiting = join(client, alice, "square-9")
    assert waiting.redirect_chain == [(QUEUE, 302)]
    assert "You are in the queue for Go 9×9" in messages_of(waiting)[0]
    place = Challenge.objects.get()
    assert list(waiting.context["queued"]) == [place]
    assert (place.board_kind, place.board_size, place.ruleset, place.recipient) == (
        "square",
        9,
        "go-area",
        None,
    )
    assert b"Leave the queue" in waiting.content

    paired = join(client, bob, "square-9")
    game = Game.objects.get()
    assert paired.redirect_chain == [(reverse("games:board", args=[game.pk]), 302)]
    assert messages_of(paired) == ["Paired with alice: your game has started."]
    assert {game.black, game.white} == {alice, bob}
    assert (game.board_size, str(game.komi), game.clock_days, game.rated) == (9, "7.5", 3, True)
    place.refresh_from_db()
    assert (place.status, place.game) == (ChallengeStatus.ACCEPTED, game)

    client.force_login(alice)
    assert list(client.get(QUEUE).context["queued"]) == []


def test_a_hex_queue_uses_the_badux_rules_and_other_sizes_do_not_pair(client, user_factory):
    carol, dmitri = user_factory(username="carol"), user_factory(username="dmitri")
    join(client, carol, "hex-6")
    join(client, dmitri, "hex-8")
    assert not Game.objects.exists()
    assert sorted(Challenge.objects.values_list("ruleset", "board_size")) == [
        ("badux", 6),
        ("badux", 8),
    ]
    join(client, dmitri, "hex-6")
    game = Game.objects.get()
    assert (game.board_kind, game.board_size, game.ruleset) == ("hex", 6, "badux")
    # Dmitri still waits for hex 8.
    assert [c.board_size for c in client.get(QUEUE).context["queued"]] == [8]


def test_the_longest_waiting_player_is_paired_first(client, user_factory):
    early, late, joiner = (user_factory(username=n) for n in ("early", "late", "joiner"))
    now = timezone.now()
    for user, minutes in ((late, 5), (early, 50)):
        challenges.challenge_create(
            creator=user,
            now=now - dt.timedelta(minutes=minutes),
            settings=GameSettings(board_kind="square", board_size=13, ruleset="go-area"),
        )
    join(client, joiner, "square-13")
    game = Game.objects.get()
    assert {game.black, game.white} == {early, joiner}


def test_leaving_the_queue_withdraws_the_place(client, user_factory):
    carol, dmitri = user_factory(username="carol"), user_factory(username="dmitri")
    join(client, carol, "hex-6")
    place = Challenge.objects.get()
    left = client.post(reverse("games:auto_match_leave", args=[place.pk]), follow=True)
    assert messages_of(left) == ["You left the queue for Badux hex 6."]
    assert list(left.context["queued"]) == []
    place.refresh_from_db()
    assert place.status == ChallengeStatus.CANCELLED

    join(client, dmitri, "hex-6")  # nobody waits any more: Dmitri waits in turn
    assert not Game.objects.exists()


def test_nobody_else_can_take_you_out_of_the_queue(client, user_factory):
    carol = user_factory(username="carol")
    join(client, carol, "square-19")
    place = Challenge.objects.get()
    client.force_login(user_factory(username="mallory"))
    response = client.post(reverse("games:auto_match_leave", args=[place.pk]))
    assert response.status_code == 403  # as the API's not_a_player
    assert b"Only the player who made this challenge can cancel it." in response.content
    place.refresh_from_db()
    assert place.status == ChallengeStatus.OPEN


def test_joining_twice_keeps_one_place_and_you_are_never_paired_with_yourself(client, user_factory):
    carol = user_factory(username="carol")
    join(client, carol, "square-9")
    again = join(client, carol, "square-9")
    assert Challenge.objects.count() == 1
    assert not Game.objects.exists()
    assert len(again.context["queued"]) == 1


def test_players_who_ignore_each_other_are_not_paired(client, user_factory):
    grumpy, kind = user_factory(username="grumpy"), user_factory(username="kind")
    join(client, grumpy, "square-9")
    relation_set(owner=grumpy, target=kind, kind="ignore", now=timezone.now())
    join(client, kind, "square-9")
    assert not Game.objects.exists()
    assert Challenge.objects.filter(status=ChallengeStatus.OPEN).count() == 2


def test_unknown_games_are_refused_and_visitors_must_log_in(client, user_factory):
    response = client.get(QUEUE)
    assert response.status_code == 302 and "/accounts/login/" in response.url
    client.force_login(user_factory(username="carol"))
    page = client.post(QUEUE, {"game": "square-7"})
    assert page.status_code == 200
    assert "square-7 is not one of the available choices" in str(page.context["form"].errors)
    assert not Challenge.objects.exists()


def test_a_pairing_is_announced_as_automatch_and_an_accept_as_an_accept(
    client, user_factory, mailoutbox, django_capture_on_commit_callbacks
):
    alice, bob, carol = (user_factory(username=n) for n in ("alice", "bob", "carol"))
    join(client, alice, "square-9")
    with django_capture_on_commit_callbacks(execute=True):
        join(client, bob, "square-9")
    notice = Notification.objects.get(user=alice, event="challenge_answered")
    assert notice.text == "Auto-match paired you with bob: your Go 9×9 game has started."
    assert mailoutbox[-1].subject.endswith("Auto-match paired you with bob")
    assert "Auto-match paired you with bob (Go 9×9" in mailoutbox[-1].body
    assert "accepted" not in mailoutbox[-1].body

    open_challenge = challenges.challenge_create(
        creator=alice,
        settings=GameSettings(board_kind="hex", board_size=6),
        now=timezone.now(),
    )
    with django_capture_on_commit_callbacks(execute=True):
        challenges.challenge_accept(challenge_id=open_challenge.pk, user=carol, now=timezone.now())
    notice = Notification.objects.filter(user=alice, event="challenge_answered").latest("pk")
    assert notice.text == "carol accepted your challenge (Badux hex 6)."
    assert mailoutbox[-1].subject.endswith("carol accepted your challenge")
