"""Marks and labels a reviewer puts on a review's node (the mark endpoint, with and without
JavaScript): kept in the tree as imported marks are, drawn on the board, exported in the SGF
(TR, SQ, CR, MA, LB), hexagons in the moves' coordinates; only the owner marks, refusals are
sentences with the registry's status."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sgfmill import sgf

from games.reviews import selectors, services
from rules.sgf_tree import SgfLimits

pytestmark = pytest.mark.django_db


@pytest.fixture
def review(game_factory, black, now):
    game = game_factory(moves=("E5", "D4", "pass", "pass"))
    return services.review_create_from_game(game=game, user=black, now=now)


def _mark(client, review, *, node, tool, point, text="", json=False):
    headers = {"Accept": "application/json"} if json else {}
    return client.post(
        reverse("games:review_mark", args=[review.token]),
        {"node": node, "tool": tool, "point": point, "text": text},
        headers=headers,
    )


def _sgf_node(client, review, number):
    text = client.get(reverse("games:review_sgf", args=[review.token])).content
    return sgf.Sgf_game.from_bytes(text).get_main_sequence()[number]


def test_the_owner_marks_without_javascript_and_the_mark_is_drawn_and_exported(
    client, review, black
):
    client.force_login(black)
    answer = _mark(client, review, node=2, tool="triangle", point="d4")
    assert answer.status_code == 302 and answer["Location"].endswith("?node=2&tool=triangle")
    said = [str(m) for m in get_messages(answer.wsgi_request)]
    assert said == ["Triangle at D4."]
    # The page the form comes back to keeps the tool chosen for the next mark.
    square = _mark(client, review, node=2, tool="square", point="E5")
    page = client.get(square["Location"]).content.decode()
    assert 'id="review-tool-square" name="tool" value="square" checked' in page
    assert 'value="triangle" checked' not in page
    _mark(client, review, node=2, tool="square", point="E5")  # the same again takes it off
    _mark(client, review, node=2, tool="letter", point="C3")
    _mark(client, review, node=2, tool="letter", point="C4")
    _mark(client, review, node=2, tool="number", point="J9", text="ko")
    _mark(client, review, node=2, tool="cross", point="E5")
    page = client.get(review.get_absolute_url(), {"node": 2}).content.decode()
    assert 'data-name="D4" data-mark="triangle"' in page
    assert 'data-name="C3" data-mark="label"' in page and ">B</text>" in page
    node = _sgf_node(client, review, 2)
    assert node.get("TR") == {(3, 3)} and node.get("MA") == {(4, 4)}  # (row from the bottom, col)
    assert sorted(node.get_raw_list("LB")) == [b"cf:B", b"cg:A", b"ia:ko"]
    assert not _sgf_node(client, review, 1).has_property("TR")


def test_the_same_mark_again_takes_it_off_and_a_script_gets_the_node(client, review, black):
    client.force_login(black)
    first = _mark(client, review, node=1, tool="circle", point="A1", json=True).json()
    assert first["placed"] is True and first["node"]["marks"] == [["CR", 72]]
    assert first["said"] == "Circle at A1."
    again = _mark(client, review, node=1, tool="circle", point="A1", json=True).json()
    assert again["placed"] is False and "marks" not in again["node"]
    assert again["said"] == "A1: nothing marked now."
    review.refresh_from_db()
    assert selectors.review_tree(review=review).node(1).marks == ()


def test_marks_on_a_hexagon_use_the_moves_coordinates(client, game_factory, black, now):
    game = game_factory(moves=("D4", "E5"), board_kind="hex", board_size=6)
    hex_review = services.review_create_from_game(game=game, user=black, now=now)
    client.force_login(black)
    topology = game.topology
    assert (
        _mark(client, hex_review, node=2, tool="square", point="D4", json=True).status_code == 200
    )
    node = _sgf_node(client, hex_review, 2)
    assert node.get_raw_list("SQ") == [topology.sgf(topology.parse("D4")).encode()]
    assert node.get_raw("W") == topology.sgf(topology.parse("E5")).encode()
    page = client.get(hex_review.get_absolute_url(), {"node": 2}).content.decode()
    assert 'data-name="D4" data-mark="square"' in page


@pytest.mark.parametrize(
    ("fields", "status", "words"),
    [
        ({"tool": "star", "point": "D4"}, 400, "Choose a mark"),
        ({"tool": "circle", "point": ""}, 400, "Choose a mark"),
        ({"tool": "circle", "point": "Z99"}, 400, "off the"),
        ({"tool": "circle", "point": "D4", "node": 99}, 400, "no longer in this review"),
        ({"tool": "letter", "point": "D4", "text": "x" * 30}, 400, "Choose a mark"),
    ],
)
def test_refusals_are_sentences_with_their_status(client, review, black, fields, status, words):
    client.force_login(black)
    fields = {"node": 1, **fields}
    answer = _mark(client, review, json=True, **fields)
    assert answer.status_code == status
    assert words in answer.json()["error"]
    review.refresh_from_db()
    assert selectors.review_tree(review=review).node(1).marks == ()


def test_only_the_owner_marks(client, review, white):
    review.visibility = "link"  # others may open it
    review.save()
    for user in (None, white):
        if user:
            client.force_login(user)
        answer = _mark(client, review, node=1, tool="circle", point="A1", json=True)
        assert answer.status_code == 403
    plain = _mark(client, review, node=1, tool="circle", point="A1")
    assert plain.status_code == 302


def test_a_node_holds_no_more_marks_than_an_imported_one_may(review, black, now, monkeypatch):
    monkeypatch.setattr(services, "_limits", lambda: SgfLimits(max_marks=1))
    services.review_mark_set(
        review_id=review.pk, user=black, node=1, point=0, tool="cross", now=now
    )
    with pytest.raises(services.ValidationError, match="more than 1 marks") as info:
        services.review_mark_set(
            review_id=review.pk, user=black, node=1, point=1, tool="cross", now=now
        )
    assert info.value.code == "too_many_marks"


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    node=st.one_of(st.integers(-3, 12), st.text(max_size=4)),
    tool=st.one_of(st.sampled_from(["circle", "letter", "erase"]), st.text(max_size=6)),
    point=st.one_of(st.sampled_from(["A1", "j9", "pass"]), st.text(max_size=10)),
    text=st.text(max_size=12),
    json=st.booleans(),
)
def test_any_input_is_answered_without_a_server_error(
    client, review, black, node, tool, point, text, json
):
    client.force_login(black)
    answer = _mark(client, review, node=node, tool=tool, point=point, text=text, json=json)
    assert answer.status_code in ((200, 400) if json else (302,))
