"""Writes for demo data: a few players with known passwords and verified e-mail addresses."""

from dataclasses import dataclass

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.db import transaction

# Printed by `make run` and written in README.md; never loaded outside DEBUG without --force.
DEMO_PASSWORD = "badux-demo-pass"  # noqa: S105


@dataclass(frozen=True)
class DemoPlayer:
    username: str
    display_name: str
    country: str
    time_zone: str
    bio: str

    @property
    def email(self) -> str:
        return f"{self.username}@example.com"


DEMO_PLAYERS: tuple[DemoPlayer, ...] = (
    DemoPlayer("alice", "Alice", "FR", "Europe/Paris", "Plays Badux on the 9-hex board."),
    DemoPlayer("bob", "Bob", "JP", "Asia/Tokyo", "Square 19x19, slow games welcome."),
    DemoPlayer("carol", "Carol", "BR", "America/Sao_Paulo", "Learning both games."),
    DemoPlayer("dmitri", "Dmitri", "DE", "Europe/Berlin", ""),
)


def demo_users_load(*, password: str = DEMO_PASSWORD) -> list[str]:
    """Create or reset the demo players; return their usernames. Safe to run repeatedly.

    Each player ends with the given password, an active account and exactly one primary,
    verified e-mail address `<username>@example.com`, so allauth lets them log in at once.
    """
    user_model = get_user_model()
    usernames = []
    with transaction.atomic():
        for player in DEMO_PLAYERS:
            user, _created = user_model.objects.update_or_create(
                username=player.username,
                defaults={
                    "email": player.email,
                    "display_name": player.display_name,
                    "country": player.country,
                    "time_zone": player.time_zone,
                    "bio": player.bio,
                    "is_active": True,
                },
            )
            user.set_password(password)
            user.save(update_fields=["password"])
            EmailAddress.objects.filter(user=user).exclude(email=player.email).delete()
            EmailAddress.objects.update_or_create(
                user=user,
                email=player.email,
                defaults={"verified": True, "primary": True},
            )
            usernames.append(user.username)
    return usernames
