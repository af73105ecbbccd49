"""Public API, messaging part: the player's on-site notifications."""

import datetime as dt

from django.http import HttpRequest
from ninja import Field, Router, Schema
from ninja.pagination import paginate

from accounts.api.auth import MAX_ID, Pages, api_user, body_errors, errors
from messaging.notifications import selectors, services

router = Router(tags=["notifications"])


class NotificationOut(Schema):
    id: int
    event: str = Field(..., description="The notification kind, e.g. `your_turn`.")
    text: str
    url: str = Field(..., description="Site path it links to, e.g. `/games/12/`.")
    created: dt.datetime
    read: bool


class MarkReadIn(Schema):
    """Which notifications to mark read: `ids`, or all unread ones when `ids` is left out."""

    ids: list[int] | None = Field(None, max_length=500)


class MarkedOut(Schema):
    marked: int = Field(..., description="How many unread notifications were marked read.")


@router.get(
    "/notifications",
    response={200: list[NotificationOut], **errors(422)},
    summary="My notifications",
)
@paginate(Pages)
def notifications(request: HttpRequest, unread: bool = False):
    """The player's notifications, newest first; `unread=true` lists only unread ones."""
    rows = selectors.notifications_list(user=api_user(request))
    return rows.filter(read=False) if unread else rows


@router.post(
    "/notifications/read",
    response={200: MarkedOut, **body_errors(403, 422)},
    summary="Mark notifications read",
)
def notifications_read(request: HttpRequest, body: MarkReadIn) -> MarkedOut:
    """Mark the player's notifications with `ids` read (ids of others' notifications are
    ignored), or all of them when `ids` is left out. Needs a play token."""
    ids = None if body.ids is None else [i for i in body.ids if 0 < i <= MAX_ID]
    return MarkedOut(marked=services.notifications_mark_read(user=api_user(request), ids=ids))
