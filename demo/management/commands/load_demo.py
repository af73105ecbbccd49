"""`manage.py load_demo`: load the demo players and their games (idempotent)."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from demo.services import DEMO_PASSWORD, demo_games_load, demo_ladders_load, demo_users_load


class Command(BaseCommand):
    help = (
        "Create or reset demo players with verified e-mail and a known password, and create "
        "their demo games (running ones and one finished) unless they exist."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--force",
            action="store_true",
            help="load even when DEBUG is off (never on a public site: the password is known)",
        )

    def handle(self, *args, force: bool = False, **options):
        if not settings.DEBUG and not force:
            raise CommandError(
                "Refusing to load demo players with a public password while DEBUG is off; "
                "pass --force if this really is a throwaway database."
            )
        usernames = demo_users_load()
        created, existing = demo_games_load(now=timezone.now())
        ladders, _ = demo_ladders_load(now=timezone.now())
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo players ready: {', '.join(usernames)} "
                f"(log in with username or <name>@example.com, password {DEMO_PASSWORD!r}); "
                f"demo games: {created} created, {existing} already there; "
                f"demo ladders: {ladders} created"
            )
        )
