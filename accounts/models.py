"""The site's user model, per-user preferences, notification settings and the buddy / ignore
lists."""

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.notifications import NAME_MAX_LENGTH, Notify
from core.links import page_path
from rules.images.themes import THEMES

# The columns includes/player_name.html reads of a player (the name, the bot tag, an erased
# player's placeholder): a list of many players' names loads these with `.only()`.
NAME_SHOWN = ("id", "username", "display_name", "is_bot", "bot_engine", "erased")


class User(AbstractUser):
    """A player. Username and e-mail both log in (allauth); the e-mail must be verified."""

    display_name = models.CharField(max_length=50, blank=True)
    # ISO 3166-1 alpha-2 code, upper case; blank when the player does not say.
    country = models.CharField(max_length=2, blank=True)
    bio = models.TextField(blank=True)
    # IANA zone name, e.g. "Europe/Paris"; deadlines are shown in it.
    time_zone = models.CharField(max_length=64, default="UTC")
    # A code of settings.LANGUAGES the player reads the site and their mails in; blank: the
    # browser's Accept-Language (mails: settings.LANGUAGE_CODE). accounts.middleware applies it.
    language = models.CharField(max_length=12, blank=True, default="")
    last_seen = models.DateTimeField(null=True, blank=True, db_index=True)
    # A bot plays by program: marked as a bot wherever its name appears, never times out or
    # takes a vacation. Only staff set it (admin). `bot_engine` is the key of the engine the
    # site runs for it (settings.BOT_ENGINES); blank for a bot that plays through the API.
    is_bot = models.BooleanField(_("bot"), default=False)
    bot_engine = models.CharField(_("bot engine"), max_length=40, blank=True)
    # Bots stay out of ladders and tournaments unless staff allow this one in.
    bot_competes = models.BooleanField(_("bot may join ladders and tournaments"), default=False)
    # Set when a closed account was erased (accounts.data.erasure): the row stays as the
    # placeholder that other players' games, tournaments and ladders point at.
    erased = models.DateTimeField(null=True, blank=True)

    class Meta(AbstractUser.Meta):
        indexes = [
            # Closed accounts are few: a ladder finds its closed members from this small index
            # instead of scanning every player for the inactive ones.
            models.Index(fields=["id"], condition=models.Q(is_active=False), name="user_closed"),
            # The player search by country reads one page of a country in username order.
            # (On PostgreSQL, accounts 0014 adds trigram indexes for the name filter.)
            models.Index(fields=["country", "username"], name="user_country_username"),
            # The hourly digest sweep: the zones in use, then the players of the due ones.
            models.Index(fields=["time_zone"], name="user_time_zone"),
        ]

    def __str__(self) -> str:
        return self.display_name_shown or self.username

    def get_absolute_url(self) -> str:
        """The player's profile page."""
        return page_path("profile_detail", self.username)

    @property
    def placeholder(self) -> str:
        """The name an erased player is shown under: "deleted player 1234" (their old id, so
        it stays the same on every page), in the reader's language; empty for anyone else."""
        if self.erased is None:
            return ""
        return gettext("deleted player %(number)s") % {"number": self.pk}

    @property
    def display_name_shown(self) -> str:
        """`display_name` in the reader's language where it is a site bot's own: the name
        games.bots stores for it ("Badux bot (easy)", English, from settings.BOT_ENGINES) is
        shown as its engine's name and strength translated now. Any other name (a player's, a
        bot's that staff changed) is shown as written; an erased player's is the placeholder."""
        if self.erased is not None:
            return self.placeholder
        entry = settings.BOT_ENGINES.get(self.bot_engine) if self.is_bot else None
        if entry and self.display_name == bot_display_name(entry["name"], entry["strength"]):
            return bot_display_name(gettext(entry["name"]), gettext(entry["strength"]))
        return self.display_name


def bot_display_name(name: str, strength: str) -> str:
    """A site bot's display name: "Badux bot (easy)" (stored in English, at most 50)."""
    return f"{name} ({strength})"[:50]


# Board colours, one member per theme of rules.images.themes (WOOD = "wood", "Wood"; SLATE ...). The
# code is stored and is the CSS class suffix (`board-theme-<code>`).
# rules/ stays free of Django, so the themes' names are translated here, by code.
THEME_LABELS = {"wood": _("Wood"), "slate": _("Slate")}
BoardTheme = models.TextChoices(
    "BoardTheme",
    [(code.upper(), (code, THEME_LABELS.get(code, theme.label))) for code, theme in THEMES.items()],
)


class Preferences(models.Model):
    """One row per player who changed a default; players without a row get the defaults.

    Read through `accounts.selectors.preferences_get`, written by
    `accounts.services.preferences_update`.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    board_theme = models.CharField(
        max_length=12, choices=BoardTheme.choices, default=BoardTheme.WOOD
    )
    show_coordinates = models.BooleanField("Show coordinates", default=True)

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return f"Preferences of user {self.user_id}"


class NotificationSetting(models.Model):
    """A player's choice of `mode` for one notification kind (`event`, a name in the registry
    of `accounts.notifications`). A kind without a row for the player uses the kind's default.

    Read through `accounts.selectors.notify_modes_get`, written by
    `accounts.services.notify_modes_set`.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_settings"
    )
    event = models.CharField(max_length=NAME_MAX_LENGTH)
    mode = models.CharField(max_length=12, choices=Notify.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "event"], name="notification_setting_unique"),
            models.CheckConstraint(
                condition=models.Q(mode__in=Notify.values), name="notification_setting_mode"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event}={self.mode} for user {self.user_id}"


class RelationKind(models.TextChoices):
    """What one player put another on. Stored codes; never renumber."""

    BUDDY = "buddy", _("Buddy")
    IGNORE = "ignore", _("Ignored")


class UserRelation(models.Model):
    """`owner` keeps `target` on a list: buddy or ignore. At most one list per pair."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="relations"
    )
    target = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=8, choices=RelationKind.choices)
    created = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["owner", "target"], name="user_relation_unique_pair"),
            models.CheckConstraint(
                condition=~models.Q(owner=models.F("target")), name="user_relation_not_self"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.owner_id} {self.kind} {self.target_id}"


class TokenScope(models.TextChoices):
    """What a personal access token may do. Stored codes; never renumber."""

    READ = "read", _("Read")
    PLAY = "play", _("Read and play")


class ApiToken(models.Model):
    """A personal access token for the public API (`/api/v1/`).

    The token itself is shown once, at creation; only its `prefix` (the public part, used to
    find the row) and the SHA-256 `digest` of the whole token are stored. A revoked token stays
    listed (with `revoked` set) and never authenticates again. Written by
    `accounts.api.tokens`.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=60)
    scope = models.CharField(max_length=8, choices=TokenScope.choices)
    prefix = models.CharField(max_length=16, unique=True)
    digest = models.CharField(max_length=64)
    created = models.DateTimeField()
    last_used = models.DateTimeField(null=True, blank=True)
    revoked = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(scope__in=TokenScope.values), name="api_token_scope"
            ),
        ]

    def __str__(self) -> str:
        # The throttle keys on str(request.auth): one bucket per token.
        return f"api-token:{self.pk}"

    @property
    def can_play(self) -> bool:
        return self.scope == TokenScope.PLAY


# Moderation's and the players' data's tables live with their features (accounts/moderation/,
# accounts/data/) and register with this app.
from accounts.data.models import AccountClosure, DataExport  # noqa: E402, F401
from accounts.moderation.models import Report, Sanction, StaffLogEntry  # noqa: E402, F401
