from django.apps import AppConfig


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        # Connects the signal receivers (the cached board appearance) and registers the account
        # mail task (the outbox checks task names); account security's receivers end the other
        # sessions when the password or e-mail changes.
        from accounts import mail, receivers  # noqa: F401
        from accounts.security import receivers as security_receivers  # noqa: F401
