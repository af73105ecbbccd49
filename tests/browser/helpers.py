"""Helpers shared by the browser tests: logging in through the form, screenshots at each
width, recording CSP violations, the keyboard cursor's keys."""

from __future__ import annotations

from collections import deque

import pytest

from games.pages.board_words import directions, step
from rules import topology_for
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


# The keyboard cursor (static/games/board_cursor.js): its keys per direction, as written on
# the pages, and the point that has the focus.
CURSOR_KEYS = {
    "square": {"up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight"},
    "hex": {
        "left": "ArrowLeft",
        "right": "ArrowRight",
        "up_left": "ArrowUp",
        "down_right": "ArrowDown",
        "up_right": "PageUp",
        "down_left": "PageDown",
    },
}
FOCUSED = "document.activeElement && document.activeElement.getAttribute('data-cursor')"


def tab_until(page, script: str, limit: int = 80) -> int:
    """Press Tab until `script` (a JS expression) is true; the number of presses."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate(script):
            return presses
    raise AssertionError(f"{script} never became true after {limit} Tabs")


def to_board(page) -> int:
    """From the top of the page to the board: Tab to "Skip to content", Enter, then Tab until
    the board's cursor has the focus; returns the keys pressed."""
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Skip to content"
    page.keyboard.press("Enter")
    return 2 + tab_until(page, FOCUSED)


def cursor_path(kind: str, size: int, start: str, goal: str) -> list[str]:
    """The keys that move the cursor from `start` to `goal` (a shortest path on the board)."""
    t = topology_for(kind, size)
    first, last = t.parse(start), t.parse(goal)
    came: dict[int, tuple[int, str] | None] = {first: None}
    queue = deque([first])
    while queue:
        p = queue.popleft()
        for d in directions(t):
            q = step(t, p, d)
            if q is not None and q not in came:
                came[q] = (p, d)
                queue.append(q)
    keys = []
    while came[last] is not None:
        last, d = came[last]
        keys.append(CURSOR_KEYS[kind][d])
    return keys[::-1]


def cursor_to(page, kind: str, size: int, name: str) -> None:
    """Walk the focused cursor to the point `name` with its keys."""
    for key in cursor_path(kind, size, page.evaluate(FOCUSED), name):
        page.keyboard.press(key)
    assert page.evaluate(FOCUSED) == name
