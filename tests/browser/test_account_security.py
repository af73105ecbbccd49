"""Account security in a real browser (accounts.security over allauth.mfa and
allauth.usersessions): a staff log-in without a second factor is refused until one is set up;
an authenticator app set up and used, a recovery code that works once; a session ended from
another browser logs that browser out. Screenshots of the security pages at 1280 and 390 px;
axe checks every page (tests/browser/conftest.py)."""

from __future__ import annotations

import re

import pyotp
import pytest

from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.browser.helpers import log_in, log_in_recording_violations, shoot
from tests.conftest import PASSWORD

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]

PREFIX = "security-"


def _shoot_answer(page, name: str) -> None:
    """Screenshots of the page as it stands (the answer to a POST, which a reload would
    repeat) at every width; the page is left at the desktop width."""
    for label, viewport in VIEWPORTS.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=str(SHOTS / f"{PREFIX}{name}-{label}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.set_viewport_size(VIEWPORTS["desktop"])


def _reauthenticate(page) -> None:
    """allauth asks the password again before a second factor is added."""
    page.wait_for_url(re.compile(r"/accounts/reauthenticate/"))
    page.fill('input[name="password"]', PASSWORD)
    page.click('main button[type="submit"]')


def _activate_totp(browser, page, *, screenshots: bool = False) -> pyotp.TOTP:
    """On the authenticator app's set-up page: read the secret as a person would type it into
    their app, and confirm with the app's code. Returns the app."""
    page.wait_for_url(re.compile(r"/accounts/2fa/totp/activate/"))
    if screenshots:
        shoot(browser, page, "totp-activate", prefix=PREFIX)
        page.reload()  # each showing of the page makes a new secret
    secret = page.input_value("#authenticator_secret")
    app = pyotp.TOTP(secret)
    page.fill('input[name="code"]', app.now())
    page.click('main button:has-text("Activate")')
    page.wait_for_url(re.compile(r"/accounts/2fa/"))
    return app


def _log_out(page) -> None:
    page.hover(".nav-group-account > .nav-group-title")
    page.click('button:has-text("Log out")')
    page.wait_for_url(re.compile(r"/$"))


def _enter_password(page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill('input[name="login"]', username)
    page.fill('input[name="password"]', PASSWORD)
    page.click('main button[type="submit"]:has-text("Log in")')


def test_staff_log_in_without_a_second_factor_is_refused_until_one_is_set_up(
    browser, live_server, user_factory, settings
):
    settings.ACCOUNTS_STAFF_MFA_REQUIRED = True
    base = live_server.url
    user_factory(username="warden", is_staff=True, is_superuser=True)
    context = browser.new_context(viewport=VIEWPORTS["desktop"])
    page = context.new_page()
    _enter_password(page, base, "warden")
    # Sent to set up a second factor (allauth first asks the password again), told why.
    page.wait_for_url(re.compile(r"/accounts/reauthenticate/"))
    assert "staff or moderator rights" in page.inner_text("main")
    _shoot_answer(page, "staff-refused")
    for path in ("/admin/", "/settings/preferences/", "/games/"):
        page.goto(f"{base}{path}")
        assert "/admin/" not in page.url and "/settings/preferences/" not in page.url
        assert "two-factor authentication" in page.inner_text("main")
    _reauthenticate(page)
    _activate_totp(browser, page)
    page.goto(f"{base}/admin/")
    assert page.url.startswith(f"{base}/admin/")
    assert "Site administration" in page.content()
    context.close()

    # From now on the log-in itself asks for the code.
    context = browser.new_context(viewport=VIEWPORTS["desktop"])
    page = context.new_page()
    _enter_password(page, base, "warden")
    page.wait_for_url(re.compile(r"/accounts/2fa/authenticate/"))
    context.close()


def test_totp_set_up_and_used_and_a_recovery_code_works_once(browser, live_server, user_factory):
    base = live_server.url
    user_factory(username="tomoe")
    page = log_in(browser, base, "tomoe")
    page.goto(f"{base}/settings/preferences/")
    page.click('a:has-text("Account security")')
    page.wait_for_url(f"{base}/settings/security/")
    assert "Off" in page.inner_text("#security-2fa + p")
    shoot(browser, page, "overview", prefix=PREFIX)
    page.click('a:has-text("Manage two-factor authentication")')
    page.wait_for_url(f"{base}/accounts/2fa/")
    page.click('main a:has-text("Activate")')
    _reauthenticate(page)
    app = _activate_totp(browser, page, screenshots=True)

    page.goto(f"{base}/accounts/2fa/recovery-codes/")
    codes = page.input_value("#recovery_codes").split()
    assert len(codes) == 10
    shoot(browser, page, "recovery-codes", prefix=PREFIX)
    page.goto(f"{base}/accounts/2fa/")
    assert "Authentication using an authenticator app is active." in page.inner_text("main")
    shoot(browser, page, "two-factor", prefix=PREFIX)
    _log_out(page)

    # The password alone is not enough; the app's code completes the log-in.
    _enter_password(page, base, "tomoe")
    page.wait_for_url(re.compile(r"/accounts/2fa/authenticate/"))
    shoot(browser, page, "authenticate", prefix=PREFIX)
    page.fill('input[name="code"]', app.now())
    page.click('main button:has-text("Sign In")')
    page.wait_for_url(f"{base}/")
    _log_out(page)

    # A recovery code works once.
    for attempt in range(2):
        _enter_password(page, base, "tomoe")
        page.wait_for_url(re.compile(r"/accounts/2fa/authenticate/"))
        page.fill('input[name="code"]', codes[0])
        page.click('main button:has-text("Sign In")')
        if attempt == 0:
            page.wait_for_url(f"{base}/")
            _log_out(page)
    assert "/accounts/2fa/authenticate/" in page.url
    assert "Incorrect code." in page.inner_text("main")
    page.fill('input[name="code"]', codes[1])
    page.click('main button:has-text("Sign In")')
    page.wait_for_url(f"{base}/")


def test_a_session_ended_elsewhere_logs_that_browser_out(browser, live_server, user_factory):
    base = live_server.url
    user_factory(username="sora")
    desk = log_in(browser, base, "sora")
    phone_context = browser.new_context(
        viewport=VIEWPORTS["phone"],
        user_agent=(
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
            "Chrome/126.0 Mobile Safari/537.36"
        ),
    )
    phone = phone_context.new_page()
    _enter_password(phone, base, "sora")
    phone.wait_for_url(f"{base}/")

    desk.goto(f"{base}/accounts/sessions/")
    rows = desk.locator("ul.session-list li")
    assert rows.count() == 2
    assert "Chrome on Android" in desk.inner_text("ul.session-list")
    assert "This browser" in desk.inner_text("li.current")
    shoot(browser, desk, "sessions", prefix=PREFIX)
    # By keyboard: the other browser's "End", then the question's "Yes, end it".
    desk.locator('li.session:not(.current) button:has-text("End")').focus()
    desk.keyboard.press("Enter")
    desk.wait_for_selector('h1:has-text("End this session?")')
    assert "Chrome on Android" in desk.inner_text("main")
    _shoot_answer(desk, "session-end-confirm")
    desk.locator('button:has-text("Yes, end it")').focus()
    desk.keyboard.press("Enter")
    desk.wait_for_url(f"{base}/accounts/sessions/")
    assert "The session was ended." in desk.inner_text("main")
    assert desk.locator("ul.session-list li").count() == 1

    phone.goto(f"{base}/settings/preferences/")
    assert "/accounts/login/" in phone.url
    desk.goto(f"{base}/settings/preferences/")
    assert desk.url == f"{base}/settings/preferences/"
    # The other pages of the security section (axe checks each on load).
    for path, name in (("/accounts/email/", "email"), ("/accounts/password/change/", "password")):
        desk.goto(f"{base}{path}")
        assert desk.locator('nav.security-nav a[aria-current="page"]').count() == 1
        shoot(browser, desk, name, prefix=PREFIX)


def test_a_security_key_is_added_and_used_under_the_strict_policy(
    browser, live_server, user_factory
):
    """WebAuthn with Chromium's virtual authenticator (DevTools protocol): allauth's scripts,
    loaded from static files, run under the CSP without a violation."""
    base = live_server.url
    user_factory(username="keyko")
    page, errors = log_in_recording_violations(browser, base, "keyko")
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )
    page.goto(f"{base}/accounts/2fa/webauthn/add/")
    _reauthenticate(page)
    page.wait_for_url(re.compile(r"/accounts/2fa/webauthn/add/"))
    shoot(browser, page, "webauthn-add", prefix=PREFIX)
    page.reload()  # each showing of the page makes a new challenge
    page.click("#mfa_webauthn_add")
    page.wait_for_url(lambda url: "/webauthn/add/" not in url)
    assert errors == [], errors
    page.goto(f"{base}/accounts/2fa/")
    assert "You have added 1 security key." in page.inner_text("main")
    assert page.evaluate("window.__cspViolations") == []
    _log_out(page)

    _enter_password(page, base, "keyko")
    page.wait_for_url(re.compile(r"/accounts/2fa/authenticate/"))
    page.click("#mfa_webauthn_authenticate")
    page.wait_for_url(f"{base}/")
    assert page.evaluate("window.__cspViolations") == []
    assert errors == []
