"""Public API, accounts part: who the token belongs to, and players' profiles."""

import datetime as dt

from django.http import HttpRequest
from django.utils import timezone
from ninja import Field, Router, Schema

from accounts import selectors
from accounts.api.auth import api_user, errors

router = Router(tags=["players"])


class TokenOut(Schema):
    name: str
    scope: str


class MeOut(Schema):
    """The player the token belongs to."""

    id: int
    username: str
    display_name: str
    country: str
    time_zone: str
    is_bot: bool = Field(description="A bot account (staff set it): the site marks it as one.")
    token: TokenOut


class PlayerOut(Schema):
    """A player's public profile."""

    username: str
    display_name: str
    country: str
    country_name: str
    bio: str
    online: bool
    is_bot: bool = Field(description="A program, not a person.")
    joined: dt.datetime


@router.get("/me", response={200: MeOut, **errors()}, summary="The token's player")
def me(request: HttpRequest) -> MeOut:
    """The player the token belongs to, with the token's name and scope."""
    user = api_user(request)
    return MeOut(
        id=user.pk,
        username=user.username,
        display_name=user.display_name,
        country=user.country,
        time_zone=user.time_zone,
        is_bot=user.is_bot,
        token=TokenOut(name=request.auth.name, scope=request.auth.scope),
    )


@router.get(
    "/players/{username}", response={200: PlayerOut, **errors(404)}, summary="A player's profile"
)
def player_detail(request: HttpRequest, username: str) -> PlayerOut:
    """A player's public profile; 404 `not_found` when there is no active player of that
    name (case-insensitive)."""
    user = selectors.user_get_by_username(username=username)
    return PlayerOut(
        username=user.username,
        display_name=user.display_name,
        country=user.country,
        country_name=selectors.country_name(code=user.country),
        bio=user.bio,
        online=selectors.user_is_online(user=user, now=timezone.now()),
        is_bot=user.is_bot,
        joined=user.date_joined,
    )
