"""Reads for Web Push: a player's devices and per-kind choices, whether a notice goes by push."""

from __future__ import annotations

from django.conf import settings
from django.db.models import QuerySet
from django.utils.translation import gettext

from accounts.models import User
from accounts.notifications import kind_get, kinds_list
from messaging.push.models import PushChoice, PushSubscription

# The kinds that come by push until the player chooses otherwise (once a device is
# subscribed): what a correspondence player acts on. Names as registered (games, messages,
# tournaments register them); a name not registered is simply never asked about.
PUSH_DEFAULT_KINDS = frozenset(
    {"your_turn", "game_over", "message", "challenge", "tournament_round", "timeout_warning"}
)


def push_enabled() -> bool:
    """Whether the site offers Web Push: settings.PUSH["ENABLED"] and a VAPID key pair."""
    return bool(
        settings.PUSH["ENABLED"]
        and settings.PUSH["VAPID_PUBLIC_KEY"]
        and settings.PUSH["VAPID_PRIVATE_KEY"]
    )


def push_subscriptions_list(*, user: User) -> QuerySet[PushSubscription]:
    """`user`'s subscribed devices, most recently subscribed first."""
    return PushSubscription.objects.filter(user=user).order_by("-created", "-pk")


def push_choices_get(*, user: User) -> dict[str, bool]:
    """Whether each registered kind comes by push for `user`, by kind name in page order: the
    player's stored choice, else whether it is one of PUSH_DEFAULT_KINDS. One query."""
    stored = dict(PushChoice.objects.filter(user=user).values_list("event", "push"))
    return {
        kind.name: stored.get(kind.name, kind.name in PUSH_DEFAULT_KINDS) for kind in kinds_list()
    }


def push_wanted(*, user: User, event: str) -> bool:
    """Whether a new notice of the kind `event` goes to `user` by push: the site offers push,
    the player chose it for this kind (or left the default on) and has a device subscribed.
    UnknownKindError naming `event` when no such kind is registered. At most two queries."""
    kind = kind_get(name=event)
    if not push_enabled():
        return False
    stored = (
        PushChoice.objects.filter(user=user, event=kind.name).values_list("push", flat=True).first()
    )
    wanted = stored if stored is not None else kind.name in PUSH_DEFAULT_KINDS
    return wanted and PushSubscription.objects.filter(user=user).exists()


# Browsers and systems named in a device's label, first match wins (Edge and Opera say Chrome
# too; Chrome says Safari too).
_BROWSERS = (
    ("Edg", "Edge"),
    ("OPR", "Opera"),
    ("Firefox", "Firefox"),
    ("SamsungBrowser", "Samsung Internet"),
    ("Chrome", "Chrome"),
    ("Chromium", "Chromium"),
    ("Safari", "Safari"),
)
_SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Windows", "Windows"),
    ("Mac OS", "macOS"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)


def device_label(*, user_agent: str) -> str:
    """A short name of a device from its user agent ("Firefox on Android"), or "" when
    neither its browser nor its system is recognised. Product names are not translated."""
    browser = next((name for token, name in _BROWSERS if token in user_agent), "")
    system = next((name for token, name in _SYSTEMS if token in user_agent), "")
    if browser and system:
        return gettext("%(browser)s on %(system)s") % {"browser": browser, "system": system}
    return browser or system
