from django.apps import AppConfig


class CoreConfig(AppConfig):
    """What every app shares, lowest above `rules`: database helpers and the one seam for
    hand-written SQL (`core.sql`), the refusal registry (`core.refusals`), flood limits
    (`core.limits`), the outbox and its relay (`core.outbox`), building and sending one mail
    (`core.mail`) and HTTP caching (`core.http_cache`)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        # The outbox's beat tasks register with Celery once the models are ready.
        from core import tasks  # noqa: F401
