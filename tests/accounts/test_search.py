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


def test_search_pages_by_username_and_keeps_the_filters_in_page_links(client, user_factory):
    for i in range(27):
        user_factory(username=f"go{i:02}", country="KR")
    url = reverse("player_search")

    first = client.get(url, {"country": "KR"})
    second = client.get(url, {"country": "KR", "after": "go24"})
    back = client.get(url, {"country": "KR", "before": "go25"})
    past_the_end = client.get(url, {"country": "KR", "after": "zzz"})

    assert _names(first) == [f"go{i:02}" for i in range(25)]
    assert _names(second) == ["go25", "go26"]
    assert _names(back) == _names(first)
    assert _names(past_the_end) == _names(first)
    assert "?country=KR&amp;after=go24" in first.content.decode()
    assert "?country=KR&amp;before=go25" in second.content.decode()
    assert 'rel="next"' not in second.content.decode()
    # Nothing counts every match (issue 43): no total on the page.
    assert "players found" not in first.content.decode()


def test_one_or_two_letters_match_the_start_of_names(client, user_factory):
    user_factory(username="lisa")
    user_factory(username="ali", display_name="Li Wei")
    user_factory(username="carlito")

    assert _names(client.get(reverse("player_search"), {"name": "li"})) == ["ali", "lisa"]
    assert _names(client.get(reverse("player_search"), {"name": "lit"})) == ["carlito"]


def test_search_page_query_count(client, user_factory, django_assert_max_num_queries):
    for i in range(30):
        user_factory(username=f"go{i:02}", country="KR")
    viewer = user_factory(username="viewer")
    client.force_login(viewer)
    client.get(reverse("home"))

    # session, user, one page of players (no count), unread notifications in the header,
    # the page's ratings (one query, ladder's ratings_by_player tag)
    with django_assert_max_num_queries(5):
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


def test_an_unrated_player_reads_unrated_in_the_reader_s_language(client, user_factory):
    user_factory(username="newcomer")

    page = client.get(reverse("player_search"), {"name": "newc"}, HTTP_ACCEPT_LANGUAGE="fr")

    assert "non classé" in page.content.decode()
    assert ">unrated<" not in page.content.decode()
