"""Migration games 0016: each review's board from its tree; comments stored with an upload or a
copy become untyped (no flood limit counts them), typed ones stay typed."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

# The users' table as it is now (a games target alone would state an older User model).
ACCOUNTS = ("accounts", "0007_user_bot")
BEFORE = [("games", "0015_contact_about_the_site"), ACCOUNTS]
AFTER = [("games", "0016_review_listing_and_typed_comments"), ACCOUNTS]
T0 = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def migrator(transactional_db):
    """A migration executor; whatever the test migrated to, the schema ends up current."""
    executor = MigrationExecutor(connection)
    yield executor
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def _migrate(executor: MigrationExecutor, target):
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def test_boards_are_read_from_the_trees_and_stored_comments_become_untyped(migrator):
    old = _migrate(migrator, BEFORE)
    User = old.get_model("accounts", "User")
    Review, Comment = old.get_model("games", "Review"), old.get_model("games", "ReviewComment")
    kuro = User.objects.create(username="kuro")
    later = T0 + dt.timedelta(minutes=5)

    def review(token, board, **fields):
        tree = {"board": board, "nodes": []}
        return Review.objects.create(
            owner=kuro, token=token, title=token, tree=tree, created=T0, updated=T0, **fields
        )

    upload = review("upload", {"kind": "square", "n": 13})
    copy = review("copy", {"kind": "hex", "n": 6}, copied_from=upload)
    for r in (upload, copy):
        Comment.objects.create(review=r, node=0, author=kuro, text="stored", created=T0)
        Comment.objects.create(review=r, node=0, author=kuro, text="typed", created=later)

    new = _migrate(migrator, AFTER)

    Review, Comment = new.get_model("games", "Review"), new.get_model("games", "ReviewComment")
    assert dict(Review.objects.values_list("token", "board")) == {
        "upload": "square-13",
        "copy": "hex-6",
    }
    assert sorted(Comment.objects.values_list("review__token", "text", "typed")) == [
        ("copy", "stored", False),
        ("copy", "typed", True),
        ("upload", "stored", False),
        ("upload", "typed", True),
    ]
    assert Review.objects.filter(visitor_comments=True).count() == 2
