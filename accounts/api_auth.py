"""What every router of the public API shares: bearer-token authentication with scopes, the
per-token throttle, the error body and the error responses each operation documents.

The apps' routers (`accounts.api`, `messaging.api`, `games.api`, `ladder.api`) import this;
`baduxsite.api` assembles them into one versioned `NinjaAPI` and turns exceptions into error
bodies. Errors are always `{"code": "...", "message": "..."}`; the codes are stable.
"""

from __future__ import annotations

from typing import Annotated, Any

from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone
from ninja import Field, Path, Schema
from ninja.errors import HttpError
from ninja.pagination import PageNumberPagination
from ninja.security import HttpBearer
from ninja.throttling import AuthRateThrottle

from .api_tokens import api_token_authenticate
from .models import ApiToken, User

# Methods a read-scope token may use.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_RATE = "120/m"
# Ids in paths and bodies: the largest a BigAutoField holds, so no lookup overflows.
MAX_ID = 2**63 - 1
# Longest text a body field may carry (names, messages); the services check their own limits.
MAX_TEXT = 2000

Id = Annotated[int, Path(ge=1, le=MAX_ID)]


class ApiError(HttpError):
    """A refusal with a stable `code`, turned into `{"code", "message"}` with `status_code`."""

    def __init__(self, status_code: int, code: str, message: str) -> None:
        super().__init__(status_code, message)
        self.code = code


def sentence(text: str) -> str:
    """A refusal as a sentence: the rules' reasons are phrases ('that point is already
    occupied'), the API's messages start with a capital and end with a full stop."""
    text = text.strip()
    if not text:
        return "Refused."
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."


class ErrorOut(Schema):
    """Every error response."""

    code: str = Field(..., description="Stable machine-readable code, e.g. `stale_move_number`.")
    message: str = Field(..., description="A sentence a player can read.")


# The errors every authenticated operation may answer with.
AUTH_ERRORS: dict[int, Any] = {401: ErrorOut, 429: ErrorOut}


def errors(*statuses: int) -> dict[int, Any]:
    """The documented error responses of an operation: 401 and 429 plus `statuses`."""
    return {**AUTH_ERRORS, **{status: ErrorOut for status in statuses}}


class TokenAuth(HttpBearer):
    """`Authorization: Bearer bdx_...`: a live personal access token. A read-scope token may
    only read (GET); anything else with it is refused with 403 `insufficient_scope`."""

    def authenticate(self, request: HttpRequest, token: str) -> ApiToken | None:
        if len(token) > 200:
            return None
        found = api_token_authenticate(raw=token, now=timezone.now())
        if found is None:
            return None
        if request.method not in SAFE_METHODS and not found.can_play:
            raise ApiError(
                403, "insufficient_scope", "This token may only read; create a play token."
            )
        # Selectors and services take the player; the session user is not used by the API.
        request.user = found.user
        return found


class TokenThrottle(AuthRateThrottle):
    """One bucket per token (its `str`, `api-token:<id>`); the rate is read from the setting
    API_THROTTLE_RATE ("120/m") at each request, so tests and deployments can change it."""

    scope = "api-token"

    def __init__(self) -> None:
        super().__init__(getattr(settings, "API_THROTTLE_RATE", DEFAULT_RATE))

    def allow_request(self, request: HttpRequest) -> bool:
        self.rate = getattr(settings, "API_THROTTLE_RATE", DEFAULT_RATE)
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request)


def api_user(request: HttpRequest) -> User:
    """The player whose token authenticated `request`."""
    return request.auth.user


class Pages(PageNumberPagination):
    """`?page=N&page_size=M` (M at most 100): `{"items": [...], "count": total}`. Both are
    bounded, so no page number overflows a query."""

    class Input(Schema):
        page: int = Field(1, ge=1, le=100_000)
        page_size: int | None = Field(None, ge=1, le=100)

    def __init__(self, page_size: int = 20, **kwargs: Any) -> None:
        super().__init__(page_size=page_size, max_page_size=100, **kwargs)
