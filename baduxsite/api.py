"""The public JSON API, version 1, mounted at `/api/v1/` (baduxsite/urls.py).

Each app owns its router (`accounts.api`, `messaging.notifications.api`, `games.api`,
`ladder.ladders.api`); this
module assembles them, puts every operation behind bearer-token authentication
(`accounts.api.auth.TokenAuth`) and the per-token throttle, and turns every refusal into
`{"code": "...", "message": "..."}` with a stable code. The schema is served at
`/api/v1/openapi.json` and the docs (Swagger UI from django-ninja's bundled files: no CDN, no
inline script) at `/api/v1/docs`. The committed copy of the schema, `docs/api/openapi.json`,
is the contract: `manage.py api_schema` rewrites it, and a test fails while they differ.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext
from ninja import NinjaAPI, Swagger
from ninja.errors import AuthenticationError, AuthorizationError, HttpError, Throttled
from ninja.errors import ValidationError as SchemaError

from accounts.api import players as accounts_api
from accounts.api.auth import ApiError, TokenAuth, TokenThrottle
from core.refusals import refusal_kinds, refusal_of
from games.api import challenges as challenges_api
from games.api import conditional as conditional_api
from games.api import play as games_api
from ladder.groups import api as groups_api
from ladder.ladders import api as ladders_api
from ladder.ratings import api as ratings_api
from ladder.tournaments import api as tournaments_api
from messaging.notifications import api as notifications_api

DESCRIPTION = """\
The [Badux](/) API for clients and bots. Authenticate with a personal access token (create
one on [your preferences page](/settings/preferences/#api-tokens)):
`Authorization: Bearer bdx_...`. A `read` token may only GET; a `play`
token may also POST (moves, challenges, notifications read). Every token is throttled.

Errors are JSON `{"code": "...", "message": "..."}`; the codes are stable. Points are the
coordinate labels of the board (`D4`).
"""


class BaduxAPI(NinjaAPI):
    """The API with operation ids that name the app, not the module, so code can move between
    feature folders without changing the published contract (docs/api/openapi.json)."""

    # The tournaments' ids were published from their own module `ladder.api_tournaments`.
    OPERATION_PREFIXES = {"ladder.tournaments.api": "ladder_api_tournaments"}

    def get_openapi_operation_id(self, operation) -> str:
        module = operation.view_func.__module__
        prefix = self.OPERATION_PREFIXES.get(module, module.split(".")[0] + "_api")
        return f"{prefix}_{operation.view_func.__name__}"


api = BaduxAPI(
    title="Badux API",
    version="1",
    description=DESCRIPTION,
    urls_namespace="api-v1",
    auth=TokenAuth(),
    throttle=[TokenThrottle()],
    # No deep links: Swagger UI puts them inside each operation's button (a link nested in a
    # button, which screen readers and axe refuse).
    docs=Swagger(settings={"persistAuthorization": False, "deepLinking": False}),
    docs_url="/docs",
    openapi_url="/openapi.json",
)
api.add_router("", accounts_api.router)
api.add_router("", notifications_api.router)
api.add_router("", games_api.router)
api.add_router("", conditional_api.router)
api.add_router("", challenges_api.router)
api.add_router("", ratings_api.router)
api.add_router("", ladders_api.router)
api.add_router("", tournaments_api.router)
api.add_router("", groups_api.router)


def _error(request: HttpRequest, status: int, code: str, message: str) -> HttpResponse:
    return api.create_response(request, {"code": code, "message": message}, status=status)


@api.exception_handler(HttpError)
def _http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    if isinstance(exc, ApiError):
        return _error(request, exc.status_code, exc.code, str(exc))
    if isinstance(exc, AuthenticationError):
        response = _error(
            request,
            401,
            "unauthorized",
            gettext("Send a live token: Authorization: Bearer <token>."),
        )
        response["WWW-Authenticate"] = "Bearer"
        return response
    if isinstance(exc, AuthorizationError):
        return _error(request, 403, "forbidden", str(exc))
    if isinstance(exc, Throttled):
        return _error(
            request, 429, "throttled", gettext("Too many requests with this token; slow down.")
        )
    # ninja's own refusals, e.g. a body that is not JSON.
    code = "bad_request" if exc.status_code == 400 else "error"
    return _error(request, exc.status_code, code, str(exc))


@api.exception_handler(SchemaError)
def _schema_error(request: HttpRequest, exc: SchemaError) -> HttpResponse:
    first = exc.errors[0] if exc.errors else {}
    where = ".".join(str(part) for part in first.get("loc", ()))
    message = (
        f"{where}: {first.get('msg', 'invalid')}" if where else gettext("The request is invalid.")
    )
    return _error(request, 422, "invalid_request", message)


@api.exception_handler(RequestDataTooBig)
def _too_large(request: HttpRequest, exc: RequestDataTooBig) -> HttpResponse:
    """A body above DATA_UPLOAD_MAX_MEMORY_SIZE: JSON like every answer (Django's own is an
    HTML 400 page)."""
    most = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    message = gettext("The body is larger than %(most)s bytes, the most allowed.") % {"most": most}
    return _error(request, 413, "too_large", message)


def _refused(request: HttpRequest, exc: Exception) -> HttpResponse:
    """Every refusal the services raise, answered as the one mapping says (core.refusals):
    the same code, status and message a page shows."""
    refusal = refusal_of(exc)
    if refusal is None:  # not a refusal: a bug, which stays a 500
        raise exc
    return _error(request, refusal.status, refusal.code, refusal.message)


for _kind in refusal_kinds():
    api.add_exception_handler(_kind, _refused)
