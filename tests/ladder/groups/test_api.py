"""The groups part of the public API: a group and its threads with unread counts; a closed
group's board is 404 `not_found` to outsiders, as on the pages."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone

from accounts.api.tokens import api_token_create
from ladder.groups.models import Access
from ladder.groups.services import post_create
from tests.api.conftest import Api
from tests.ladder.conftest import NOW

pytestmark = pytest.mark.django_db


def _api(user) -> Api:
    _, raw = api_token_create(user=user, name="bot", scope="read", now=timezone.now())
    return Api(Client(), raw)


def test_a_member_reads_the_board_and_an_outsider_gets_404(
    group_factory, user_factory, thread_factory
):
    ann, out = user_factory(username="ann"), user_factory()
    group = group_factory(access=Access.REQUEST, members=[ann])
    thread = thread_factory(group=group, author=group.admin, title="Club night")
    post_create(thread_id=thread.pk, user=group.admin, body="Friday", now=NOW + dt.timedelta(1))
    body = _api(ann).get(f"/groups/{group.slug}").json()
    assert (body["access"], body["members"], body["your_standing"]) == ("request", 2, "member")
    threads = _api(ann).get(f"/groups/{group.slug}/threads").json()
    assert [(t["title"], t["posts"], t["unread"]) for t in threads["threads"]] == [
        ("Club night", 2, 2)
    ]
    assert threads["next"] is None
    for path in (f"/groups/{group.slug}", f"/groups/{group.slug}/threads"):
        answer = _api(out).get(path)
        assert answer.status_code == 404 and answer.json()["code"] == "not_found"
    assert _api(out).get("/groups/help/threads").status_code == 200  # a site-wide board
    odd = _api(ann).get(f"/groups/{group.slug}/threads", after="x" * 61)
    assert odd.status_code in (400, 422)
