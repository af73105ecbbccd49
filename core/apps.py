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
        from django.core.signals import request_finished, request_started

        from core import tasks  # noqa: F401
        from core.request_ids import request_id_on_finish, request_id_on_start

        request_started.connect(request_id_on_start, dispatch_uid="core.request_id_start")
        request_finished.connect(request_id_on_finish, dispatch_uid="core.request_id_finish")
