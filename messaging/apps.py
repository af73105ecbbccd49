from django.apps import AppConfig


class MessagingConfig(AppConfig):
    name = "messaging"
    verbose_name = "Messaging"

    def ready(self) -> None:
        # Imported once the app registry is complete, as they import models: the "message"
        # notification kind and the Celery tasks (the outbox checks task names).
        # The on-site notice of a moderator's decision (accounts runs the hook).
        from accounts.moderation.hooks import sanction_hook_register  # see above
        from messaging.messages import notifications  # noqa: F401
        from messaging.messages import tasks as message_tasks  # noqa: F401
        from messaging.notifications import tasks  # noqa: F401
        from messaging.notifications.moderation import moderation_notice_record  # see above

        sanction_hook_register("told", moderation_notice_record)
