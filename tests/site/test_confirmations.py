"""Asking first (core.confirmations): every page POST that ends, resigns, withdraws,
disqualifies, deletes or costs a rating changes nothing without the confirmation field and
answers a page that asks (status 200, a form that posts back with the field); submitting that
form does it. CONFIRMED lists those URLs; a URL whose name says such a verb must be in it or in
EXEMPT, with the reason it need not ask.

Not scanned: the Django admin (its own delete confirmations, staff only) and the public API
under /api/v1/ (programmatic: a program that resigns means it; the API's contract is fixed).
Considered, not asked, though no verb names them: games:marking_accept (the marking page is
the question: it shows the result the acceptance fixes, and a changed marking refuses a stale
acceptance), games:dispute (opening the marking phase ends nothing; its GET page explains it),
messaging:unsubscribe and games:invite_never (they ask on GET; the POST is a mail client's
one-click unsubscribe, RFC 8058, which must act unasked)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser

import pytest
from allauth.usersessions.models import UserSession
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from accounts.api.tokens import api_token_create
from accounts.moderation.models import GamesChoice, ReportKind, Sanction, SanctionKind
from accounts.moderation.services import report_create, sanction_take
from core.confirmations import CONFIRM_FIELD, CONFIRM_VALUE
from games.game_settings import GameSettings
from games.models import Challenge, ChallengeStatus, Game
from games.reviews import pages as review_pages
from games.reviews import services as review_services
from games.reviews.models import Review
from games.services import challenges
from ladder.groups.models import Membership
from ladder.groups.services import group_create
from ladder.ladders.models import LadderChallenge, LadderEntry
from ladder.tournaments.models import Tournament, TournamentPlayer
from messaging.push.models import PushSubscription
from tests.games.conftest import game_factory  # noqa: F401 (a fixture)
from tests.ladder.conftest import ladder_factory, tournament_factory  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db


@dataclass
class Case:
    """One action: who posts what to which URL, and whether it has been done."""

    user: object
    url: str
    data: dict
    done: Callable[[], bool]


def _players(user_factory, n: int) -> list:
    return [user_factory(username=f"c{i}") for i in range(n)]


def _tournament_withdraw(f) -> Case:
    players = _players(f("user_factory"), 3)
    t = f("tournament_factory")(players=players, start=True)
    entry = TournamentPlayer.objects.get(tournament=t, user=players[0])
    url = reverse("tournament:withdraw", args=[t.pk])
    return Case(players[0], url, {}, lambda: _status(entry) == "withdrawn")


def _tournament_disqualify(f) -> Case:
    players = _players(f("user_factory"), 3)
    t = f("tournament_factory")(players=players, start=True)
    entry = TournamentPlayer.objects.get(tournament=t, user=players[1])
    url = reverse("tournament:disqualify", args=[t.pk, entry.pk])
    return Case(t.organiser, url, {}, lambda: _status(entry) == "disqualified")


def _tournament_cancel(f) -> Case:
    t = f("tournament_factory")(players=_players(f("user_factory"), 2))
    url = reverse("tournament:cancel", args=[t.pk])
    return Case(t.organiser, url, {}, lambda: not Tournament.objects.filter(pk=t.pk).exists())


def _status(entry: TournamentPlayer) -> str:
    entry.refresh_from_db()
    return entry.status


def _ladder_leave(f) -> Case:
    players = _players(f("user_factory"), 2)
    ladder = f("ladder_factory")(players=players)
    entry = LadderEntry.objects.get(ladder=ladder, user=players[1])

    def done() -> bool:
        entry.refresh_from_db()
        return entry.position is None

    return Case(players[1], reverse("ladder:leave", args=[ladder.slug]), {}, done)


def _group_leave(f) -> Case:
    players = _players(f("user_factory"), 2)
    group = group_create(
        user=players[0], name="Club", description="", access="open", now=timezone.now()
    )
    Membership.objects.create(group=group, user=players[1], created=timezone.now())
    url = reverse("groups:leave", args=[group.slug])
    return Case(players[1], url, {}, lambda: group.memberships.count() == 1)


def _group_remove(f) -> Case:
    players = _players(f("user_factory"), 2)
    group = group_create(
        user=players[0], name="Club", description="", access="open", now=timezone.now()
    )
    Membership.objects.create(group=group, user=players[1], created=timezone.now())
    url = reverse("groups:remove", args=[group.slug, players[1].pk])
    return Case(players[0], url, {}, lambda: group.memberships.count() == 1)


def _ladder_challenge(f) -> Case:
    players = _players(f("user_factory"), 2)
    ladder = f("ladder_factory")(players=players)
    url = reverse("ladder:challenge", args=[ladder.slug, players[0].pk])
    return Case(players[1], url, {}, LadderChallenge.objects.exists)


def _game(f, **options) -> Game:
    return f("game_factory")(now=timezone.now(), **options)


def _refreshed(game: Game) -> Game:
    game.refresh_from_db()
    return game


def _resign(f) -> Case:
    game = _game(f)
    url = reverse("games:resign", args=[game.pk])
    return Case(game.black, url, {"move_number": "0"}, lambda: _refreshed(game).is_over)


def _annul(f) -> Case:
    game = _game(f)
    now = timezone.now()
    sanction_take(
        moderator=f("user_factory")(username="annul_judge", is_staff=True),
        user=game.black,
        kind=SanctionKind.SUSPEND,
        reason="Insults.",
        now=now,
        ends_at=now + dt.timedelta(days=1),
        games=GamesChoice.ADJOURN,
    )
    url = reverse("games:annul", args=[game.pk])
    return Case(game.white, url, {}, lambda: _refreshed(game).is_over)


def _pass(f) -> Case:
    game = _game(f)
    url = reverse("games:pass", args=[game.pk])
    done = lambda: _refreshed(game).move_number == 1  # noqa: E731
    return Case(game.black, url, {"move_number": "0"}, done)


def _invitation(f) -> Challenge:
    return challenges.challenge_create(
        creator=f("black"),
        recipient=f("white"),
        now=timezone.now(),
        settings=GameSettings(board_kind="square", board_size=9),
    )


def _challenge_status(challenge: Challenge) -> str:
    challenge.refresh_from_db()
    return challenge.status


def _decline(f) -> Case:
    c = _invitation(f)
    url = reverse("games:decline", args=[c.pk])
    return Case(c.recipient, url, {}, lambda: _challenge_status(c) == ChallengeStatus.DECLINED)


def _cancel(f) -> Case:
    c = _invitation(f)
    url = reverse("games:cancel", args=[c.pk])
    return Case(c.creator, url, {}, lambda: _challenge_status(c) == ChallengeStatus.CANCELLED)


def _review(f) -> Review:
    game = _game(f, moves=("E5", "D4", "C3"))
    return review_services.review_create_from_game(game=game, user=game.black, now=timezone.now())


def _review_delete(f) -> Case:
    review = _review(f)
    url = reverse("games:review_delete", args=[review.token])
    return Case(review.owner, url, {}, lambda: not Review.objects.filter(pk=review.pk).exists())


def _review_remove(f) -> Case:
    review = _review(f)
    last = review_pages.StoredTree(review.tree).main_line()[-1]
    url = reverse("games:review_remove", args=[review.token])

    def done() -> bool:
        review.refresh_from_db()
        return last not in review_pages.StoredTree(review.tree).nodes

    return Case(review.owner, url, {"node": str(last)}, done)


def _api_token_revoke(f) -> Case:
    user = f("user_factory")()
    token, _raw = api_token_create(user=user, name="my bot", scope="read", now=timezone.now())

    def done() -> bool:
        token.refresh_from_db()
        return token.revoked is not None

    return Case(user, reverse("api_token_revoke", args=[token.pk]), {}, done)


def _moderation_ban(f) -> Case:
    moderator = f("user_factory")(username="judge", is_staff=True)
    player = f("user_factory")(username="troll")
    report = report_create(
        reporter=moderator, reported_user=player, kind=ReportKind.PLAYER, snapshot="", reason="x"
    )
    data = {"kind": "ban", "reason": "Cheating.", "duration": "", "games": "resign"}
    url = reverse("moderation_report", args=[report.pk])
    return Case(moderator, url, data, lambda: Sanction.objects.filter(user=player).exists())


def _user_session_end(f) -> Case:
    user = f("user_factory")()
    session = UserSession.objects.create(user=user, ip="192.0.2.1", session_key="elsewhere")

    def done() -> bool:
        return not UserSession.objects.filter(pk=session.pk).exists()

    return Case(user, reverse("user_session_end", args=[session.pk]), {}, done)


def _user_sessions_end_others(f) -> Case:
    user = f("user_factory")()
    session = UserSession.objects.create(user=user, ip="192.0.2.1", session_key="elsewhere")

    def done() -> bool:
        return not UserSession.objects.filter(pk=session.pk).exists()

    return Case(user, reverse("user_sessions_end_others"), {}, done)


def _user_sessions_list(f) -> Case:
    """allauth's own "end the other sessions" (POST /accounts/sessions/)."""
    case = _user_sessions_end_others(f)
    return Case(case.user, reverse("user_sessions_list"), {}, case.done)


def _push_device_remove(f) -> Case:
    user = f("user_factory")()
    device = PushSubscription.objects.create(
        user=user,
        endpoint="https://fcm.googleapis.com/fcm/send/abc",
        p256dh="key",
        auth="auth",
        created=timezone.now(),
    )
    url = reverse("push_device_remove", args=[device.pk])
    return Case(user, url, {}, lambda: not PushSubscription.objects.filter(pk=device.pk).exists())


# Every page POST that ends, resigns, withdraws, disqualifies, deletes or costs a rating.
CONFIRMED: dict[str, Callable[..., Case]] = {
    "tournament:withdraw": _tournament_withdraw,
    "tournament:disqualify": _tournament_disqualify,
    "tournament:cancel": _tournament_cancel,
    "ladder:leave": _ladder_leave,
    "ladder:challenge": _ladder_challenge,
    "groups:leave": _group_leave,
    "groups:remove": _group_remove,  # a rated game that can be neither declined nor left
    "games:resign": _resign,
    "games:annul": _annul,  # an adjourned game ends with no result
    "games:pass": _pass,  # the second pass ends the game
    "games:decline": _decline,
    "games:cancel": _cancel,  # the creator's "Withdraw"
    "games:review_delete": _review_delete,
    "games:review_remove": _review_remove,
    "api_token_revoke": _api_token_revoke,
    "moderation_report": _moderation_ban,  # a suspension or ban (a dismissal need not ask)
    "user_session_end": _user_session_end,
    "user_sessions_end_others": _user_sessions_end_others,
    "user_sessions_list": _user_sessions_list,
    "push_device_remove": _push_device_remove,
}

# URLs whose names say such a verb but that need not ask, and why.
EXEMPT: dict[str, str] = {
    # Leaving the automatch queue: nobody saw the place in it; queue again in one click.
    "games:auto_match_leave": "a queue place, taken again in one click",
    # Answers planned for the opponent's next moves: nothing is played, only retyped.
    "games:conditional_remove": "a planned answer, not a move; typed again at will",
    "games:conditional_clear": "planned answers, not moves; typed again at will",
    # Archiving a conversation hides it for oneself; the page offers "back to the inbox".
    "messages:archive": "undone on the same page; a new message brings it back",
    # Taking back a registration before the start: join again while places are left.
    "tournament:leave": "before the start nothing is played; join again",
    # allauth.mfa's own page asks first (GET: "remove this key?", POST removes), after the
    # password was asked again (re-authentication).
    "mfa_remove_webauthn": "allauth's own confirmation page, after re-authentication",
}

VERBS = ("resign", "withdraw", "disqualif", "delet", "remov", "leav", "cancel", "annul", "abort")
VERBS += ("declin", "revok", "clear", "archiv")  # also end something, so they are checked too
EXACT_VERBS = ("end",)
NOT_SCANNED = ("admin/", "api/")  # see the module docstring


def _url_names(patterns, namespace: str = ""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if not namespace and str(pattern.pattern).startswith(NOT_SCANNED):
                continue
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from _url_names(pattern.url_patterns, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield namespace + pattern.name


def _says_a_verb(name: str) -> bool:
    words = re.split(r"[^a-z]+", name.rsplit(":", 1)[-1].lower())
    return any(w.startswith(VERBS) or w in EXACT_VERBS for w in words)


def test_every_url_named_by_such_a_verb_asks_first_or_says_why_not():
    names = set(_url_names(get_resolver().url_patterns))
    unlisted = sorted(n for n in names if _says_a_verb(n) and n not in CONFIRMED | EXEMPT)
    assert unlisted == [], "ask first (core.confirmations) and add to CONFIRMED, or to EXEMPT"
    assert sorted(set(CONFIRMED) - names) == [] and sorted(set(EXEMPT) - names) == []
    assert not set(CONFIRMED) & set(EXEMPT)


class _Forms(HTMLParser):
    """The POST forms of a page: (action, {input name: value})."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        found = dict(attrs)
        if tag == "form" and (found.get("method") or "").lower() == "post":
            self.forms.append((found.get("action") or "", {}))
        elif tag == "input" and self.forms and found.get("name"):
            self.forms[-1][1][found["name"]] = found.get("value") or ""


def _asking_form(html: str, url: str) -> dict[str, str]:
    """The fields of the page's form that posts the confirmation back to `url`."""
    parser = _Forms()
    parser.feed(html)
    asking = [
        fields
        for action, fields in parser.forms
        if action in ("", url) and fields.get(CONFIRM_FIELD) == CONFIRM_VALUE
    ]
    assert len(asking) == 1, "the page must hold one form that answers the question"
    return asking[0]


@pytest.mark.parametrize("name", sorted(CONFIRMED))
def test_the_action_waits_for_the_answer_of_the_page_that_asks(name, client, request):
    case = CONFIRMED[name](request.getfixturevalue)
    client.force_login(case.user)
    asked = client.post(case.url, case.data)
    assert asked.status_code == 200
    assert not case.done(), "a POST without the confirmation field must change nothing"
    fields = _asking_form(asked.text, case.url)
    assert all(fields.get(key) == value for key, value in case.data.items())
    fields.pop("csrfmiddlewaretoken", None)
    answered = client.post(case.url, fields)
    assert answered.status_code in (200, 302)
    assert case.done()
