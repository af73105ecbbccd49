from django.apps import AppConfig


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        # Connects the signal receivers (the cached board appearance, the restore on login),
        # registers the account mail and data tasks (the outbox checks task names) and the
        # accounts app's part of the players' data; account security's receivers end the other
        # sessions when the password or e-mail changes.
        from accounts import mail, receivers  # noqa: F401
        from accounts.data import parts, tasks  # noqa: F401
        from accounts.data import receivers as data_receivers  # noqa: F401
        from accounts.moderation import notifications as moderation_kind  # noqa: F401
        from accounts.moderation import tasks as moderation_tasks  # noqa: F401
        from accounts.security import receivers as security_receivers  # noqa: F401

        parts.register()
