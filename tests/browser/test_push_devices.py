"""The installable site and the push section in Chromium: the service worker registers at the
root, Chromium reads the manifest without error, a page that cannot load shows the offline
page, the push section passes axe with a device listed, and what a player sees subscribing
(screenshots at 1280 and 390 px)."""

from __future__ import annotations

import json

import pytest
from django.utils import timezone

from messaging.push.keys import vapid_keys_make
from messaging.push.models import PushSubscription
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.browser.helpers import expect, log_in

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]

WORKER_READY = """async () => {
  const reg = await navigator.serviceWorker.ready;
  return { scope: reg.scope, script: reg.active && reg.active.scriptURL };
}"""


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


def test_the_worker_registers_the_manifest_is_valid_and_offline_says_so(
    browser, live_server, user_factory
):
    base = live_server.url
    user_factory(username="kuro")
    page = log_in(browser, base, "kuro")

    worker = page.evaluate(WORKER_READY)
    assert worker == {"scope": f"{base}/", "script": f"{base}/sw.js"}

    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == f"{base}/manifest.webmanifest"
    assert manifest["errors"] == []
    assert json.loads(manifest["data"])["name"] == "Badux"
    # Chromium's own installability check: nothing missing (icons, worker, start URL, display);
    # a Playwright context is an incognito one, which no site can be installed from.
    found = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert {error["errorId"] for error in found} <= {"in-incognito"}
    data = page.evaluate("fetch('/manifest.webmanifest').then((r) => r.json())")
    assert data["name"] == "Badux" and data["start_url"] == "/games/"
    icons = [icon["src"] for icon in data["icons"]]
    for src in icons:
        assert page.request.get(f"{base}{src}").headers["content-type"] == "image/png"

    # Controlled by the worker (a load after it activated), then the network goes away.
    page.reload()
    assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
    page.context.set_offline(True)
    page.goto(f"{base}/games/")
    expect()(page.locator("h1")).to_have_text("You are offline")
    assert "kuro" not in page.content()
    page.context.set_offline(False)
    page.goto(f"{base}/games/")
    expect()(page.locator("h1")).not_to_have_text("You are offline")


def _shoot_section(page, name: str) -> None:
    """The push section as the player sees it now (what the script said included), at each
    width: push-<name>-desktop.png (1280 px) and push-<name>-phone.png (390 px)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, viewport in VIEWPORTS.items():
        page.set_viewport_size(viewport)
        section = page.locator("#push")
        section.scroll_into_view_if_needed()
        section.screenshot(path=str(SHOTS / f"push-{name}-{label}.png"))
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.set_viewport_size(VIEWPORTS["desktop"])


def test_subscribing_from_the_preferences_page(browser, live_server, user_factory, push_on):
    base = live_server.url
    kuro = user_factory(username="kuro")
    page = log_in(browser, base, "kuro")
    page.context.grant_permissions(["notifications"], origin=base)
    page.goto(f"{base}/settings/preferences/#push")
    button = page.get_by_role("button", name="Turn on push on this device")
    expect()(button).to_be_visible()
    expect()(page.get_by_text("No device is subscribed yet.")).to_be_visible()
    _shoot_section(page, "before")

    button.click()
    said = page.locator("[data-push-said]")
    expect()(said).not_to_have_text("")
    expect()(said).not_to_have_text("Asking your browser…")
    # Headless Chromium has no push service: the browser's refusal, in the site's words.
    expect()(said).to_have_text(
        "This browser could not subscribe to push notifications. Try again later, or from "
        "another browser."
    )
    _shoot_section(page, "clicked")

    # A device subscribed (from this browser where it has a push service, here as stored):
    # listed with its browser, removable; axe checks the page on each load.
    PushSubscription.objects.create(
        user=kuro,
        endpoint="https://fcm.googleapis.com/fcm/send/device-1",
        p256dh="p",
        auth="a",
        user_agent=page.evaluate("navigator.userAgent"),
        created=timezone.now(),
        last_used=timezone.now(),
    )
    page.reload()
    expect()(page.locator(".push-device-name")).to_have_text("Chrome on Linux")
    expect()(page.get_by_role("button", name="Remove Chrome on Linux", exact=False)).to_be_visible()
    _shoot_section(page, "listed")
