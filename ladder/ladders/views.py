"""Ladder pages: the ladders, one ladder's table with its Challenge buttons, joining, leaving
and challenging. Leaving and challenging ask first (core.confirmations).
"""

from __future__ import annotations

import math

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from accounts.models import User
from core.confirmations import confirmation_given, confirmation_page
from core.refusals import refusal_answer, refusal_kinds, refusal_message
from ladder.ladders import selectors
from ladder.ladders import services as ladder_services
from ladder.ladders.models import Ladder, LadderEntry, Withdrawal
from ladder.ratings import graphs
from ladder.ratings.models import Rating
from ladder.ratings.selectors import rating_view

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
        title=gettext("%(player)s's position in %(ladder)s")
        % {"player": user.username, "ladder": ladder.name},
        y_label=gettext("Position"),
        invert=True,
        integer=True,
        min_span=2,
    )


def ladder_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """The ladder table: position, player, rank, running challenges, last result, and for a
    player in the ladder a Challenge button or the reason there is none; their ladder games
    and their position history below."""
    ladder = get_object_or_404(Ladder.objects.select_related("group"), slug=slug)
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
    rows = selectors.ladder_table(ladder=ladder, user=user, now=now, positions=shown, me=me)
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
    except refusal_kinds() as error:
        # A group's ladder refuses outsiders as "forbidden" (403 page, with its reason).
        return refusal_answer(request, error, back=ladder.get_absolute_url())
    else:
        messages.success(
            request,
            gettext("You joined %(ladder_name)s at position %(position)s.")
            % {"ladder_name": ladder.name, "position": entry.position},
        )
    return redirect(ladder)


def _leaving(ladder: Ladder, user: User) -> list[str]:
    """What leaving `ladder` does, as its confirmation page says it."""
    count = selectors.ladder_games_running_count(ladder=ladder, user_id=user.pk)
    if not count:
        games = gettext("No ladder game of yours is running.")
    elif ladder.withdrawal == Withdrawal.LOSS:
        games = ngettext(
            "Your %(count)s running ladder game will be resigned: it counts as a loss.",
            "Your %(count)s running ladder games will be resigned: each counts as a loss.",
            count,
        ) % {"count": count}
    else:
        games = ngettext(
            "Your %(count)s running ladder challenge is closed without effect; its game goes "
            "on, outside the ladder.",
            "Your %(count)s running ladder challenges are closed without effect; their games "
            "go on, outside the ladder.",
            count,
        ) % {"count": count}
    come_back = gettext(
        "The players below you move up. If you come back, you join %(join_at)s, like any newcomer."
    ) % {"join_at": ladder.join_at_in_sentence}
    return [games, come_back]


@login_required
@require_POST
def ladder_leave(request: HttpRequest, slug: str) -> HttpResponse:
    """Leave the ladder, after asking (core.confirmations): the page names what happens to
    the running ladder games."""
    ladder = get_object_or_404(Ladder, slug=slug)
    if not confirmation_given(request):
        return confirmation_page(
            request,
            question=gettext("Leave %(ladder_name)s?") % {"ladder_name": ladder.name},
            consequences=_leaving(ladder, request.user),
            button=gettext("Yes, leave the ladder"),
            back=ladder.get_absolute_url(),
        )
    ladder_services.ladder_leave(ladder_id=ladder.pk, user=request.user, now=timezone.now())
    messages.success(request, gettext("You left %(ladder_name)s.") % {"ladder_name": ladder.name})
    return redirect(ladder)


def _challenge_confirm(request: HttpRequest, ladder: Ladder, user_id: int) -> HttpResponse:
    now = timezone.now()
    target = (
        LadderEntry.objects.select_related("user")
        .filter(ladder=ladder, user_id=user_id, position__isnull=False)
        .first()
        if 0 < user_id < 2**63
        else None
    )
    if target is None:
        messages.error(request, gettext("That player is not in this ladder."))
        return redirect(ladder)
    reason = selectors.refusal_reason(
        selectors.challenge_context(ladder=ladder, user=request.user, now=now), target
    )
    if reason is not None:
        messages.error(
            request,
            gettext("You cannot challenge %(name)s: %(reason)s.")
            % {"name": target.user.username, "reason": reason},
        )
        return redirect(ladder)
    rating = Rating.objects.filter(user=target.user, family=ladder.board_kind).first()
    context = {
        "ladder": ladder,
        "target": target,
        "defender": target.user,
        "rating": rating_view(rating, now) if rating else None,
    }
    return render(request, "ladder/challenge_confirm.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def ladder_challenge(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    """GET, or a POST without the confirmation field: the confirmation page, naming the
    opponent, the game's settings and that a ladder challenge cannot be declined or cancelled
    (or back to the ladder with the reason when the rules forbid it). The confirmed POST: the
    challenge; the game starts at once."""
    ladder = get_object_or_404(Ladder, slug=slug)
    if not confirmation_given(request):
        return _challenge_confirm(request, ladder, user_id)
    try:
        challenge = ladder_services.ladder_challenge(
            ladder_id=ladder.pk, challenger=request.user, defender_id=user_id, now=timezone.now()
        )
    except ValidationError as error:
        messages.error(request, refusal_message(error))
        return redirect(ladder)
    messages.success(
        request,
        gettext("Your game against %(defender_username)s has started.")
        % {"defender_username": challenge.defender.username},
    )
    return redirect(challenge.game)
