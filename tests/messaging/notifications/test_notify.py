"""Recording notifications, routing them by preference and presence, and the immediate mail."""

from __future__ import annotations

import datetime as dt
import email
import io

import pytest
from PIL import Image

from accounts.notifications import UnknownKindError
from accounts.services import notify_modes_set
from messaging.notifications import services
from messaging.notifications.models import Channel, Event, Notification
from tests.messaging.conftest import NOW


def _notify(user, note, *, event=Event.GAME_OVER, key="k1", now=NOW, **content):
    return services.notify(
        user=user,
        event=event,
        key=key,
        text="Game 7 is over: B+3.5.",
        url="/games/7/",
        now=now,
        mail=lambda: note(**content),
    )


def test_immediate_mail_has_text_html_inline_image_and_unsubscribe_headers(
    user_factory, note, mailoutbox
):
    player = user_factory(username="kuro")

    notified = _notify(player, note, reply_to=("game-7@reply.example.org",))

    assert notified.mailed
    assert notified.notification.channel == Channel.IMMEDIATE
    [mail] = mailoutbox
    assert mail.to == ["kuro@example.org"]
    assert mail.subject == "[Badux] A note"
    assert mail.reply_to == ["game-7@reply.example.org"]
    assert "Hello from the test" in mail.body
    assert 'Unsubscribe from "Game over" e-mails: http://testserver/notifications/unsubscribe/' in (
        mail.body
    )
    html, mimetype = mail.alternatives[0]
    assert mimetype == "text/html"
    assert '<img src="cid:dot"' in html
    unsubscribe = mail.extra_headers["List-Unsubscribe"]
    assert unsubscribe.startswith("<http://testserver/notifications/unsubscribe/")
    assert unsubscribe.strip("<>") in html
    assert mail.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

    parsed = email.message_from_bytes(mail.message().as_bytes())
    assert parsed.get_content_type() == "multipart/related"
    assert parsed["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    [image] = [part for part in parsed.walk() if part.get_content_type() == "image/png"]
    assert image["Content-ID"] == "<dot>"
    assert image.get_content_disposition() == "inline"
    assert Image.open(io.BytesIO(image.get_payload(decode=True))).size == (8, 8)
    types = [part.get_content_type() for part in parsed.walk()]
    assert types.index("text/plain") < types.index("text/html")


def test_the_same_key_twice_records_and_mails_once(user_factory, note, mailoutbox):
    player = user_factory()

    first = _notify(player, note)
    second = _notify(player, note, now=NOW + dt.timedelta(minutes=1))

    assert (first.mailed, second.mailed) == (True, False)
    assert second.notification.pk == first.notification.pk
    assert Notification.objects.count() == 1
    assert len(mailoutbox) == 1


def test_the_mail_is_only_built_when_it_goes_out(user_factory, mailoutbox):
    player = user_factory()
    notify_modes_set(user=player, modes={"game_over": "digest"})

    def explode():
        raise AssertionError("a digest notification must not build an immediate mail")

    notified = services.notify(
        user=player, event=Event.GAME_OVER, key="k", text="t", url="/", now=NOW, mail=explode
    )

    assert notified.notification.channel == Channel.DIGEST
    assert mailoutbox == []


@pytest.mark.parametrize(
    ("choice", "channel", "mails"),
    [("off", Channel.SITE, 0), ("digest", Channel.DIGEST, 0), ("immediate", Channel.IMMEDIATE, 1)],
)
def test_the_preference_decides_the_channel(user_factory, note, mailoutbox, choice, channel, mails):
    player = user_factory()
    notify_modes_set(user=player, modes={"challenge": choice})

    notified = _notify(player, note, event=Event.CHALLENGE)

    assert notified.notification.channel == channel
    assert len(mailoutbox) == mails
    # Every choice keeps the notice on the site list.
    assert Notification.objects.filter(user=player, read=False).count() == 1


def test_no_your_turn_mail_while_the_player_is_on_the_site(user_factory, note, mailoutbox):
    here = user_factory(username="here", last_seen=NOW - dt.timedelta(minutes=4))
    away = user_factory(username="away", last_seen=NOW - dt.timedelta(minutes=11))

    suppressed = _notify(here, note, event=Event.YOUR_TURN)
    mailed = _notify(away, note, event=Event.YOUR_TURN)
    other_event = _notify(here, note, event=Event.GAME_OVER, key="k2")

    assert suppressed.notification.channel == Channel.DIGEST
    assert not suppressed.mailed
    assert mailed.notification.channel == Channel.IMMEDIATE
    assert other_event.notification.channel == Channel.IMMEDIATE
    assert [m.to for m in mailoutbox] == [["away@example.org"], ["here@example.org"]]


def test_a_player_without_an_address_gets_the_site_list_only(user_factory, note, mailoutbox):
    player = user_factory()
    player.email = ""
    player.save()

    notified = _notify(player, note)

    assert notified.notification.channel == Channel.SITE
    assert mailoutbox == []


def test_mark_read_by_ids_and_by_key_prefix(user_factory):
    player, other = user_factory(), user_factory()
    for key in ("turn:1:3", "turn:1:5", "turn:2:4", "chat:9"):
        services.notification_record(
            user=player, event=Event.YOUR_TURN, key=key, text=key, url="/", now=NOW
        )
    theirs = services.notification_record(
        user=other, event=Event.YOUR_TURN, key="turn:1:3", text="x", url="/", now=NOW
    )

    assert services.notifications_mark_read(user=player, key_prefix="turn:1:") == 2
    assert services.notifications_mark_read(user=player, ids=[theirs.pk]) == 0
    assert services.notifications_mark_read(user=player) == 2
    unread = Notification.objects.filter(read=False).values_list("user_id", flat=True)
    assert list(unread) == [other.pk]


def test_admin_mail_goes_out_once_per_key(db, settings, mailoutbox):
    settings.ADMINS = [("Staff", "staff@example.org")]

    first = services.admin_mail_once(key="dispute:1", subject="S", body="B", now=NOW)
    second = services.admin_mail_once(key="dispute:1", subject="S", body="B", now=NOW)

    assert (first, second) == (True, False)
    assert [m.to for m in mailoutbox] == [["staff@example.org"]]
    assert mailoutbox[0].subject == "[Badux] S"


def test_a_kind_registered_only_here_is_routed_by_its_default_then_by_the_choice(
    user_factory, note, mailoutbox, ladder_kind
):
    player = user_factory()

    first = _notify(player, note, event="ladder_position", key="ladder:1")
    assert first.notification.channel == Channel.DIGEST  # the kind's default, no row needed
    assert first.notification.event == "ladder_position"
    assert mailoutbox == []

    notify_modes_set(user=player, modes={"ladder_position": "immediate"})
    second = _notify(player, note, event="ladder_position", key="ladder:2")
    assert second.mailed
    assert 'Unsubscribe from "Ladder position changed" e-mails' in mailoutbox[0].body

    notify_modes_set(user=player, modes={"ladder_position": "off"})
    third = _notify(player, note, event="ladder_position", key="ladder:3")
    assert third.notification.channel == Channel.SITE
    assert len(mailoutbox) == 1


def test_an_unknown_event_is_an_error_naming_it_and_nothing_is_stored(user_factory, note):
    player = user_factory()

    with pytest.raises(UnknownKindError, match="'tournament_ended'"):
        _notify(player, note, event="tournament_ended")

    assert not Notification.objects.exists()
