from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Correspondence games of Go and Badux: challenges, play, scoring, review."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        # Celery discovers only `tasks.py`; the play-by-mail answer task lives beside it.
        # `notices` registers games' notification kinds once the app registry is complete.
        from . import inbound_tasks, notices  # noqa: F401
