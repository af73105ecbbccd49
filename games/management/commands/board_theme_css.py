"""`manage.py board_theme_css`: write static/games/themes.css from rules/images/themes.py."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from rules.images.themes import theme_css

THEMES_CSS = Path(settings.BASE_DIR) / "static" / "games" / "themes.css"


class Command(BaseCommand):
    help = (
        "Write static/games/themes.css (the board themes' CSS custom properties) from the theme "
        "table in rules/images/themes.py. With --check, only say whether the file is up to date."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--check", action="store_true", help="exit 1 if the file differs from the table"
        )

    def handle(self, *args, check: bool, **options):
        wanted = theme_css()
        current = THEMES_CSS.read_text() if THEMES_CSS.exists() else None
        if check:
            if current != wanted:
                raise CommandError(f"{THEMES_CSS} is out of date: run manage.py board_theme_css")
            self.stdout.write(f"{THEMES_CSS} is up to date")
            return
        if current != wanted:
            THEMES_CSS.write_text(wanted)
        self.stdout.write(f"wrote {THEMES_CSS}")
