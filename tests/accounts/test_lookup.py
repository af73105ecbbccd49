"""Looking players up by name: any text in a URL or a query string gets an answer, never a 500
(a NUL would reach PostgreSQL and raise; a name no account can have costs no query)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from accounts import selectors
from accounts.selectors import USERNAME_MAX_LENGTH, user_find_by_username

pytestmark = pytest.mark.django_db

IMPOSSIBLE_NAMES = [
    "",
    "\x00",
    "kuro\x00",
    "ku\x00ro",
    "kuro\x07",
    "kuro\u200b",  # zero-width space: unprintable
    "x" * (USERNAME_MAX_LENGTH + 1),
    "x" * 100_000,
]


@pytest.fixture
def kuro(user_factory):
    return user_factory(username="kuro")


def test_a_real_name_finds_the_player_in_any_case(kuro):
    assert user_find_by_username(username="KuRo") == kuro
    assert user_find_by_username(username="shiro") is None


@pytest.mark.parametrize("name", IMPOSSIBLE_NAMES, ids=repr)
def test_a_name_no_account_can_have_is_nobody_without_a_query(
    kuro, name, django_assert_num_queries
):
    with django_assert_num_queries(0):
        assert user_find_by_username(username=name) is None


@pytest.mark.parametrize(
    "path", ["/players/%00/", "/players/kuro%00/", "/players/" + "x" * 5000 + "/"]
)
def test_a_profile_url_with_a_nul_or_an_overlong_name_is_404(
    client, kuro, path, refuse_nul_like_postgresql
):
    assert client.get(path).status_code == 404


@pytest.mark.parametrize("path", ["/players/%00/lists/", "/players/kuro%00/lists/"])
def test_a_buddy_or_ignore_post_for_a_nul_name_is_404_and_changes_nothing(
    client, player, kuro, path, refuse_nul_like_postgresql
):
    client.force_login(player)
    assert client.post(path, {"kind": "buddy", "action": "add"}).status_code == 404
    assert selectors.relation_kind_get(owner=player, target=kuro) is None


@hypothesis_settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(max_size=200))
def test_any_name_gets_a_player_or_nobody(kuro, refuse_nul_like_postgresql, name):
    found = user_find_by_username(username=name)
    assert found is None or found == kuro
