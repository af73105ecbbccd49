"""The games app's part of the players' data. In the archive: every game the player played as
an SGF record (the game page's download, with its count comment), their chat lines, reviews,
review comments and private game notes. Closing the account resigns the running games and
withdraws the open challenges at once (the closing page says so). At erasure, their games,
results and the disputes and corrections that made them stay (under the placeholder); what
they wrote or own goes."""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterator

from django.db.models import Q

from accounts.data.archive import json_list_chunks
from accounts.data.registry import (
    ArchiveFile,
    closing_register,
    eraser_register,
    links_register,
    outbox_task_register,
    part_register,
)
from accounts.models import User
from core.http_cache.stamps import status_stamps_bump_on_commit
from games.errors import GameActionError
from games.models import Challenge, ChallengeStatus, Game, GameChat, GameStatus
from games.pages.sgf import game_sgf
from games.reviews.models import GameNote, Review, ReviewComment
from games.services.challenges import challenge_decline
from games.services.play import game_resign

logger = logging.getLogger(__name__)

CHUNK = 200


def _games(user: User):
    return Game.objects.filter(Q(black=user) | Q(white=user))


def _game_files(user: User) -> Iterator[ArchiveFile]:
    games = _games(user).select_related("black", "white").order_by("pk")
    for game in games.iterator(chunk_size=CHUNK):
        yield ArchiveFile(f"games/badux-{game.pk}.sgf", _lazy(game_sgf, game=game))


def _lazy(function, **kwargs) -> Iterator[str]:
    """The text of `function(**kwargs)`, made only when the archive writes it."""
    yield function(**kwargs)


def _chat_rows(user: User) -> Iterator[dict]:
    rows = GameChat.objects.filter(author=user).order_by("created", "pk")
    yield from rows.values("game_id", "move_number", "text", "created").iterator(CHUNK)


def _review_rows(user: User) -> Iterator[dict]:
    fields = ("token", "title", "game_id", "visibility", "tree", "details", "created", "updated")
    rows = Review.objects.filter(owner=user).order_by("created", "pk").values(*fields)
    yield from rows.iterator(chunk_size=CHUNK)


def _comment_rows(user: User) -> Iterator[dict]:
    rows = ReviewComment.objects.filter(author=user).order_by("created", "pk")
    yield from rows.values("review__token", "node", "text", "created").iterator(CHUNK)


def _note_rows(user: User) -> Iterator[dict]:
    rows = GameNote.objects.filter(author=user).order_by("game_id")
    yield from rows.values("game_id", "text", "updated").iterator(CHUNK)


def _files(*, user: User) -> Iterator[ArchiveFile]:
    yield from _game_files(user)
    yield ArchiveFile("game_chat.json", json_list_chunks(_chat_rows(user)))
    yield ArchiveFile("reviews.json", json_list_chunks(_review_rows(user)))
    yield ArchiveFile("review_comments.json", json_list_chunks(_comment_rows(user)))
    yield ArchiveFile("game_notes.json", json_list_chunks(_note_rows(user)))


def _count(*, user: User) -> int:
    return _games(user).count() + 4


def games_end(*, user: User, now: dt.datetime) -> None:
    """The site's rule when a player leaves: each running game is resigned (the opponent
    wins), their open challenges are withdrawn and those sent to them declined."""
    running = _games(user).filter(status=GameStatus.PLAYING).values_list("pk", flat=True)
    for game_id in list(running):
        try:
            game_resign(game_id=game_id, user=user, expected_move_number=None, now=now)
        except GameActionError:  # awaiting its count, say: it ends on its own
            logger.info("Game %s of closing player %s not resigned", game_id, user.pk)
    Challenge.objects.filter(creator=user, status=ChallengeStatus.OPEN).update(
        status=ChallengeStatus.CANCELLED, closed=now
    )
    sent = Challenge.objects.filter(recipient=user, status=ChallengeStatus.OPEN)
    for challenge_id in list(sent.values_list("pk", flat=True)):
        try:
            challenge_decline(challenge_id=challenge_id, user=user, now=now)
        except GameActionError:  # expired meanwhile
            continue
    status_stamps_bump_on_commit(user_ids=[user.pk])


def _erase(*, user: User, now: dt.datetime) -> None:
    """Anything that started during the grace period ends too; the opponents' status pages
    are drawn again (they name the player)."""
    opponents = set()
    for black_id, white_id in _games(user).values_list("black_id", "white_id").iterator():
        opponents.update((black_id, white_id))
    games_end(user=user, now=now)
    status_stamps_bump_on_commit(user_ids=opponents)


def register() -> None:
    part_register(name="games", count=_count, files=_files)
    links_register(
        keep=[
            "games.Game.black",
            "games.Game.white",
            "games.ResultCorrection.by",
            "games.ScoreDispute.opened_by",
            "games.GameContact.answered_by",
        ],
        erase=[
            "games.LearnProgress.user",
            "games.Challenge.creator",
            "games.Challenge.recipient",
            "games.GameChat.author",
            "games.ConditionalMoves.owner",
            "games.GameContact.author",
            "games.ScoringReport.raised_by",
            "games.FriendInvite.inviter",
            "games.FriendInvite.invitee",
            "games.InboundMail.user",
            "games.Vacation.user",
            "games.Review.owner",
            "games.ReviewUpload.owner",
            "games.ReviewComment.author",
            "games.GameNote.author",
        ],
    )
    closing_register(games_end)
    eraser_register(_erase)
    for task, model in {
        "games.notify_chat": "games.GameChat",
        "games.friend_invite_mail": "games.FriendInvite",
        "games.contact_staff_mail": "games.GameContact",
        "games.contact_answer_mail": "games.GameContact",
        "games.notify_challenge": "games.Challenge",
        "games.notify_challenge_mail": "games.Challenge",
        "games.notify_challenge_answered": "games.Challenge",
        "games.notify_challenge_answered_mail": "games.Challenge",
        "games.notify_report": "games.ScoringReport",
        "games.review_published": "games.Review",
        "games.review_estimate": "games.Review",
    }.items():
        outbox_task_register(task, row_model=model)
