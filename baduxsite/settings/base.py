"""Settings shared by every environment. No secrets and no host list live here.

`dev`, `test` and `prod` import everything from this module and add what differs.
"""

from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF, UNSAFE_INLINE

from . import env

BASE_DIR = Path(__file__).resolve().parent.parent.parent
# Runtime files (SQLite database, embedded Redis socket, logs of `make run`); git-ignored.
VAR_DIR = BASE_DIR / "var"

# Overridden by dev/test; prod requires it from the environment.
SECRET_KEY = env.get_str("SECRET_KEY")
DEBUG = False
ALLOWED_HOSTS: list[str] = env.get_list("ALLOWED_HOSTS")
CSRF_TRUSTED_ORIGINS: list[str] = env.get_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "csp",
    "allauth",
    "allauth.account",
    "accounts",
    "messaging",
    "games",
    "ladder",
    "demo",
    # django-ninja: the public API (baduxsite/api.py); listed for its bundled Swagger UI files
    # and template, so /api/v1/docs needs no CDN.
    "ninja",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy on every page (CONTENT_SECURITY_POLICY below).
    "csp.middleware.CSPMiddleware",
    # WhiteNoise serves collected static files straight after the security headers.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Presence (last_seen, written at most every few minutes) and the player's time zone.
    "accounts.middleware.PresenceMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

# Content-Security-Policy (django-csp). Scripts only from our own static files: no inline script,
# no eval, no inline event handlers (a page that ever needs an inline script takes a nonce:
# `<script nonce="{{ request.csp_nonce }}">`, which adds it to the header). Styles allow
# 'unsafe-inline' because the board SVGs carry inline style (a <style> block per SVG today,
# `style` attributes after the move to static CSS) and the mail previews use style attributes;
# a nonce cannot cover style attributes, and it would switch 'unsafe-inline' off. CSS cannot run
# script, so this keeps the protection that matters.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, UNSAFE_INLINE],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

ROOT_URLCONF = "baduxsite.urls"
WSGI_APPLICATION = "baduxsite.wsgi.application"
ASGI_APPLICATION = "baduxsite.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "messaging.context_processors.notifications",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------------
# DATABASE_URL, e.g. postgres://user:password@host:5432/badux. Unset: SQLite in var/.
_DEFAULT_SQLITE_URL = f"sqlite:///{VAR_DIR / 'db.sqlite3'}"
DATABASES = {
    "default": dj_database_url.config(
        default=_DEFAULT_SQLITE_URL,
        conn_max_age=env.get_int("CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if env.get_str("DATABASE_URL") is None:
    # SQLite cannot create its own directory.
    VAR_DIR.mkdir(exist_ok=True)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: cache, Celery broker and result backend -------------------------------------------
REDIS_URL = env.get_str("REDIS_URL")


def redis_cache(url: str) -> dict:
    """The shared cache of all web processes (allauth's login rate limits count in it). It
    degrades instead of failing: with Redis down, reads miss and writes are dropped within
    half a second (django-redis IGNORE_EXCEPTIONS), so login and pages keep working."""
    return {
        "default": {
            "BACKEND": "baduxsite.cache.DegradingRedisCache",
            "LOCATION": url,
            "KEY_PREFIX": "badux",
            "OPTIONS": {
                "IGNORE_EXCEPTIONS": True,
                "SOCKET_CONNECT_TIMEOUT": 0.5,
                "SOCKET_TIMEOUT": 0.5,
            },
        }
    }


DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True

if REDIS_URL:
    CACHES = redis_cache(REDIS_URL)
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = REDIS_URL or "redis://127.0.0.1:6379/0"
CELERY_RESULT_BACKEND = CELERY_BROKER_URL
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 60 * 60 * 24
CELERY_TIMEZONE = "UTC"
# A task is acknowledged only after it finished, so a worker killed mid-task (deploy, OOM) does
# not lose it: Redis hands it to another worker. Every task must therefore be safe to run twice.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Redis redelivers an unacknowledged task after this many seconds. It must exceed the longest
# task run time and any ETA/countdown, or the task runs twice. Long deadlines (days-long game
# clocks) are therefore swept by periodic beat tasks, never scheduled as countdowns.
# Publishing gives up at once when Redis is unreachable (one quick retry, no 6 s of backoff):
# messaging.outbox keeps the task and its sweep publishes it later, so no request waits on the
# broker. Workers reconnect on their own terms (broker_connection_retry).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": 60 * 60,
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"visibility_timeout": 60 * 60}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_TIME_LIMIT = 5 * 60
CELERY_TASK_SOFT_TIME_LIMIT = 4 * 60
# Periodic tasks, run by exactly one `celery beat` process. Apps add their sweeps here.
CELERY_BEAT_SCHEDULE: dict[str, dict] = {
    # Publishes tasks recorded in the outbox that were not published at their commit (broker
    # down): see messaging/outbox.py.
    "messaging-outbox-relay": {"task": "messaging.outbox_relay", "schedule": 60.0},
    # Closes the challenges whose expiry passed (games.services.challenges.challenges_expire).
    "games-expire-challenges": {"task": "games.expire_challenges", "schedule": 60 * 60},
    # Close score-dispute marking phases past their deadline (games.services.disputes_expire).
    "games-sweep-disputes": {"task": "games.sweep_disputes", "schedule": 15 * 60},
    # Ends overdue games on time, sends the 80 % warnings, ends used-up vacations.
    "games-sweep-clocks": {"task": "games.sweep_clocks", "schedule": 60.0},
    # Hourly: each player's digest goes out at MESSAGING_DIGEST_HOUR in their own time zone.
    "messaging-digest-sweep": {"task": "messaging.digest_sweep", "schedule": 60 * 60},
    # Daily: forget play-by-e-mail records past INBOUND_MAIL_KEEP_DAYS.
    "games-prune-inbound-mail": {"task": "games.inbound_mail_prune", "schedule": 24 * 60 * 60},
    # Daily: players without a ladder game for their ladder's inactive_days leave it.
    "ladder-remove-inactive": {"task": "ladder.remove_inactive", "schedule": 24 * 60 * 60},
    # Hourly: re-queues the round advance of every running tournament (a safety net: the
    # game-finished hook queues it; a task lost or failed would otherwise stall a round).
    "ladder-tournaments-sweep": {"task": "ladder.tournaments_sweep", "schedule": 60 * 60},
}
# Task modules that are not an app's `tasks.py` (autodiscovery finds only those).
# games.inbound_sweeps imports games.inbound, which imports games.inbound_tasks.
CELERY_IMPORTS = ("baduxsite.tasks", "games.inbound_sweeps")

# --- Authentication (django-allauth) -----------------------------------------------------------
# Sessions stay in the database (the record) and are read through the cache (Redis in
# production): every page reads the session, and a cache hit spares that query. Existing
# sessions keep working; with the cache down, reads fall back to the table (accounts.sessions).
SESSION_ENGINE = "accounts.sessions"
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "/"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Badux] "
# allauth's default rate limits stay on (login, failed logins, signup, password reset, e-mail
# confirmation). They count in the cache, which is why production needs the shared Redis cache.
ACCOUNT_RATE_LIMITS: dict[str, str] = {}
# Behind N reverse proxies, allauth must read the client IP from X-Forwarded-For (rate limits).
ALLAUTH_TRUSTED_PROXY_COUNT = env.get_int("TRUSTED_PROXY_COUNT", 0)

# --- E-mail ------------------------------------------------------------------------------------
EMAIL_HOST = env.get_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env.get_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env.get_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env.get_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env.get_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env.get_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = 30
DEFAULT_FROM_EMAIL = env.get_str("DEFAULT_FROM_EMAIL", "Badux <noreply@localhost>")
SERVER_EMAIL = env.get_str("SERVER_EMAIL", DEFAULT_FROM_EMAIL)
# Play by e-mail: replies go to play+<signed token>@INBOUND_MAIL_DOMAIN; unset turns it off.
INBOUND_MAIL_DOMAIN = env.get_str("INBOUND_MAIL_DOMAIN", "")
# Reply-mail records (one per message, so a redelivered message acts once) are kept this long:
# far beyond any mail server's redelivery window (Postfix gives up after 5 days by default).
INBOUND_MAIL_KEEP_DAYS = 30
# The authserv-id of the mail server in front of the receiver (its Authentication-Results
# headers are believed, all others ignored): a reply whose DMARC check failed there is refused.
GAMES_INBOUND_AUTHSERV_ID = (env.get_str("GAMES_INBOUND_AUTHSERV_ID", "") or "").lower()
EMAIL_SUBJECT_PREFIX = "[Badux] "
# Absolute links in mails (game pages, unsubscribe) start with this; no trailing slash.
SITE_URL = env.get_str("SITE_URL", "http://localhost:8000")
# Local hour (in each player's time zone) at which the daily digest goes out.
MESSAGING_DIGEST_HOUR = env.get_int("MESSAGING_DIGEST_HOUR", 7)

# --- Public API (baduxsite/api.py) -------------------------------------------------------------
# Requests per token (django-ninja's throttle syntax: "N/s", "N/m", "N/h", "N/d").
API_THROTTLE_RATE = env.get_str("API_THROTTLE_RATE", "120/m")
# Live personal access tokens a player may hold.
API_TOKENS_PER_USER = 10

# --- Internationalisation ----------------------------------------------------------------------
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Static files --------------------------------------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").is_dir() else []
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# --- Logging: everything to stdout, the process manager collects it ----------------------------
LOG_LEVEL = env.get_str("LOG_LEVEL", "INFO")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name} {process:d} {message}", "style": "{"},
    },
    "handlers": {
        "stdout": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "plain",
        },
    },
    "root": {"handlers": ["stdout"], "level": LOG_LEVEL},
    "loggers": {
        "django": {"handlers": ["stdout"], "level": LOG_LEVEL, "propagate": False},
        # aiosmtpd (manage.py mail_receiver) logs every SMTP command at INFO.
        "mail.log": {"level": "WARNING"},
    },
}
