"""The one place that reads the process environment for settings.

Every getter takes the variable name; `required` ones raise `ImproperlyConfigured`
with a message naming the variable, so a misconfigured server refuses to start.
"""

import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def get_str(name: str, default: str | None = None) -> str | None:
    """Return the variable's value, or `default` when unset or empty."""
    value = os.environ.get(name, "").strip()
    return value if value else default


def require_str(name: str) -> str:
    """Return the variable's value; raise `ImproperlyConfigured` when unset or empty."""
    value = get_str(name)
    if value is None:
        raise ImproperlyConfigured(
            f"The environment variable {name} is required in production settings "
            "(see docs/operations.md, 'Environment variables')."
        )
    return value


def get_bool(name: str, default: bool) -> bool:
    """Parse 1/true/yes/on or 0/false/no/off (any case); `default` when unset."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false, yes/no).")


def get_int(name: str, default: int) -> int:
    """Parse an integer; `default` when unset or empty."""
    raw = get_str(name)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer.") from None


def require_int(name: str) -> int:
    """Like `get_int`, but an unset or empty variable raises `ImproperlyConfigured`."""
    require_str(name)
    return get_int(name, 0)


def get_list(name: str, default: list[str] | None = None) -> list[str]:
    """Split a comma-separated value into stripped, non-empty items."""
    raw = get_str(name)
    if raw is None:
        return list(default or [])
    return [item.strip() for item in raw.split(",") if item.strip()]


def require_list(name: str) -> list[str]:
    """Like `get_list`, but an unset or empty variable raises `ImproperlyConfigured`."""
    items = get_list(name)
    if not items:
        raise ImproperlyConfigured(
            f"The environment variable {name} is required in production settings, as a "
            "comma-separated list (see docs/operations.md, 'Environment variables')."
        )
    return items
