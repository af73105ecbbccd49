from django.apps import AppConfig
from django.core.signals import request_finished, request_started

from core.request_ids import request_id_on_finish, request_id_on_start


class CoreConfig(AppConfig):
    """What every app shares, lowest above `rules`: database helpers and the one seam for
    hand-written SQL (`core.sql`), the refusal registry (`core.refusals`), flood limits
    (`core.limits`), the outbox and its relay (`core.outbox`), building and sending one mail
    (`core.mail`), HTTP caching (`core.http_cache`), metrics (`core.metrics`), heartbeats
    (`core.heartbeats`) and request ids (`core.request_ids`)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        # The outbox's beat tasks register with Celery once the models are ready.
        from core import tasks  # noqa: F401

        # Each request's id is bound as Django starts it (see core.request_ids).
        request_started.connect(request_id_on_start, dispatch_uid="core.request_id_start")
        request_finished.connect(request_id_on_finish, dispatch_uid="core.request_id_finish")

        # django-prometheus makes its request metrics on the first middleware built, unlocked:
        # two handlers built at once in threads (a threaded server, the race tests) would
        # register them twice and fail that request. Made here, once, before any request.
        from django_prometheus.middleware import Metrics

        Metrics.get_instance()
