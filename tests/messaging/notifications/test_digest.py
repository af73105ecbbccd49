"""The daily digest: due at a fixed local hour, lists what is pending, once a day."""

from __future__ import annotations

import datetime as dt

import pytest

from accounts.notifications import KINDS
from accounts.services import notify_modes_set
from messaging.notifications import services, tasks
from messaging.notifications.models import Channel, Digest, Event, Notification

UTC = dt.UTC


def at(hour: int, minute: int = 0, day: int = 2) -> dt.datetime:
    return dt.datetime(2026, 3, day, hour, minute, tzinfo=UTC)


def record(user, key: str, *, event=Event.CHAT, text=None, url="/games/7/", now=None):
    return services.notification_record(
        user=user,
        event=event,
        key=key,
        text=text or f"notice {key}",
        url=url,
        now=now or at(12, day=1),
    )


@pytest.fixture
def digest_player(user_factory, settings):
    """A player in Tokyo (UTC+9) whose events all go to the digest; digest hour 07:00."""
    settings.MESSAGING_DIGEST_HOUR = 7
    player = user_factory(username="hoshi", time_zone="Asia/Tokyo")
    notify_modes_set(user=player, modes=dict.fromkeys(Event, "digest"))
    return player


@pytest.mark.parametrize(
    ("zone", "now", "day"),
    [
        ("Asia/Tokyo", at(22, 5, day=1), dt.date(2026, 3, 2)),  # 07:05 local
        ("Asia/Tokyo", at(0, 59), dt.date(2026, 3, 2)),  # 09:59: within the catch-up
        ("Asia/Tokyo", at(1, 0), None),  # 10:00: too late, wait for tomorrow
        ("Asia/Tokyo", at(21, 59, day=1), None),  # 06:59 local
        ("America/New_York", at(12, 0), dt.date(2026, 3, 2)),  # 07:00 EST
        ("America/New_York", at(11, 0, day=9), dt.date(2026, 3, 9)),  # 07:00 EDT after DST
        ("Not/AZone", at(7, 30), dt.date(2026, 3, 2)),  # unknown zones count as UTC
    ],
)
def test_the_digest_is_due_at_the_digest_hour_in_the_players_zone(settings, zone, now, day):
    settings.MESSAGING_DIGEST_HOUR = 7
    assert services.digest_day(time_zone=zone, now=now) == day


def test_the_digest_lists_pending_notices_by_event_with_links(digest_player, mailoutbox):
    record(digest_player, "chat:1", text="kuro in game 7: nice move")
    record(digest_player, "turn:7:12", event=Event.YOUR_TURN, text="Your turn in game 7")
    record(digest_player, "chat:2", text="already read").__class__.objects.filter(
        key="chat:2"
    ).update(read=True)
    services.notification_record(
        user=digest_player,
        event=Event.GAME_OVER,
        key="later",
        text="after the digest time",
        url="/",
        now=at(23, day=1),
    )

    digest = services.digest_send(user_id=digest_player.pk, now=at(22, 10, day=1))

    assert digest.day == dt.date(2026, 3, 2)
    [mail] = mailoutbox
    assert mail.to == [digest_player.email]
    assert mail.subject == "[Badux] Your daily digest: 2 notifications"
    body = mail.body
    assert body.index("Your turn\n- Your turn in game 7") < body.index("Chat\n- kuro in game 7")
    assert "http://testserver/games/7/" in body
    assert "already read" not in body
    assert "after the digest time" not in body
    assert body.count("No more ") == 2
    html = mail.alternatives[0][0]
    assert '<a href="http://testserver/games/7/"' in html
    assert "Unsubscribe from the daily digest" in html
    assert mail.extra_headers["List-Unsubscribe"].startswith(
        "<http://testserver/notifications/unsubscribe/"
    )
    assert set(digest.items.values_list("key", flat=True)) == {"chat:1", "turn:7:12"}


def test_one_digest_a_day_however_often_the_sweep_runs(digest_player, mailoutbox):
    record(digest_player, "chat:1")

    first = services.digest_send(user_id=digest_player.pk, now=at(22, 0, day=1))
    record(digest_player, "chat:2", now=at(22, 30, day=1))
    again = services.digest_send(user_id=digest_player.pk, now=at(23, 0, day=1))
    assert services.digest_due_user_ids(now=at(23, 0, day=1)) == []

    assert again.pk == first.pk
    assert len(mailoutbox) == 1
    # The notice that came after today's digest waits for tomorrow's.
    assert services.digest_due_user_ids(now=at(22, 0, day=2)) == [digest_player.pk]
    tomorrow = services.digest_send(user_id=digest_player.pk, now=at(22, 0, day=2))
    assert tomorrow.day == dt.date(2026, 3, 3)
    assert len(mailoutbox) == 2
    assert "notice chat:2" in mailoutbox[1].body
    assert "notice chat:1" not in mailoutbox[1].body


def test_no_digest_without_pending_notices_or_outside_the_hour(digest_player, mailoutbox):
    assert services.digest_send(user_id=digest_player.pk, now=at(22, 0, day=1)) is None
    record(digest_player, "chat:1")
    assert services.digest_send(user_id=digest_player.pk, now=at(12, 0)) is None
    assert mailoutbox == []
    assert not Digest.objects.exists()


def test_events_turned_off_after_recording_stay_out_of_the_digest(digest_player, mailoutbox):
    record(digest_player, "chat:1", text="a chat line")
    record(digest_player, "over:1", event=Event.GAME_OVER, text="game over")
    notify_modes_set(user=digest_player, modes={"chat": "off"})

    services.digest_send(user_id=digest_player.pk, now=at(22, 0, day=1))

    assert "game over" in mailoutbox[0].body
    assert "a chat line" not in mailoutbox[0].body


def test_site_only_and_immediate_notices_never_reach_the_digest(digest_player, user_factory):
    notify_modes_set(user=digest_player, modes={"game_over": "off"})
    off = record(digest_player, "over:1", event=Event.GAME_OVER)
    assert off.channel == Channel.SITE
    assert services.digest_due_user_ids(now=at(22, 0, day=1)) == []


def test_the_hourly_sweep_task_sends_each_due_digest_once(user_factory, settings, mailoutbox):
    now = dt.datetime.now(tz=UTC)
    settings.MESSAGING_DIGEST_HOUR = now.hour  # due right now, at the real clock of the task
    player = user_factory(time_zone="UTC")
    notify_modes_set(user=player, modes={"chat": "digest"})
    record(player, "chat:1", now=now - dt.timedelta(minutes=1))

    assert tasks.digest_sweep.delay().get() == 1
    assert tasks.digest_sweep.delay().get() == 0
    assert tasks.digest_send.delay(player.pk).get() == Digest.objects.get().pk

    assert [m.to for m in mailoutbox] == [[player.email]]
    assert Notification.objects.get().digest is not None


def test_a_kind_registered_later_has_its_own_group_after_the_game_kinds(
    digest_player, mailoutbox, ladder_kind
):
    record(digest_player, "ladder:1", event="ladder_position", text="kuro climbed past you")
    record(digest_player, "chat:1", text="a chat line")

    services.digest_send(user_id=digest_player.pk, now=at(22, 0, day=1))

    body = mailoutbox[0].body
    assert body.index("Chat\n- a chat line") < body.index(
        "Ladder position changed\n- kuro climbed past you"
    )
    assert 'No more "Ladder position changed" e-mails: http://testserver/' in body


def test_notices_of_a_kind_no_longer_registered_still_reach_the_digest(
    digest_player, mailoutbox, ladder_kind
):
    record(digest_player, "ladder:1", event="ladder_position", text="kuro climbed past you")
    record(digest_player, "chat:1", text="a chat line")
    KINDS.unregister("ladder_position")
    try:
        services.digest_send(user_id=digest_player.pk, now=at(22, 0, day=1))
    finally:
        KINDS.register(ladder_kind)

    body = mailoutbox[0].body
    assert body.index("a chat line") < body.index("ladder_position\n- kuro climbed past you")
    assert body.count("No more ") == 1  # no link that would name an unknown kind


@pytest.mark.parametrize("zone", ["Europe/Paris", "Mars/Olympus_Mons"])
def test_the_sweep_reads_only_players_whose_zone_is_due_or_unknown(user_factory, settings, zone):
    """Tokyo's 07:00 is 22:00 UTC: Tokyo is due, Paris is not; an unknown zone name counts as
    UTC (not due then; due at 09:30 UTC, within the catch-up after 07:00, when Paris, 10:30
    local, is past it)."""
    settings.MESSAGING_DIGEST_HOUR = 7
    tokyo = user_factory(time_zone="Asia/Tokyo")
    other = user_factory(time_zone=zone)
    for player in (tokyo, other):
        notify_modes_set(user=player, modes=dict.fromkeys(Event, "digest"))
        record(player, "chat:1")
    assert services.digest_due_user_ids(now=at(22, 5, day=1)) == [tokyo.pk]
    due_in_utc = services.digest_due_user_ids(now=at(9, 30))
    assert (other.pk in due_in_utc) == (zone == "Mars/Olympus_Mons")
