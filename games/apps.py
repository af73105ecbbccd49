from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Correspondence games of Go and Badux: challenges, play, scoring, review."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        # Registers games' notification kinds, the Celery tasks (the outbox checks task names;
        # workers also load games.inbound.sweeps through CELERY_IMPORTS), the receivers of
        # allauth's sign-up signals, and the receiver that reschedules running clocks when a
        # player changes time zone (accounts runs that hook), and the receivers that renew a
        # player's status-page stamp when their games or challenges change, and the reviews'
        # receiver that queues a finished game's estimate graph. Imported here, not
        # at the top: these modules import models, which need the app registry complete.
        from accounts.hooks import time_zone_changed_register  # registered below, see above
        from games import notifications, receivers, tasks  # noqa: F401  (registering, see above)
        from games.data import parts  # its part of the players' data, registered below
        from games.reviews import receivers as reviews  # noqa: F401  (game-finished hook)
        from games.services.zones import clocks_rezone  # imports models, see above

        time_zone_changed_register(clocks_rezone)
        parts.register()
