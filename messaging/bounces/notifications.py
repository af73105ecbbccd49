"""The notification kind of returned mail. Imported by `MessagingConfig.ready`.

Site only: a player whose address fails cannot be told by mail, and there is nothing to choose,
so the kind has no row on the preferences page (`accounts.forms`)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from accounts.notifications import Notify, kind_register

MAIL_FAILING = "mail_failing"

kind_register(
    name=MAIL_FAILING,
    label=gettext_lazy("Mail not delivered"),
    help_text=gettext_lazy("Mail to your address came back as undeliverable."),
    group=gettext_lazy("Messages"),
    order=990,
    modes=(Notify.OFF,),
    default=Notify.OFF,
)
