"""`{% push_section %}`: the preferences page's Web Push section (messaging/push/), included by
accounts' preferences template, which cannot import messaging."""

from __future__ import annotations

from django import template
from django.conf import settings
from django.utils import timezone

from messaging.push import selectors
from messaging.push.forms import PushChoicesForm

register = template.Library()


@register.inclusion_tag("messaging/push/section.html", takes_context=True)
def push_section(context: template.Context) -> dict[str, object]:
    """The player's devices (with a readable label each), the per-kind push choices, and the
    VAPID public key for the page's script (never the private one)."""
    request = context["request"]
    user = request.user
    devices = [
        {
            "pk": device.pk,
            "endpoint": device.endpoint,
            "label": selectors.device_label(user_agent=device.user_agent),
            "created": device.created,
            "last_used": device.last_used,
        }
        for device in selectors.push_subscriptions_list(user=user)
    ]
    return {
        "request": request,
        "csrf_token": context.get("csrf_token"),
        "push_on": selectors.push_enabled(),
        "public_key": settings.PUSH["VAPID_PUBLIC_KEY"],
        "devices": devices,
        "choices_form": PushChoicesForm(choices=selectors.push_choices_get(user=user)),
        "now": timezone.now(),
    }
