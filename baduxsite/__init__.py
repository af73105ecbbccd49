"""Badux site project: settings, URLs and the Celery app.

Importing the Celery app here makes `@shared_task` bind to it whenever Django starts.
"""

from baduxsite.celery import app as celery_app

__all__ = ("celery_app",)
