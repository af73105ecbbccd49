"""The accounts pages in a real browser: sign up, verify, log in, edit profile, add a buddy.

Uses Debian's chromium through Playwright against pytest-django's live server, and writes
screenshots of the main pages (desktop and phone width) to the samples folder's screenshots/.
"""

from __future__ import annotations

import re

from django.utils import timezone

from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.conftest import PASSWORD

pytestmark = needs_chromium


def _shoot(browser, context, url: str, name: str) -> None:
    """Screenshot `url` at each viewport with the given context's cookies."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, viewport in VIEWPORTS.items():
        page = browser.new_page(viewport=viewport, storage_state=context.storage_state())
        page.goto(url)
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=True)
        page.close()


def test_sign_up_verify_log_in_edit_profile_add_buddy(
    browser, live_server, mailoutbox, django_user_model
):
    base = live_server.url
    other = django_user_model.objects.create_user(
        username="honinbo",
        email="honinbo@example.org",
        password=PASSWORD,
        display_name="Honinbo Shusaku",
        country="JP",
        last_seen=timezone.now(),
    )
    context = browser.new_context(viewport=VIEWPORTS["desktop"])
    page = context.new_page()

    _shoot(browser, context, f"{base}/", "home-anonymous")
    page.goto(f"{base}/accounts/signup/")
    _shoot(browser, context, page.url, "signup")
    page.fill('input[name="email"]', "kuro@example.org")
    page.fill('input[name="username"]', "kuro")
    page.fill('input[name="password1"]', PASSWORD)
    page.fill('input[name="password2"]', PASSWORD)
    page.click('button[type="submit"]:has-text("Sign up")')
    page.wait_for_url(re.compile(r"/accounts/confirm-email/$"))
    assert "Verify your e-mail address" in page.content()

    assert len(mailoutbox) == 1
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+", mailoutbox[0].body).group(0)
    page.goto(link)
    page.click('button[type="submit"]:has-text("Confirm")')
    page.wait_for_url(f"{base}/")
    assert "Welcome to Badux, kuro" in page.content()
    assert "Welcome back" not in page.content()
    assert page.is_visible('a.button:has-text("New game")')

    page.hover(".nav-group-account > .nav-group-title")  # the account pages' menu
    page.click('button:has-text("Log out")')
    page.goto(f"{base}/accounts/login/")
    _shoot(browser, context, page.url, "login")
    page.fill('input[name="login"]', "kuro")
    page.fill('input[name="password"]', PASSWORD)
    page.click('button[type="submit"]:has-text("Log in")')
    page.wait_for_url(f"{base}/")
    assert "Welcome to Badux, kuro" in page.content()  # still no game played
    _shoot(browser, context, f"{base}/", "home")

    page.goto(f"{base}/settings/profile/")
    page.fill('input[name="display_name"]', "Kuro the Patient")
    page.select_option('select[name="country"]', "NL")
    page.fill(
        'textarea[name="bio"]', "Plays slowly, thinks long.\nHex boards <3 & square ones too."
    )
    _shoot(browser, context, page.url, "profile-edit")
    page.click('button:has-text("Save profile")')
    page.wait_for_url(f"{base}/players/kuro/")
    assert page.inner_text("h1") == "Kuro the Patient"
    assert "Netherlands" in page.inner_text("main")
    assert "Hex boards <3 & square ones too." in page.inner_text(".bio")
    _shoot(browser, context, page.url, "profile")

    page.goto(f"{base}/players/honinbo/")
    page.click('button:has-text("Add to buddies")')
    page.wait_for_url(f"{base}/players/honinbo/")
    assert "honinbo is now on your buddy list" in page.inner_text(".messages")
    assert "your buddy" in page.inner_text(".profile-head")
    assert other.pk in {
        r.target_id for r in django_user_model.objects.get(username="kuro").relations.all()
    }
    _shoot(browser, context, page.url, "profile-other")

    for path, name in [
        ("/settings/preferences/", "preferences"),
        ("/settings/contacts/", "contacts"),
        ("/players/online/", "who-is-here"),
        ("/players/search/?name=ho", "search"),
        ("/accounts/password/change/", "password-change"),
        ("/accounts/email/", "email"),
    ]:
        _shoot(browser, context, f"{base}{path}", name)

    phone = browser.new_page(viewport=VIEWPORTS["phone"], storage_state=context.storage_state())
    phone.goto(f"{base}/players/kuro/")
    assert not phone.is_visible("text=Who is here")
    phone.click("text=Menu")
    assert phone.is_visible("text=Who is here")
    phone.screenshot(path=str(SHOTS / "menu-open-phone.png"))
    phone.close()
    context.close()
