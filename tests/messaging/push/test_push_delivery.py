"""The real push path, end to end: a move by the opponent, the notice task, the outbox, the
push task, pywebpush, and the local push service (conftest) that checks the VAPID JWT and
decrypts the payload with the device's own key."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from accounts.notifications import Notify
from accounts.services import notify_modes_set
from core.models import OutboxTask
from core.outbox import outbox_relay
from games.game_settings import GameSettings
from games.services import play as play_service
from messaging.notifications.models import Channel, Notification
from messaging.push.models import PushDelivery, PushState, PushSubscription

# Retries run as a worker runs them (tests/messaging/conftest.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_retries")]


@pytest.fixture
def game(black, white):
    """A 9×9 game started now (so its clock's deadline is ahead), Black to move."""
    return play_service.game_start(
        black=black,
        white=white,
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=9),
    )


def _black_plays(client, game, point: str = "E5") -> None:
    client.force_login(game.black)
    response = client.post(
        reverse("games:move", args=[game.pk]), {"point": point, "move_number": "0"}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.move_number == 1


def test_a_move_pushes_one_notice_to_the_opponent(client, game, white, push_service):
    device = push_service.subscribe(user=white, now=timezone.now(), name="phone")
    mail.outbox.clear()

    _black_plays(client, game)

    assert push_service.refused == []
    [push] = push_service.received
    assert push.payload["body"] == (
        f"Your turn in game {game.pk}: {game.black.username} played move 1."
    )
    assert push.payload["title"] == "Your turn"
    assert push.payload["url"] == f"http://testserver/games/{game.pk}/"
    assert push.payload["icon"].endswith("img/icons/badux-wood-192.png")
    assert push.claims["sub"] == "mailto:push-test@badux.test"
    # Collapsed per game, urgent as a turn, kept until the move's deadline.
    assert push.topic and len(push.topic) <= 32
    assert push.payload["tag"] == push.topic
    assert push.urgency == "normal"
    remaining = (game.deadline - timezone.now()).total_seconds()
    assert remaining - 120 < push.ttl <= remaining
    # By push instead of mail; the device's last use recorded.
    notice = Notification.objects.get(user=white, event="your_turn")
    assert notice.channel == Channel.PUSH
    assert mail.outbox == []
    device.refresh_from_db()
    assert device.last_used is not None
    assert PushDelivery.objects.get().state == PushState.SENT


def test_the_next_turn_of_the_same_game_has_the_same_topic(
    client, game, black, white, push_service
):
    push_service.subscribe(user=white, now=timezone.now())
    push_service.subscribe(user=black, now=timezone.now())
    _black_plays(client, game)
    client.force_login(white)
    client.post(reverse("games:move", args=[game.pk]), {"point": "C3", "move_number": "1"})
    client.force_login(black)
    client.post(reverse("games:move", args=[game.pk]), {"point": "G7", "move_number": "2"})

    to_white = [r for r in push_service.received if "played move 1" in r.payload["body"]]
    to_white += [r for r in push_service.received if "played move 3" in r.payload["body"]]
    assert len(to_white) == 2
    assert to_white[0].topic == to_white[1].topic
    assert len(push_service.received) == 3


def test_a_gone_device_is_deleted_and_the_notice_is_mailed(client, game, white, push_service):
    push_service.subscribe(user=white, now=timezone.now(), answers=["gone"])
    mail.outbox.clear()

    _black_plays(client, game)

    assert push_service.received == []
    assert not PushSubscription.objects.filter(user=white).exists()
    notice = Notification.objects.get(user=white, event="your_turn")
    assert notice.channel == Channel.IMMEDIATE
    assert notice.mailed is not None
    assert [m.to for m in mail.outbox] == [[white.email]]


def test_a_device_gone_beside_one_that_takes_it_mails_nothing(client, game, white, push_service):
    push_service.subscribe(user=white, now=timezone.now(), name="old", answers=["gone"])
    push_service.subscribe(user=white, now=timezone.now(), name="new")
    mail.outbox.clear()

    _black_plays(client, game)

    assert len(push_service.received) == 1
    assert PushSubscription.objects.filter(user=white).count() == 1
    assert mail.outbox == []


def test_a_hanging_push_service_never_holds_up_the_move_and_is_retried(
    client, game, white, push_service, settings
):
    """The move only writes outbox rows; the relay runs the notice, then the push, whose
    first attempt times out (the service hangs) and is retried: one push arrives."""
    settings.OUTBOX_PUBLISH_AT_COMMIT = False
    push_service.hang = 2.0
    push_service.subscribe(user=white, now=timezone.now(), answers=["hang"])

    _black_plays(client, game)

    # The request is over: nothing was pushed from it, the notice waits in the outbox.
    assert push_service.attempts == 0
    assert OutboxTask.objects.filter(task="games.notify_turn").exists()

    outbox_relay(now=timezone.now())  # the notice task: records and queues the push
    assert OutboxTask.objects.filter(task="messaging.push_send").exists()
    outbox_relay(now=timezone.now())  # the push task: times out once, retried

    assert push_service.attempts == 2
    [push] = push_service.received
    assert "played move 1" in push.payload["body"]
    assert PushDelivery.objects.get().state == PushState.SENT


def test_a_busy_service_is_retried(client, game, white, push_service):
    push_service.subscribe(user=white, now=timezone.now(), answers=["busy", "busy"])
    mail.outbox.clear()

    _black_plays(client, game)

    assert push_service.attempts == 3
    assert len(push_service.received) == 1
    assert mail.outbox == []


def test_a_refused_push_is_not_retried_and_falls_back_to_the_digest(
    client, game, white, push_service
):
    notify_modes_set(user=white, modes={"your_turn": Notify.DIGEST})
    device = push_service.subscribe(user=white, now=timezone.now(), answers=["refuse"])
    mail.outbox.clear()

    _black_plays(client, game)

    assert push_service.attempts == 1
    assert PushDelivery.objects.get(subscription=device).state == PushState.FAILED
    assert PushSubscription.objects.filter(pk=device.pk).exists()  # refused, not gone
    notice = Notification.objects.get(user=white, event="your_turn")
    assert notice.channel == Channel.DIGEST
    assert mail.outbox == []


def test_a_failed_push_of_a_kind_turned_off_for_mail_stays_on_the_site(
    client, game, white, push_service
):
    notify_modes_set(user=white, modes={"your_turn": Notify.OFF})
    push_service.subscribe(user=white, now=timezone.now(), answers=["gone"])
    mail.outbox.clear()

    _black_plays(client, game)

    notice = Notification.objects.get(user=white, event="your_turn")
    assert notice.channel == Channel.SITE
    assert mail.outbox == []


def test_a_push_read_before_it_is_sent_is_not_sent(game, white, push_service):
    from messaging.push.tasks import push_send

    push_service.subscribe(user=white, now=timezone.now())
    notice = Notification.objects.create(
        user=white,
        event="your_turn",
        key="turn:x",
        text="Your turn",
        url="/",
        created=timezone.now(),
        channel=Channel.PUSH,
        read=True,
    )

    assert push_send.apply(args=[notice.pk]).get() == 0
    assert push_service.attempts == 0
    notice.refresh_from_db()
    assert notice.channel == Channel.PUSH  # no fallback for stale news
