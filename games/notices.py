"""The notification kinds games sends, registered when `GamesConfig.ready` imports this module.

Their names are `messaging.models.Event`, which games' tasks pass to `messaging.services.notify`.
"""

from __future__ import annotations

from accounts.notifications import Notify, kind_register
from messaging.models import Event

GROUP = "Games"

kind_register(
    name=Event.YOUR_TURN,
    label="Your turn",
    help_text="It is your turn to move in one of your games.",
    group=GROUP,
    order=100,
)
kind_register(
    name=Event.GAME_OVER,
    label="Game over",
    help_text="A game is over, or its result was corrected.",
    group=GROUP,
    order=110,
)
kind_register(
    name=Event.CHALLENGE,
    label="Challenge received",
    help_text="You received a challenge.",
    group=GROUP,
    order=120,
)
kind_register(
    name=Event.CHALLENGE_ANSWERED,
    label="Challenge answered",
    help_text="Your challenge was accepted or declined.",
    group=GROUP,
    order=130,
)
kind_register(
    name=Event.TIMEOUT_WARNING,
    label="Time running out",
    help_text="Your time is running out in a game.",
    group=GROUP,
    order=140,
)
kind_register(
    name=Event.DISPUTE,
    label="Result disputed",
    help_text="A result of your game is disputed, or the dispute ended.",
    group=GROUP,
    order=150,
)
# Chat lines are never mailed one by one: off or the daily digest.
kind_register(
    name=Event.CHAT,
    label="Chat",
    help_text="Chat in your games.",
    group=GROUP,
    order=160,
    modes=(Notify.OFF, Notify.DIGEST),
    default=Notify.DIGEST,
)
# Conditional moves: the answer a player left was played for them, or refused and cleared.
CONDITIONAL_MOVE = "conditional_move"
kind_register(
    name=CONDITIONAL_MOVE,
    label="Conditional move",
    help_text="A conditional move you left was played for you, or could not be played.",
    group=GROUP,
    order=105,
)
