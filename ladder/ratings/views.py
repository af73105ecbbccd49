"""Rating pages: a player's rating history, the search by rating and the declared rank."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext

from accounts.selectors import user_get_by_username
from core.refusals import refusal_form
from ladder.ratings import glicko2, graphs, ranks, selectors
from ladder.ratings.forms import DeclareForm, RatingSearchForm
from ladder.ratings.models import Family
from ladder.ratings.services import RatingEarned, rating_declare

# The rating page of a player of thousands of rated games: the table shows the latest games,
# the graph at most this many points spread over all of them (bench/pages_at_scale.py: 10,000
# rows and points took seconds to draw).
TABLE_ROWS = 100
GRAPH_POINTS = 400


def rating_history(request: HttpRequest, username: str, family: str) -> HttpResponse:
    """A player's rating in one family, game by game, as an SVG graph (provisional part
    dashed; at most GRAPH_POINTS games, evenly spread, the latest always) and a table of
    the latest TABLE_ROWS games."""
    if family not in Family.values:
        raise Http404(gettext("No such game family."))
    player = user_get_by_username(username=username)
    graph = selectors.rating_points(user=player, family=family, most=GRAPH_POINTS)
    drawn = graph.drawn
    named = [point.game_id for point in [graph.first, *drawn] if point is not None]
    shown = selectors.rating_games_shown(game_ids=named, viewer=request.user)

    # The words of the points' labels, translated once for the page's 401 points.
    named, private = gettext("game %(id)s"), gettext("a private game")
    before_game = gettext("%(rating)s ± %(deviation)s before %(game)s")
    after_game = gettext("%(rating)s ± %(deviation)s after %(game)s")

    def game_name(point) -> str:  # a private game is named only to its players
        return named % {"id": point.game_id} if point.game_id in shown else private

    def value(rating: float, deviation: float, game: str, *, before: bool = False) -> str:
        words = {"rating": f"{rating:.0f}", "deviation": f"{deviation:.0f}", "game": game}
        return (before_game if before else after_game) % words

    points = [
        graphs.Point(
            c.created,
            round(c.rating_after),
            glicko2.is_provisional(c.deviation_after),
            value(c.rating_after, c.deviation_after, game_name(c)),
        )
        for c in drawn
    ]
    if graph.first is not None:  # where the first game started from
        first = graph.first
        start = value(first.rating_before, first.deviation_before, game_name(first), before=True)
        points.insert(
            0,
            graphs.Point(
                first.created,
                round(first.rating_before),
                glicko2.is_provisional(first.deviation_before),
                start,
            ),
        )
    label = Family(family).label
    chart = graphs.line_chart(
        points=points,
        title=gettext("%(player)s's %(family)s rating")
        % {"player": player.username, "family": label},
        y_label=gettext("Rating"),
        min_span=100,
    )
    rows = [
        {
            "change": c,
            "rank": ranks.rank_name(c.rating_after),
            "delta": c.rating_after - c.rating_before,
            "shown": c.game.public or c.game.colour_of(request.user) is not None,
        }
        for c in reversed(selectors.rating_history(user=player, family=family, latest=TABLE_ROWS))
    ]
    context = {"player": player, "family_label": label, "chart": chart, "rows": rows}
    context["total"] = graph.total
    return render(request, "ladder/rating_history.html", context)


def rating_search(request: HttpRequest) -> HttpResponse:
    """Players rated in a family between two ratings, best first."""
    form = RatingSearchForm(request.GET or {"family": Family.GO})
    found = None
    if form.is_valid():
        data = form.cleaned_data
        now = timezone.now()
        found = [
            (row.user, selectors.rating_view(row, now))
            for row in selectors.players_by_rating(
                family=data["family"], low=data["low"], high=data["high"]
            )
        ]
    return render(request, "ladder/rating_search.html", {"form": form, "found": found})


@login_required
def rating_declare_view(request: HttpRequest) -> HttpResponse:
    """Declare your strength before your first rated game in a family: it sets where your
    rating starts (the middle of that rank)."""
    family = request.GET.get("family", "")
    initial = {}
    if family in Family.values:  # the rank declared before, if any, to change it
        declared = selectors.rating_declared(user=request.user, family=family)
        initial = {"family": family, "rank": declared}
    form = DeclareForm(request.POST or None, initial=initial)
    # Back to the page that offered it (a ladder, a tournament, the home page), if on this site.
    back = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = ""
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            row = rating_declare(user=request.user, **form.cleaned_data)
        except RatingEarned as error:
            status = refusal_form(form, error)
        else:
            messages.success(
                request,
                gettext("Your %(family)s rating starts at %(rating)s (%(rank)s).")
                % {
                    "family": row.get_family_display(),
                    "rating": f"{row.rating:.0f}",
                    "rank": row.declared_rank,
                },
            )
            if back:
                return redirect(back)
            return redirect("profile_detail", username=request.user.username)
    return render(request, "ladder/declare.html", {"form": form, "next": back}, status=status)
