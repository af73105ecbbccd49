"""core.links.page_path: the path `reverse` gives, kept per name, arguments, URL configuration
and script prefix."""

from __future__ import annotations

import pytest
from django.urls import NoReverseMatch, reverse, set_script_prefix

from core.links import page_path


@pytest.fixture(autouse=True)
def _root_prefix():
    yield
    set_script_prefix("/")


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("profile_detail", ("alice",)),
        ("profile_detail", ("名人_2",)),  # quoted as reverse quotes it
        ("profile_detail", ("a b?d#e",)),
        ("games:board", (7,)),
        ("games:board", (2**62,)),
    ],
)
def test_a_path_is_the_one_reverse_gives(name, args):
    assert page_path(name, *args) == reverse(name, args=args)
    assert page_path(name, *args) == reverse(name, args=args)  # kept: the same again


def test_a_path_follows_the_script_prefix_it_was_asked_under():
    """A site served under a prefix (FORCE_SCRIPT_NAME, a proxy's SCRIPT_NAME) gets its own
    paths, never one kept for the root."""
    at_root = page_path("profile_detail", "bob")
    set_script_prefix("/badux/")
    assert page_path("profile_detail", "bob") == "/badux" + at_root
    set_script_prefix("/")
    assert page_path("profile_detail", "bob") == at_root


def test_a_name_that_is_no_page_raises_as_reverse_does():
    with pytest.raises(NoReverseMatch):
        page_path("no-such-page", 1)


@pytest.mark.django_db
def test_players_and_games_link_to_their_pages(user_factory):
    from games.models import Game

    player = user_factory(username="linked")
    assert player.get_absolute_url() == "/players/linked/"
    assert Game(pk=12).get_absolute_url() == reverse("games:board", args=[12])
