"""Tasks of game chat: the opponent's notice of a chat line."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone
from django.utils.translation import gettext

from games.models import (
    GameChat,
)
from messaging.notifications import services as messaging
from messaging.notifications.models import Event


@shared_task(name="games.notify_chat")
def notify_chat(chat_id: int) -> bool:
    """Put a chat line on the other player's list (and their digest); never mailed alone."""
    line = GameChat.objects.select_related("game__black", "game__white", "author")
    line = line.filter(pk=chat_id).first()
    if line is None:
        return False
    game = line.game
    other = game.white if line.author_id == game.black_id else game.black
    preview = line.text if len(line.text) <= 120 else f"{line.text[:119]}…"
    messaging.notify(
        user=other,
        event=Event.CHAT,
        key=f"chat:{line.pk}",
        text=lambda: (
            gettext("%(author)s in game %(game)s: %(line)s")
            % {"author": line.author.username, "game": game.pk, "line": preview}
        ),
        url=game.get_absolute_url(),
        now=timezone.now(),
    )
    return True
