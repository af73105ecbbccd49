"""Reviews, their comments, players' private notes per game, and a game's estimate series."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.choices import BoardKind
from games.game_settings import topology_label
from rules.topology import topology_for


def review_token() -> str:
    """The review's link id: 16 URL-safe characters, unguessable (a link-only review is
    secret by its link)."""
    return secrets.token_urlsafe(12)


class ReviewVisibility(models.TextChoices):
    """Who may open a review. Stored codes."""

    PRIVATE = "private", _("Only me")
    LINK = "link", _("Anyone with the link")
    PUBLIC = "public", _("Public: listed on the game's page")


class Review(models.Model):
    """A review of a game or of an uploaded SGF record: the tree of moves (see
    `rules.review.variations.VariationTree.to_data`), kept as the owner changes it.

    A review of a private game is seen by the game's players only, whatever its visibility.
    A review of a game still being played is its owner's analysis board: private, never
    published while the game runs, and never touching the game.
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reviews"
    )
    token = models.CharField(max_length=24, unique=True, default=review_token)
    title = models.CharField(max_length=120)
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="reviews"
    )
    visibility = models.CharField(
        max_length=8, choices=ReviewVisibility.choices, default=ReviewVisibility.PRIVATE
    )
    tree = models.JSONField()
    nodes = models.PositiveIntegerField(default=1)
    # The record's details for uploads (players, date, result); empty for a game's review.
    details = models.JSONField(default=dict, blank=True)
    # An uploaded record's estimate series (a game's is its GameEstimate); None until worked out.
    estimate = models.JSONField(null=True, blank=True)
    estimate_requested = models.DateTimeField(null=True, blank=True)
    copied_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="copies"
    )
    # The board as "kind-size" ("square-19", "hex-6"), the reviews page's board filter.
    board = models.CharField(max_length=16, blank=True, default="", db_default="")
    # Whether signed-in visitors may comment when the review is public (the owner's choice).
    visitor_comments = models.BooleanField(
        default=True, db_default=True, verbose_name=_("Signed-in visitors may comment")
    )
    created = models.DateTimeField()
    updated = models.DateTimeField()
    published = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["game", "visibility"]),
            models.Index(fields=["visibility", "published"], name="review_public_newest"),
            models.Index(fields=["owner", "visibility"], name="review_owner_visibility"),
        ]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("games:review_show", args=[self.token])

    @property
    def board_label(self) -> str:
        """E.g. 'Go 19×19' or 'Badux hex 6'; empty when the board is not known."""
        kind, _sep, n = self.board.rpartition("-")
        if kind not in BoardKind.values or not n.isdigit():
            return ""
        return f"{BoardKind(kind).label} {topology_label(topology_for(kind, int(n)))}"


class ReviewUpload(models.Model):
    """One try at uploading a record to review, kept whether the record was read or refused:
    the "review" flood limit counts these, so that refused or failed uploads count too."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="review_uploads"
    )
    created = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["owner", "created"])]

    def __str__(self) -> str:
        return f"upload by {self.owner_id} at {self.created}"


class ReviewComment(models.Model):
    """A comment on one node of a review's tree (node 0 is the start)."""

    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="comments")
    node = models.PositiveIntegerField()
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="review_comments"
    )
    text = models.TextField()
    created = models.DateTimeField()
    # Typed on the page (False: read from an uploaded record, or copied with a review). Only
    # typed comments count toward the "review_comment" flood limits.
    typed = models.BooleanField(default=True, db_default=True)

    class Meta:
        indexes = [
            models.Index(fields=["review", "node"]),
            models.Index(fields=["author", "typed", "created"], name="review_comment_typed"),
        ]
        ordering = ["created", "pk"]

    def __str__(self) -> str:
        return f"{self.author_id} on {self.review_id}/{self.node}"


class GameNote(models.Model):
    """A player's private notes on one game: only their writer ever sees them."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="notes")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_notes"
    )
    text = models.TextField(blank=True)
    updated = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "author"], name="game_note_once_per_player")
        ]

    def __str__(self) -> str:
        return f"notes of {self.author_id} on game {self.game_id}"


class GameEstimate(models.Model):
    """A finished game's estimated lead after every move (`rules.review.estimate.estimate_series`),
    worked out once when it ends."""

    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, primary_key=True, related_name="estimate"
    )
    series = models.JSONField()
    computed = models.DateTimeField()

    def __str__(self) -> str:
        return f"estimate of game {self.game_id}"
