"""The review's stepper (Start, Back, Forward): both steps always on the page, disabled at the
ends of the line shown, and Forward follows that line, into a variation when one is shown."""

from __future__ import annotations

import re

import pytest

from games.reviews import selectors, services

OPENING = ("E5", "C3", "G7", "C7", "G3", "D4")


@pytest.fixture
def review(game_factory, black, now):
    game = game_factory(moves=(*OPENING, "pass", "pass"))
    return services.review_create_from_game(game=game, user=black, now=now)


def steps(client, review, query):
    page = client.get(f"{review.get_absolute_url()}?{query}").content.decode()
    found = {}
    for name in ("back", "forward"):
        tag = re.search(rf'<a [^>]*data-step="{name}"[^>]*>', page).group(0)
        href = re.search(r'href="\?node=(\d+)&amp;line=(\d+)"', tag)
        found[name] = (int(href[1]), int(href[2])) if href else "disabled"
        if not href:
            assert 'aria-disabled="true"' in tag and "hidden" not in tag
    return found


def test_both_steps_are_always_there_and_disabled_at_the_ends(client, review, black):
    client.force_login(black)
    last = selectors.review_tree(review=review).main_line()[-1]
    assert steps(client, review, "") == {"back": (last - 1, last), "forward": "disabled"}
    assert steps(client, review, f"node={last - 1}&line={last}") == {
        "back": (last - 2, last),
        "forward": (last, last),
    }
    assert steps(client, review, "node=0") == {"back": "disabled", "forward": (1, last)}


def test_forward_follows_the_variation_shown_not_the_main_line(client, review, black, now):
    client.force_login(black)
    tree = selectors.review_tree(review=review)
    four = tree.main_line()[4]
    variation = services.review_move_play(
        review_id=review.pk, user=black, parent=four, point=tree.topology.parse("H5"), now=now
    )
    assert steps(client, review, f"node={variation.id}") == {
        "back": (four, variation.id),
        "forward": "disabled",
    }
    assert steps(client, review, f"node={four}&line={variation.id}")["forward"] == (
        variation.id,
        variation.id,
    )
    main_end = tree.main_line()[-1]
    assert steps(client, review, f"node={four}")["forward"] == (four + 1, main_end)
    # A line that does not pass through the node shown, or no node at all, is set aside.
    assert steps(client, review, f"node={four + 1}&line={variation.id}")["back"] == (four, main_end)
    assert steps(client, review, f"node={four}&line=x")["forward"] == (four + 1, main_end)
