"""The site's user model, per-user preferences and the buddy / ignore lists."""

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models

from rules.themes import THEMES


class User(AbstractUser):
    """A player. Username and e-mail both log in (allauth); the e-mail must be verified."""

    display_name = models.CharField(max_length=50, blank=True)
    # ISO 3166-1 alpha-2 code, upper case; blank when the player does not say.
    country = models.CharField(max_length=2, blank=True)
    bio = models.TextField(blank=True)
    # IANA zone name, e.g. "Europe/Paris"; deadlines are shown in it.
    time_zone = models.CharField(max_length=64, default="UTC")
    last_seen = models.DateTimeField(null=True, blank=True, db_index=True)

    def __str__(self) -> str:
        return self.display_name or self.username


class Notify(models.TextChoices):
    """How a player hears about one kind of event. Stored codes; never renumber."""

    OFF = "off", "Off"
    IMMEDIATE = "immediate", "Immediate e-mail"
    DIGEST = "digest", "Daily digest"


# Preference fields for events that may not be mailed one by one.
DIGEST_ONLY = frozenset({"notify_chat"})

NOTIFY_FIELDS = (
    "notify_your_turn",
    "notify_game_over",
    "notify_challenge",
    "notify_challenge_answered",
    "notify_timeout_warning",
    "notify_dispute",
    "notify_chat",
    "notify_message",
)


def notify_choices(field: str) -> list[tuple[str, str]]:
    """The `Notify` choices a player may pick for one preference field."""
    if field in DIGEST_ONLY:
        return [(Notify.OFF, Notify.OFF.label), (Notify.DIGEST, Notify.DIGEST.label)]
    return list(Notify.choices)


# Board colours, one member per theme of rules.themes (WOOD = "wood", "Wood"; SLATE ...). The
# code is stored and is the CSS class suffix (`board-theme-<code>`).
BoardTheme = models.TextChoices(
    "BoardTheme", [(code.upper(), (code, theme.label)) for code, theme in THEMES.items()]
)


class Preferences(models.Model):
    """One row per player who changed a default; players without a row get the defaults.

    Read through `accounts.selectors.preferences_get`, written by
    `accounts.services.preferences_update`.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    notify_your_turn = models.CharField(
        "It is your turn", max_length=12, choices=Notify.choices, default=Notify.IMMEDIATE
    )
    notify_game_over = models.CharField(
        "A game is over", max_length=12, choices=Notify.choices, default=Notify.IMMEDIATE
    )
    notify_challenge = models.CharField(
        "You received a challenge", max_length=12, choices=Notify.choices, default=Notify.IMMEDIATE
    )
    notify_challenge_answered = models.CharField(
        "Your challenge was accepted or declined",
        max_length=12,
        choices=Notify.choices,
        default=Notify.IMMEDIATE,
    )
    notify_timeout_warning = models.CharField(
        "Your time is running out", max_length=12, choices=Notify.choices, default=Notify.IMMEDIATE
    )
    notify_dispute = models.CharField(
        "A result of your game is disputed",
        max_length=12,
        choices=Notify.choices,
        default=Notify.IMMEDIATE,
    )
    # Chat lines are never mailed one by one: off or the daily digest (DIGEST_ONLY).
    notify_chat = models.CharField(
        "Chat in your games", max_length=12, choices=Notify.choices, default=Notify.DIGEST
    )
    notify_message = models.CharField(
        "You received a message", max_length=12, choices=Notify.choices, default=Notify.IMMEDIATE
    )
    board_theme = models.CharField(
        max_length=12, choices=BoardTheme.choices, default=BoardTheme.WOOD
    )
    show_coordinates = models.BooleanField("Show coordinates", default=True)

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return f"Preferences of user {self.user_id}"


class RelationKind(models.TextChoices):
    """What one player put another on. Stored codes; never renumber."""

    BUDDY = "buddy", "Buddy"
    IGNORE = "ignore", "Ignored"


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
