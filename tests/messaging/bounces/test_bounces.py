"""Returned mail: the return path of each notice mail, and what a report back does."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from messaging.bounces.address import bounce_address_read, return_path_for
from messaging.bounces.models import AddressHealth
from messaging.bounces.notifications import MAIL_FAILING
from messaging.bounces.services import bounce_record
from messaging.notifications import services
from messaging.notifications.models import Channel, Event, Notification
from tests.messaging.bounces.helpers import DOMAIN, dsn_bytes
from tests.messaging.conftest import NOW

PREFERENCES = reverse("preferences_edit")


@pytest.fixture
def domain(settings):
    settings.INBOUND_MAIL_DOMAIN = DOMAIN


@pytest.fixture
def kuro(user_factory):
    return user_factory(username="kuro")


def _mail(player, note, key="k"):
    return services.notify(
        user=player, event=Event.GAME_OVER, key=key, text="t", url="/", now=NOW, mail=note
    )


def _bounce(player, *, status="5.1.1", action="failed"):
    path = return_path_for(user_id=player.pk, email=player.email)
    raw = dsn_bytes(to=path, recipient=player.email, status=status, action=action)
    return bounce_record(token=bounce_address_read(path), raw=raw, now=NOW)


def test_a_notice_mail_leaves_with_the_players_own_return_path(domain, kuro, note, mailoutbox):
    _mail(kuro, note)

    sent = mailoutbox[0]
    assert sent.from_email == return_path_for(user_id=kuro.pk, email=kuro.email)
    assert sent.from_email.startswith("bounce+") and sent.from_email.endswith(f"@{DOMAIN}")
    # The reader still sees the site as the sender.
    assert "Badux" in sent.message()["From"]
    assert sent.message()["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_without_a_reply_domain_mail_keeps_the_default_sender(kuro, note, mailoutbox, settings):
    settings.INBOUND_MAIL_DOMAIN = ""

    _mail(kuro, note)

    assert mailoutbox[0].from_email == settings.DEFAULT_FROM_EMAIL


def test_a_hard_bounce_stops_mail_and_tells_the_player_once(domain, kuro, note, mailoutbox):
    outcome = _bounce(kuro)

    assert outcome.status.startswith("250")
    assert outcome.outcome == "hard"
    health = AddressHealth.objects.get(user=kuro)
    assert health.failing_since == NOW and health.hard_bounces == 1
    notice = Notification.objects.get(user=kuro, event=MAIL_FAILING)
    assert notice.channel == Channel.SITE
    assert kuro.email in notice.text
    # Later notices stay on the site.
    notified = _mail(kuro, note, key="after")
    assert notified.notification.channel == Channel.SITE
    assert mailoutbox == []
    # A second report changes the count, not the notice.
    _bounce(kuro)
    assert Notification.objects.filter(user=kuro, event=MAIL_FAILING).count() == 1
    assert AddressHealth.objects.get(user=kuro).hard_bounces == 2


def test_soft_bounces_are_counted_and_mail_goes_on(domain, kuro, note, mailoutbox):
    assert _bounce(kuro, status="4.2.2", action="delayed").outcome == "soft"
    assert _bounce(kuro, status="4.2.2", action="delayed").outcome == "soft"

    health = AddressHealth.objects.get(user=kuro)
    assert health.soft_bounces == 2 and health.failing_since is None
    assert _mail(kuro, note).mailed
    assert len(mailoutbox) == 1


def test_a_report_about_an_address_the_player_has_left_changes_nothing(domain, kuro):
    path = return_path_for(user_id=kuro.pk, email=kuro.email)
    kuro.email = "kuro@new.example.org"
    kuro.save()

    outcome = bounce_record(
        token=bounce_address_read(path), raw=dsn_bytes(to=path, recipient="x"), now=NOW
    )

    assert outcome.outcome == "old_address"
    assert not AddressHealth.objects.exists()


def test_the_digest_is_not_mailed_to_a_failing_address(domain, kuro):
    _bounce(kuro)

    assert services.digest_send(user_id=kuro.pk, now=NOW) is None


def test_the_player_sees_why_and_can_ask_to_be_mailed_again(domain, kuro, note, mailoutbox):
    _bounce(kuro)
    browser = Client()
    browser.force_login(kuro)

    page = browser.get(PREFERENCES)
    html = page.content.decode()
    assert "Your mail is not being delivered" in html
    assert "5.1.1" in html
    answer = browser.post(reverse("messaging:bounces_retry"), HTTP_REFERER=PREFERENCES)

    assert answer.status_code == 302 and answer["Location"] == PREFERENCES
    assert AddressHealth.objects.get(user=kuro).failing_since is None
    assert "Your mail is not being delivered" not in browser.get(PREFERENCES).content.decode()
    assert _mail(kuro, note, key="again").mailed


def test_the_retry_refuses_a_foreign_return_address(domain, kuro):
    browser = Client()
    browser.force_login(kuro)

    answer = browser.post(reverse("messaging:bounces_retry"), HTTP_REFERER="https://evil.example/")

    assert answer.status_code == 302 and answer["Location"] == PREFERENCES


def test_confirming_the_address_again_lifts_the_mark(domain, kuro):
    from allauth.account.models import EmailAddress
    from allauth.account.signals import email_confirmed

    _bounce(kuro)
    address = EmailAddress.objects.get(user=kuro)

    email_confirmed.send(sender=EmailAddress, request=None, email_address=address)

    assert AddressHealth.objects.get(user=kuro).failing_since is None


def test_the_site_only_kind_has_no_row_on_the_preferences_page(kuro):
    browser = Client()
    browser.force_login(kuro)

    html = browser.get(PREFERENCES).content.decode()

    assert f'name="notify_{MAIL_FAILING}"' not in html
    assert 'name="notify_game_over"' in html
