"""Helpers shared by the browser tests: logging in through the form, screenshots at each
width, recording CSP violations."""

from __future__ import annotations

import pytest

from tests.browser.conftest import SHOTS, VIEWPORTS
from tests.conftest import PASSWORD


def expect():
    """Playwright's `expect`, or a skip where playwright is not installed."""
    return pytest.importorskip("playwright.sync_api").expect


def log_in(browser, base: str, username: str):
    """A desktop page of a new context, logged in as `username` through the login form."""
    context = browser.new_context(viewport=VIEWPORTS["desktop"])
    page = context.new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill('input[name="login"]', username)
    page.fill('input[name="password"]', PASSWORD)
    page.click('button[type="submit"]:has-text("Log in")')
    page.wait_for_url(f"{base}/")
    return page


def shoot(browser, page, name: str, *, prefix: str = "") -> None:
    """Screenshots of `page` at every width (as its logged-in context sees it), named
    `<prefix><name>-<width label>.png`; fails when the page is wider than the window."""
    name = prefix + name
    SHOTS.mkdir(parents=True, exist_ok=True)
    state = page.context.storage_state()
    for label, viewport in VIEWPORTS.items():
        shot = browser.new_page(viewport=viewport, storage_state=state)
        shot.goto(page.url)
        shot.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=True)
        assert shot.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), (
            f"{name}-{label} is wider than the window"
        )
        shot.close()


# Every violation the page sees, whatever the directive.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


def log_in_recording_violations(browser, base: str, username: str):
    context = browser.new_context(viewport=VIEWPORTS["desktop"])
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{base}/accounts/login/")
    page.fill('input[name="login"]', username)
    page.fill('input[name="password"]', PASSWORD)
    page.click('button[type="submit"]:has-text("Log in")')
    page.wait_for_url(f"{base}/")
    return page, errors
