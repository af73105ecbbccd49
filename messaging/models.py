"""messaging's models: notifications, private messages and returned mail, each in their folder,
re-exported so Django and `from messaging.models import ...` find them.
"""

from __future__ import annotations

from messaging.bounces.models import AddressHealth
from messaging.messages.models import (
    BODY_MAX_LENGTH,
    SUBJECT_MAX_LENGTH,
    Message,
    SpamReport,
    SpamStatus,
    Thread,
    ThreadMember,
)
from messaging.notifications.models import AdminMail, Channel, Digest, Event, Notification
from messaging.push.models import PushChoice, PushDelivery, PushSubscription

__all__ = [
    "AddressHealth",
    "BODY_MAX_LENGTH",
    "SUBJECT_MAX_LENGTH",
    "AdminMail",
    "Channel",
    "Digest",
    "Event",
    "Message",
    "Notification",
    "PushChoice",
    "PushDelivery",
    "PushSubscription",
    "SpamReport",
    "SpamStatus",
    "Thread",
    "ThreadMember",
]
