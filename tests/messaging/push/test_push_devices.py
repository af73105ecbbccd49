"""Devices and choices: subscribing (only known push services over HTTPS, usable keys), the
device cap, removing after asking, the per-kind choices, and what the preferences page shows
(the public key, never the private one)."""

from __future__ import annotations

import datetime as dt
import json
import os

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st

from messaging.push import selectors, services
from messaging.push.keys import b64url, vapid_keys_make
from messaging.push.models import PushChoice, PushSubscription

FCM = "https://fcm.googleapis.com/fcm/send/"


def _keys() -> dict[str, str]:
    key = ec.generate_private_key(ec.SECP256R1()).public_key()
    point = key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return {"p256dh": b64url(point), "auth": b64url(os.urandom(16))}


@pytest.fixture
def push_on(settings):
    keys = vapid_keys_make()
    settings.PUSH = {
        **settings.PUSH,
        "ENABLED": True,
        "VAPID_PUBLIC_KEY": keys.public,
        "VAPID_PRIVATE_KEY": keys.private,
    }
    return keys


def _save(user, endpoint: str, **keys: str) -> PushSubscription:
    return services.push_subscription_save(
        user=user,
        endpoint=endpoint,
        user_agent="Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36",
        now=timezone.now(),
        **(keys or _keys()),
    )


@pytest.mark.parametrize(
    "endpoint",
    [
        "http://fcm.googleapis.com/fcm/send/x",  # not HTTPS
        "https://127.0.0.1/push",  # not a push service: the site's own network
        "https://fcm.googleapis.com.evil.test/x",  # a look-alike host
        "https://evilfcm.googleapis.com.test/x",
        "javascript:alert(1)",
        "",
        FCM + "x" * 600,  # longer than the column
        "https://[::1/push",  # a URL urlsplit cannot read
        FCM + "x\x00y",  # a NUL: PostgreSQL cannot store it
        "https://fcm.googleapis.com:22/fcm/send/x",  # another port of the service's host
        "https://fcm.googleapis.com:abc/fcm/send/x",
    ],
)
def test_only_a_known_push_service_over_https_is_stored(black, endpoint):
    with pytest.raises(ValidationError) as refused:
        _save(black, endpoint)
    assert refused.value.code == "push_endpoint"
    assert not PushSubscription.objects.exists()


def test_a_subdomain_of_a_known_service_is_accepted(black):
    device = _save(black, "https://updates.push.services.mozilla.com/wpush/v2/abc")
    assert device.user == black


@given(p256dh=st.text(max_size=120), auth=st.text(max_size=40))
def test_keys_that_are_not_a_point_and_a_secret_are_refused(p256dh, auth):
    with pytest.raises(ValidationError):
        services._key_check(p256dh, auth)


def test_subscribing_again_renews_the_keys_and_moves_the_device(black, white):
    first = _save(black, FCM + "a")
    keys = _keys()
    again = _save(white, FCM + "a", **keys)
    assert again.pk == first.pk
    assert again.user == white and again.p256dh == keys["p256dh"]
    assert not selectors.push_subscriptions_list(user=black).exists()


def test_at_the_cap_the_least_recently_used_device_makes_room(black, settings):
    settings.PUSH = {**settings.PUSH, "DEVICES_MOST": 2}
    old = _save(black, FCM + "old")
    used = _save(black, FCM + "used")
    PushSubscription.objects.filter(pk=used.pk).update(last_used=timezone.now())
    PushSubscription.objects.filter(pk=old.pk).update(
        last_used=timezone.now() - dt.timedelta(days=1)
    )
    new = _save(black, FCM + "new")
    assert set(selectors.push_subscriptions_list(user=black)) == {used, new}


def test_push_is_wanted_by_default_for_the_six_kinds_once_a_device_is_there(black, push_on):
    assert not selectors.push_wanted(user=black, event="your_turn")  # no device yet
    _save(black, FCM + "a")
    choices = selectors.push_choices_get(user=black)
    wanted = {name for name, on in choices.items() if on}
    assert wanted == {
        "your_turn",
        "game_over",
        "message",
        "challenge",
        "tournament_round",
        "timeout_warning",
    }
    assert selectors.push_wanted(user=black, event="your_turn")
    assert not selectors.push_wanted(user=black, event="dispute")
    services.push_choices_set(user=black, choices={"your_turn": False, "dispute": True})
    assert not selectors.push_wanted(user=black, event="your_turn")
    assert selectors.push_wanted(user=black, event="dispute")


def test_push_off_on_the_site_wants_nothing(black, settings):
    settings.PUSH = {**settings.PUSH, "ENABLED": False}
    _save(black, FCM + "a")
    assert not selectors.push_wanted(user=black, event="your_turn")


def test_an_unknown_kind_is_refused_and_nothing_written(black):
    with pytest.raises(ValidationError):
        services.push_choices_set(user=black, choices={"your_turn": False, "nope": True})
    assert not PushChoice.objects.exists()


@pytest.mark.parametrize(
    ("agent", "label"),
    [
        ("Mozilla/5.0 (Android 14; Mobile; rv:126.0) Firefox/126.0", "Firefox on Android"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5) Mobile/15E148 Safari/604.1", "Safari on iPhone"),
        ("Mozilla/5.0 (Windows NT 10.0) Chrome/126.0 Safari/537.36 Edg/126.0", "Edge on Windows"),
        ("curl/8.0", ""),
    ],
)  # fmt: skip
def test_device_labels(agent, label):
    assert selectors.device_label(user_agent=agent) == label


# --- the pages ------------------------------------------------------------------------------


def test_the_page_subscribes_a_device_by_json(client, black, push_on):
    client.force_login(black)
    body = {"endpoint": FCM + "z", "keys": _keys(), "expirationTime": None}
    response = client.post(
        reverse("push_subscribe"),
        json.dumps(body),
        content_type="application/json",
        HTTP_USER_AGENT="Mozilla/5.0 (X11; Linux x86_64) Firefox/126.0",
    )
    assert response.status_code == 201
    device = PushSubscription.objects.get(pk=response.json()["id"])
    assert device.user == black and device.user_agent.endswith("Firefox/126.0")


@pytest.mark.parametrize(
    "body",
    [
        b"not json",
        b"[]",
        b'{"endpoint": 5}',
        json.dumps({"endpoint": "https://example.org/x", "keys": _keys()}).encode(),
        json.dumps({"endpoint": FCM + "x", "keys": {"p256dh": "AAAA", "auth": "BB"}}).encode(),
        b"{" + b" " * 5000 + b"}",
    ],
)
def test_a_bad_subscription_is_refused_with_a_code_not_a_500(client, black, push_on, body):
    client.force_login(black)
    response = client.post(reverse("push_subscribe"), body, content_type="application/json")
    assert response.status_code == 400
    assert set(response.json()) == {"code", "message"}
    assert not PushSubscription.objects.exists()


def test_a_user_agent_with_a_nul_is_stored_without_it(black):
    device = services.push_subscription_save(
        user=black, endpoint=FCM + "nul", user_agent="Firefox\x00/1", now=timezone.now(), **_keys()
    )
    assert device.user_agent == "Firefox/1"


@pytest.mark.parametrize("endpoint", ["https://[::1/push", FCM + "x\x00y"])
def test_odd_endpoints_are_refused_by_the_page_not_a_500(client, black, push_on, endpoint):
    client.force_login(black)
    body = json.dumps({"endpoint": endpoint, "keys": _keys()})
    response = client.post(reverse("push_subscribe"), body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "push_endpoint"
    gone = client.post(
        reverse("push_unsubscribe"),
        json.dumps({"endpoint": endpoint}),
        content_type="application/json",
    )
    assert gone.status_code == 204


def test_subscribing_needs_push_on_and_a_login(client, black, settings):
    assert (
        client.post(reverse("push_subscribe"), b"{}", content_type="application/json").status_code
        == 302
    )
    client.force_login(black)
    settings.PUSH = {**settings.PUSH, "ENABLED": False}
    assert (
        client.post(reverse("push_subscribe"), b"{}", content_type="application/json").status_code
        == 404
    )


def test_logging_out_removes_the_devices_subscribed_in_that_session(client, black, push_on):
    other_session = _save(black, FCM + "phone")
    client.force_login(black)
    body = {"endpoint": FCM + "shared-pc", "keys": _keys()}
    client.post(reverse("push_subscribe"), json.dumps(body), content_type="application/json")
    assert PushSubscription.objects.filter(user=black).count() == 2

    client.post(reverse("account_logout"))

    assert list(PushSubscription.objects.filter(user=black)) == [other_session]


def test_the_page_unsubscribes_its_own_device_only(client, black, white):
    mine = _save(black, FCM + "mine")
    theirs = _save(white, FCM + "theirs")
    client.force_login(black)
    for endpoint in (mine.endpoint, theirs.endpoint):
        response = client.post(
            reverse("push_unsubscribe"),
            json.dumps({"endpoint": endpoint}),
            content_type="application/json",
        )
        assert response.status_code == 204
    assert list(PushSubscription.objects.all()) == [theirs]


def test_removing_a_device_asks_first_and_only_touches_ones_own(client, black, white):
    mine = _save(black, FCM + "mine")
    theirs = _save(white, FCM + "theirs")
    client.force_login(black)
    asked = client.post(reverse("push_device_remove", args=[mine.pk]))
    assert asked.status_code == 200
    assert b"Stop push notifications to Chrome on Android?" in asked.content
    assert PushSubscription.objects.filter(pk=mine.pk).exists()
    done = client.post(reverse("push_device_remove", args=[mine.pk]), {"confirm": "yes"})
    assert done.url == reverse("preferences_edit") + "#push"
    assert not PushSubscription.objects.filter(pk=mine.pk).exists()
    client.post(reverse("push_device_remove", args=[theirs.pk]), {"confirm": "yes"})
    assert PushSubscription.objects.filter(pk=theirs.pk).exists()
    huge = client.post(reverse("push_device_remove", args=[2**64]), {"confirm": "yes"})
    assert huge.status_code == 302


def test_the_choices_form_saves_every_kind(client, black):
    client.force_login(black)
    response = client.post(reverse("push_choices_edit"), {"push_dispute": "on"})
    assert response.url == reverse("preferences_edit") + "#push"
    choices = selectors.push_choices_get(user=black)
    assert choices["dispute"] is True and choices["your_turn"] is False


def test_the_preferences_page_lists_devices_and_carries_the_public_key_only(client, black, push_on):
    _save(black, FCM + "a")
    client.force_login(black)
    page = client.get(reverse("preferences_edit")).content.decode()
    assert 'id="push"' in page
    assert "Chrome on Android" in page
    assert f'data-public-key="{push_on.public}"' in page
    assert push_on.private not in page
    assert 'name="push_your_turn"' in page


def test_the_section_says_when_the_site_sends_no_push(client, black):
    client.force_login(black)
    page = client.get(reverse("preferences_edit")).content.decode()
    assert "This site does not send push notifications." in page
    assert "data-public-key" not in page


# --- the installable site -------------------------------------------------------------------


def test_the_service_worker_is_served_at_the_root(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    assert b'addEventListener("push"' in response.content


def test_the_manifest_names_the_site_its_icons_and_the_status_page(client, black):
    anonymous = client.get("/manifest.webmanifest").json()
    assert anonymous["name"] == "Badux"
    assert anonymous["start_url"] == reverse("games:status")
    assert anonymous["display"] == "standalone"
    assert anonymous["theme_color"] == "#dcb35c"
    assert [icon["sizes"] for icon in anonymous["icons"]] == ["192x192", "512x512"]
    for icon in anonymous["icons"]:
        assert client.get(icon["src"]).status_code == 200
    from accounts.models import Preferences

    Preferences.objects.update_or_create(user=black, defaults={"board_theme": "slate"})
    client.force_login(black)
    slate = client.get("/manifest.webmanifest").json()
    assert slate["theme_color"] == "#9aa7b0"
    assert "badux-slate-192" in slate["icons"][0]["src"]


def test_the_offline_page_says_so_and_holds_nobodys_data(client, black):
    client.force_login(black)
    response = client.get("/offline/")
    page = response.content.decode()
    assert response.status_code == 200
    assert "You are offline" in page
    assert black.username not in page
    assert "<script" not in page
    assert "public" in response["Cache-Control"]


def test_the_icons_are_drawn_by_the_board_renderer_and_committed():
    from django.conf import settings as django_settings
    from PIL import Image

    from messaging.push.icons import ICON_SIZES, icon_image, icon_name
    from rules.images.themes import THEMES

    for theme in THEMES:
        for size in ICON_SIZES:
            committed = Image.open(
                django_settings.BASE_DIR / "static" / icon_name(theme=theme, size=size)
            )
            drawn = icon_image(theme=theme, size=size)
            assert committed.size == drawn.size == (size, size)
            assert committed.convert("RGB").tobytes() == drawn.tobytes()


def test_ending_a_session_from_another_browser_removes_its_devices(client, black, push_on):
    """The security page's "end this session" (and "end all other sessions") logs that browser
    out as logging out there would: its push devices go too, so a shared or lost device stops
    showing the player's notices."""
    from allauth.usersessions.models import UserSession
    from django.test import Client

    shared = Client()
    shared.force_login(black)
    shared.get(reverse("preferences_edit"))  # allauth.usersessions records the session
    body = {"endpoint": FCM + "shared-pc", "keys": _keys()}
    shared.post(reverse("push_subscribe"), json.dumps(body), content_type="application/json")
    phone = _save(black, FCM + "phone")
    client.force_login(black)
    client.get(reverse("preferences_edit"))
    session = UserSession.objects.get(session_key=shared.session.session_key)

    client.post(reverse("user_session_end", args=[session.pk]), {"confirm": "yes"})

    assert list(PushSubscription.objects.filter(user=black)) == [phone]


def test_ending_all_other_sessions_removes_their_devices(client, black, push_on):
    from django.test import Client

    shared = Client()
    shared.force_login(black)
    shared.get(reverse("preferences_edit"))
    body = {"endpoint": FCM + "shared-pc", "keys": _keys()}
    shared.post(reverse("push_subscribe"), json.dumps(body), content_type="application/json")
    client.force_login(black)
    client.get(reverse("preferences_edit"))
    body = {"endpoint": FCM + "mine", "keys": _keys()}
    client.post(reverse("push_subscribe"), json.dumps(body), content_type="application/json")

    client.post(reverse("user_sessions_end_others"), {"confirm": "yes"})

    assert [d.endpoint for d in PushSubscription.objects.filter(user=black)] == [FCM + "mine"]


def test_closing_the_account_removes_the_devices_of_the_sessions_it_ends(
    black, push_on, django_capture_on_commit_callbacks
):
    from django.test import Client

    from accounts.data.closures import account_close

    browser = Client()
    browser.force_login(black)
    body = {"endpoint": FCM + "laptop", "keys": _keys()}
    browser.post(reverse("push_subscribe"), json.dumps(body), content_type="application/json")
    assert PushSubscription.objects.filter(user=black).exists()

    with django_capture_on_commit_callbacks(execute=True):
        account_close(user=black, now=timezone.now())

    assert not PushSubscription.objects.filter(user=black).exists()


def _device_from_a_browser(user, name: str):
    """A logged-in browser of `user` with a push device subscribed from it."""
    from django.test import Client

    browser = Client()
    browser.force_login(user)
    browser.get(reverse("preferences_edit"))
    body = {"endpoint": FCM + name, "keys": _keys()}
    browser.post(reverse("push_subscribe"), json.dumps(body), content_type="application/json")
    return browser


def test_allauths_own_end_other_sessions_asks_first_then_removes_their_devices(
    client, black, push_on
):
    _device_from_a_browser(black, "shared-pc")
    client.force_login(black)
    client.get(reverse("preferences_edit"))
    body = {"endpoint": FCM + "mine", "keys": _keys()}
    client.post(reverse("push_subscribe"), json.dumps(body), content_type="application/json")

    asked = client.post("/accounts/sessions/")
    assert asked.status_code == 200 and b'name="confirm" value="yes"' in asked.content
    assert PushSubscription.objects.filter(user=black).count() == 2  # nothing yet
    client.post("/accounts/sessions/", {"confirm": "yes"})

    assert [d.endpoint for d in PushSubscription.objects.filter(user=black)] == [FCM + "mine"]
    assert client.get("/accounts/sessions/").status_code == 200  # the list, still logged in


def test_every_ending_through_allauths_flows_removes_the_devices(black, white, push_on):
    from allauth.core.context import request_context
    from allauth.usersessions.internal.flows.sessions import end_sessions
    from allauth.usersessions.models import UserSession
    from django.contrib.sessions.backends.db import SessionStore
    from django.test import RequestFactory

    _device_from_a_browser(black, "laptop")
    _device_from_a_browser(white, "phone")
    request = RequestFactory().get("/")
    request.session = SessionStore()
    with request_context(request):  # as allauth's headless API ends them
        end_sessions(request, list(UserSession.objects.filter(user=black)))

    assert not PushSubscription.objects.filter(user=black).exists()
    assert PushSubscription.objects.filter(user=white).count() == 1
