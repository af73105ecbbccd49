"""The notification kinds games sends, registered when `GamesConfig.ready` imports this module.

Their names are `messaging.notifications.models.Event`, which games' tasks pass to
`messaging.notifications.services.notify`.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from accounts.notifications import Notify, kind_register
from messaging.notifications.models import Event

GROUP = gettext_lazy("Games")

kind_register(
    name=Event.YOUR_TURN,
    label=gettext_lazy("Your turn"),
    help_text=gettext_lazy("It is your turn to move in one of your games."),
    group=GROUP,
    order=100,
)
kind_register(
    name=Event.GAME_OVER,
    label=gettext_lazy("Game over"),
    help_text=gettext_lazy("A game is over, or its result was corrected."),
    group=GROUP,
    order=110,
)
kind_register(
    name=Event.CHALLENGE,
    label=gettext_lazy("Challenge received"),
    help_text=gettext_lazy("You received a challenge."),
    group=GROUP,
    order=120,
)
kind_register(
    name=Event.CHALLENGE_ANSWERED,
    label=gettext_lazy("Challenge answered"),
    help_text=gettext_lazy("Your challenge was accepted or declined."),
    group=GROUP,
    order=130,
)
kind_register(
    name=Event.TIMEOUT_WARNING,
    label=gettext_lazy("Time running out"),
    help_text=gettext_lazy("Your time is running out in a game."),
    group=GROUP,
    order=140,
)
kind_register(
    name=Event.DISPUTE,
    label=gettext_lazy("Result disputed"),
    help_text=gettext_lazy("A result of your game is disputed, or the dispute ended."),
    group=GROUP,
    order=150,
)
# Chat lines are never mailed one by one: off or the daily digest.
kind_register(
    name=Event.CHAT,
    label=gettext_lazy("Chat"),
    help_text=gettext_lazy("Chat in your games."),
    group=GROUP,
    order=160,
    modes=(Notify.OFF, Notify.DIGEST),
    default=Notify.DIGEST,
)
# Conditional moves: the answer a player left was played for them, or refused and cleared.
CONDITIONAL_MOVE = "conditional_move"
kind_register(
    name=CONDITIONAL_MOVE,
    label=gettext_lazy("Conditional move"),
    help_text=gettext_lazy(
        "A conditional move you left was played for you, or could not be played."
    ),
    group=GROUP,
    order=105,
)
# Adjourned games (issue 38): a game set aside while a player is suspended, and resumed.
ADJOURNMENT = "game_adjourned"
kind_register(
    name=ADJOURNMENT,
    label=gettext_lazy("Game adjourned or resumed"),
    help_text=gettext_lazy(
        "The moderators adjourned one of your games while your opponent is suspended, "
        "or it resumed."
    ),
    group=GROUP,
    order=115,
)
