"""Public reviews are listed: the reviews page (newest first, by board, by player, by pages),
the owner's profile, the game's page; never a private, link-only or running game's review."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from games.models import Game
from games.reviews import selectors, services
from games.reviews.models import Review

OPENING = ("E5", "C3", "G7", "C7", "pass", "pass")
RECORD = b"(;GM[1]FF[4]SZ[13]PB[Honinbo Shusaku]PW[Gennan Inseki]RE[B+2];B[dd];W[jj])"


def publish(review, user, now, title):
    return services.review_update(
        review_id=review.pk, user=user, title=title, visibility="public", now=now
    )


@pytest.fixture
def reviews(game_factory, black, white, user_factory, now):
    """A public review of a finished 9×9 game by black, of a hex game by white, of an upload
    by a third player, published a minute apart; a link-only one and a running game's."""
    nine = game_factory(moves=OPENING)
    hexa = game_factory(board_kind="hex", board_size=6, moves=("F6", "E5", "pass", "pass"))
    teacher = user_factory(username="sensei")
    first = publish(
        services.review_create_from_game(game=nine, user=black, now=now), black, now, "Nine"
    )
    later = now + dt.timedelta(minutes=1)
    second = publish(
        services.review_create_from_game(game=hexa, user=white, now=later), white, later, "Hex"
    )
    latest = now + dt.timedelta(minutes=2)
    upload, _notes = services.review_create_from_sgf(user=teacher, data=RECORD, now=latest)
    third = publish(upload, teacher, latest, "Ear-reddening game")
    link_only = services.review_create_from_game(game=nine, user=white, now=now)
    services.review_update(
        review_id=link_only.pk, user=white, title="Link", visibility="link", now=now
    )
    services.review_create_from_game(game=game_factory(moves=("E5",)), user=black, now=now)
    return {"nine": first, "hex": second, "upload": third, "teacher": teacher}


def titles(page) -> list[str]:
    return [review.title for review in page.context["page"].object_list]


def test_the_reviews_page_lists_public_reviews_newest_first(client, reviews):
    page = client.get(reverse("games:reviews_list"))
    assert page.status_code == 200
    assert titles(page) == ["Ear-reddening game", "Hex", "Nine"]
    text = page.content.decode()
    assert "Go 13×13" in text and "Badux hex 6" in text and "Honinbo Shusaku" in text
    assert f'href="{reviews["upload"].get_absolute_url()}"' in text


def test_the_boards_are_kept_and_filter_the_list(client, reviews):
    assert reviews["nine"].board == "square-9" and reviews["hex"].board == "hex-6"
    assert reviews["upload"].board == "square-13"
    assert titles(client.get(reverse("games:reviews_list"), {"board": "hex-6"})) == ["Hex"]
    assert titles(client.get(reverse("games:reviews_list"), {"board": "square-19"})) == []
    # A board the form does not know is not a filter (and no error).
    page = client.get(reverse("games:reviews_list"), {"board": "square-99"})
    assert page.status_code == 200 and len(titles(page)) == 3


@pytest.mark.parametrize(
    ("player", "expected"),
    [
        ("kuro", ["Hex", "Nine"]),  # wrote Nine, played Black in the hex game
        ("SHIRO", ["Hex", "Nine"]),
        ("sensei", ["Ear-reddening game"]),
    ],
)
def test_the_list_by_player_holds_what_they_wrote_or_played(client, reviews, player, expected):
    assert titles(client.get(reverse("games:reviews_list"), {"player": player})) == expected


def test_a_record_names_its_players_and_an_unknown_name_is_said(client, reviews, user_factory):
    user_factory(username="honinbo shusaku")
    page = client.get(reverse("games:reviews_list"), {"player": "Honinbo Shusaku"})
    assert titles(page) == ["Ear-reddening game"]
    page = client.get(reverse("games:reviews_list"), {"player": "nobody"}, follow=True)
    assert titles(page) == [] and "There is no player named" in page.content.decode()


def test_a_name_found_only_in_a_record_lists_that_record(client, reviews):
    # No account is named Gennan Inseki: the uploaded record that names him is still found.
    page = client.get(reverse("games:reviews_list"), {"player": "gennan inseki"})
    assert titles(page) == ["Ear-reddening game"]
    assert "There is no player named" not in page.content.decode()


def test_private_games_and_hidden_reviews_are_never_listed(reviews):
    Game.objects.filter(pk=reviews["nine"].game_id).update(public=False)
    assert [r.title for r in selectors.reviews_public()] == ["Ear-reddening game", "Hex"]
    Review.objects.filter(pk=reviews["hex"].pk).update(visibility="link")
    assert [r.title for r in selectors.reviews_public()] == ["Ear-reddening game"]


def test_the_list_has_pages_keyed_by_the_reviews_around_them(client, black, now, settings):
    settings.FLOOD_LIMITS = {"review": (100, 3600)}
    for i in range(21):
        at = now + dt.timedelta(seconds=i)
        review, _notes = services.review_create_from_sgf(user=black, data=RECORD, now=at)
        publish(review, black, at, f"R{i}")
    first = client.get(reverse("games:reviews_list"))
    assert titles(first)[0] == "R20" and len(titles(first)) == 20
    assert 'rel="next"' in first.content.decode()
    second = client.get(reverse("games:reviews_list"), {"after": first.context["page"].older})
    assert titles(second) == ["R0"]
    assert 'rel="prev"' in second.content.decode()
    back = client.get(reverse("games:reviews_list"), {"before": second.context["page"].newer})
    assert titles(back) == titles(first)


def test_the_profile_lists_the_owners_public_reviews(client, reviews, black):
    page = client.get(reverse("profile_detail", args=["kuro"])).content.decode()
    assert "Public reviews" in page and f'href="{reviews["nine"].get_absolute_url()}"' in page
    assert "Hex" not in page  # white's review of black's game is white's
    assert f"{reverse('games:reviews_list')}?player=kuro" in page
    empty = client.get(reverse("profile_detail", args=["shiro"]))
    assert f'href="{reviews["hex"].get_absolute_url()}"' in empty.content.decode()
    client.force_login(black)
    own = client.get(reverse("profile_detail", args=["sensei"])).content.decode()
    assert "Ear-reddening game" in own


def test_the_game_page_lists_its_public_reviews(client, reviews):
    game = reviews["nine"].game
    page = client.get(reverse("games:board", args=[game.pk])).content.decode()
    assert f'href="{reviews["nine"].get_absolute_url()}"' in page
    assert "Link" not in [r.title for r in selectors.reviews_public_for_game(game=game)]


def test_learn_and_the_history_link_the_reviews_page(client, db):
    url = reverse("games:reviews_list")
    assert f'href="{url}"' in client.get(reverse("learn:index")).content.decode()
    assert f'href="{url}"' in client.get(reverse("games:history")).content.decode()


def test_the_list_reads_no_variation_tree_and_its_queries_do_not_grow(client, black, now, settings):
    """A review's tree can be large JSON: the list shows none of it, so never reads it (nor
    reads it row by row later), and a page of twenty costs the queries a page of one does."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    settings.FLOOD_LIMITS = {"review": (100, 3600)}

    def add(count: int, start: int) -> None:
        for i in range(start, start + count):
            at = now + dt.timedelta(seconds=i)
            review, _notes = services.review_create_from_sgf(user=black, data=RECORD, now=at)
            publish(review, black, at, f"R{i}")

    add(1, 0)
    with CaptureQueriesContext(connection) as one:
        assert client.get(reverse("games:reviews_list")).status_code == 200
    add(20, 1)
    with CaptureQueriesContext(connection) as twenty:
        assert len(titles(client.get(reverse("games:reviews_list")))) == 20
    assert len(twenty.captured_queries) == len(one.captured_queries)
    reads = [q["sql"] for q in twenty.captured_queries if '"games_review"' in q["sql"]]
    assert reads and not any('"games_review"."tree"' in sql for sql in reads), reads
