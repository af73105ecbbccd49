"""The ladder app's part of the players' data: ratings and the rating history in the archive.
At erasure everything here stays under the placeholder: ratings, their history, ladder places
and tournament entries and pairings are the record of games that opponents played too."""

from __future__ import annotations

from collections.abc import Iterator

from accounts.data.archive import json_list_chunks
from accounts.data.registry import ArchiveFile, links_register, part_register
from accounts.models import User
from ladder.groups.models import Post
from ladder.ratings.models import Rating, RatingChange

CHUNK = 500


def _rating_rows(user: User) -> Iterator[dict]:
    fields = ("family", "rating", "deviation", "volatility", "games", "board_size", "updated")
    yield from Rating.objects.filter(user=user).order_by("family").values(*fields).iterator(CHUNK)


def _history_rows(user: User) -> Iterator[dict]:
    rows = RatingChange.objects.filter(user=user).order_by("created", "pk")
    fields = (
        "game_id",
        "family",
        "board_size",
        "score",
        "rating_before",
        "rating_after",
        "deviation_after",
        "opponent_rating",
        "created",
    )
    yield from rows.values(*fields).iterator(CHUNK)


def _post_rows(user: User) -> Iterator[dict]:
    rows = Post.objects.filter(author=user).order_by("created", "pk")
    fields = ("thread__group__name", "thread__title", "body", "created", "edited")
    yield from rows.values(*fields).iterator(CHUNK)


def _files(*, user: User) -> Iterator[ArchiveFile]:
    yield ArchiveFile("ratings.json", json_list_chunks(_rating_rows(user)))
    yield ArchiveFile("rating_history.json", json_list_chunks(_history_rows(user)))
    yield ArchiveFile("board_posts.json", json_list_chunks(_post_rows(user)))


def register() -> None:
    part_register(name="ratings", count=lambda *, user: 3, files=_files)
    links_register(
        keep=[
            "ladder.LadderEntry.user",
            "ladder.LadderEntry.last_opponent",
            "ladder.LadderChallenge.challenger",
            "ladder.LadderChallenge.defender",
            "ladder.PositionChange.user",
            "ladder.Rating.user",
            "ladder.RatingChange.user",
            "ladder.Tournament.organiser",
            "ladder.TournamentPlayer.user",
            "ladder.TournamentPairing.black",
            "ladder.TournamentPairing.white",
            # Group boards stay readable: the player's posts, threads and groups name the
            # placeholder; their memberships, read markers and follows go.
            "ladder.Group.created_by",
            "ladder.Membership.invited_by",
            "ladder.Thread.author",
            "ladder.Post.author",
            "ladder.PostRevision.edited_by",
        ],
        erase=[
            "ladder.Membership.user",
            "ladder.ThreadRead.user",
            "ladder.ThreadSubscription.user",
        ],
    )
