"""The notification kind of moderation: a moderator's decision about the player. It is always
listed on the site and always mailed (by accounts.moderation.tasks, not by the notification
routing), so the player has nothing to choose: its only mode is the site list. Imported by
`AccountsConfig.ready`."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from accounts.notifications import Notify, kind_register

MODERATION = "moderation"

kind_register(
    name=MODERATION,
    label=gettext_lazy("Moderators' decisions"),
    help_text=gettext_lazy(
        "A moderator warned, muted, suspended you or lifted it; always listed here and mailed."
    ),
    group=gettext_lazy("Your account"),
    order=990,
    modes=(Notify.OFF,),
    default=Notify.OFF,
)
