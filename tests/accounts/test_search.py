"""Player search: filters, pagination, bad input and query count."""

from __future__ import annotations

from django.urls import reverse

from accounts import selectors


def _names(response) -> list[str]:
    return [u.username for u in response.context["page"].object_list]


def test_search_by_username_or_display_name_case_insensitively(client, user_factory):
    user_factory(username="honinbo")
    user_factory(username="shusaku", display_name="Honinbo Shusaku")
    user_factory(username="other")

    response = client.get(reverse("player_search"), {"name": "HONINBO"})

    assert _names(response) == ["honinbo", "shusaku"]


def test_search_by_country_combines_with_name(client, user_factory):
    user_factory(username="anna", country="NL")
    user_factory(username="annika", country="SE")
    user_factory(username="bert", country="NL")

    assert _names(client.get(reverse("player_search"), {"country": "NL"})) == ["anna", "bert"]
    assert _names(client.get(reverse("player_search"), {"name": "ann", "country": "NL"})) == [
        "anna"
    ]


def test_search_skips_inactive_players(user_factory):
    user_factory(username="active")
    user_factory(username="closed", is_active=False)

    assert [u.username for u in selectors.users_search()] == ["active"]


def test_search_rejects_unknown_country_clearly(client, user_factory):
    user_factory(username="anna")

    response = client.get(reverse("player_search"), {"country": "ZZ"})

    assert response.status_code == 200
    assert response.context["page"] is None
    assert "Select a valid choice" in response.content.decode()


def test_search_paginates_and_keeps_the_filters_in_page_links(client, user_factory):
    for i in range(27):
        user_factory(username=f"go{i:02}", country="KR")

    first = client.get(reverse("player_search"), {"country": "KR"})
    second = client.get(reverse("player_search"), {"country": "KR", "page": "2"})
    beyond = client.get(reverse("player_search"), {"country": "KR", "page": "99"})

    assert len(_names(first)) == 25
    assert _names(second) == ["go25", "go26"]
    assert _names(beyond) == ["go25", "go26"]
    assert "?country=KR&amp;page=2" in first.content.decode()
    assert "27 players found" in first.content.decode()


def test_search_page_query_count(client, user_factory, django_assert_max_num_queries):
    for i in range(30):
        user_factory(username=f"go{i:02}", country="KR")
    viewer = user_factory(username="viewer")
    client.force_login(viewer)
    client.get(reverse("home"))

    # session, user, count, one page of players, unread notifications in the header, the
    # page's ratings (one query, ladder's ratings_by_player tag)
    with django_assert_max_num_queries(6):
        response = client.get(reverse("player_search"), {"name": "go", "country": "KR"})
    assert len(_names(response)) == 25


def test_the_country_list_keeps_the_chosen_country_and_marks_a_bad_one(client, db):
    from accounts.selectors import country_choices

    chosen = client.get(reverse("player_search"), {"country": "NL"}).content.decode()
    assert '<select name="country" id="id_country">' in chosen
    assert '<option value="NL" selected>Netherlands</option>' in chosen
    select = chosen.split('<select name="country"', 1)[1].split("</select>", 1)[0]
    assert select.count("<option ") == len(country_choices()) + 1  # and "Any country"
    assert select.count(" selected>") == 1
    anywhere = client.get(reverse("player_search")).content.decode()
    assert '<option value="" selected>Any country</option>' in anywhere
    bad = client.get(reverse("player_search"), {"country": "ZZ"}).content.decode()
    assert 'aria-invalid="true" aria-describedby="id_country_error" id="id_country"' in bad
