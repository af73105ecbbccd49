"""`{% bounces_warning %}` (load `bounces`): the notice that mail to the reader's address came
back, with a way to fix it, on the pages where a player looks after their mail (preferences,
notifications). Only those pages load it, so other pages pay no query for it."""

from __future__ import annotations

from django import template

from messaging.bounces.selectors import address_health_get

register = template.Library()


@register.inclusion_tag("messaging/bounces/warning.html", takes_context=True)
def bounces_warning(context: template.Context) -> dict[str, object]:
    """The logged-in reader's returned-mail state: `health` when mail to their current address
    failed for good (then nothing is mailed until they fix it), else nothing is shown."""
    request = context.get("request")
    user = getattr(request, "user", None)
    health = address_health_get(user=user) if user is not None and user.is_authenticated else None
    failing = health if health is not None and health.failing_since is not None else None
    return {"health": failing, "csrf_token": context.get("csrf_token")}
