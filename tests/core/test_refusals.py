"""One mapping from refusals to answers (core.refusals): each refusal has one status, code
and message, which the API sends and a page shows (or answers with its 403/404 page)."""

from __future__ import annotations

import pytest
from django.contrib.messages.storage.fallback import FallbackStorage
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.test import RequestFactory
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from accounts.selectors import ContactRefused
from core.limits import RateLimited, limit_get
from core.refusals import Refusal, refusal_message, refusal_of, refusal_page, sentence
from games.errors import ChallengeClosed, MoveRefused, NoSuchGame, NotAPlayer, StalePage
from games.game_settings import InvalidSetting
from rules import CoordinateError, KoViolation, square


@pytest.mark.parametrize(
    ("error", "answer"),
    [
        (NoSuchGame(), (404, "not_found", "No such game.")),
        (Http404(""), (404, "not_found", "Not found.")),
        (NotAPlayer("Only the players may."), (403, "not_a_player", "Only the players may.")),
        (ContactRefused("Bob does not accept."), (403, "contact_refused", "Bob does not accept.")),
        (PermissionDenied(), (403, "forbidden", "You may not do that.")),
        (MoveRefused("that point is already occupied", code="occupied"), (409, "occupied", None)),
        (StalePage("The game moved on."), (409, "stale_move_number", "The game moved on.")),
        (ChallengeClosed("It was declined."), (409, "challenge_closed", "It was declined.")),
        (ValidationError("Too long.", code="too_long"), (400, "too_long", "Too long.")),
        (ValidationError("Bad."), (400, "invalid", "Bad.")),
        (
            InvalidSetting("komi", "Komi is a half point."),
            (400, "invalid_setting", "komi: Komi is a half point."),
        ),
        (KoViolation(), (409, "ko", None)),
    ],
)
def test_each_refusal_has_one_status_code_and_message(error, answer):
    refusal = refusal_of(error)
    assert (refusal.status, refusal.code) == answer[:2]
    if answer[2] is not None:
        assert refusal.message == answer[2]


def test_a_rate_limit_is_a_429():
    refusal = refusal_of(RateLimited(limit_get("chat")))
    assert (refusal.status, refusal.code) == (429, "rate_limited")


def test_coordinate_errors_carry_their_code_not_a_message_to_search():
    board = square(9)
    with pytest.raises(CoordinateError) as off:
        board.parse("Z99")
    with pytest.raises(CoordinateError) as garbled:
        board.parse("??")
    assert (off.value.code, garbled.value.code) == ("off_board", "invalid_point")
    assert refusal_of(off.value) == Refusal(400, "off_board", "Z99 is off the 9×9 board.")
    assert refusal_of(garbled.value).code == "invalid_point"


@pytest.mark.parametrize(
    ("typed", "german"),
    [
        ("Z99", "Z99 liegt außerhalb des 9×9-Bretts."),
        # Text that looks like another refusal's English is still read by its kind.
        ("x' is off the board", None),
        ("I5", None),
        (None, None),
    ],
)
def test_the_rules_refusals_are_translated_by_kind_not_by_their_english(typed, german):
    with pytest.raises(CoordinateError) as refused:
        square(9).parse(typed)
    with translation.override("en"):
        assert refusal_of(refused.value).message == sentence(str(refused.value))
    with translation.override("de"):
        said = refusal_of(refused.value).message
    assert said != sentence(str(refused.value))
    if german is not None:
        assert said == german
    with translation.override("de"):
        assert refusal_of(KoViolation()).message != sentence(KoViolation.reason)


def test_an_exception_that_is_not_a_refusal_is_not_answered():
    assert refusal_of(KeyError("bug")) is None
    with pytest.raises(KeyError):
        refusal_message(KeyError("bug"))


def _request():
    request = RequestFactory().post("/somewhere/")
    request.session = {}
    request._messages = FallbackStorage(request)  # noqa: SLF001 - what MessageMiddleware sets
    return request


def test_a_page_shows_a_conflict_where_the_visitor_came_from_and_raises_403_and_404():
    request = _request()
    response = refusal_page(request, StalePage("The game moved on."), back="/games/1/")
    assert (response.status_code, response.url) == (302, "/games/1/")
    assert [str(m) for m in request._messages] == ["The game moved on."]  # noqa: SLF001
    with pytest.raises(PermissionDenied, match="Only the players may."):
        refusal_page(_request(), NotAPlayer("Only the players may."), back="/")
    with pytest.raises(Http404, match="No such game."):
        refusal_page(_request(), NoSuchGame(), back="/")


@given(text=st.text(max_size=40))
def test_a_coordinate_refusal_is_always_a_400_with_its_code(text):
    try:
        square(19).parse(text)
    except CoordinateError as error:
        refusal = refusal_of(error)
        assert refusal.status == 400
        assert refusal.code in ("off_board", "invalid_point")
        assert refusal.message.endswith((".", "!", "?"))


@pytest.mark.django_db
def test_the_404_page_says_the_same_for_a_missing_page_and_a_hidden_one(client):
    response = client.get("/games/999999/")
    assert response.status_code == 404
    assert b"There is no such page, or it is not yours to see." in response.content
    assert b'<main id="content"' in response.content  # the site's page, with its header


@pytest.mark.parametrize(
    ("reason", "said"),
    [
        ("that point is already occupied", "That point is already occupied."),
        ("该点已有棋子", "该点已有棋子。"),
        ("そこには打てません", "そこには打てません。"),
        ("그 점에는 돌이 있습니다", "그 점에는 돌이 있습니다."),
        ("该点已有棋子。", "该点已有棋子。"),
        ("Точка занята!", "Точка занята!"),
    ],
)
def test_a_refusal_ends_with_its_own_languages_full_stop(reason, said):
    assert sentence(reason) == said
