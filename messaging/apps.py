from django.apps import AppConfig


class MessagingConfig(AppConfig):
    name = "messaging"
    verbose_name = "Messaging"

    def ready(self) -> None:
        # Registers the "message" notification kind and the Celery tasks (the outbox checks
        # task names) once the app registry is complete: both modules import models.
        from . import notices, tasks  # noqa: F401
