"""WSGI entry point (gunicorn baduxsite.wsgi). Production sets DJANGO_SETTINGS_MODULE."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baduxsite.settings.dev")

application = get_wsgi_application()
