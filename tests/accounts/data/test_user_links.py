"""Every relation to the user model, in every installed app, is classified by its app as kept
(under the placeholder) or erased when an account is erased (accounts.data.registry). A model
added with a ForeignKey to the user and no classification fails here, and erasure refuses to
run until it is classified."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from accounts.data import erasure, registry


def test_every_relation_to_the_user_is_kept_or_erased():
    assert registry.links_unclassified() == []


def test_the_walk_finds_the_relations_of_every_app():
    names = {link.name for link in registry.user_links()}
    assert {
        "games.Game.black",
        "messaging.Message.author",
        "ladder.RatingChange.user",
        "account.EmailAddress.user",
        "accounts.User_groups.user",
    } <= names


def test_a_relation_classified_both_ways_is_refused():
    with pytest.raises(ValueError, match="both kept and erased"):
        registry.links_register(erase=["games.Game.black"])


@pytest.mark.django_db
def test_erasure_refuses_while_a_relation_is_unclassified(monkeypatch):
    monkeypatch.setattr(registry, "_erase", registry._erase - {"messaging.Message.author"})
    with pytest.raises(ImproperlyConfigured, match="messaging.Message.author"):
        erasure.account_erase(user_id=1, now=None)
