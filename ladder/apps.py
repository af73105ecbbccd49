from django.apps import AppConfig


class LadderConfig(AppConfig):
    """Ratings and ladders, above games: results arrive through `games.hooks`."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "ladder"

    def ready(self) -> None:
        # Registers the notification kinds, the Celery tasks, the games.hooks receivers and
        # the ladder's sections of Learn's "This site's rules" page (games never imports the
        # ladder) in every process. Imported here, not at the top: they import models, which
        # need the app registry complete.
        from games.learn import site_rules
        from ladder import (  # all four: see the comment above
            learn,  # the ladder's sections of the rules page, registered below
            notifications,  # noqa: F401
            receivers,  # noqa: F401
        )
        from ladder.data import parts  # its part of the players' data, registered below
        from ladder.groups import errors as group_errors  # noqa: F401
        from ladder.groups import notifications as group_notifications  # noqa: F401
        from ladder.groups import tasks as group_tasks  # noqa: F401
        from ladder.ladders import tasks  # noqa: F401
        from ladder.tournaments import notifications as tournament_notifications  # noqa: F401
        from ladder.tournaments import tasks as tournament_tasks  # noqa: F401

        for section in (learn.ratings_section, learn.ladders_section, learn.tournaments_section):
            site_rules.section_register(section)
        parts.register()
