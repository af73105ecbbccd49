"""The notification kind messaging owns: private messages. Imported by `MessagingConfig.ready`."""

from __future__ import annotations

from accounts.notifications import kind_register

MESSAGE = "message"

kind_register(
    name=MESSAGE,
    label="Message received",
    help_text="Another player sent you a private message.",
    group="Messages",
    order=900,
)
