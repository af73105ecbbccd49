from django.apps import AppConfig


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        # Connects the signal receivers (the cached board appearance) and registers the account
        # mail task (the outbox checks task names).
        from accounts import mail, receivers  # noqa: F401
        from accounts.moderation import tasks  # noqa: F401
