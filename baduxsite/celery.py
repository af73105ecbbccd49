"""The Celery application. Configuration comes from Django settings (`CELERY_*` names).

Run a worker with `celery -A baduxsite worker` and exactly one scheduler with
`celery -A baduxsite beat` (two beats would run every periodic task twice).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baduxsite.settings.dev")

app = Celery("baduxsite")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Finds `tasks.py` in every installed app.
app.autodiscover_tasks()
