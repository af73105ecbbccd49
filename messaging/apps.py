from django.apps import AppConfig


class MessagingConfig(AppConfig):
    name = "messaging"
    verbose_name = "Messaging"

    def ready(self) -> None:
        # Imported once the app registry is complete, as they import models: the "message"
        # and "mail not delivered" notification kinds, the confirmed-address receiver and the
        # Celery tasks (the outbox checks task names).
        from messaging.bounces import notifications as bounce_notifications  # noqa: F401
        from messaging.bounces import receivers  # noqa: F401
        from messaging.data import parts  # its part of the players' data, registered below
        from messaging.messages import notifications  # noqa: F401
        from messaging.messages import tasks as message_tasks  # noqa: F401
        from messaging.notifications import tasks  # noqa: F401
        from messaging.push import receivers as push_receivers  # noqa: F401
        from messaging.push import tasks as push_tasks  # noqa: F401

        parts.register()
