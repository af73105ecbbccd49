"""Answers the site gives before (or instead of) a view: a request body sent in chunks, and a
database that does not answer; and the request id every answer carries.

- `RequestIdMiddleware`: the answer's X-Request-ID header is the request's id (core.request_ids:
  the proxy's X-Request-ID, or a new one), which every log line and every task it queues carry.

- `ChunkedBodyMiddleware`: a body sent with `Transfer-Encoding: chunked` and no
  Content-Length (gunicorn passes it on) is one Django would read as empty: the API answered
  422 "Field required" and forms a CSRF 403. It is refused with 411 Length Required and a
  sentence saying so, before CSRF and the views.
- `DatabaseUnavailableMiddleware`: a view whose database connection failed (PostgreSQL
  restarting, a backend terminated: psycopg's errors reach Django as OperationalError or
  InterfaceError) answers 503 with Retry-After instead of a 500 traceback: JSON
  `{"code", "message"}` under /api/, the page 503.html elsewhere (rendered without the
  request: its context processors would ask the database again).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext

from core.request_ids import (
    HEADER,
    request_id_bind,
    request_id_from,
    request_id_get,
    request_id_reset,
)

API_PREFIX = "/api/"


class RequestIdMiddleware:
    """Answers with the request's id (see the module). A request that came in without Django's
    `request_started` (a RequestFactory in a test) gets its id here, for its duration."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        value = request_id_get()
        if value:
            response = self.get_response(request)
        else:
            value = request_id_from(request.headers.get(HEADER))
            token = request_id_bind(value)
            try:
                response = self.get_response(request)
            finally:
                request_id_reset(token)
        response[HEADER] = value
        return response


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def _answer(
    request: HttpRequest, *, status: int, code: str, message: str, template: str
) -> HttpResponse:
    if _is_api(request):
        return JsonResponse({"code": code, "message": message}, status=status)
    # Rendered without the request (no context processor may touch the database), so the
    # footer's languages are given here (baduxsite.context_processors.languages).
    html = render_to_string(template, {"message": message, "site_languages": settings.LANGUAGES})
    return HttpResponse(html, status=status)


class ChunkedBodyMiddleware:
    """411 Length Required for a chunked request body (no Content-Length)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        chunked = "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower()
        if chunked and not request.META.get("CONTENT_LENGTH"):
            return _answer(
                request,
                status=411,
                code="length_required",
                message=gettext(
                    "Send the request body with a Content-Length header: bodies sent in "
                    "chunks (Transfer-Encoding: chunked) are not accepted."
                ),
                template="411.html",
            )
        return self.get_response(request)


def database_unavailable(request: HttpRequest) -> HttpResponse:
    """503 with Retry-After: the database did not answer."""
    response = _answer(
        request,
        status=503,
        code="unavailable",
        message=gettext(
            "The site cannot reach its database just now. Nothing was lost; please try "
            "again in a few seconds."
        ),
        template="503.html",
    )
    response["Retry-After"] = str(settings.DATABASE_RETRY_AFTER)
    return response


class DatabaseUnavailableMiddleware:
    """503 instead of a 500 when a view meets a database connection failure."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, (OperationalError, InterfaceError)):
            return database_unavailable(request)
        return None


def server_error(request: HttpRequest) -> HttpResponse:
    """The site's 500 handler (settings.ROOT_URLCONF's handler500): a database connection
    failure met outside a view (in a middleware: the session, the player, presence) is still a
    503; anything else is Django's 500 page."""
    from django.views import defaults  # noqa: PLC0415  (only when it happens)

    error = sys.exc_info()[1]
    if isinstance(error, (OperationalError, InterfaceError)):
        return database_unavailable(request)
    return defaults.server_error(request)
