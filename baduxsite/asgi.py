"""ASGI entry point. Production sets DJANGO_SETTINGS_MODULE."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baduxsite.settings.dev")

application = get_asgi_application()
