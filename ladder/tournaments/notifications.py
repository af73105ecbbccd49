"""The notification kinds tournaments send, registered when `LadderConfig.ready` imports this
module (ladder orders 200-299)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from accounts.notifications import kind_register

GROUP = gettext_lazy("Tournaments")
TOURNAMENT_ROUND = "tournament_round"
TOURNAMENT_END = "tournament_end"

kind_register(
    name=TOURNAMENT_ROUND,
    label=gettext_lazy("Tournament pairing"),
    help_text=gettext_lazy(
        "A tournament round (or knockout match) was paired: your opponent and game."
    ),
    group=GROUP,
    order=230,
)
kind_register(
    name=TOURNAMENT_END,
    label=gettext_lazy("Tournament ended"),
    help_text=gettext_lazy("A tournament you played in ended: your place."),
    group=GROUP,
    order=240,
)
