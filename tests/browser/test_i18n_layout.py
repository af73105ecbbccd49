"""Long words do not push pages sideways: the site in pseudo-German and pseudo-Russian at 390 px;
the signed-in menu stays one row at 1280 px in every language (the real catalogs).

The catalogs of locale/de and locale/ru are rewritten into pseudo-translations (every word
made longer, some words glued into German-length compounds, Russian in Cyrillic; placeholders
and HTML kept) compiled into tmp_path, which becomes settings.LOCALE_PATHS. So the check does
not wait for the real translations, and keeps holding once they exist. Screenshots:
the samples folder's screenshots/i18n-<lang>-<page>-phone.png.
"""

from __future__ import annotations

import array
import json
import re
import struct
from pathlib import Path

import pytest
from django.utils import timezone

from accounts.models import User
from games.game_settings import GameSettings
from games.services import play as play_service
from ladder.ladders.models import Ladder
from ladder.ladders.services import ladder_join
from messaging.messages import services as threads
from messaging.notifications.models import Channel, Notification
from messaging.unread import unread_counts
from tests.browser.conftest import SHOTS, VIEWPORTS, needs_chromium
from tests.browser.helpers import log_in
from tests.conftest import PASSWORD

pytestmark = needs_chromium

ROOT = Path(__file__).resolve().parents[2]
# Kept as they are: placeholders, tags, entities, links, and code (which translators keep).
KEEP = re.compile(r"(<code[^>]*>.*?</code>|%\(\w+\)[sd]|%[sd]|\{\w*\}|<[^>]+>|&\w+;|https?://\S+)")
CYRILLIC = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                         "абцдефгхийклмнопярстуввхызАБЦДЕФГХИЙКЛМНОПЯРСТУВВХЫЗ")  # fmt: skip


def _longer(text: str, language: str) -> str:
    """`text` as a long-worded language would say it: words 60 % (de) or 40 % (ru) longer,
    every third pair of German words glued into one compound."""
    growth = 1.6 if language == "de" else 1.4
    count = 0

    def word(match: re.Match) -> str:
        nonlocal count
        count += 1
        w = match.group(0)
        w = w + ("ungsschaftsverein" * 3)[: int(len(w) * growth) - len(w) + 1]
        return w.translate(CYRILLIC) if language == "ru" else w

    def piece(part: str) -> str:
        part = re.sub(r"[^\W\d_]{2,}", word, part)
        if language == "de":
            part = re.sub(r"([^\W\d_]{5,}) ([^\W\d_]{5,})", r"\1\2", part, count=1)
        return part

    return "".join(p if KEEP.fullmatch(p) else piece(p) for p in KEEP.split(text))


def _entries(po: Path) -> list[dict[str, str]]:
    """The entries of a .po file: msgctxt, msgid, msgid_plural, msgstr[...] as plain strings."""
    entries: list[dict[str, str]] = []
    entry: dict[str, str] = {}
    key = ""
    for line in po.read_text().splitlines() + [""]:
        line = line.strip()
        if not line:
            if entry:
                entries.append(entry)
            entry, key = {}, ""
            continue
        if line.startswith("#"):
            continue
        match = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (".*")$', line)
        if match:
            key = match.group(1)
            entry[key] = json.loads(match.group(2))
        elif line.startswith('"'):
            entry[key] += json.loads(line)
    return entries


def _mo(messages: dict[str, str]) -> bytes:
    """A GNU .mo file of `messages` (as Python's Tools/i18n/msgfmt.py writes it)."""
    keys = sorted(messages, key=lambda k: k.encode())
    ids = strs = b""
    offsets = []
    for key in keys:
        value = messages[key].encode()
        offsets.append((len(ids), len(key.encode()), len(strs), len(value)))
        ids += key.encode() + b"\0"
        strs += value + b"\0"
    key_start = 7 * 4 + 16 * len(keys)
    value_start = key_start + len(ids)
    table = []
    for key_at, key_len, _value_at, _value_len in offsets:
        table += [key_len, key_at + key_start]
    for _key_at, _key_len, value_at, value_len in offsets:
        table += [value_len, value_at + value_start]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 28, 28 + len(keys) * 8, 0, 0)
    return header + array.array("i", table).tobytes() + ids + strs


def _pseudo_catalog(language: str, target: Path) -> None:
    for domain in ("django", "djangojs"):
        po = ROOT / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
        if not po.exists():
            continue
        messages: dict[str, str] = {}
        for entry in _entries(po):
            msgid = entry.get("msgid", "")
            if not msgid:
                messages[""] = entry.get("msgstr", "")
                continue
            key = f"{entry['msgctxt']}\x04{msgid}" if "msgctxt" in entry else msgid
            if "msgid_plural" in entry:
                forms = sorted(k for k in entry if k.startswith("msgstr["))
                plural = entry["msgid_plural"]
                values = [_longer(msgid if n == 0 else plural, language) for n in range(len(forms))]
                messages[f"{key}\0{plural}"] = "\0".join(values)
            else:
                messages[key] = _longer(msgid, language)
        folder = target / language / "LC_MESSAGES"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{domain}.mo").write_bytes(_mo(messages))


def test_pseudo_translation_keeps_placeholders_and_tags():
    said = _longer('Hello %(name)s, see <a href="%(link1)s">your games</a> {count}', "de")
    assert "%(name)s" in said and '<a href="%(link1)s">' in said and "{count}" in said
    assert len(said) > len('Hello %(name)s, see <a href="%(link1)s">your games</a> {count}')


@pytest.fixture
def pseudo_locale(tmp_path, settings):
    """Pseudo-German and pseudo-Russian in tmp_path; Japanese from its real catalog (lines
    without spaces between words)."""
    for language in ("de", "ru"):
        _pseudo_catalog(language, tmp_path / "locale")
    settings.LOCALE_PATHS = [tmp_path / "locale", *settings.LOCALE_PATHS]


# The elements that reach past the window's right edge, outside any scrolling box.
WIDEST = r"""() => {
  const w = window.innerWidth;
  const scrolls = (e) => {
    for (let p = e.parentElement; p; p = p.parentElement) {
      if (["auto", "scroll", "hidden"].includes(getComputedStyle(p).overflowX)) return true;
    }
    return false;
  };
  const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
    + (typeof e.className === "string" && e.className.trim()
      ? "." + e.className.trim().split(/\s+/).join(".") : "");
  return [...document.querySelectorAll("body *")]
    .filter((e) => e.getBoundingClientRect().right > w + 1 && !scrolls(e))
    .slice(-4)
    .map((e) => name(e) + " " + Math.round(e.getBoundingClientRect().right) + "px: "
      + (e.textContent || "").trim().slice(0, 40));
}"""
PUBLIC = ["/", "/accounts/login/", "/accounts/signup/", "/games/waiting-room/", "/ladders/"]
PLAYER = ["/games/", "/games/new/", "/settings/preferences/", "/notifications/", "/messages/"]


@pytest.mark.parametrize("language", ["de", "ru", "ja"])
def test_no_page_scrolls_sideways_at_390_px(
    browser, live_server, pseudo_locale, user_factory, language
):
    base = live_server.url
    player = user_factory(username=f"long{language}", language=language)
    rival = user_factory(username=f"rival{language}")
    game = play_service.game_start(
        black=player,
        white=rival,
        settings=GameSettings(board_kind="square", board_size=19),
        now=timezone.now(),
    )
    # A ladder with the rival above: its table has a Challenge button whose visually-hidden
    # name (absolute) once widened the page past its scrolling box (German at 390 px).
    ladder = Ladder.objects.create(
        name="Go 9x9",
        slug="go-9x9",
        board_kind="square",
        board_size=9,
        ruleset="go-area",
        komi="7.5",
        created=timezone.now(),
    )
    for user in (rival, player):
        ladder_join(ladder_id=ladder.pk, user=user, now=timezone.now())
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(
        viewport=VIEWPORTS["phone"], extra_http_headers={"Accept-Language": language}
    )
    page = context.new_page()
    wide = []

    def visit(path: str) -> None:
        page.goto(f"{base}{path}")
        name = path.strip("/").replace("/", "-") or "home"
        page.screenshot(path=str(SHOTS / f"i18n-{language}-{name}-phone.png"), full_page=True)
        assert page.locator("html").get_attribute("lang") == language
        if not page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"):
            wide.append(f"{path} {page.evaluate(WIDEST)}")

    for path in PUBLIC:
        visit(path)
    page.goto(f"{base}/accounts/login/")
    page.fill('input[name="login"]', player.username)
    page.fill('input[name="password"]', PASSWORD)
    page.click('form button[type="submit"]')
    page.wait_for_url(f"{base}/")
    for path in [*PLAYER, f"/games/{game.pk}/", f"/ladders/{ladder.slug}/"]:
        visit(path)
    assert not wide, f"wider than 390 px in (pseudo-){language}: {wide}"


# The rows the wide menu takes: the visible links and the Account button, by their middles.
MENU_ROWS = r"""() => {
  const items = [...document.querySelectorAll(
    ".nav-groups > li:not(.nav-group-account) > ul > li, .nav-group-account > .nav-group-title"
  )].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 1);
  const middles = items.map((r) => (r.top + r.bottom) / 2).sort((a, b) => a - b);
  let rows = 0, last = -1e9;
  for (const m of middles) { if (m - last > 8) rows += 1; last = m; }
  return {rows, items: items.length};
}"""


# The header's counts: visible, each inside its link and with its accessible label.
COUNTS = r"""() => [...document.querySelectorAll(".site-nav .nav-count")].map((c) => {
  const r = c.getBoundingClientRect(), style = getComputedStyle(c);
  return {text: c.textContent.trim(), label: c.getAttribute("aria-label"),
    seen: r.width > 0 && r.height > 0 && style.visibility === "visible" && style.opacity !== "0"};
})"""


def _unread(player: User, rival: User, *, messages: int, notifications: int) -> None:
    """`player` has `messages` unread private messages (from `rival`) and `notifications`
    unread notifications."""
    now = timezone.now()
    thread = threads.thread_start(
        sender=rival, recipient=player, subject="Our game", body="Hello", now=now
    )
    for number in range(messages - 1):
        threads.message_send(thread_id=thread.pk, sender=rival, body=f"And {number}", now=now)
    missing = notifications - unread_counts(user=player).notifications
    Notification.objects.bulk_create(
        Notification(
            user=player,
            event="message",
            key=f"menu-{n}",
            text="t",
            created=now,
            channel=Channel.SITE,
        )
        for n in range(missing)
    )
    assert unread_counts(user=player) == (notifications, messages)


def test_the_signed_in_menu_is_one_row_at_1280_px_in_every_language(
    browser, live_server, user_factory, settings
):
    """With the real catalogs: signed in (12 links and "Account"), with 12 unread messages
    and 34 unread notifications (a count on two links), the header holds the brand and the
    whole menu on one line in each of the site's languages, the counts in sight; French and
    Spanish, the longest, once took two."""
    base = live_server.url
    player = user_factory(username="menurow")
    _unread(player, user_factory(username="menurival"), messages=12, notifications=34)
    page = log_in(browser, base, player.username)  # at 1280 px, in English
    context = page.context
    SHOTS.mkdir(parents=True, exist_ok=True)
    rows = {}
    for code, _name in settings.LANGUAGES:
        context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": code, "url": base}])
        page.goto(f"{base}/")
        assert page.locator("html").get_attribute("lang") == code
        menu = page.evaluate(MENU_ROWS)
        assert menu["items"] == 13, menu  # 12 links and Account
        rows[code] = menu["rows"]
        counts = page.evaluate(COUNTS)
        assert [(c["text"], c["seen"]) for c in counts] == [("12", True), ("34", True)], code
        assert all(c["label"] and c["text"] in c["label"] for c in counts), counts
        header = page.locator(".site-header")
        assert header.bounding_box()["height"] < 60, code  # two rows: 66 px
        header.screenshot(path=str(SHOTS / f"i18n-{code}-menu-desktop.png"))
    assert rows == {code: 1 for code, _name in settings.LANGUAGES}, rows
