"""The notification kind of reviews, registered when `GamesConfig.ready` imports this module.
Like chat, never mailed alone: off or the daily digest."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from accounts.notifications import Notify, kind_register

REVIEW_PUBLISHED = "review_published"  # stored name; never change it

kind_register(
    name=REVIEW_PUBLISHED,
    label=_("Review published"),
    help_text=_("Someone published a review of one of your games."),
    group=_("Games"),
    order=170,
    modes=(Notify.OFF, Notify.DIGEST),
    default=Notify.DIGEST,
)
