"""The registry of notification kinds: what a player can hear about, and how.

A kind is one sort of event (your turn, game over, message received ...). Its `name` is the
string stored in `messaging.Notification.event` and `accounts.NotificationSetting.event`, so
it never changes once used. Each app registers its own kinds, with `kind_register`, in a module
named `notifications.py` that its `AppConfig.ready()` imports:

* `games/notifications.py`: your turn, game over, challenges, timeout warnings, disputes, chat,
  conditional moves (orders 100-169; their names are `messaging.notifications.models.Event`);
* `games/reviews/notifications.py`: a review published (170);
* `ladder/notifications.py`: ladder challenges and positions (200-229);
* `ladder/tournaments/notifications.py`: tournament rounds and ends (230-249);
* `ladder/groups/notifications.py`: board mentions and replies, group membership (250-269);
* `messaging/messages/notifications.py`: a private message received (900).

A new kind needs no column, form field or migration: the preferences page, the routing in
`messaging.notifications.services` and the unsubscribe links all read this registry.

This module sits in accounts, the lowest app that needs it (the preferences page), so every
app above may import it. It imports no model and reads no database.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from django.db import models
from django.utils.translation import gettext_lazy as _

# Longest kind name; the event columns of both tables are this wide.
NAME_MAX_LENGTH = 40
_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
# The unsubscribe link of the daily digest uses "digest" as its pseudo-event
# (messaging.notifications.tokens.ALL_DIGEST), so no kind may take that name.
RESERVED_NAMES = frozenset({"digest"})
# Form field prefix on the preferences page: kind "chat" is the field "notify_chat".
FIELD_PREFIX = "notify_"


class Notify(models.TextChoices):
    """How a player hears about one kind of event. Stored codes; never renumber."""

    OFF = "off", _("Off")
    IMMEDIATE = "immediate", _("Immediate e-mail")
    DIGEST = "digest", _("Daily digest")


ALL_MODES = (Notify.OFF, Notify.IMMEDIATE, Notify.DIGEST)


class UnknownKindError(LookupError):
    """No notification kind is registered under this name."""


class DuplicateKindError(ValueError):
    """A notification kind with this name is registered already."""


@dataclass(frozen=True)
class NotificationKind:
    """One registered kind of notification.

    `label` is short ("Game over"): it heads the preferences row, the digest group and the
    unsubscribe page. `help_text` says on the preferences page when it happens. `modes` are
    the `Notify` codes a player may choose, always including off (every mail carries a link
    that turns its kind off); `default` applies until the player chooses. The preferences
    page lists kinds by `order`, then name, with a heading per `group`: give the kinds of one
    group neighbouring orders (games 100-199, ladder and tournaments 200-299, private
    messages 900-999).
    """

    name: str
    label: str
    help_text: str
    group: str
    order: int
    modes: tuple[str, ...] = ALL_MODES
    default: str = Notify.IMMEDIATE

    def __post_init__(self) -> None:
        # A str enum member (messaging.notifications.models.Event) hashes unlike its value: keep
        # the value.
        object.__setattr__(self, "name", str(self.name))
        if not _NAME.match(self.name) or len(self.name) > NAME_MAX_LENGTH:
            raise ValueError(
                f"notification kind name {self.name!r} must be lower-case letters, digits and "
                f"underscores, starting with a letter, at most {NAME_MAX_LENGTH} characters"
            )
        if self.name in RESERVED_NAMES:
            raise ValueError(f"notification kind name {self.name!r} is reserved")
        unknown = set(self.modes) - set(Notify.values)
        if unknown:
            raise ValueError(f"kind {self.name!r}: unknown modes {sorted(unknown)}")
        if Notify.OFF not in self.modes:
            raise ValueError(f"kind {self.name!r}: a player must be able to turn it off")
        if self.default not in self.modes:
            raise ValueError(f"kind {self.name!r}: default {str(self.default)!r} is not allowed")
        # Stored as plain strings, in Notify's order, whatever the caller passed.
        object.__setattr__(self, "modes", tuple(m.value for m in Notify if m in self.modes))
        object.__setattr__(self, "default", Notify(self.default).value)

    @property
    def field_name(self) -> str:
        """The name of this kind's field on the preferences form."""
        return f"{FIELD_PREFIX}{self.name}"

    def choices(self) -> list[tuple[str, str]]:
        """(code, label) of the modes a player may choose, for a select."""
        return [(mode, Notify(mode).label) for mode in self.modes]


class KindRegistry:
    """Notification kinds by name. Apps fill it while Django starts; read-only after that."""

    def __init__(self) -> None:
        self._kinds: dict[str, NotificationKind] = {}

    def register(self, kind: NotificationKind) -> NotificationKind:
        """Add `kind`; DuplicateKindError when its name is taken (even by an equal kind)."""
        if kind.name in self._kinds:
            raise DuplicateKindError(f"notification kind {kind.name!r} is already registered")
        self._kinds[kind.name] = kind
        return kind

    def unregister(self, name: str) -> None:
        """Remove the kind `name` (tests that register a kind of their own clean up with it)."""
        self.get(name)
        del self._kinds[name]

    def get(self, name: str) -> NotificationKind:
        """The kind called `name`; UnknownKindError naming it when there is none."""
        try:
            return self._kinds[str(name)]
        except KeyError:
            raise UnknownKindError(f"unknown notification kind {str(name)!r}") from None

    def __contains__(self, name: object) -> bool:
        return str(name) in self._kinds

    def __iter__(self) -> Iterator[NotificationKind]:
        """Every kind in page order: by `order`, then name."""
        return iter(sorted(self._kinds.values(), key=lambda kind: (kind.order, kind.name)))


# The site's registry. Use the functions below rather than this object.
KINDS = KindRegistry()


def kind_register(
    *,
    name: str,
    label: str,
    help_text: str,
    group: str,
    order: int,
    modes: tuple[str, ...] = ALL_MODES,
    default: str = Notify.IMMEDIATE,
) -> NotificationKind:
    """Register a notification kind (see `NotificationKind`). Call it once per kind, from a
    module the app's `AppConfig.ready()` imports. Raises DuplicateKindError for a name taken,
    ValueError for a bad name, modes or default."""
    return KINDS.register(
        NotificationKind(
            name=name,
            label=label,
            help_text=help_text,
            group=group,
            order=order,
            modes=tuple(modes),
            default=default,
        )
    )


def kind_get(*, name: str) -> NotificationKind:
    """The registered kind `name`; UnknownKindError naming it when there is none."""
    return KINDS.get(name)


def kind_exists(*, name: str) -> bool:
    """Whether a kind `name` is registered."""
    return name in KINDS


def kinds_list() -> list[NotificationKind]:
    """Every registered kind in page order (`order`, then name)."""
    return list(KINDS)
