"""The notification kind messaging owns: private messages. Imported by `MessagingConfig.ready`."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from accounts.notifications import kind_register

MESSAGE = "message"

kind_register(
    name=MESSAGE,
    label=gettext_lazy("Message received"),
    help_text=gettext_lazy("Another player sent you a private message."),
    group=gettext_lazy("Messages"),
    order=900,
)
