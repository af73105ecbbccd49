"""Public API, ladders part (read only): the ladders and their standings."""

from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext
from ninja import Field, Query, Router, Schema
from ninja.renderers import JSONRenderer
from pydantic_core import to_json

from accounts.api.auth import PageQuery, api_user, errors
from ladder.ladders import selectors
from ladder.ladders.models import Ladder, LadderEntry

router = Router(tags=["ladders"])
# Longest slug a ladder can have: a longer or odd one is simply not found.
SLUG_MAX_LENGTH = Ladder._meta.get_field("slug").max_length


class LadderOut(Schema):
    slug: str
    name: str
    description: str
    open: bool
    board_kind: str
    board_size: int
    players: int
    your_position: int | None
    url: str


class LadderStandingOut(Schema):
    """One row of a ladder: its own name, not the tournaments' `StandingOut` (two schemas of
    one name collapse into one in the OpenAPI document)."""

    position: int
    username: str
    rating: float | None
    rank: str | None
    running: int = Field(..., description="Running ladder challenges of this player.")
    last_result: str
    can_challenge: bool = Field(..., description="Whether you may challenge this player now.")
    reason: str | None = Field(..., description="Why not, when you are in the ladder.")


class StandingsOut(Schema):
    ladder: LadderOut
    standings: list[LadderStandingOut]
    count: int = Field(..., description="Players in the ladder (all pages).")


def _ladder_out(ladder: Ladder, mine: dict[int, int]) -> LadderOut:
    """`ladder` (annotated with its `size`) as listed, with your position (`mine`: {ladder id:
    position})."""
    return LadderOut(
        slug=ladder.slug,
        name=ladder.name,
        description=ladder.description,
        open=ladder.open,
        board_kind=ladder.board_kind,
        board_size=ladder.board_size,
        players=ladder.size,
        your_position=mine.get(ladder.pk),
        url=ladder.get_absolute_url(),
    )


def _ladders(user_id: int, **filters) -> list[tuple[Ladder, LadderOut]]:
    ladders = Ladder.objects.filter(**filters).annotate(
        size=Count("entries", filter=Q(entries__position__isnull=False))
    )
    mine = dict(
        LadderEntry.objects.filter(user_id=user_id, position__isnull=False).values_list(
            "ladder_id", "position"
        )
    )
    return [(ladder, _ladder_out(ladder, mine)) for ladder in ladders.order_by("name")]


def _standings_json(
    ladder: LadderOut, lines: list[selectors.TableLine], me_id: int
) -> HttpResponse:
    """StandingsOut's JSON built from plain values, its keys in the schema's order (a whole
    ladder of 5,000: building and dumping its rows as schema objects cost more than reading
    them; tests check the body against the schema)."""
    # `reason` is None both for "may challenge" and for every row when you are not in it.
    playing = ladder.your_position is not None
    body = {
        "ladder": ladder.model_dump(),
        "standings": [
            {
                "position": line.position,
                "username": line.username,
                "rating": line.rating,
                "rank": line.rank,
                "running": line.running,
                "last_result": line.last_result,
                "can_challenge": playing and line.reason is None and line.user_id != me_id,
                "reason": line.reason,
            }
            for line in lines
        ],
        "count": ladder.players,
    }
    # Written by pydantic-core (ninja's own dependency), not by the json module the API's
    # renderer uses: the body holds only strings, numbers, booleans and nulls, which both write
    # alike bar the spaces, and a whole ladder of 5,000 (890 KB) took 25 ms there against 4.7.
    renderer = JSONRenderer()  # for the media type (baduxsite.api sets no renderer of its own)
    return HttpResponse(
        to_json(body), content_type=f"{renderer.media_type}; charset={renderer.charset}"
    )


@router.get("/ladders", response={200: list[LadderOut], **errors()}, summary="The ladders")
def ladders(request: HttpRequest) -> list[LadderOut]:
    """Every ladder with its number of players and your position in it."""
    return [out for _, out in _ladders(api_user(request).pk)]


@router.get(
    "/ladders/{slug}",
    response={200: StandingsOut, **errors(404, 422)},
    summary="A ladder's standings",
)
def ladder_standings(request: HttpRequest, slug: str, pages: Query[PageQuery]) -> HttpResponse:
    """The ladder table, top first, with whether you may challenge each player: the whole
    table, or with `page` or `page_size` one page of it (`page_size` positions, 20 unless
    given, at most 100; a page past the end is empty), as the other lists page (`count`: the
    players in all)."""
    if len(slug) > SLUG_MAX_LENGTH or not slug.isascii() or not slug.isprintable():
        raise Http404(gettext("No such ladder."))
    me = api_user(request)
    found = _ladders(me.pk, slug=slug)
    if not found:
        raise Http404(gettext("No such ladder."))
    ladder, out = found[0]
    shown = pages.bounds()
    if shown is not None:
        shown = (shown[0] + 1, shown[1] + 1)  # positions count from 1
    lines = selectors.ladder_table_lines(
        ladder=ladder, user=me, now=timezone.now(), positions=shown
    )
    return _standings_json(out, lines, me.pk)
