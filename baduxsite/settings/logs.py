"""The logging configuration of every process (settings.LOGGING, built in base.py and prod.py
from LOG_LEVEL and LOG_JSON): each record to stdout with its request id (core.request_ids),
as plain text or one JSON object per line (python-json-logger)."""


def logging_config(*, level: str, json: bool) -> dict:
    """settings.LOGGING: every record to stdout, with its request id (core.request_ids), as
    plain text or (`json`) one JSON object per line."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request_id": {"()": "core.request_ids.RequestIdFilter"}},
        "formatters": {
            "plain": {
                "format": "{asctime} {levelname} {name} {process:d} [{request_id}] {message}",
                "style": "{",
            },
            "json": {
                "()": "pythonjsonlogger.json.JsonFormatter",
                "fmt": "{asctime}{levelname}{name}{process}{request_id}{message}",
                "style": "{",
                "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
                "timestamp": False,
            },
        },
        "handlers": {
            "stdout": {
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stdout",
                "formatter": "json" if json else "plain",
                "filters": ["request_id"],
            },
        },
        "root": {"handlers": ["stdout"], "level": level},
        "loggers": {
            "django": {"handlers": ["stdout"], "level": level, "propagate": False},
            # aiosmtpd (manage.py mail_receiver) logs every SMTP command at INFO.
            "mail.log": {"level": "WARNING"},
            # django-health-check logs a traceback for each failing check at every probe; the
            # 503 itself is logged (django.request) and says why. Its own errors still show.
            "health_check": {"level": "ERROR"},
        },
    }
