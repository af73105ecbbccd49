"""Notice tasks in two halves, so that a slow mail server never holds up an on-site notice.

A notice task records notifications (`services.notify`) and mails some of them. Written with
`@notice_task("games.notify_turn")`, one function becomes two Celery tasks:

- `games.notify_turn`, the record half (game-work queue): runs the function inside
  `services.mail_deferred`, so every notification is recorded and no mail is built or sent.
  When a mail is due it queues the mail half with the same arguments (through the outbox, so
  a broker outage delays the mail and loses none).
- `games.notify_turn_mail`, the mail half (mail queue: settings.CELERY_TASK_ROUTES sends every
  `*_mail` task there; core.mail.RETRY_OPTIONS): runs the function again, as it ran before
  the split. The notifications exist, so `notify` only sends their mails, once each (claimed).
  News gone stale meanwhile (the player moved already) is not mailed, as the function checks.

The record half keeps the task's name, so tasks queued before the split still run. Both
halves return what the function returns; in the record half a mail queued counts as sent.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

from celery import shared_task
from celery.app.task import Task

from core.mail import RETRY_OPTIONS
from core.outbox import enqueue_on_commit
from messaging.notifications.services import mail_deferred
from messaging.push.services import notice_mail_known

# The name of a notice task's mail half is its own with this at the end.
MAIL_SUFFIX = "_mail"


def notice_task(name: str, **options: Any) -> Callable[[Callable[..., Any]], Task]:
    """Register the decorated function as the notice task `name` (record half, with Celery
    `options`) and `name` + MAIL_SUFFIX (mail half); returns the record half. The function
    takes positional, JSON-serialisable arguments and is safe to run twice, as every task."""

    def register(function: Callable[..., Any]) -> Task:
        mail_name = f"{name}{MAIL_SUFFIX}"
        signature = inspect.signature(function)
        if any(p.kind != p.POSITIONAL_OR_KEYWORD for p in signature.parameters.values()):
            raise TypeError(f"{name}: the outbox queues positional arguments only.")

        @functools.wraps(function)
        def send(*args: Any, **kwargs: Any) -> Any:
            return function(*args, **kwargs)

        @functools.wraps(function)
        def record(*args: Any, **kwargs: Any) -> Any:
            mail_args = list(signature.bind(*args, **kwargs).args)
            # A push that fails for good mails the notice by the mail half (messaging.push).
            with mail_deferred() as unsent, notice_mail_known(mail_name, mail_args):
                result = function(*args, **kwargs)
            if unsent:
                enqueue_on_commit(mail_name, *mail_args)
            return result

        shared_task(name=mail_name, **RETRY_OPTIONS)(send)
        return shared_task(name=name, **options)(record)

    return register
