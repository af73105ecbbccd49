from django.apps import AppConfig


class MessagingConfig(AppConfig):
    name = "messaging"
    verbose_name = "Messaging"

    def ready(self) -> None:
        # Imported once the app registry is complete, as they import models: the "message"
        # notification kind, the Celery tasks (the outbox checks task names), and the queue
        # that takes allauth's mails (accounts.adapter) into the outbox, so that no request
        # talks SMTP.
        from accounts.hooks import account_mail_queue_register  # see the comment above
        from messaging import account_mail  # see the comment above
        from messaging.messages import notices  # noqa: F401
        from messaging.notifications import tasks  # noqa: F401

        account_mail_queue_register(account_mail.account_mail_queue)
