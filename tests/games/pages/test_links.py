"""games.pages.links: the status page's URLs, reversed once and filled in per row, are exactly what
reverse() and templates/includes/player_name.html give."""

from __future__ import annotations

from types import SimpleNamespace

from django.contrib.auth.validators import UnicodeUsernameValidator
from django.template.loader import render_to_string
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from games.pages.links import player_links, url_former

USERNAMES = st.from_regex(UnicodeUsernameValidator.regex, fullmatch=True).filter(
    lambda name: len(name) <= 150
)


@given(st.integers(min_value=0, max_value=2**63 - 1))
def test_a_game_link_is_what_reverse_gives(pk):
    assert url_former("games:board")(pk) == reverse("games:board", args=[pk])


@given(USERNAMES)
def test_a_profile_link_is_what_reverse_gives(username):
    assert url_former("profile_detail")(username) == reverse("profile_detail", args=[username])


@given(
    username=USERNAMES,
    display_name=st.sampled_from(["", "Ann <b>& co</b>", "Zoë"]),
    is_bot=st.booleans(),
)
def test_a_player_link_is_the_player_name_include(username, display_name, is_bot):
    """The same link, display name and bot tag (a bot is marked wherever a name appears)."""
    player = SimpleNamespace(username=username, display_name=display_name, is_bot=is_bot)
    expected = render_to_string("includes/player_name.html", {"player": player})
    assert player_links()(player) == expected.rstrip("\n")  # the file's last newline
