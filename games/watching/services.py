"""Writes of watch and follow: watching a game, following a player, spectators' comments
(kibitz), hiding them while one plays, reporting one to the moderators, and the outbox row a
move leaves for the game's watchers."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from accounts.models import User
from accounts.moderation.models import Report, ReportKind
from accounts.moderation.selectors import moderation_speech_check
from accounts.moderation.services import report_create
from core.http_cache.stamps import status_stamps_bump_on_commit
from core.limits import limit_enforce
from core.outbox import enqueue_on_commit
from games.errors import NoSuchGame
from games.models import Game, GameStatus
from games.watching.models import (
    KIBITZ_MAX_LENGTH,
    GameWatch,
    Kibitz,
    KibitzHidden,
    PlayerFollow,
)


def _public_game(game_id: int) -> Game:
    """The public game `game_id`; NoSuchGame (404) for a missing or private one, whoever asks
    (a player of a private game has nothing to watch or kibitz there either)."""
    game = Game.objects.filter(pk=game_id, public=True).first()
    if game is None:
        raise NoSuchGame()
    return game


@transaction.atomic
def watch_start(*, game_id: int, user: User, now: dt.datetime) -> GameWatch:
    """`user` watches the public game `game_id` (again: the row they have). Its players
    cannot watch their own game (ValidationError). NoSuchGame for a missing or private game.
    The user's status page lists it under "Watching" (their status stamp is renewed)."""
    game = _public_game(game_id)
    if game.colour_of(user) is not None:
        raise ValidationError(gettext("You play in this game: its moves come to you already."))
    watch, _ = GameWatch.objects.get_or_create(user=user, game=game, defaults={"created": now})
    status_stamps_bump_on_commit(user_ids=[user.pk])
    return watch


@transaction.atomic
def watch_stop(*, game_id: int, user: User) -> bool:
    """`user` stops watching `game_id`; whether they were."""
    deleted, _ = GameWatch.objects.filter(user=user, game_id=game_id).delete()
    if deleted:
        status_stamps_bump_on_commit(user_ids=[user.pk])
    return bool(deleted)


def watchers_notify_queue(*, game: Game) -> None:
    """Inside the transaction that writes a turn (or the end) of `game`: one outbox row for
    all its watchers, whatever their number; the task `games.notify_watchers` tells each
    one. Private games have no watchers and leave no row, nor does a game read for a turn
    (games.services.locking) that found no watcher (`watch_any` False)."""
    if game.public and getattr(game, "watch_any", True):
        enqueue_on_commit("games.notify_watchers", game.pk, game.move_number, game.status)


@transaction.atomic
def follow_start(*, follower: User, followed: User, now: dt.datetime) -> PlayerFollow:
    """`follower` follows `followed` (again: the row they have); ValidationError for oneself."""
    if follower.pk == followed.pk:
        raise ValidationError(gettext("You cannot follow yourself."))
    follow, _ = PlayerFollow.objects.get_or_create(
        follower=follower, followed=followed, defaults={"created": now}
    )
    return follow


@transaction.atomic
def follow_stop(*, follower: User, followed: User) -> bool:
    """`follower` stops following `followed`; whether they did."""
    deleted, _ = PlayerFollow.objects.filter(follower=follower, followed=followed).delete()
    return bool(deleted)


@transaction.atomic
def kibitz_post(*, game_id: int, user: User, text: str, now: dt.datetime) -> Kibitz:
    """A spectator's comment on the public game `game_id`. Its players write in the chat
    instead while it runs (ValidationError; after the end they may comment too). Raises
    NoSuchGame for a missing or private game, ValidationError for an empty or too long
    comment, RateLimited past the "kibitz" and "kibitz_hour" limits, Muted for a player the
    moderators have silenced."""
    moderation_speech_check(user=user, now=now)
    game = _public_game(game_id)
    if game.status == GameStatus.PLAYING and game.colour_of(user) is not None:
        raise ValidationError(
            gettext("You play in this game: write to your opponent in its chat instead.")
        )
    text = text.replace("\x00", "").strip()
    if not text:
        raise ValidationError(gettext("Write something first."))
    if len(text) > KIBITZ_MAX_LENGTH:
        raise ValidationError(
            gettext("A comment is at most %(most)s characters.") % {"most": KIBITZ_MAX_LENGTH}
        )
    own = Kibitz.objects.filter(author=user)
    limit_enforce(name="kibitz", rows=own, now=now, sender=user)
    limit_enforce(name="kibitz_hour", rows=own, now=now)
    return Kibitz.objects.create(
        game=game, author=user, move_number=game.move_number, text=text, created=now
    )


@transaction.atomic
def kibitz_hidden_set(*, user: User, hidden: bool, now: dt.datetime) -> None:
    """`user`'s preference: spectators' comments hidden (or shown) on the pages of their
    running games. Setting it as it is changes nothing."""
    if hidden:
        KibitzHidden.objects.get_or_create(user=user, defaults={"created": now})
    else:
        KibitzHidden.objects.filter(user=user).delete()


def kibitz_report(
    *, kibitz_id: int, user: User, reason: str, link: str, now: dt.datetime
) -> Report:
    """`user` reports a spectator's comment to the moderators (accounts.moderation's queue,
    `report_create`: a copy of the comment is kept, the "report" flood limits apply). `link`
    is the comment's address. Raises Kibitz.DoesNotExist (also on a private game),
    ReportRefused for one's own comment or a second open report on it, ValidationError for an
    empty reason, RateLimited past the limits."""
    kibitz = Kibitz.objects.select_related("author").get(pk=kibitz_id, game__public=True)
    return report_create(
        reporter=user,
        reported_user=kibitz.author,
        kind=ReportKind.KIBITZ,
        snapshot=kibitz.text,
        reason=reason.replace("\x00", ""),
        url=link,
        target=kibitz,
        now=now,
    )
