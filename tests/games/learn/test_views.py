"""Learn pages: open to visitors, diagrams drawn by the site's board code, answers judged by
plain form posts, and this site's rules showing the numbers of the running settings."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.learn import site_rules
from games.learn.exercises import BY_SLUG, EXERCISES
from games.learn.reasons import rule_url
from rules.ruleset import move_cap_for
from rules.topology import hexagon, square

pytestmark = pytest.mark.django_db

PAGES = ["learn:index", "learn:go", "learn:badux", "learn:exercises", "learn:rules"]


def _why(response) -> str:
    found = re.search(r'id="verdict-why">(.*?)</p>', response.content.decode(), re.S)
    return found.group(1).strip() if found else ""


@pytest.mark.parametrize("name", PAGES)
def test_every_learn_page_is_open_to_visitors(client, name):
    response = client.get(reverse(name))
    assert response.status_code == 200


def test_the_menu_offers_learn_to_visitors_and_players(client, user_factory):
    learn = reverse("learn:index")
    assert f'href="{learn}"' in client.get(reverse("home")).content.decode()
    client.force_login(user_factory())
    page = client.get(reverse("home")).content.decode()
    # In the same top menu group as for visitors ("Play"), not moved into the account menu.
    play_group = page.split('class="nav-group-title"', 2)[1]
    assert f'href="{learn}"' in play_group


def test_lessons_draw_their_diagrams_with_the_board_code(client):
    go = client.get(reverse("learn:go")).content.decode()
    assert go.count('<svg xmlns="http://www.w3.org/2000/svg" id="learn-') >= 9
    for anchor in ("stones", "liberties", "capture", "suicide", "ko", "eyes", "seki", "counting"):
        assert f'id="{anchor}"' in go
    badux = client.get(reverse("learn:badux")).content.decode()
    assert 'class="bd bd-hex' in badux
    assert 'id="superko"' in badux


def test_the_exercise_list_links_every_exercise(client):
    page = client.get(reverse("learn:exercises")).content.decode()
    for exercise in EXERCISES:
        assert reverse("learn:exercise", args=[exercise.slug]) in page


def test_an_exercise_offers_every_empty_point_as_a_link_and_a_typed_answer(client):
    exercise = BY_SLUG["go-capture-one"]
    page = client.get(reverse("learn:exercise", args=[exercise.slug])).content.decode()
    empties = sum(1 for c in exercise.game().board.colour if c == 0)
    assert page.count('class="bd-pt"') == empties
    assert 'href="?confirm=D3"' in page
    assert 'id="learn-form"' in page and 'name="point"' in page


def test_a_clicked_point_without_javascript_fills_the_form_and_shows_a_ghost(client):
    url = reverse("learn:exercise", args=["go-capture-one"])
    page = client.get(url, {"confirm": "d3"}).content.decode()
    assert 'value="D3"' in page
    assert "ghost" in page
    # Nonsense is ignored, not an error.
    assert client.get(url, {"confirm": "Z99"}).status_code == 200


def test_a_right_answer_says_why_and_offers_the_next_board(client):
    exercise = BY_SLUG["go-capture-one"]
    response = client.post(reverse("learn:exercise", args=[exercise.slug]), {"point": "D3"})
    assert response.status_code == 200
    assert _why(response) == str(exercise.solution)
    assert reverse("learn:exercise", args=[EXERCISES[1].slug]) in response.content.decode()


def test_a_refused_move_says_which_rule_and_links_to_it(client):
    response = client.post(reverse("learn:exercise", args=["go-save-capture"]), {"point": "C4"})
    assert "suicide" in _why(response)
    assert f'href="{reverse("learn:go")}#suicide"' in response.content.decode()


def test_a_legal_miss_says_what_is_missing(client):
    response = client.post(reverse("learn:exercise", args=["hex-kill-three"]), {"point": "A1"})
    assert "B1" in _why(response)
    assert 'id="after-board"' in response.content.decode()


def test_every_refusal_code_of_the_rules_links_to_its_lesson(client):
    for code in ("occupied", "suicide", "ko", "superko", "not_your_turn", "game_over", "off_board"):
        url = rule_url(code)
        page, anchor = url.split("#")
        assert f'id="{anchor}"' in client.get(page).content.decode(), code
    assert rule_url("no-such-code") is None


def test_a_point_forbidden_for_another_reason_says_so(client):
    response = client.post(reverse("learn:exercise", args=["hex-superko"]), {"point": "A1"})
    assert "not for the reason asked" in _why(response)


@pytest.mark.parametrize(
    "answer", ["", "   ", "I5", "ZZ9", "D0", "D-1", "D4D4D4D4D", "٣", "\x00", "pass", "12"]
)
def test_odd_answers_never_break_the_page(client, answer):
    for slug in ("go-capture-one", "hex-count", "hex-superko"):
        response = client.post(reverse("learn:exercise", args=[slug]), {"point": answer})
        assert response.status_code == 200


def test_unknown_exercise_is_not_found(client):
    assert client.get("/learn/exercises/no-such-board/").status_code == 404


def test_the_rules_page_reads_its_numbers_from_the_settings(client, settings):
    settings.GAMES_DISPUTE_WINDOW_DAYS = 5
    settings.API_THROTTLE_RATE = "7/h"
    settings.API_TOKENS_PER_USER = 4
    settings.GAMES_CHALLENGE_EXPIRY_DAYS = 11
    page = client.get(reverse("learn:rules")).content.decode()
    assert "dispute it for 5 days" in page
    assert "7 requests an hour" in page
    assert "up to 4)" in page
    assert "closes after 11 days" in page
    for topology in (square(9), square(19), hexagon(6), hexagon(12)):
        assert (
            f"<td>{topology.label}</td><td>{topology.size}</td><td>{move_cap_for(topology)}</td>"
            in page
        )


def test_other_apps_add_sections_to_the_rules_page(client):
    def ratings() -> dict:
        return {
            "key": "ratings",
            "title": "Ratings",
            "template": "games/learn/_komi_table.html",
            "site": {"komi_rows": []},
        }

    site_rules.section_register(ratings)
    try:
        page = client.get(reverse("learn:rules")).content.decode()
    finally:
        site_rules.section_unregister(ratings)
    assert 'id="ratings"' in page and 'href="#ratings"' in page


def test_an_exercise_is_numbered_and_stepped_as_the_list_shows_it(client):
    """Board N of M counts the boards of its topic, and previous and next follow the list (by
    topic), never the order the exercises are written in."""
    listing = client.get(reverse("learn:exercises")).content.decode()
    shown = [slug for slug in re.findall(r'href="/learn/exercises/([\w-]+)/"', listing)]
    assert sorted(set(shown)) == sorted(e.slug for e in EXERCISES)
    order = list(dict.fromkeys(shown))
    for position, slug in enumerate(order):
        exercise = BY_SLUG[slug]
        topic = [s for s in order if BY_SLUG[s].topic == exercise.topic]
        page = client.get(reverse("learn:exercise", args=[slug])).context
        assert (page["number"], page["total"]) == (topic.index(slug) + 1, len(topic))
        previous = page["previous"].slug if page["previous"] else None
        assert previous == (order[position - 1] if position else None)
