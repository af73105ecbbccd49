"""Browser fixtures: Debian's chromium driven by Playwright against pytest-django's live server.

Each browser test module skips itself with `needs_chromium` when /usr/bin/chromium is missing;
`playwright install` is never used (it downloads browsers from outside the package registries).
"""

from __future__ import annotations

import os
import re
import warnings
from pathlib import Path

import pytest

from tests.samples import samples_dir

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = samples_dir("screenshots")
VIEWPORTS = {"desktop": {"width": 1280, "height": 860}, "phone": {"width": 390, "height": 844}}
needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian chromium is not installed (apt-get install chromium)"
)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


# axe-core, installed by `make axe` (npm ci of tests/browser/axe/package.json).
AXE_JS = Path(__file__).resolve().parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
AXE_MISSING = "axe-core is not installed: run `make axe` (needs node and npm)"
# WCAG 2.1 A and AA, as the developers' guide asks of every page.
AXE_RUN = """async () => {
  if (!window.axe) { return null; }
  // One run at a time per page: the load event's and the test's end may overlap.
  const run = (window.__axeRun || Promise.resolve()).catch(() => null).then(() => window.axe.run(
    document,
    {
      runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
      resultTypes: ["violations"],
    },
  ));
  window.__axeRun = run;
  const result = await run;
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ") + " :: " + n.failureSummary),
  }));
}"""


class AxeLog:
    """axe-core's verdict on every page the browser tests load: `check(page)` runs it now;
    the `browser` fixture also runs it on each page's load event and after the test, and fails
    the test on any violation (WCAG 2.1 A/AA, any impact). A page the test leaves before axe
    has finished is checked on its next load."""

    def __init__(self) -> None:
        self.checked: dict[str, int] = {}
        self.violations: list[str] = []

    def check(self, page) -> list[dict]:
        """Run axe on `page` as it is now; returns (and records) its violations."""
        try:
            found = page.evaluate(AXE_RUN)
        except Exception as error:  # noqa: BLE001 - the page navigated away or was closed
            if "destroyed" in str(error) or "closed" in str(error) or "navigat" in str(error):
                return []
            raise
        if found is None:
            return []
        path = re.sub(r"^https?://[^/]+", "", page.url)
        self.checked[path] = len(found)
        for v in found:
            self.violations.append(f"{path}: {v['impact']} {v['id']} ({v['help']}) {v['nodes']}")
        return found

    def watch(self, context) -> None:
        """Inject axe into every document of `context` and check each page once it loads."""
        context.add_init_script(path=str(AXE_JS))
        context.on("page", self._watch_page)
        for page in context.pages:
            self._watch_page(page)

    def _watch_page(self, page) -> None:
        page.on("load", lambda: self.check(page))


def _watched(browser, log: AxeLog) -> None:
    """Make every context and page the test opens report to `log`."""
    new_context = browser.new_context

    def context_with_axe(*args, **kwargs):
        context = new_context(*args, **kwargs)
        log.watch(context)
        return context

    def page_with_axe(*args, **kwargs):
        context = context_with_axe(*args, **kwargs)
        page = context.new_page()
        # Closing the page closes the context made for it, as Browser.new_page does.
        page.on("close", lambda: context.close())
        return page

    browser.new_context = context_with_axe
    browser.new_page = page_with_axe


@pytest.fixture
def axe_log() -> AxeLog:
    """The axe results of the current test (see AxeLog)."""
    return AxeLog()


@pytest.fixture
def browser(axe_log):
    # Playwright's sync API runs an event loop in this thread; Django's ORM calls in the test
    # body would otherwise be refused as "async unsafe".
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        if AXE_JS.exists():
            _watched(browser, axe_log)
        else:
            warnings.warn(AXE_MISSING, stacklevel=1)
        yield browser
        for context in browser.contexts:
            for page in context.pages:
                axe_log.check(page)
        browser.close()
    report = os.environ.get("AXE_REPORT")
    if report:
        with open(report, "a", encoding="utf-8") as out:
            for path, count in sorted(axe_log.checked.items()):
                out.write(f"{count}\t{path}\n")
            for line in axe_log.violations:
                out.write(f"  {line}\n")
    assert not axe_log.violations, "axe found violations:\n" + "\n".join(
        dict.fromkeys(axe_log.violations)
    )


# The accounts tests' player factory: active players with a verified primary e-mail.
