"""Reads for accounts: profiles, preferences, presence, search and the contact rule.

Every function is keyword-only and does not write. Callers pass `now` where time matters.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from functools import cache
from zoneinfo import available_timezones

from django.core.cache import cache as django_cache
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import Http404
from django.utils.translation import gettext as _
from django_countries import countries

from accounts.models import (
    BoardTheme,
    NotificationSetting,
    Preferences,
    RelationKind,
    User,
    UserRelation,
)
from accounts.notifications import NotificationKind, kind_get, kinds_list
from core.keyset import KeysetPage
from core.refusals import refusal_forbidden, refusal_register
from core.sql import distinct_values

logger = logging.getLogger(__name__)

# A board appearance stays this long in the cache (it is deleted on change anyway).
BOARD_APPEARANCE_SECONDS = 24 * 3600
# A player counts as "here" when seen within this window.
ONLINE_WINDOW = dt.timedelta(minutes=15)
USERNAME_MAX_LENGTH = User._meta.get_field("username").max_length
# A name this long or longer is searched anywhere in names, a shorter one at their start.
SEARCH_CONTAINS_MIN = 3


class ContactRefused(PermissionDenied):
    """The sender may not message or challenge the recipient; the message says why."""


refusal_register(ContactRefused, refusal_forbidden("contact_refused"))


@dataclass(frozen=True)
class BoardAppearance:
    """How every board shown to a player is drawn."""

    theme: str
    show_coordinates: bool

    @property
    def css_class(self) -> str:
        """CSS classes for the board's container (themes: static/games/themes.css)."""
        classes = f"board-theme-{self.theme}"
        return classes if self.show_coordinates else f"{classes} board-no-coords"


DEFAULT_BOARD = BoardAppearance(theme=BoardTheme.WOOD, show_coordinates=True)


@cache
def time_zone_choices() -> tuple[str, ...]:
    """All IANA zone names this Python knows, sorted; the only values a player may choose."""
    return tuple(sorted(available_timezones() - {"localtime"}))


def country_choices() -> list[tuple[str, str]]:
    """ISO 3166-1 alpha-2 codes with English names, sorted by name."""
    return [(code, name) for code, name in countries]


def country_name(*, code: str) -> str:
    """The country's name for a stored code; empty for blank or unknown codes."""
    return countries.name(code) if code else ""


def user_find_by_username(*, username: str) -> User | None:
    """The active user with this username (case-insensitive), or None.

    Any text is accepted: a name no account can have (empty, longer than a username, or with a
    NUL or another unprintable character, which PostgreSQL refuses in a query) is None without
    touching the database."""
    if not username or len(username) > USERNAME_MAX_LENGTH or not username.isprintable():
        return None
    return User.objects.filter(username__iexact=username, is_active=True).first()


def user_get_by_username(*, username: str) -> User:
    """The active user with this username (case-insensitive); `Http404` if none (also for any
    name no account can have, see `user_find_by_username`)."""
    user = user_find_by_username(username=username)
    if user is None:
        raise Http404(_("There is no player with that name."))
    return user


def preferences_get(*, user: User) -> Preferences:
    """The player's stored preferences, or an unsaved row holding the defaults."""
    try:
        return Preferences.objects.get(user=user)
    except Preferences.DoesNotExist:
        return Preferences(user=user)


def _mode_or_default(kind: NotificationKind, stored: str | None) -> str:
    # A stored mode the kind no longer allows (its modes changed since) counts as no choice.
    return stored if stored in kind.modes else kind.default


def notify_modes_get(*, user: User) -> dict[str, str]:
    """The `Notify` mode of every registered kind for `user`, by kind name in page order: the
    player's stored choice, else the kind's default. One query (none for an unsaved user)."""
    stored: dict[str, str] = {}
    if user.pk is not None:
        stored = dict(NotificationSetting.objects.filter(user=user).values_list("event", "mode"))
    return {kind.name: _mode_or_default(kind, stored.get(kind.name)) for kind in kinds_list()}


def notify_mode_get(*, user: User, event: str) -> str:
    """The `Notify` mode `user` chose for the kind `event`, else the kind's default. Raises
    `accounts.notifications.UnknownKindError` naming `event` when no such kind is registered.
    One query."""
    kind = kind_get(name=event)
    stored = (
        NotificationSetting.objects.filter(user=user, event=kind.name)
        .values_list("mode", flat=True)
        .first()
    )
    return _mode_or_default(kind, stored)


def board_appearance_key(*, user_id: int) -> str:
    """The cache key of a player's board appearance (deleted when their preferences change)."""
    return f"accounts:board-look:1:{user_id}"


def board_appearance_get(*, user: User | None) -> BoardAppearance:
    """Board theme and coordinates for whoever looks at a board (anonymous: the defaults).

    Every board page asks, so the answer is kept in the cache (Redis in production) until the
    player's preferences change (`accounts.receivers` deletes it after the commit); a failing
    cache only costs the query (the backend turns its errors into misses)."""
    if user is None or not user.is_authenticated:
        return DEFAULT_BOARD
    key = board_appearance_key(user_id=user.pk)
    found = django_cache.get(key)
    if isinstance(found, tuple) and len(found) == 2:
        return BoardAppearance(theme=found[0], show_coordinates=found[1])
    prefs = preferences_get(user=user)
    look = BoardAppearance(theme=prefs.board_theme, show_coordinates=prefs.show_coordinates)
    django_cache.set(key, (look.theme, look.show_coordinates), BOARD_APPEARANCE_SECONDS)
    return look


def user_is_online(*, user: User, now: dt.datetime) -> bool:
    """Whether the player was seen within `ONLINE_WINDOW` before `now`."""
    return user.last_seen is not None and user.last_seen >= now - ONLINE_WINDOW


def users_online(*, now: dt.datetime) -> QuerySet[User]:
    """Active players seen within `ONLINE_WINDOW` before `now`, most recent first."""
    return User.objects.filter(is_active=True, last_seen__gte=now - ONLINE_WINDOW).order_by(
        "-last_seen", "username"
    )


def users_search(*, name: str = "", country: str = "") -> QuerySet[User]:
    """Active players whose username or display name contains `name` (starts with it when
    `name` is shorter than `SEARCH_CONTAINS_MIN`), from `country`, in any case.

    Empty filters match everyone. Sorted by username. Ratings do not exist yet, so there is
    no rating filter.
    """
    users = User.objects.filter(is_active=True)
    name = name.strip()
    if name:
        # On PostgreSQL the trigram indexes of accounts 0014 serve both; "contains" one or
        # two letters gives them no trigram to look up (every player would be read), their
        # start does ("  a", " ab").
        how = "icontains" if len(name) >= SEARCH_CONTAINS_MIN else "istartswith"
        users = users.filter(Q(**{f"username__{how}": name}) | Q(**{f"display_name__{how}": name}))
    if country:
        users = users.filter(country=country.upper())
    return users.order_by("username")


def users_search_page(
    *, name: str = "", country: str = "", after: str = "", before: str = "", size: int
) -> KeysetPage:
    """One page of `users_search`, in username order, addressed by a username next to it
    instead of a page number, and never counted: the `size` players after the username
    `after`, else the `size` before `before`, else the first `size`. Each page reads at most
    `size` + 1 rows through the username index (or the trigram indexes of the name filter on
    PostgreSQL), where a count and an offset read every match (issue 43).

    `older` is the key of the next page, `newer` of the previous one (None: no such page); a
    key past either end gives the first page, so an edited or stale link never fails."""
    users = users_search(name=name, country=country)
    after, before = after[:USERNAME_MAX_LENGTH], before[:USERNAME_MAX_LENGTH]
    if before and not after:
        rows = list(users.filter(username__lt=before).order_by("-username")[: size + 1])
        if rows:
            shown = rows[:size][::-1]
            more = len(rows) > size
            return KeysetPage(
                object_list=shown,
                newer=shown[0].username if more else None,
                older=shown[-1].username,
            )
    elif after:
        rows = list(users.filter(username__gt=after)[: size + 1])
        if rows:
            shown = rows[:size]
            return KeysetPage(
                object_list=shown,
                newer=shown[0].username,
                older=shown[-1].username if len(rows) > size else None,
            )
    rows = list(users[: size + 1])
    shown = rows[:size]
    return KeysetPage(object_list=shown, older=shown[-1].username if len(rows) > size else None)


def time_zones_used_list() -> list[str]:
    """Every time zone some player has: one look-up of the index `user_time_zone` per zone
    (core.sql.distinct_values), where a DISTINCT reads every player (issue 43: a hundred
    thousand for the digest sweep's few hundred names)."""
    return distinct_values(model=User, name="time_zone")


def relation_kind_get(*, owner: User, target: User) -> str | None:
    """`RelationKind` code of `target` on `owner`'s lists, or None."""
    if not owner.is_authenticated or owner.pk == target.pk:
        return None
    return (
        UserRelation.objects.filter(owner=owner, target=target)
        .values_list("kind", flat=True)
        .first()
    )


def relations_list(*, owner: User, kind: str) -> QuerySet[UserRelation]:
    """`owner`'s buddy or ignore list with the targets loaded, sorted by username."""
    return (
        UserRelation.objects.filter(owner=owner, kind=kind)
        .select_related("target")
        .order_by("target__username")
    )


def buddy_ids_get(*, owner: User) -> set[int]:
    """Primary keys of `owner`'s buddies (empty for anonymous visitors)."""
    if not owner.is_authenticated:
        return set()
    return set(
        UserRelation.objects.filter(owner=owner, kind=RelationKind.BUDDY).values_list(
            "target_id", flat=True
        )
    )


def contact_refusal_reason(*, sender: User, recipient: User) -> str | None:
    """Why `sender` may not message or challenge `recipient`, or None when they may.

    Refused when either player ignores the other, when the recipient is inactive and when
    both are the same player. One query.
    """
    if sender.pk == recipient.pk:
        return _("You cannot message or challenge yourself.")
    if not recipient.is_active:
        return _("%(name)s has closed their account.") % {"name": recipient.username}
    kinds = dict(
        UserRelation.objects.filter(
            Q(owner=recipient, target=sender) | Q(owner=sender, target=recipient),
            kind=RelationKind.IGNORE,
        ).values_list("owner_id", "kind")
    )
    if recipient.pk in kinds:
        return _("%(name)s does not accept messages or challenges from you.") % {
            "name": recipient.username
        }
    if sender.pk in kinds:
        return _("%(name)s is on your ignore list; remove them from it first.") % {
            "name": recipient.username
        }
    return None


def user_can_contact(*, sender: User, recipient: User) -> bool:
    """Whether `sender` may message or challenge `recipient` (see `contact_refusal_reason`)."""
    return contact_refusal_reason(sender=sender, recipient=recipient) is None


def user_check_can_contact(*, sender: User, recipient: User) -> None:
    """Raise `ContactRefused` with a readable reason unless `sender` may contact `recipient`.

    Messaging and challenge services call this before they write anything.
    """
    reason = contact_refusal_reason(sender=sender, recipient=recipient)
    if reason is not None:
        raise ContactRefused(reason)


def user_may_compete(*, user: User) -> bool:
    """Whether `user` may join ladders and tournaments: every person, and the bots staff let
    in (User.bot_competes)."""
    return not user.is_bot or user.bot_competes
