from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Correspondence games of Go and Badux: challenges, play, scoring, review."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
