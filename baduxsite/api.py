"""The public JSON API, version 1, mounted at `/api/v1/` (baduxsite/urls.py).

Each app owns its router (`accounts.api`, `messaging.api`, `games.api`, `ladder.api`); this
module assembles them, puts every operation behind bearer-token authentication
(`accounts.api_auth.TokenAuth`) and the per-token throttle, and turns every refusal into
`{"code": "...", "message": "..."}` with a stable code. The schema is served at
`/api/v1/openapi.json` and the docs (Swagger UI from django-ninja's bundled files: no CDN, no
inline script) at `/api/v1/docs`. The committed copy of the schema, `docs/api/openapi.json`,
is the contract: `manage.py api_schema` rewrites it, and a test fails while they differ.
"""

from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist, PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from ninja import NinjaAPI, Swagger
from ninja.errors import AuthenticationError, AuthorizationError, HttpError, Throttled
from ninja.errors import ValidationError as SchemaError

from accounts import api as accounts_api
from accounts.api_auth import ApiError, TokenAuth, TokenThrottle, sentence
from accounts.limits import RateLimited
from accounts.selectors import ContactRefused
from games import api as games_api
from games.errors import GameActionError, NotAPlayer, StalePage
from games.game_settings import InvalidSetting
from ladder import api as ladder_api
from ladder import api_tournaments
from messaging import api as messaging_api

DESCRIPTION = """\
The [Badux](/) API for clients and bots. Authenticate with a personal access token (create
one on [your preferences page](/settings/preferences/#api-tokens)):
`Authorization: Bearer bdx_...`. A `read` token may only GET; a `play`
token may also POST (moves, challenges, notifications read). Every token is throttled.

Errors are JSON `{"code": "...", "message": "..."}`; the codes are stable. Points are the
coordinate labels of the board (`D4`).
"""

api = NinjaAPI(
    title="Badux API",
    version="1",
    description=DESCRIPTION,
    urls_namespace="api-v1",
    auth=TokenAuth(),
    throttle=[TokenThrottle()],
    docs=Swagger(settings={"persistAuthorization": False}),
    docs_url="/docs",
    openapi_url="/openapi.json",
)
api.add_router("", accounts_api.router)
api.add_router("", messaging_api.router)
api.add_router("", games_api.router)
api.add_router("", games_api.challenge_router)
api.add_router("", ladder_api.router)
api.add_router("", api_tournaments.router)


def _error(request: HttpRequest, status: int, code: str, message: str) -> HttpResponse:
    return api.create_response(request, {"code": code, "message": message}, status=status)


def _first_message(error: ValidationError) -> str:
    return " ".join(error.messages) or "That was not understood."


@api.exception_handler(HttpError)
def _http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    if isinstance(exc, ApiError):
        return _error(request, exc.status_code, exc.code, str(exc))
    if isinstance(exc, AuthenticationError):
        response = _error(
            request, 401, "unauthorized", "Send a live token: Authorization: Bearer <token>."
        )
        response["WWW-Authenticate"] = "Bearer"
        return response
    if isinstance(exc, AuthorizationError):
        return _error(request, 403, "forbidden", str(exc))
    if isinstance(exc, Throttled):
        return _error(request, 429, "throttled", "Too many requests with this token; slow down.")
    # ninja's own refusals, e.g. a body that is not JSON.
    code = "bad_request" if exc.status_code == 400 else "error"
    return _error(request, exc.status_code, code, str(exc))


@api.exception_handler(SchemaError)
def _schema_error(request: HttpRequest, exc: SchemaError) -> HttpResponse:
    first = exc.errors[0] if exc.errors else {}
    where = ".".join(str(part) for part in first.get("loc", ()))
    message = f"{where}: {first.get('msg', 'invalid')}" if where else "The request is invalid."
    return _error(request, 422, "invalid_request", message)


@api.exception_handler(Http404)
def _not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return _error(request, 404, "not_found", str(exc) or "Not found.")


@api.exception_handler(ObjectDoesNotExist)
def _gone(request: HttpRequest, exc: ObjectDoesNotExist) -> HttpResponse:
    return _error(request, 404, "not_found", "Not found.")


@api.exception_handler(PermissionDenied)
def _forbidden(request: HttpRequest, exc: PermissionDenied) -> HttpResponse:
    if isinstance(exc, NotAPlayer):
        code = "not_a_player"
    elif isinstance(exc, ContactRefused):
        code = "contact_refused"
    else:
        code = "forbidden"
    return _error(request, 403, code, str(exc) or "You may not do that.")


@api.exception_handler(GameActionError)
def _refused(request: HttpRequest, exc: GameActionError) -> HttpResponse:
    code = "stale_move_number" if isinstance(exc, StalePage) else exc.code
    return _error(request, 409, code, sentence(str(exc)))


@api.exception_handler(ValidationError)
def _invalid(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    if isinstance(exc, RateLimited):
        return _error(request, 429, "rate_limited", _first_message(exc))
    if isinstance(exc, InvalidSetting):
        return _error(request, 400, "invalid_setting", f"{exc.setting}: {_first_message(exc)}")
    code = getattr(exc, "code", None) or "invalid"
    return _error(request, 400, code, _first_message(exc))
