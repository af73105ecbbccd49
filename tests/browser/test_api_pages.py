"""The API's browsable docs (Swagger UI from django-ninja's bundled files) run under the
Content-Security-Policy with no CDN, and the preferences page creates, shows once and revokes
a personal access token. Screenshots (desktop and phone) go to the samples folder's screenshots/."""

from __future__ import annotations

import re

import pytest

from accounts.models import ApiToken
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.browser.helpers import RECORD_VIOLATIONS
from tests.browser.helpers import log_in_recording_violations as _log_in

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]


def _shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _expect():
    return pytest.importorskip("playwright.sync_api").expect


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_the_docs_render_from_our_own_files_under_the_policy(browser, live_server, viewport):
    expect = _expect()
    context = browser.new_context(viewport=VIEWPORTS[viewport])
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    outside: list[str] = []
    page.on(
        "request",
        lambda r: outside.append(r.url) if not r.url.startswith(live_server.url) else None,
    )
    page.goto(f"{live_server.url}/api/v1/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Badux API")
    expect(
        page.locator(".opblock-summary-path[data-path='/api/v1/games/{game_id}/move']")
    ).to_be_visible()
    _shot(page, f"api-docs-{viewport}")
    assert page.evaluate("window.__cspViolations") == []
    assert errors == []
    assert [url for url in outside if not url.startswith("data:")] == []


def test_a_token_is_created_shown_once_and_revoked_on_the_preferences_page(
    browser, live_server, user_factory
):
    expect = _expect()
    user = user_factory(username="tokenuser")
    ApiToken.objects.create(
        user=user,
        name="old laptop script",
        scope="read",
        prefix="0a1b2c3d4e",
        digest="0" * 64,
        created=user.date_joined,
    )
    page, errors = _log_in(browser, live_server.url, "tokenuser")
    page.goto(f"{live_server.url}/settings/preferences/")
    section = page.locator("#api-tokens")
    expect(section).to_contain_text("old laptop script")
    page.fill("#id_name", "my Go bot")
    page.check("input[name='scope'][value='play']")
    with page.expect_navigation():
        page.click("button:has-text('Create token')")
    value = page.locator("#api-token-value").input_value().strip()
    assert re.fullmatch(r"bdx_[0-9a-f]{10}_[A-Za-z0-9_-]{43}", value)
    _shot(page, "api-token-created-desktop")
    page.set_viewport_size(VIEWPORTS["phone"])
    _shot(page, "api-token-created-phone")
    page.set_viewport_size(VIEWPORTS["desktop"])

    me = page.request.get(
        f"{live_server.url}/api/v1/me", headers={"Authorization": f"Bearer {value}"}
    )
    assert me.status == 200 and me.json()["token"]["scope"] == "play"

    page.goto(f"{live_server.url}/settings/preferences/#api-tokens")
    expect(section).to_contain_text("my Go bot")
    assert value not in page.content()
    section.scroll_into_view_if_needed()
    _shot(page, "api-tokens-preferences-desktop")
    page.set_viewport_size(VIEWPORTS["phone"])
    _shot(page, "api-tokens-preferences-phone")
    page.set_viewport_size(VIEWPORTS["desktop"])

    with page.expect_navigation():
        page.click("button[aria-label='Revoke the token my Go bot']")
    expect(page.locator("h1")).to_have_text("Revoke the token my Go bot?")
    with page.expect_navigation():
        page.click("button:has-text('Yes, revoke it')")
    expect(page.locator("#api-tokens li.revoked")).to_contain_text("my Go bot")
    gone = page.request.get(
        f"{live_server.url}/api/v1/me", headers={"Authorization": f"Bearer {value}"}
    )
    assert gone.status == 401
    assert page.evaluate("window.__cspViolations") == []
    assert errors == []
