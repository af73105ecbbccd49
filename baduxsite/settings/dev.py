"""Development settings: `make run` and `manage.py` on a developer machine."""

from baduxsite.settings import env
from baduxsite.settings.base import *  # noqa: F403
from baduxsite.settings.base import ALLOWED_HOSTS

DEBUG = env.get_bool("DEBUG", True)
# A fixed, publicly known key is acceptable only here: dev sessions protect nothing.
SECRET_KEY = env.get_str("SECRET_KEY", "django-insecure-dev-only-badux-not-for-production")
ALLOWED_HOSTS = [*ALLOWED_HOSTS, "localhost", "127.0.0.1", "[::1]"]
# Mail is written whole to var/mail/*.eml; `make run` prints one line per mail (recipient,
# subject, first link, file), so board images do not flood the terminal.
EMAIL_BACKEND = env.get_str("EMAIL_BACKEND", "baduxsite.devmail.EmailBackend")
# Serve static files from the source directories without `collectstatic`.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
# WebAuthn security keys over plain http://localhost.
MFA_WEBAUTHN_ALLOW_INSECURE_ORIGIN = True
