"""Production settings. The server refuses to start when a required variable is missing.

Required: SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL, REDIS_URL, TRUSTED_PROXY_COUNT (see
docs/operations.md).
"""

from baduxsite.settings import env
from baduxsite.settings.base import *  # noqa: F403

DEBUG = False
SECRET_KEY = env.require_str("SECRET_KEY")
ALLOWED_HOSTS = env.require_list("ALLOWED_HOSTS")
# Links in mails: SITE_URL, else the first allowed host over HTTPS.
SITE_URL = env.get_str("SITE_URL", f"https://{ALLOWED_HOSTS[0].lstrip('.')}")
env.require_str("DATABASE_URL")  # base.DATABASES parsed it; production must name its database.
REDIS_URL = env.require_str("REDIS_URL")
CACHES = redis_cache(REDIS_URL)  # noqa: F405
CELERY_BROKER_URL = REDIS_URL
# How many proxies stand in front of the web processes (0 when gunicorn faces the Internet):
# allauth's per-IP rate limits take the client IP from X-Forwarded-For accordingly. Required,
# because both wrong defaults hurt: 0 behind a proxy puts every visitor in one bucket, and a
# count above the real one lets a visitor choose their IP by sending the header themselves.
ALLAUTH_TRUSTED_PROXY_COUNT = env.require_int("TRUSTED_PROXY_COUNT")
CELERY_RESULT_BACKEND = REDIS_URL
# Staff and moderators cannot use the site without a second factor (accounts.security).
ACCOUNTS_STAFF_MFA_REQUIRED = True

# --- HTTPS ---------------------------------------------------------------------------------
# Behind a TLS-terminating proxy set SECURE_PROXY_SSL_HEADER=HTTP_X_FORWARDED_PROTO (and make the
# proxy overwrite that header), otherwise Django sees plain HTTP and redirects forever.
_proxy_header = env.get_str("SECURE_PROXY_SSL_HEADER")
if _proxy_header:
    SECURE_PROXY_SSL_HEADER = (_proxy_header, "https")
SECURE_SSL_REDIRECT = env.get_bool("SECURE_SSL_REDIRECT", True)
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = env.get_int("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.get_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
# The preload directive only permits submitting the domain to hstspreload.org; it enrols nothing.
SECURE_HSTS_PRELOAD = env.get_bool("SECURE_HSTS_PRELOAD", True)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# --- Static files: hashed names, compressed, served by WhiteNoise after `collectstatic` ---------
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Logs as JSON lines, each with its request id, for the log collector (LOG_JSON=false: plain).
LOG_JSON = env.get_bool("LOG_JSON", True)
LOGGING = logging_config(level=LOG_LEVEL, json=LOG_JSON)  # noqa: F405
# Health probes and the metrics scraper may ask over plain HTTP from inside the network.
SECURE_REDIRECT_EXEMPT = [r"^health/", r"^metrics$"]

EMAIL_BACKEND = env.get_str("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
ADMINS = [("Admin", address) for address in env.get_list("ADMINS")]
# Unset, players write to the first admin: the footer and account pages always have a contact.
CONTACT_EMAIL = CONTACT_EMAIL or (ADMINS[0][1] if ADMINS else "")  # noqa: F405

# Web Push on (PUSH_ENABLED) refuses to start without its VAPID key pair.
PUSH = push_settings(production=True)  # noqa: F405
