"""What every router of the public API shares: bearer-token authentication with scopes, the
per-token throttle, the error body and the error responses each operation documents.

The apps' routers (`accounts.api`, `messaging.notifications.api`, `games.api`,
`ladder.ladders.api`) import this;
`baduxsite.api` assembles them into one versioned `NinjaAPI` and turns exceptions into error
bodies. Errors are always `{"code": "...", "message": "..."}`; the codes are stable."""

from __future__ import annotations

from typing import Annotated, Any

from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext
from ninja import Field, Path, Schema
from ninja.errors import HttpError
from ninja.pagination import PageNumberPagination
from ninja.security import HttpBearer
from ninja.throttling import AuthRateThrottle

from accounts.api.tokens import api_token_authenticate
from accounts.models import ApiToken, User
from core.refusals import sentence  # noqa: F401 - the routers import it from here

# Methods a read-scope token may use.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
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


class ErrorOut(Schema):
    """Every error response."""

    code: str = Field(..., description="Stable machine-readable code, e.g. `stale_move_number`.")
    message: str = Field(..., description="A sentence a player can read.")


# The errors every authenticated operation may answer with.
AUTH_ERRORS: dict[int, Any] = {401: ErrorOut, 429: ErrorOut}


def errors(*statuses: int) -> dict[int, Any]:
    """The documented error responses of an operation: 401 and 429 plus `statuses`."""
    return {**AUTH_ERRORS, **{status: ErrorOut for status in statuses}}


def body_errors(*statuses: int) -> dict[int, Any]:
    """`errors` of an operation that reads a JSON body: also 400 `bad_request` for a body that
    is not JSON and 413 `too_large` for one above DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB)."""
    return errors(400, 413, *statuses)


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
                403, "insufficient_scope", gettext("This token may only read; create a play token.")
            )
        # Selectors and services take the player; the session user is not used by the API.
        request.user = found.user
        return found


class TokenThrottle(AuthRateThrottle):
    """One bucket per token (its `str`, `api-token:<id>`); the rate is read from the setting
    API_THROTTLE_RATE ("120/m") at each request, so tests and deployments can change it.

    The bucket is an atomic counter in the cache (INCR in Redis), created by the token's first
    call of a window and expiring with it: N calls in any window that starts at a first call,
    exactly, however many arrive at once (ninja's own throttle reads a list, appends and writes
    it back, so simultaneous calls all passed). With the cache down, calls are not counted."""

    scope = "api-token"

    def __init__(self) -> None:
        super().__init__(settings.API_THROTTLE_RATE)

    def allow_request(self, request: HttpRequest) -> bool:
        most, seconds = self.parse_rate(settings.API_THROTTLE_RATE)
        self.duration = seconds
        key = self.get_cache_key(request)
        if key is None or most is None or seconds is None:
            return True
        count = self._count(f"{key}:{most}/{seconds}", seconds)
        return count is None or count <= most

    def _count(self, key: str, seconds: int) -> int | None:
        """This call's number in the window (None: the cache did not answer)."""
        try:
            return self.cache.incr(key)
        except ValueError:  # no window yet: this call opens one
            pass
        if self.cache.add(key, 1, timeout=seconds):
            return 1
        try:  # another call opened it meanwhile
            return self.cache.incr(key)
        except ValueError:  # ...and it has just expired
            return 1 if self.cache.add(key, 1, timeout=seconds) else None

    def wait(self) -> float | None:
        """Seconds until a refused token may call again, at most: its window is no longer."""
        return self.duration


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


class PageQuery(Schema):
    """`Pages`' two parameters for a list inside a bigger answer (a ladder's or a
    tournament's standings), optional: neither given, the whole list (as before they
    existed); either given, that page (`page_size` 20 unless given)."""

    page: int | None = Field(
        None, ge=1, le=100_000, description="The page (from 1); with neither, the whole list."
    )
    page_size: int | None = Field(None, ge=1, le=100, description="Lines a page (20 unless given).")

    def bounds(self) -> tuple[int, int] | None:
        """(first, last) indexes from 0 of the page asked for, or None for the whole list."""
        if self.page is None and self.page_size is None:
            return None
        size = self.page_size or 20
        start = ((self.page or 1) - 1) * size
        return start, start + size - 1
