"""The notification kind of watched games, registered when `GamesConfig.ready` imports this
module: a move or the end of a game the player watches. Batched into the daily digest unless
the player chooses otherwise (or off)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from accounts.notifications import Notify, kind_register

WATCHED_GAME = "watched_game"  # stored name; never change it

kind_register(
    name=WATCHED_GAME,
    label=_("Games you watch"),
    help_text=_("A move was played in a game you watch, or it ended."),
    group=_("Games"),
    order=175,
    default=Notify.DIGEST,
)
