"""Test settings: fast, isolated, no network except the database named by DATABASE_URL."""

from baduxsite.settings.base import *  # noqa: F403

DEBUG = False
SECRET_KEY = "test-only-secret-key-not-used-anywhere-else"  # noqa: S105
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]
# MD5 hashing keeps user creation fast; production keeps Django's default PBKDF2.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
# Each test process gets its own cache; the autouse fixture in tests/conftest.py clears it.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Tasks run in-process, so tests see their effects; tests/site/test_celery.py proves a real
# worker through Redis separately.
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_BROKER_URL = "memory://"
CELERY_RESULT_BACKEND = "cache+memory://"
# The committing process publishes its tasks (so they run eagerly, at once); the relay process
# that production uses instead has its own tests (tests/messaging/test_outbox_relay.py).
OUTBOX_PUBLISH_AT_COMMIT = True
# No second opinion on counts unless a test asks for one (GNU Go would run at every counted game).
GAMES_COUNT_JUDGE: list[str] = []
# Serve static files from the app and project directories without `collectstatic`.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
# Close connections after each request: live-server threads must not keep the test database
# open, or PostgreSQL refuses to drop it at the end of the run.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
SITE_URL = "http://testserver"
# pytest-django recognises an in-memory SQLite test database (one per xdist worker) by the stock
# engine's name only: SQLite runs unwrapped here; PostgreSQL keeps django-prometheus' backend.
if DATABASES["default"]["ENGINE"] == "django_prometheus.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"]["ENGINE"] = "django.db.backends.sqlite3"  # noqa: F405
# WebAuthn over the live server's plain http://localhost (browser tests).
MFA_WEBAUTHN_ALLOW_INSECURE_ORIGIN = True
