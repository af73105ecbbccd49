"""Tasks of bots, on their own Celery queue (settings.BOT_QUEUE, routed by the "bots." prefix):
a bot's move, its answer to a challenge, the staff's mail when its engine fails, and the sweep
that queues again the moves of bots left waiting. Each is safe to run twice."""

from __future__ import annotations

import datetime as dt

from celery import shared_task
from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from core.mail import RETRY_OPTIONS, site_url
from core.metrics import sweep_metered
from games.bots import services
from messaging.notifications.services import admin_mail_once

# A bot's move may take every try of BOT_MOVE_SECONDS, plus the time to play it.
_MOVE_LIMIT = settings.BOT_MOVE_SECONDS * settings.BOT_MOVE_TRIES + 30
STUCK_AFTER = dt.timedelta(minutes=2)


@shared_task(name="bots.move", time_limit=_MOVE_LIMIT + 30, soft_time_limit=_MOVE_LIMIT)
def bot_move(game_id: int, move_number: int) -> str:
    """Play the bot's move `move_number` of the game, if the game still waits for it."""
    return services.bot_move_play(game_id=game_id, move_number=move_number)


@shared_task(name="bots.answer_challenge")
def bot_answer_challenge(challenge_id: int) -> str:
    """The bot a challenge is meant for accepts or declines it."""
    return services.bot_challenge_answer(challenge_id=challenge_id, now=timezone.now())


@shared_task(name="bots.staff_mail", **RETRY_OPTIONS)
def bot_staff_mail(game_id: int, move_number: int, error: str) -> bool:
    """Tell the site admins, once per game and move, that a bot's engine failed."""
    url = site_url(reverse("games:board", args=[game_id]))
    return admin_mail_once(
        key=f"bot-failed:{game_id}:{move_number}",
        subject=gettext("A bot could not move in game %(game_id)s") % {"game_id": game_id},
        body=(
            f"The bot to move in game {game_id} ({url}) could not play move {move_number + 1}: "
            f"{error or 'unknown error'}.\n\nIt tries again every few minutes; check the engine "
            "(settings.BOT_ENGINES) and the bots' Celery worker.\n"
        ),
        now=timezone.now(),
    )


@shared_task(name="bots.sweep")
@sweep_metered("bots.sweep")
def bots_sweep() -> int:
    """Queue again the moves of bots left to move (a lost task, a failed engine)."""
    return services.bots_stuck_requeue(now=timezone.now(), after=STUCK_AFTER)
