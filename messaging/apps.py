from django.apps import AppConfig


class MessagingConfig(AppConfig):
    name = "messaging"
    verbose_name = "Messaging"

    def ready(self) -> None:
        # Registers the Celery tasks in every process (the outbox checks task names).
        # Imported here, not at the top: task modules import models, which need the app ready.
        from . import tasks  # noqa: F401
