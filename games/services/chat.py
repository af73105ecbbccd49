"""Game chat: a line from one player to the other, kept with the game."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from accounts.models import User
from accounts.moderation.models import Report, ReportKind
from accounts.moderation.selectors import moderation_speech_check
from accounts.moderation.services import report_create
from core.limits import limit_enforce
from core.outbox import enqueue_on_commit
from games.models import Game, GameChat
from games.selectors.play import game_player_check, game_view_check

CHAT_MAX_LENGTH = 1000


@transaction.atomic
def game_chat_post(*, game_id: int, user: User, text: str, now: dt.datetime) -> GameChat:
    """A player adds a line to the game's chat (spectators cannot); the other player is told
    after the commit. Raises NotAPlayer, Game.DoesNotExist, ValidationError for an empty or
    too long line, RateLimited (a ValidationError) past the "chat" and "chat_hour" limits,
    Muted when a moderator muted the player."""
    moderation_speech_check(user=user, now=now)
    game = Game.objects.get(pk=game_id)
    game_player_check(
        game=game,
        user=user,
        refusal=gettext("Only the players of this game can write in its chat."),
    )
    text = text.strip()
    if not text:
        raise ValidationError(gettext("Write something first."))
    if len(text) > CHAT_MAX_LENGTH:
        raise ValidationError(
            gettext("A chat line is at most %(CHAT_MAX_LENGTH)s characters.")
            % {"CHAT_MAX_LENGTH": CHAT_MAX_LENGTH}
        )
    own_lines = GameChat.objects.filter(author=user)
    limit_enforce(name="chat", rows=own_lines, now=now, sender=user)
    limit_enforce(name="chat_hour", rows=own_lines, now=now)
    line = GameChat.objects.create(
        game=game, author=user, move_number=game.move_number, text=text, created=now
    )
    enqueue_on_commit("games.notify_chat", line.pk)
    return line


@transaction.atomic
def game_chat_report(
    *, line_id: int, reporter: User, reason: str, url: str, now: dt.datetime
) -> Report:
    """`reporter`, who may see the game, reports a chat line someone else wrote to the
    moderators, with a copy of the line. Raises GameChat.DoesNotExist, NoSuchGame for a game
    they may not see, and report_create's refusals (one's own line, twice, the flood limit)."""
    line = GameChat.objects.select_related("game", "author").get(pk=line_id)
    game_view_check(game=line.game, user=reporter)
    return report_create(
        reporter=reporter,
        reported_user=line.author,
        kind=ReportKind.CHAT,
        snapshot=line.text,
        reason=reason,
        url=url,
        target=line,
        now=now,
    )
