from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Correspondence games of Go and Badux: challenges, play, scoring, review."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        # Registers the Celery tasks in every process (the outbox checks task names), the
        # play-by-mail answer task (beside tasks.py, where autodiscovery misses it) and games'
        # notification kinds. Imported here, not at the top: these modules import models, which
        # need the app registry complete.
        from . import inbound_tasks, notices, tasks  # noqa: F401
