"""The notification kinds the ladder sends, registered when `LadderConfig.ready` imports this
module (ladder orders 200-299)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from accounts.notifications import Notify, kind_register

GROUP = gettext_lazy("Ladders")
LADDER_CHALLENGE = "ladder_challenge"
LADDER_POSITION = "ladder_position"

kind_register(
    name=LADDER_CHALLENGE,
    label=gettext_lazy("Ladder challenge"),
    help_text=gettext_lazy("Someone challenged you in a ladder."),
    group=GROUP,
    order=200,
)
kind_register(
    name=LADDER_POSITION,
    label=gettext_lazy("Ladder position"),
    help_text=gettext_lazy("Your position in a ladder changed after one of your ladder games."),
    group=GROUP,
    order=210,
    default=Notify.DIGEST,
)
