from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Correspondence games of Go and Badux: challenges, play, scoring, review."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        # Registers games' notification kinds, the Celery tasks (the outbox checks task names;
        # workers also load games.inbound_sweeps through CELERY_IMPORTS) and the receivers of
        # allauth's sign-up signals in every process. Imported here, not at the top: these
        # modules import models, which need the app registry complete.
        from . import notices, receivers, tasks  # noqa: F401
