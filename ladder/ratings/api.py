"""Public API, ratings part (read only): a player's ratings."""

from django.http import HttpRequest
from django.utils import timezone
from ninja import Field, Router, Schema

from accounts.api.auth import errors
from accounts.selectors import user_get_by_username
from ladder.ratings import selectors

router = Router(tags=["ladders"])


class RatingOut(Schema):
    family: str = Field(..., description="`square` (Go) or `hex` (Badux).")
    family_label: str
    rating: float
    deviation: float = Field(..., description="Widened to today for the idle time.")
    rank: str = Field(..., description="E.g. `5k`, `1d`.")
    provisional: bool
    games: int
    board_size: int | None


@router.get(
    "/players/{username}/ratings",
    response={200: list[RatingOut], **errors(404)},
    summary="A player's ratings",
)
def player_ratings(request: HttpRequest, username: str) -> list[RatingOut]:
    """The player's ratings, Go first; families never rated are left out."""
    user = user_get_by_username(username=username)
    return [
        RatingOut(
            family=view.family,
            family_label=str(view.family_label),
            rating=view.rating,
            deviation=view.deviation,
            rank=view.rank,
            provisional=view.provisional,
            games=view.games,
            board_size=view.board_size,
        )
        for view in selectors.ratings_of(user=user, now=timezone.now())
    ]
