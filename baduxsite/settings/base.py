"""Settings shared by every environment. No secrets and no host list live here.

`dev`, `test` and `prod` import everything from this module and add what differs.
"""

from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from csp.constants import NONE, SELF, UNSAFE_INLINE

from baduxsite.settings import env
from baduxsite.settings.beat import beat_schedule
from baduxsite.settings.logs import logging_config
from baduxsite.settings.push import push_settings

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
    "allauth.mfa",  # two-factor authentication (accounts/security/)
    "allauth.usersessions",  # a player's sessions, listed and ended (accounts/security/)
    # django-countries: installed for its catalogs, so country names follow the reader's
    # language (accounts.selectors.country_name, the profile and search forms).
    "django_countries",
    "core",
    "accounts",
    "messaging",
    "games",
    "ladder",
    "demo",
    # django-ninja: the public API (baduxsite/api.py); listed for its bundled Swagger UI files
    # and template, so /api/v1/docs needs no CDN.
    "ninja",
    # django-prometheus: request and database metrics (the middleware below, the database
    # backends under DATABASES); served with ours at /metrics (baduxsite.metrics).
    "django_prometheus",
]

MIDDLEWARE = [
    # Request metrics (django-prometheus): first and last, so they time the whole answer.
    "django_prometheus.middleware.PrometheusBeforeMiddleware",
    # The request id (X-Request-ID, or a new one) on every log line and queued task.
    "baduxsite.middleware.RequestIdMiddleware",
    # A view whose database connection failed answers 503 with Retry-After, not a 500
    # (baduxsite.middleware; urls.handler500 does the same for the middleware below).
    "baduxsite.middleware.DatabaseUnavailableMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # A chunked request body (no Content-Length), which Django would read as empty: 411.
    "baduxsite.middleware.ChunkedBodyMiddleware",
    # Content-Security-Policy on every page (CONTENT_SECURITY_POLICY below).
    "csp.middleware.CSPMiddleware",
    # WhiteNoise serves collected static files straight after the security headers.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language from the set_language cookie, else Accept-Language, else LANGUAGE_CODE;
    # accounts.middleware.PresenceMiddleware then prefers the player's own choice.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Presence (last_seen, written at most every few minutes), the player's time zone and language.
    "accounts.middleware.PresenceMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.security.middleware.UserSessionSeenMiddleware",
    "accounts.security.middleware.StaffSecondFactorMiddleware",
    "django_prometheus.middleware.PrometheusAfterMiddleware",
]

# Content-Security-Policy (django-csp). Scripts only from our static files: no inline script, eval
# or event handlers (an inline script would take a nonce: `{{ request.csp_nonce }}`). Styles allow
# 'unsafe-inline' for the board SVGs' and mail previews' style attributes, which no nonce covers
# (and a nonce would switch 'unsafe-inline' off); CSS cannot run script.
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
                "baduxsite.context_processors.site_links",
                "baduxsite.context_processors.release",
                "baduxsite.context_processors.languages",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------------
# Seconds of the Retry-After header of the 503 a request answers when the database does not
# (baduxsite.middleware; a restart takes a few seconds, and the next request reconnects).
DATABASE_RETRY_AFTER = 5
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
# SQLite (the embedded default of `make run`) as safe as PostgreSQL on one machine: every
# transaction takes the write lock at BEGIN (IMMEDIATE), so two writers queue instead of one
# failing with "database is locked" when it upgrades a read lock mid-transaction (a deferred
# BEGIN cannot wait there); a writer waits up to SQLITE_BUSY_TIMEOUT seconds for the lock. WAL
# lets pages read while a task writes. Tasks still retry a lock error (baduxsite.celery).
SQLITE_BUSY_TIMEOUT = 20
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": SQLITE_BUSY_TIMEOUT,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
# PostgreSQL: Django's queries bind their parameters on the client and are never prepared. The
# statements every move runs (core.sql) ask psycopg to prepare them, which it does
# only when the connection has a `prepare_threshold`; this one is never reached by a query that
# does not ask (Django's default, None, turns preparing off altogether).
#
# JIT compiling is off for the site's connections (`options`, unless the URL sets its own): it
# pays back on long analytical queries, while a page's statements are short, yet a plan priced
# over jit_above_cost (a whole ladder's per-row lookups of a 5,000-player ladder are close)
# spent tens of milliseconds compiling. A pooler in between must accept `options` (PgBouncer
# refuses it unless `ignore_startup_parameters` lists it, which drops it: then set `jit = off`
# in postgresql.conf; deploy/README.md).
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = 2**31 - 1
    DATABASES["default"]["OPTIONS"].setdefault("options", "-c jit=off")
# django-prometheus' wrappers of the same backends count connections, queries, their errors and
# durations (django_db_* metrics). core.sql's prepared statements bypass its cursor.
_METERED_ENGINES = {
    "django.db.backends.sqlite3": "django_prometheus.db.backends.sqlite3",
    "django.db.backends.postgresql": "django_prometheus.db.backends.postgresql",
}
DATABASES["default"]["ENGINE"] = _METERED_ENGINES.get(
    DATABASES["default"]["ENGINE"], DATABASES["default"]["ENGINE"]
)
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
# Celery closes a worker's database connections around every task unless this many tasks have
# run since it last did: never, here. A worker's connections live as a web process's do
# (CONN_MAX_AGE, health checks): baduxsite.celery closes them around each task as Django does
# around each request.
CELERY_DB_REUSE_MAX = 2**62
# Redis redelivers an unacknowledged task after this many seconds (a worker killed with SIGKILL
# by a deploy or the OOM killer cannot give its tasks back). It must exceed the longest task run
# time (CELERY_TASK_TIME_LIMIT) and any ETA/countdown (the mail retries wait at most 5 minutes:
# core.mail.RETRY_OPTIONS), or the task runs twice. Long deadlines (days-long game clocks)
# are therefore swept by periodic beat tasks, never scheduled as countdowns, and the work that
# must not wait even this long (tournament rounds, turn and game-over notices) has a catch-up
# sweep every 2 minutes (below).
_VISIBILITY_TIMEOUT = 10 * 60
# Publishing gives up at once when Redis is unreachable (one quick retry, no 6 s of backoff):
# core.outbox keeps the task and its sweep publishes it later, so no request waits on the
# broker. Workers reconnect on their own terms (broker_connection_retry).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": _VISIBILITY_TIMEOUT,
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"visibility_timeout": _VISIBILITY_TIMEOUT}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_TIME_LIMIT = 5 * 60
CELERY_TASK_SOFT_TIME_LIMIT = 4 * 60
# Beat sends periodic tasks only while it holds a lock in Redis (baduxsite/beat.py): a second
# beat started by mistake, or on purpose on another machine, stands by instead of sending
# every task twice, and takes over within 30 s when the first one dies.
CELERY_BEAT_SCHEDULER = "baduxsite.beat:SingleBeatScheduler"
# Periodic tasks, run by exactly one `celery beat` process: baduxsite/settings/beat.py.
CELERY_BEAT_SCHEDULE: dict[str, dict] = beat_schedule()
# Every task module, by feature folder (autodiscovery finds only an app's own `tasks`; the apps'
# `ready()` imports these too, so every process knows the names the outbox checks).
CELERY_IMPORTS = (
    "baduxsite.tasks",
    "accounts.sessions",
    "accounts.data.tasks",
    "games.tasks",
    "messaging.messages.tasks",
    "messaging.notifications.tasks",
    "messaging.push.tasks",
    "ladder.ladders.tasks",
    "ladder.tournaments.tasks",
    "games.bots.tasks",
)

# --- Bots (games/bots/) --------------------------------------------------------------------------
# The engines the site runs for bot accounts (User.is_bot; User.bot_engine names a key here). Each:
# "name" shown to players; "strength" a short label ("easy", "GNU Go level 10"); "boards" the
# boards it plays, as "<board_kind> <board_size>"; "kind" "mcts" for our own engine
# (games.bots.engine, "budget" one of its STRENGTHS, "playouts" optionally overriding its count)
# or "gtp" for a program speaking GTP started as "command" (square boards only). A GTP engine
# whose program is missing is shown as unavailable and accepts nothing. Bots stay out of ladders
# and tournaments unless staff set User.bot_competes. "name" and "strength" are stored in English
# (the bot's display name) and translated where shown (gettext_noop marks them for the catalogs).


def gettext_noop(text: str) -> str:
    """Marks `text` for the catalogs (makemessages knows the name); settings import no Django
    translation machinery (it would change how a missing production variable is reported)."""
    return text


_SQUARES = ["square 9", "square 13", "square 19"]
_ALL_BOARDS = [*_SQUARES, "hex 6", "hex 8", "hex 12"]
BOT_ENGINES: dict[str, dict] = {
    "badux-easy": {
        "name": gettext_noop("Badux bot"),
        "strength": gettext_noop("easy"),
        "kind": "mcts",
        "budget": "easy",
        "boards": _ALL_BOARDS,
    },
    "badux-medium": {
        "name": gettext_noop("Badux bot"),
        "strength": gettext_noop("medium"),
        "kind": "mcts",
        "budget": "medium",
        "boards": _ALL_BOARDS,
    },
    "badux-hard": {
        "name": gettext_noop("Badux bot"),
        "strength": gettext_noop("hard"),
        "kind": "mcts",
        "budget": "hard",
        "boards": _ALL_BOARDS,
    },
    "gnugo": {
        "name": gettext_noop("GNU Go"),
        "strength": gettext_noop("level 10"),
        "kind": "gtp",
        "boards": _SQUARES,
        "command": ["/usr/games/gnugo", "--mode", "gtp", "--level", "10", "--chinese-rules"],
    },
}
# Seconds a bot may think about one move (a GTP engine is killed past it); the tries of one move
# before the bot says in the game chat that it cannot move and staff are told.
BOT_MOVE_SECONDS = 20
BOT_MOVE_TRIES = 3
# Games a player may have against the site's bots at once (playing, or asked for and not yet
# answered); how many they may start an hour is the flood limit "bot_game" (FLOOD_LIMITS).
BOT_GAMES_RUNNING = 5
# Celery queues by kind of work, each with its own workers (scripts/devrun.py,
# docs/operations.md), so that one kind stuck never holds up another:
# - the default queue ("celery"): game work: on-site notices, clock and catch-up sweeps,
#   tournament rounds, the outbox relay's sweep, everything not routed elsewhere;
# - MAIL_QUEUE: every task that talks SMTP (each attempt may hold its worker EMAIL_TIMEOUT
#   seconds while the mail server is silent): the mail half of each notice task
#   (messaging.notifications.notice_tasks, "<notice>_mail") and the tasks that only mail;
# - BOT_QUEUE: bot moves (`celery -A baduxsite worker -Q bots`): a slow engine delays no one.
# Celery looks a task's exact name up first, then tries the patterns in order.
BOT_QUEUE = "bots"
MAIL_QUEUE = "mail"
CELERY_TASK_ROUTES = {
    "games.notify_report": {"queue": MAIL_QUEUE},
    "games.inbound_reply_send": {"queue": MAIL_QUEUE},
    "messaging.account_mail_send": {"queue": MAIL_QUEUE},
    "messaging.digest_send": {"queue": MAIL_QUEUE},
    "*_mail": {"queue": MAIL_QUEUE},
    "bots.*": {"queue": BOT_QUEUE},
}
# The queues whose workers the readiness check expects (each must have one running).
HEALTH_WORKER_QUEUES = ["celery", MAIL_QUEUE, BOT_QUEUE]
# Every minute, to each of them: a worker of the queue records its heartbeat, and beat its own
# as it sends them (core.heartbeats; read by the readiness check, baduxsite.health). One not
# taken within the minute is dropped (expires): a stopped queue does not pile them up.
CELERY_BEAT_SCHEDULE.update(
    {
        f"core-heartbeat-{queue}": {
            "task": "core.heartbeat",
            "schedule": 60.0,
            "args": (queue,),
            "options": {"queue": queue, "expires": 60.0},
        }
        for queue in HEALTH_WORKER_QUEUES
    }
)

# --- Authentication (django-allauth) -----------------------------------------------------------
# Sessions live in the database, read through the cache (a hit spares a query on every page);
# with the cache down, reads fall back to the table (accounts.sessions).
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
# Asked at sign-up beside allauth's fields: the time zone (from the browser, editable).
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.forms.SignupExtraForm"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Badux] "
# allauth's default rate limits: log-ins, wrong passwords and second-factor codes, resets, sign-ups.
ACCOUNT_RATE_LIMITS: dict[str, str] = {}
# Account security (accounts/security/): e-mail change verified, notices by mail, other sessions
# end at a password change; TOTP (±1 step of drift), recovery codes, WebAuthn; staff need 2FA.
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_EMAIL_NOTIFICATIONS = True
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes", "webauthn"]
MFA_TOTP_TOLERANCE = 1
MFA_WEBAUTHN_ALLOW_INSECURE_ORIGIN = env.get_bool("MFA_WEBAUTHN_ALLOW_INSECURE_ORIGIN", False)
USERSESSIONS_TRACK_ACTIVITY = True
USERSESSIONS_ADAPTER = "accounts.security.adapter.UserSessionsAdapter"  # every ending, push too
ACCOUNTS_STAFF_MFA_REQUIRED = env.get_bool("ACCOUNTS_STAFF_MFA_REQUIRED", False)
ACCOUNTS_MFA_REQUIRED_PERMISSIONS: list[str] = env.get_list(
    "ACCOUNTS_MFA_REQUIRED_PERMISSIONS", ["accounts.moderate"]
)
# Where allauth's per-IP rate limits find the visitor's IP: behind N proxies that each append to
# X-Forwarded-For, the N-th address from the right; 0: REMOTE_ADDR (behind a proxy, the proxy's:
# one bucket for everyone). A proxy's own client-IP header (X-Real-IP) goes in
# TRUSTED_CLIENT_IP_HEADER instead. Production requires TRUSTED_PROXY_COUNT (settings.prod).
ALLAUTH_TRUSTED_PROXY_COUNT = env.get_int("TRUSTED_PROXY_COUNT", 0)
ALLAUTH_TRUSTED_CLIENT_IP_HEADER = env.get_str("TRUSTED_CLIENT_IP_HEADER")

# --- E-mail ------------------------------------------------------------------------------------
EMAIL_HOST = env.get_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env.get_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env.get_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env.get_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env.get_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env.get_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = 30
# Where the file mail backends (dev: baduxsite.devmail) write each mail as an .eml file.
EMAIL_FILE_PATH = env.get_str("EMAIL_FILE_PATH", str(VAR_DIR / "mail"))
DEFAULT_FROM_EMAIL = env.get_str("DEFAULT_FROM_EMAIL", "Badux <noreply@localhost>")
SERVER_EMAIL = env.get_str("SERVER_EMAIL", DEFAULT_FROM_EMAIL)
# How long a count may be disputed after a counted game ends, and how long the marking phase of
# a dispute lasts (games.counting.dispute_window).
GAMES_DISPUTE_WINDOW_DAYS = 3
# A GTP engine that judges dead stones (`final_status_list dead`) as a second opinion on the
# count of square-board games (games.bots.judge): a chain it judges otherwise than the count
# makes the count unsure and opens the marking phase. Empty, or not installed: no judge.
GAMES_COUNT_JUDGE = ["/usr/games/gnugo", "--mode", "gtp", "--chinese-rules"]
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
# Where players write to the people who run the site (the sign-up and password pages link to
# it); unset, the footer links the site's /contact/ form (messages land in the admin).
CONTACT_EMAIL = env.get_str("CONTACT_EMAIL", "") or ""
# The site's source code (the footer's "open source" links to it); unset, the footer links
# the site's /source/ page, which says the code is open and where to ask for it.
SOURCE_URL = env.get_str("SOURCE_URL", "") or ""
# Seconds a "your turn" or game-over notice may be on its way (a queued task, a busy worker)
# before the catch-up sweep (beat: games.notices_sweep) takes it for lost and queues it again.
# A worker killed with SIGKILL can lose a task it had just taken from Redis; tests/deploy/
# test_two_nodes.py lowers it to see the sweep at work within its run.
GAMES_NOTICES_SWEEP_GRACE = 60
# Read notifications are deleted this many days after they were made (beat: messaging.prune);
# unread ones stay. At 100,000 running games they are ~200,000 rows a day.
NOTIFICATIONS_KEEP_DAYS = env.get_int("NOTIFICATIONS_KEEP_DAYS", 90)
# Outbox rows (core.outbox) still unpublished after this many days are deleted, logged:
# a task that no worker knows any more (renamed, removed) would otherwise stay for ever.
OUTBOX_KEEP_DAYS = 7
# How a task recorded in the outbox (messaging/outbox.py) reaches the broker. False (production
# and `make run`): the request only writes the row inside its own transaction (one commit, no
# broker round trip) and the relay process, `manage.py outbox_relay`, publishes it, woken at the
# commit by PostgreSQL's NOTIFY (on SQLite it looks every OUTBOX_RELAY_POLL seconds). True: the
# process that commits publishes the task itself just after (the tests, whose tasks run eagerly,
# or a site run without a relay process; the beat sweep stays the safety net either way).
OUTBOX_PUBLISH_AT_COMMIT = env.get_bool("OUTBOX_PUBLISH_AT_COMMIT", False)
# Seconds between the relay's looks at the table when nothing wakes it (SQLite, or a lost NOTIFY).
OUTBOX_RELAY_POLL = 0.25

# --- Backups (core/backups.py: `manage.py backup`, `manage.py restore`) -------------------------
# Where uploaded files would live (Django's FileSystemStorage); nothing writes there yet, but a
# backup carries it along with the database (BACKUP_FOLDERS).
MEDIA_ROOT = env.get_str("MEDIA_ROOT", str(VAR_DIR / "media"))
# Where `manage.py backup` and the nightly task write their backups (one directory each).
BACKUP_DIR = env.get_str("BACKUP_DIR", str(VAR_DIR / "backups"))
# The folders copied into each backup beside the database, by name (a missing one is skipped):
# the media and the mail archive (every mail the file mail backend wrote; play-by-e-mail replies
# are rows in the database, so they are in its dump).
BACKUP_FOLDERS = {"media": MEDIA_ROOT, "mail": EMAIL_FILE_PATH}
# The nightly backup (beat task core.backup_nightly at BACKUP_HOUR UTC), off by default: it keeps
# the BACKUP_KEEP newest backups in BACKUP_DIR and deletes older ones (docs/operations.md).
BACKUP_NIGHTLY = env.get_bool("BACKUP_NIGHTLY", False)
BACKUP_HOUR = env.get_int("BACKUP_HOUR", 3)
BACKUP_KEEP = env.get_int("BACKUP_KEEP", 7)
# The folder of pg_dump and pg_restore; empty: on PATH, else the newest /usr/lib/postgresql/*/bin.
# They must be at least the server's major version.
BACKUP_PG_BIN_DIR = env.get_str("BACKUP_PG_BIN_DIR", "") or ""
if BACKUP_NIGHTLY:
    CELERY_BEAT_SCHEDULE["core-backup-nightly"] = {
        "task": "core.backup_nightly",
        "schedule": crontab(hour=BACKUP_HOUR, minute=0),
    }
# Players' data (accounts/data/, shown on /privacy/): an archive's hours, the hours before a new
# one may be asked for (from the last one asked for; a failed build does not count); a closure's
# grace days.
DATA_EXPORT_KEEP_HOURS = env.get_int("DATA_EXPORT_KEEP_HOURS", 72)
DATA_EXPORT_COOLDOWN_HOURS = env.get_int("DATA_EXPORT_COOLDOWN_HOURS", 24)
ACCOUNT_CLOSE_GRACE_DAYS = env.get_int("ACCOUNT_CLOSE_GRACE_DAYS", 7)
# Local hour (in each player's time zone) at which the daily digest goes out.
MESSAGING_DIGEST_HOUR = env.get_int("MESSAGING_DIGEST_HOUR", 7)

# --- Public API (baduxsite/api.py) -------------------------------------------------------------
# Requests per token (django-ninja's throttle syntax: "N/s", "N/m", "N/h", "N/d").
API_THROTTLE_RATE = env.get_str("API_THROTTLE_RATE", "120/m")
# Live personal access tokens a player may hold.
API_TOKENS_PER_USER = 10

# Groups (ladder/groups): True keeps creating groups to the site staff; False: any player.
GROUPS_STAFF_ONLY = env.get_bool("GROUPS_STAFF_ONLY", False)

# --- Flood limits (accounts/limits.py) ---------------------------------------------------------
# Overrides of the limits on what a player sends to others, by limit name: {"message": (30,
# 3600)} allows 30 private messages an hour. The defaults are core.limits.DEFAULTS.
FLOOD_LIMITS: dict[str, tuple[int, int]] = {}

# --- Internationalisation ----------------------------------------------------------------------
# English is the source language and the fallback for visitors whose browser asks for none of
# LANGUAGES. A player's own choice (accounts.User.language) wins over the browser's.
LANGUAGE_CODE = "en"
# The languages the site speaks, by their own name (the switcher shows them untranslated, so a
# reader finds their language whatever the page's language is). Catalogs: locale/<code>/.
LANGUAGES = [
    ("en", "English"),
    ("ja", "日本語"),
    ("ko", "한국어"),
    ("zh-hans", "简体中文"),
    ("de", "Deutsch"),
    ("fr", "Français"),
    ("es", "Español"),
    ("ru", "Русский"),
]
# Our catalogs (templates and all apps), one tree at the top of the repository; see
# locale/README.md for makemessages / compilemessages.
LOCALE_PATHS = [BASE_DIR / "locale"]
# Dates and numbers follow the page's language (Django's per-language formats); our English
# ones are day first with a 24-hour clock (baduxsite/formats/en/formats.py).
FORMAT_MODULE_PATH = ["baduxsite.formats"]
# The set_language cookie lives a year, like a player's preference would.
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
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

# --- Reviews (games/reviews) ------------------------------------------------------------------
# An uploaded SGF record may be at most this many bytes (larger ones are refused with a plain
# message), and a review's tree (every move of every variation) at most this many nodes.
REVIEW_SGF_MAX_BYTES = 512 * 1024
REVIEW_MAX_NODES = 2000
# One comment on a review, in characters; the comments one review may hold; a player's private
# notes on one game, in characters.
REVIEW_COMMENT_MAX_LENGTH = 2000
REVIEW_COMMENTS_MAX = 1000
GAME_NOTE_MAX_LENGTH = 10000

# --- Health (baduxsite/health.py): liveness at /health/live/, readiness at /health/ready/ ------
# The readiness check answers 503, naming each check out of bounds, when any of these is passed
# (docs/operations.md, "Health and metrics"); overrides by name in the same dict.
HEALTH_BOUNDS: dict[str, float] = {
    # The oldest outbox row not yet published (the relay is stuck or the broker down).
    "outbox_lag_seconds": 5 * 60,
    # Since a worker of each of HEALTH_WORKER_QUEUES last ran its heartbeat task (every minute).
    "worker_silence_seconds": 3 * 60,
    # Since beat last sent the heartbeat tasks (every minute).
    "beat_silence_seconds": 3 * 60,
    # Since `manage.py mail_receiver` last wrote its heartbeat (every minute); only checked
    # while play by e-mail is on (INBOUND_MAIL_DOMAIN).
    "mail_receiver_silence_seconds": 3 * 60,
    # Free space on the disks of MEDIA_ROOT and EMAIL_FILE_PATH: both bounds must hold.
    "disk_free_min_bytes": 1024**3,
    "disk_free_min_percent": 5,
}

# --- Metrics (baduxsite/metrics.py, core/metrics.py) ---------------------------------------------
# Prometheus scrapes /metrics with `Authorization: Bearer <METRICS_TOKEN>`. Unset, the URL
# answers 404 (except with DEBUG, on a developer's machine): metrics are never public by default.
METRICS_TOKEN = env.get_str("METRICS_TOKEN", "") or ""
# prometheus_client's multiprocess mode: every process of one machine (gunicorn workers, Celery
# workers) writes its counters to files in this folder, read by prometheus_client itself from
# the environment; the metrics URL adds them up. Empty it before the processes start.
PROMETHEUS_MULTIPROC_DIR = env.get_str("PROMETHEUS_MULTIPROC_DIR", "") or ""

# --- Logging: everything to stdout, the process manager collects it ----------------------------
LOG_LEVEL = env.get_str("LOG_LEVEL", "INFO")
# One JSON object per line (python-json-logger) instead of plain text: production's default.
LOG_JSON = env.get_bool("LOG_JSON", False)
LOGGING = logging_config(level=LOG_LEVEL, json=LOG_JSON)

# Web Push (messaging/push/): on/off, VAPID keys, push services, timeouts; each key explained there.
PUSH = push_settings(production=False)
