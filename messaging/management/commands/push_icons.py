"""`manage.py push_icons`: draw the installable site's icons with the board renderer into
static/img/icons/ (committed; run again when a board theme changes)."""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand

from messaging.push.icons import icons_write


class Command(BaseCommand):
    help = "Draw the web app manifest's icons (every board theme and size) into static/."

    def handle(self, *args: object, **options: object) -> None:
        for path in icons_write(static_dir=settings.BASE_DIR / "static"):
            self.stdout.write(str(path.relative_to(settings.BASE_DIR)))
