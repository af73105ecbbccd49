"""Ladder and rating pages: the ladders, one ladder's table with its Challenge buttons, joining,
leaving and challenging, a player's rating history graph and the search by rating."""

from __future__ import annotations

import math

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from accounts.models import User
from accounts.selectors import user_get_by_username

from . import glicko2, graphs, ranks, selectors
from .forms import DeclareForm, RatingSearchForm
from .models import Family, Ladder, LadderEntry
from .services import ladders as ladder_services
from .services.ratings import rating_declare

TABLE_PAGE = 100


def ladder_list(request: HttpRequest) -> HttpResponse:
    """Every ladder, with the visitor's position in each."""
    ladders = list(
        Ladder.objects.annotate(
            size=Count("entries", filter=Q(entries__position__isnull=False))
        ).order_by("name")
    )
    mine = {}
    if request.user.is_authenticated:
        mine = dict(
            LadderEntry.objects.filter(user=request.user, position__isnull=False).values_list(
                "ladder_id", "position"
            )
        )
    for ladder in ladders:
        ladder.my_position = mine.get(ladder.pk)
    return render(request, "ladder/list.html", {"ladders": ladders})


def _position_chart(ladder: Ladder, user: User):
    history = selectors.position_history(ladder=ladder, user=user)
    points = [
        graphs.Point(c.created, c.position, label=f"{c.position}: {c.reason}")
        for c in history
        if c.position is not None
    ]
    return graphs.line_chart(
        points=points,
        title=f"{user.username}'s position in {ladder.name}",
        y_label="Position",
        invert=True,
        integer=True,
        min_span=2,
    )


def ladder_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """The ladder table: position, player, rank, running challenges, last result, and for a
    player in the ladder a Challenge button or the reason there is none; their ladder games
    and their position history below."""
    ladder = get_object_or_404(Ladder, slug=slug)
    now = timezone.now()
    user = request.user if request.user.is_authenticated else None
    me = None
    if user is not None:
        me = LadderEntry.objects.filter(ladder=ladder, user=user, position__isnull=False).first()
    size = LadderEntry.objects.filter(ladder=ladder, position__isnull=False).count()
    # Pages of TABLE_PAGE positions; a player first sees the page with their own position.
    paginator = Paginator(range(1, size + 1), TABLE_PAGE)
    asked = request.GET.get("page") or (math.ceil(me.position / TABLE_PAGE) if me else 1)
    page = paginator.get_page(asked)
    shown = (page.object_list[0], page.object_list[-1]) if size else (1, 0)
    rows = selectors.ladder_table(ladder=ladder, user=user, now=now, positions=shown)
    context = {
        "ladder": ladder,
        "rows": rows,
        "page": page,
        "me": me,
        "games": selectors.ladder_games(ladder=ladder, user=user) if user else [],
        "chart": _position_chart(ladder, user) if me else "",
    }
    return render(request, "ladder/detail.html", context)


@login_required
@require_POST
def ladder_join(request: HttpRequest, slug: str) -> HttpResponse:
    ladder = get_object_or_404(Ladder, slug=slug)
    try:
        entry = ladder_services.ladder_join(
            ladder_id=ladder.pk, user=request.user, now=timezone.now()
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, f"You joined {ladder.name} at position {entry.position}.")
    return redirect(ladder)


@login_required
@require_POST
def ladder_leave(request: HttpRequest, slug: str) -> HttpResponse:
    ladder = get_object_or_404(Ladder, slug=slug)
    ladder_services.ladder_leave(ladder_id=ladder.pk, user=request.user, now=timezone.now())
    messages.success(request, f"You left {ladder.name}.")
    return redirect(ladder)


@login_required
@require_POST
def ladder_challenge(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    ladder = get_object_or_404(Ladder, slug=slug)
    try:
        challenge = ladder_services.ladder_challenge(
            ladder_id=ladder.pk, challenger=request.user, defender_id=user_id, now=timezone.now()
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect(ladder)
    messages.success(request, f"Your game against {challenge.defender.username} has started.")
    return redirect(challenge.game)


def rating_history(request: HttpRequest, username: str, family: str) -> HttpResponse:
    """A player's rating in one family, game by game, as an SVG graph (provisional part
    dashed) and a table."""
    if family not in Family.values:
        raise Http404("No such game family.")
    player = user_get_by_username(username=username)
    history = selectors.rating_history(user=player, family=family)
    viewer = request.user

    def game_name(change) -> str:  # a private game is named only to its players
        shown = change.game.public or change.game.colour_of(viewer) is not None
        return f"game {change.game_id}" if shown else "a private game"

    points = [
        graphs.Point(
            c.created,
            round(c.rating_after),
            glicko2.is_provisional(c.deviation_after),
            f"{c.rating_after:.0f} ± {c.deviation_after:.0f} after {game_name(c)}",
        )
        for c in history
    ]
    if history:  # where the first game started from
        first = history[0]
        start = (
            f"{first.rating_before:.0f} ± {first.deviation_before:.0f} before {game_name(first)}"
        )
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
        title=f"{player.username}'s {label} rating",
        y_label="Rating",
        min_span=100,
    )
    rows = [
        {
            "change": c,
            "rank": ranks.rank_name(c.rating_after),
            "delta": c.rating_after - c.rating_before,
            "shown": c.game.public or c.game.colour_of(viewer) is not None,
        }
        for c in reversed(history)
    ]
    return render(
        request,
        "ladder/rating_history.html",
        {"player": player, "family_label": label, "chart": chart, "rows": rows},
    )


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
    form = DeclareForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            row = rating_declare(user=request.user, **form.cleaned_data)
        except ValueError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                f"Your {row.get_family_display()} rating starts at {row.rating:.0f} "
                f"({row.declared_rank}).",
            )
            return redirect("profile_detail", username=request.user.username)
    return render(request, "ladder/declare.html", {"form": form})
