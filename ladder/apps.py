from django.apps import AppConfig


class LadderConfig(AppConfig):
    """Ratings and ladders, above games: results arrive through `games.hooks`."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "ladder"

    def ready(self) -> None:
        # Registers the notification kinds, the Celery tasks and the games.hooks receivers in
        # every process. Imported here, not at the top: they import models, which need the app
        # registry complete.
        from . import notices, receivers, tasks  # noqa: F401
        from .tournaments import notices as tournament_notices  # noqa: F401
        from .tournaments import tasks as tournament_tasks  # noqa: F401
