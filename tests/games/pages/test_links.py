"""games.pages.links: the status page's URLs, reversed once and filled in per row, are exactly what
reverse() gives."""

from __future__ import annotations

from django.contrib.auth.validators import UnicodeUsernameValidator
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from games.pages.links import url_former

USERNAMES = st.from_regex(UnicodeUsernameValidator.regex, fullmatch=True).filter(
    lambda name: len(name) <= 150
)


@given(st.integers(min_value=0, max_value=2**63 - 1))
def test_a_game_link_is_what_reverse_gives(pk):
    assert url_former("games:board")(pk) == reverse("games:board", args=[pk])


@given(USERNAMES)
def test_a_profile_link_is_what_reverse_gives(username):
    assert url_former("profile_detail")(username) == reverse("profile_detail", args=[username])
