"""The on-site notice of a moderator's decision: accounts.moderation's "told" hook (registered
in MessagingConfig.ready; accounts cannot import messaging) records it in the player's list;
the mail is accounts.moderation.tasks' own."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse
from django.utils.translation import gettext_lazy

from accounts.locale import reader_locale
from accounts.moderation.models import Sanction, SanctionKind
from accounts.moderation.notifications import MODERATION
from messaging.notifications.services import notification_record

_SAID = {
    SanctionKind.WARN: gettext_lazy("The moderators warned you: %(reason)s"),
    SanctionKind.MUTE: gettext_lazy("The moderators muted you: %(reason)s"),
    SanctionKind.SUSPEND: gettext_lazy("The moderators suspended you: %(reason)s"),
    SanctionKind.BAN: gettext_lazy("The moderators closed your account: %(reason)s"),
    SanctionKind.LIFT: gettext_lazy("The moderators lifted a restriction: %(reason)s"),
}


def moderation_notice_record(*, sanction: Sanction, now: dt.datetime) -> None:
    """Record the notice of `sanction` for its player, once (keyed by the decision)."""
    said = _SAID.get(sanction.kind)
    if said is None or sanction.user is None:
        return
    with reader_locale(user=sanction.user):
        text = str(said) % {"reason": sanction.reason}
        notification_record(
            user=sanction.user,
            event=MODERATION,
            key=f"moderation:{sanction.pk}",
            text=text,
            url=reverse("moderation_player", args=[sanction.user.username]),
            now=now,
        )
