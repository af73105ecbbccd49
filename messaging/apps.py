from django.apps import AppConfig


class MessagingConfig(AppConfig):
    name = "messaging"
    verbose_name = "Messaging"

    def ready(self) -> None:
        # Registers the "message" notification kind once the app registry is complete.
        from . import notices  # noqa: F401
