"""The notification kinds groups send, registered when `LadderConfig.ready` imports this
module (ladder orders 250-269)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from accounts.notifications import Notify, kind_register

GROUP = gettext_lazy("Groups")
GROUP_MENTION = "group_mention"
GROUP_REPLY = "group_reply"
GROUP_MEMBERSHIP = "group_membership"

kind_register(
    name=GROUP_MENTION,
    label=gettext_lazy("Mentioned on a board"),
    help_text=gettext_lazy("Someone mentioned you (@yourname) in a group's board."),
    group=GROUP,
    order=250,
)
kind_register(
    name=GROUP_REPLY,
    label=gettext_lazy("Board replies"),
    help_text=gettext_lazy("A reply in a thread you follow on a group's board."),
    group=GROUP,
    order=255,
    default=Notify.DIGEST,
)
kind_register(
    name=GROUP_MEMBERSHIP,
    label=gettext_lazy("Group membership"),
    help_text=gettext_lazy(
        "An invitation to a group, your request to join one approved, or (for a group's admins "
        "and moderators) a player asking to join."
    ),
    group=GROUP,
    order=260,
)
