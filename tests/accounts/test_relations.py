"""Buddy and ignore lists, and the contact rule messaging and challenges rely on."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from accounts import selectors, services
from accounts.models import UserRelation
from accounts.selectors import ContactRefused


@pytest.fixture
def kuro(user_factory):
    return user_factory(username="kuro")


def _change(client, username, kind, action, **extra):
    return client.post(
        reverse("relation_change", args=[username]), {"kind": kind, "action": action, **extra}
    )


def test_add_and_remove_buddy_from_the_profile_page(client, player, kuro):
    client.force_login(player)
    assert "Add to buddies" in client.get(reverse("profile_detail", args=["kuro"])).content.decode()

    response = _change(client, "kuro", "buddy", "add")

    assert response["Location"] == reverse("profile_detail", args=["kuro"])
    assert selectors.relation_kind_get(owner=player, target=kuro) == "buddy"
    body = client.get(reverse("profile_detail", args=["kuro"])).content.decode()
    assert "your buddy" in body
    assert "Remove from buddies" in body
    assert "kuro" in client.get(reverse("contacts")).content.decode()

    _change(client, "kuro", "buddy", "remove")
    assert selectors.relation_kind_get(owner=player, target=kuro) is None


def test_ignoring_a_buddy_moves_them_to_the_ignore_list(client, player, kuro):
    client.force_login(player)
    _change(client, "kuro", "buddy", "add")

    _change(client, "kuro", "ignore", "add")

    assert list(UserRelation.objects.values_list("kind", flat=True)) == ["ignore"]
    _change(client, "kuro", "ignore", "remove")
    assert not UserRelation.objects.exists()


def test_list_changes_need_login_and_post(client, player, kuro):
    response = _change(client, "kuro", "buddy", "add")
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))

    client.force_login(player)
    assert client.get(reverse("relation_change", args=["kuro"])).status_code == 405
    assert not UserRelation.objects.exists()


def test_bad_list_change_changes_nothing_and_says_so(client, player, kuro):
    client.force_login(player)

    response = _change(client, "kuro", "friends", "add", next="/")
    page = client.get(response["Location"])

    assert "nothing was changed" in page.content.decode()
    assert not UserRelation.objects.exists()


def test_next_must_stay_on_this_site(client, player, kuro):
    client.force_login(player)

    response = _change(client, "kuro", "buddy", "add", next="https://evil.example/")
    assert response["Location"] == reverse("profile_detail", args=["kuro"])

    response = _change(client, "kuro", "buddy", "remove", next=reverse("contacts"))
    assert response["Location"] == reverse("contacts")


def test_you_cannot_list_yourself(player):
    with pytest.raises(ValidationError):
        services.relation_set(owner=player, target=player, kind="buddy", now=timezone.now())


def test_contact_rule(player, kuro, user_factory):
    now = timezone.now()
    assert selectors.user_can_contact(sender=player, recipient=kuro)

    services.relation_set(owner=kuro, target=player, kind="ignore", now=now)
    assert not selectors.user_can_contact(sender=player, recipient=kuro)
    with pytest.raises(ContactRefused, match="does not accept messages or challenges from you"):
        selectors.user_check_can_contact(sender=player, recipient=kuro)
    # The ignoring player may not pester the one they ignore either.
    with pytest.raises(ContactRefused, match="on your ignore list"):
        selectors.user_check_can_contact(sender=kuro, recipient=player)

    # A buddy entry is no obstacle, and the rule is about this pair only.
    services.relation_set(owner=kuro, target=player, kind="buddy", now=now)
    assert selectors.user_can_contact(sender=player, recipient=kuro)
    third = user_factory(username="third")
    services.relation_set(owner=kuro, target=third, kind="ignore", now=now)
    assert selectors.user_can_contact(sender=player, recipient=kuro)


def test_contact_rule_refuses_self_and_closed_accounts(player, user_factory):
    closed = user_factory(username="closed", is_active=False)

    with pytest.raises(ContactRefused, match="yourself"):
        selectors.user_check_can_contact(sender=player, recipient=player)
    assert not selectors.user_can_contact(sender=player, recipient=closed)


def test_contact_check_is_one_query(player, kuro, django_assert_num_queries):
    with django_assert_num_queries(1):
        selectors.user_can_contact(sender=player, recipient=kuro)
