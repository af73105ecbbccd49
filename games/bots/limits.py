"""How many games a player may start against the bots the site plays for: at most
settings.BOT_GAMES_RUNNING at once (games playing, and challenges to such bots not yet
answered) and the flood limit "bot_game" (core.limits) an hour. A game against a bot starts
at once and every move of it costs the bots' one worker some seconds, so a script starting
games by the dozen would hold everyone's bots up.

Imports no service, so the challenge service may call it for every challenge sent to a bot:
from the "Play a bot" page, the challenge form and the API alike.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db.models import Q
from django.utils.translation import ngettext_lazy

from accounts.models import User
from core.limits import Limit, RateLimited, limit_enforce
from games.models import Challenge, ChallengeStatus, Game, GameStatus

_RUNNING = ngettext_lazy(
    "You already have %(most)s game against a bot going, the most allowed at once; finish it "
    "and try again.",
    "You already have %(most)s games against bots going, the most allowed at once; finish one "
    "and try again.",
    "most",
)


def _site_bot(field: str) -> Q:
    """The player in `field` is a bot the site plays for (games.bots.queue.runs)."""
    return Q(**{f"{field}__is_bot": True}) & ~Q(**{f"{field}__bot_engine": ""})


def bot_games_limit_enforce(*, user: User, now: dt.datetime) -> None:
    """Raise RateLimited when `user` may not start one more game against a bot the site plays
    for. Call inside the transaction that then stores the challenge: it locks `user`'s row
    (core.limits.sender_lock), so that their concurrent starts are counted one by one."""
    to_bots = Challenge.objects.filter(_site_bot("recipient"), creator=user)
    # Declined, cancelled and expired ones started nothing (the invitation limits count them).
    started = to_bots.filter(status__in=(ChallengeStatus.OPEN, ChallengeStatus.ACCEPTED))
    limit_enforce(name="bot_game", rows=started, now=now, sender=user)
    playing = Game.objects.filter(status=GameStatus.PLAYING).filter(
        (Q(black=user) & _site_bot("white")) | (Q(white=user) & _site_bot("black"))
    )
    most = settings.BOT_GAMES_RUNNING
    if playing.count() + to_bots.filter(status=ChallengeStatus.OPEN).count() >= most:
        # Not a window but a count at once: the limit's window is never read.
        raise RateLimited(
            Limit(name="bot_games_running", sent=_RUNNING, most=most, window=dt.timedelta(0))
        )
