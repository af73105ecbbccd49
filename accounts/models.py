"""The site's user model."""

from django.contrib.auth.models import AbstractUser
from django.db import models


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
