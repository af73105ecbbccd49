from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Correspondence games of Go and Badux: challenges, play, scoring, review."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        # Registers the Celery tasks in every process (the outbox checks task names), and the
        # play-by-mail answer task, which lives beside tasks.py where autodiscovery misses it.
        # Imported here, not at the top: task modules import models, which need the app ready.
        from . import inbound_tasks, tasks  # noqa: F401
