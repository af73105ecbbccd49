"""The request id: one id per web request, carried into the tasks it queues and on into theirs,
so that every log line of one player's action (the move, its notice, its mail) can be found by it.

A request takes its id from the `X-Request-ID` header the proxy in front sets (when it is a
plausible id: letters, digits, `-_.:`, at most 64 characters) or makes one, as Django starts
it (`request_id_on_start`, on the `request_started` signal: so the handler's own log line about
the answer, written after the middleware returned, still has it; `request_finished` clears it).
baduxsite.middleware.RequestIdMiddleware sends it back in the answer's header. The outbox stores
it in each row it writes (`OutboxTask.request_id`) and publishes the task with it as a Celery
header; a worker binds it around the task (baduxsite.celery). The logging filter
`RequestIdFilter` puts it on every log record as `request_id` ("-" outside any request or task).
"""

from __future__ import annotations

import logging
import re
import uuid
from contextvars import ContextVar, Token

HEADER = "X-Request-ID"
# The Celery message header that carries it.
TASK_HEADER = "request_id"
_PLAUSIBLE = re.compile(r"[A-Za-z0-9._:-]{1,64}")
_current: ContextVar[str] = ContextVar("request_id", default="")


def request_id_get() -> str:
    """The id of the request or task this code runs for; "" outside one."""
    return _current.get()


def request_id_bind(value: str) -> Token:
    """Make `value` the current id (until `request_id_reset` with the returned token)."""
    return _current.set(value)


def request_id_reset(token: Token) -> None:
    _current.reset(token)


def request_id_from(header: str | None) -> str:
    """The id a request gets: `header` (X-Request-ID) when it is a plausible id, else a new
    one (32 hex digits); a header that is not plausible is never logged."""
    if header and _PLAUSIBLE.fullmatch(header):
        return header
    return uuid.uuid4().hex


def request_id_on_start(
    sender: object, environ: dict | None = None, scope: dict | None = None, **kwargs: object
) -> None:
    """`request_started` receiver (WSGI `environ` or ASGI `scope`): bind the request's id."""
    header = None
    if environ is not None:
        header = environ.get("HTTP_X_REQUEST_ID")
    elif scope is not None:
        wanted = HEADER.lower().encode()
        header = next(
            (value.decode("latin-1") for name, value in scope.get("headers", ()) if name == wanted),
            None,
        )
    _current.set(request_id_from(header))


def request_id_on_finish(sender: object, **kwargs: object) -> None:
    """`request_finished` receiver: the thread serves no request any more."""
    _current.set("")


class RequestIdFilter(logging.Filter):
    """Adds `request_id` to every record (the formatters of settings.LOGGING show it)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = _current.get() or "-"
        return True
