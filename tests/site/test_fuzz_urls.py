"""Every URL pattern, walked with odd input: NUL bytes, huge numbers, overlong and strange text,
in the path, the query string and POSTed forms, as a visitor and as a logged-in player who
plays a game. Nothing answers 5xx. Run on PostgreSQL in CI, which refuses NUL bytes and
out-of-range numbers where SQLite shrugs.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from games.game_settings import GameSettings
from games.services import challenges, play

NUL = "\x00"
ODD_TEXT = (
    NUL,
    f"a{NUL}b",
    "9" * 40,
    "-1",
    "1e400",
    "NaN",
    "x" * 5000,
    "\udcff".encode("utf-8", "surrogatepass").decode("latin-1"),
    "𝔹𝕒𝕕𝕦𝕩 ☃ \u202e",
    "../../etc/passwd",
    "<script>alert(1)</script>",
)
QUERY_KEYS = ("page", "player", "move", "confirm", "toggle", "game", "kind", "q", "opponent")
FORM_KEYS = (
    "point", "move_number", "text", "version", "reason", "game", "ruleset", "komi", "handicap",
    "colour", "clock_kind", "clock_days", "clock_increment_days", "clock_cap_days", "opponent",
    "message", "action", "kind", "time_zone", "display_name", "bio", "country", "board_theme",
    "login", "password", "email", "username", "q",
)  # fmt: skip


def _patterns(resolver=None, prefix: str = ""):
    """(route, pattern) for every URL pattern, with the routes of their includes joined."""
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from _patterns(entry, route)
        elif isinstance(entry, URLPattern):
            yield route, entry


PARAM = re.compile(r"<(?:(\w+):)?(\w+)>")
ADMIN_GROUP = re.compile(r"\(\?P<(\w+)>[^)]*\)")


def _paths(route: str, ids: dict[str, int]) -> list[str]:
    """Concrete paths for `route`: real ids where the name is known, then odd values."""
    if route.startswith("^") or "(?P" in route:  # admin's regex routes
        route = route.lstrip("^").rstrip("$").replace("\\Z", "")
        route = ADMIN_GROUP.sub(lambda m: "<" + m.group(1) + ">", route)
        route = route.replace("\\", "")
    values = ["1", "99999999999999999999999", "%00", "x" * 300]
    paths = set()
    for value in values:

        def fill(match, value=value):
            name = match.group(2)
            if value == "1" and name in ids:
                return str(ids[name])
            return value

        paths.add("/" + PARAM.sub(fill, route))
    return sorted(paths)


@pytest.fixture
def world(user_factory):
    """A player in a running game, a finished game and an open invitation, so pages and forms
    reach their real code paths rather than 404."""
    now = timezone.now()
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    nine = GameSettings(board_kind="square", board_size=9)
    game = play.game_start(black=kuro, white=shiro, settings=nine, now=now)
    done = play.game_start(black=kuro, white=shiro, settings=nine, now=now)
    for _ in range(2):
        done = play.game_pass(
            game_id=done.pk,
            user=done.player(done.to_move),
            expected_move_number=done.move_number,
            now=now,
        )
    challenge = challenges.challenge_create(
        creator=shiro, recipient=kuro, settings=nine, now=now - dt.timedelta(minutes=1)
    )
    ids = {"game_id": game.pk, "challenge_id": challenge.pk, "username": "shiro"}
    return kuro, ids, done


def _walk(client, ids: dict[str, int]) -> list[str]:
    client.raise_request_exception = False
    failures = []
    for route, _pattern in _patterns():
        if route.startswith("admin/"):
            continue  # staff only; walked by the admin test below
        if route == "health/ready/":
            continue  # its 503 says "not ready" (no worker here); tests/site/test_health.py
        for path in _paths(route, ids):
            query = "&".join(f"{k}={v}" for k in QUERY_KEYS for v in ("%00", "9" * 30))
            responses = [client.get(f"{path}?{query}")]
            for text in ODD_TEXT:
                form = dict.fromkeys(FORM_KEYS, text)
                responses.append(client.post(path, form))
            for response in responses:
                if response.status_code >= 500:
                    failures.append(f"{response.request['REQUEST_METHOD']} {path}")
    return failures


def test_no_url_answers_5xx_to_a_visitor(client, world):
    _kuro, ids, _done = world
    assert _walk(client, ids) == []


def test_no_url_answers_5xx_to_a_player(client, world):
    kuro, ids, done = world
    client.force_login(kuro)
    assert _walk(client, ids) == []
    assert _walk(client, {**ids, "game_id": done.pk}) == []


def test_admin_pages_survive_odd_lookups(client, user_factory):
    client.force_login(user_factory(username="sysop", is_staff=True, is_superuser=True))
    client.raise_request_exception = False
    failures = []
    for app_model in ("accounts/user", "games/game", "games/challenge", "games/vacation"):
        for query in ("q=%00", "q=" + "x" * 3000, "p=99999999999999999999", "o=%00"):
            response = client.get(f"/admin/{app_model}/?{query}")
            if response.status_code >= 500:
                failures.append(f"{app_model}?{query[:20]}")
        for value in ("%00", "99999999999999999999999", "x" * 300):
            response = client.get(f"/admin/{app_model}/{value}/change/")
            if response.status_code >= 500:
                failures.append(f"{app_model}/{value[:20]}/change/")
    assert failures == []
