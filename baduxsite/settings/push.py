"""settings.PUSH, Web Push's settings (messaging/push/), built in base.py and prod.py from the
environment, as one dict (as LOGGING is built by logs.py).

Standard Web Push (RFC 8030, payloads encrypted per RFC 8291, VAPID per RFC 8292) to the
devices players subscribed on their preferences page. Keys:

- ENABLED (PUSH_ENABLED, default off): whether the site offers push at all.
- VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY (PUSH_VAPID_*): made by `manage.py push_vapid_keys`; the
  public key is the uncompressed P-256 point, the private key its 32-byte secret, both
  base64url without padding. The public key is served to the page; the private one never
  leaves the workers. Production refuses to start with push on and either key missing.
- VAPID_SUBJECT (PUSH_VAPID_SUBJECT): the JWT's "sub", how a push service reaches the site's
  operators (a mailto: or https: URL).
- SERVICE_HOSTS (PUSH_SERVICE_HOSTS, comma-separated): the push services a subscription may
  name (a host, or a parent domain of it), over HTTPS only. The workers POST to the endpoint a
  browser gave, so no other host is ever asked (no request forgery towards the site's own
  network). By default the browsers' own services.
- INSECURE_ENDPOINTS: plain-HTTP endpoints allowed (the tests' local push service only).
- TIMEOUT: seconds one push request may take; then it is transient and retried.
- TTL: seconds a push whose news has no deadline waits at the push service for an offline
  device; one with a deadline (your turn, the clock warning) waits until the deadline.
- DEVICES_MOST: devices one player may subscribe; the least recently used makes room.
"""

from __future__ import annotations

from django.core.exceptions import ImproperlyConfigured

from baduxsite.settings import env

BROWSER_PUSH_SERVICES = [
    "fcm.googleapis.com",  # Chrome, Edge, Opera, Samsung Internet
    "push.services.mozilla.com",  # Firefox
    "notify.windows.com",  # Edge on Windows (WNS)
    "push.apple.com",  # Safari
]


def push_settings(*, production: bool) -> dict:
    """settings.PUSH from the environment (see the module's text). In `production`, push on
    without both VAPID keys raises ImproperlyConfigured: the site does not start."""
    push = {
        "ENABLED": env.get_bool("PUSH_ENABLED", False),
        "VAPID_PUBLIC_KEY": env.get_str("PUSH_VAPID_PUBLIC_KEY", "") or "",
        "VAPID_PRIVATE_KEY": env.get_str("PUSH_VAPID_PRIVATE_KEY", "") or "",
        "VAPID_SUBJECT": env.get_str("PUSH_VAPID_SUBJECT", "") or "mailto:admin@localhost",
        "SERVICE_HOSTS": env.get_list("PUSH_SERVICE_HOSTS", BROWSER_PUSH_SERVICES),
        "INSECURE_ENDPOINTS": False,
        "TIMEOUT": 10,
        "TTL": 24 * 60 * 60,
        "DEVICES_MOST": 10,
    }
    if production and push["ENABLED"]:
        missing = [k for k in ("VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY") if not push[k]]
        if missing:
            raise ImproperlyConfigured(
                f"PUSH_ENABLED is on but {', '.join('PUSH_' + k for k in missing)} is not set: "
                "make a key pair with `manage.py push_vapid_keys` (docs/operations.md)."
            )
    return push
