"""The public profile page and editing your own profile."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse
from django.utils import timezone


def test_profile_shows_public_facts_and_honest_empty_game_record(client, user_factory):
    user_factory(username="kuro", display_name="Kuro K.", country="JP", bio="Likes the 3-3.")

    response = client.get(reverse("profile_detail", args=["kuro"]))

    body = response.content.decode()
    assert response.status_code == 200
    assert "Kuro K." in body
    assert "Japan" in body
    assert "Likes the 3-3." in body
    assert "No finished games yet" in body
    assert "Unrated" in body
    assert "<table" not in body  # no fake game table
    assert "Recent games" not in body


def test_profile_lookup_ignores_case_and_unknown_names_are_404(client, user_factory):
    user_factory(username="Kuro")

    assert client.get(reverse("profile_detail", args=["kuro"])).status_code == 200
    assert client.get(reverse("profile_detail", args=["nobody"])).status_code == 404


def test_bio_and_display_name_are_escaped(client, user_factory):
    user_factory(username="evil", display_name="<b>bold</b>", bio="<script>alert(1)</script>")

    body = client.get(reverse("profile_detail", args=["evil"])).content.decode()

    assert "<script>alert(1)</script>" not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert "<b>bold</b>" not in body


def test_profile_page_query_count(client, user_factory, django_assert_max_num_queries):
    viewer = user_factory(username="viewer")
    user_factory(username="kuro", last_seen=timezone.now() - dt.timedelta(minutes=3))
    client.force_login(viewer)
    client.get(reverse("home"))  # presence write happens here, not during the measured request

    # session, viewer, profile owner, viewer's list entry for the owner, unread notifications,
    # the owner's ratings (ladder's profile_ratings tag), the games record (one query), the
    # recent games (two: as Black and as White, each by its index; games.selectors.records)
    # and whether the viewer follows the owner (games.watching)
    with django_assert_max_num_queries(10):
        response = client.get(reverse("profile_detail", args=["kuro"]))
    assert response.status_code == 200


def test_own_profile_offers_edit_not_buddy_buttons(client, player):
    client.force_login(player)

    body = client.get(reverse("profile_detail", args=["sente"])).content.decode()

    assert reverse("profile_edit") in body
    assert "Add to buddies" not in body


def test_edit_profile_saves_and_redirects_to_the_profile(client, player):
    client.force_login(player)

    response = client.post(
        reverse("profile_edit"),
        {"display_name": "  Sente Sam ", "country": "NL", "bio": "Hello\nworld"},
    )

    assert response.status_code == 302
    assert response["Location"] == reverse("profile_detail", args=["sente"])
    player.refresh_from_db()
    assert (player.display_name, player.country, player.bio) == ("Sente Sam", "NL", "Hello\nworld")


def test_edit_profile_rejects_bad_input_and_keeps_what_was_typed(client, player):
    client.force_login(player)

    response = client.post(
        reverse("profile_edit"), {"display_name": "x" * 51, "country": "XX", "bio": "kept text"}
    )

    body = response.content.decode()
    assert response.status_code == 200
    assert "at most 50 characters" in body
    assert "Select a valid choice" in body
    assert "kept text" in body
    player.refresh_from_db()
    assert player.display_name == ""


def test_edit_profile_needs_login(client, db):
    response = client.get(reverse("profile_edit"))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_the_country_is_named_in_the_readers_language(client, user_factory):
    user_factory(username="kuro", country="DE")
    url = reverse("profile_detail", args=["kuro"])

    assert "Deutschland" in client.get(url, headers={"accept-language": "de"}).content.decode()
    assert "ドイツ" in client.get(url, headers={"accept-language": "ja"}).content.decode()
    assert "Germany" in client.get(url, headers={"accept-language": "en"}).content.decode()
