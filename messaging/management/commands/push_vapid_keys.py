"""`manage.py push_vapid_keys`: make a VAPID key pair for Web Push and print it as the two
environment variables the settings read (PUSH_VAPID_PUBLIC_KEY, PUSH_VAPID_PRIVATE_KEY)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from messaging.push.keys import vapid_keys_make


class Command(BaseCommand):
    help = "Print a new VAPID key pair for Web Push, as environment variables."

    def handle(self, *args: object, **options: object) -> None:
        keys = vapid_keys_make()
        self.stdout.write(f"PUSH_VAPID_PUBLIC_KEY={keys.public}")
        self.stdout.write(f"PUSH_VAPID_PRIVATE_KEY={keys.private}")
        self.stderr.write(
            "Keep the private key secret; a new pair makes every device subscribe again."
        )
