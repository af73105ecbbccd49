"""Pages and buttons of watch and follow: the games browser, watching a game, following a
player, spectators' comments (posting, hiding them while one plays, reporting one)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from accounts.selectors import user_find_by_username
from core.refusals import refusal_answer, refusal_form, refusal_kinds, refusal_of
from games.views.common import error_message, viewable_game
from games.watching import selectors, services
from games.watching.forms import (
    BrowseForm,
    KibitzForm,
    KibitzReportForm,
    browse_key_format,
    browse_key_parse,
)


def _board_at(game_id: int, anchor: str) -> HttpResponse:
    return redirect(f"{reverse('games:board', args=[game_id])}#{anchor}")


def games_browse(request: HttpRequest) -> HttpResponse:
    """Running and finished public games, filtered (board, running or finished, strength,
    rated, ladder or tournament, player), the most recently active first, 25 a page; the
    next page starts after the last game shown (`?after=`), never at an offset."""
    form = BrowseForm(request.GET or None)
    choice, status = selectors.BrowseFilter(), 200
    if form.is_bound and form.is_valid():
        data = form.cleaned_data
        player = None
        name = data["player"].strip()
        if name:
            player = user_find_by_username(username=name)
            if player is None:
                form.add_error(
                    "player", gettext("There is no player named '%(name)s'.") % {"name": name}
                )
        if not form.errors:
            choice = selectors.BrowseFilter(
                board=data["board"],
                state=data["state"],
                strength=data.get("strength", ""),
                rated=data["rated"],
                origin=data["origin"],
                player=player,
            )
    if form.errors:
        status = 400
    after = browse_key_parse(request.GET.get("after", "")) if not form.errors else None
    page = selectors.games_browse(choice=choice, after=after)
    next_url = ""
    if page.next_key is not None:
        query = {k: v for k, v in request.GET.items() if k != "after"}
        query["after"] = browse_key_format(page.next_key)
        next_url = f"{reverse('games:browse')}?{urlencode(query)}"
    first_url = ""
    if after is not None:
        query = {k: v for k, v in request.GET.items() if k != "after"}
        first_url = f"{reverse('games:browse')}?{urlencode(query)}"
    context = {"form": form, "page": page, "next_url": next_url, "first_url": first_url}
    return render(request, "games/watching/browse.html", context, status=status)


@login_required
@require_POST
def game_watch(request: HttpRequest, game_id: int) -> HttpResponse:
    """Start watching the game (`stop` in the form: stop watching it)."""
    try:
        if request.POST.get("stop"):
            services.watch_stop(game_id=game_id, user=request.user)
            messages.success(request, gettext("You no longer watch this game."))
        else:
            services.watch_start(game_id=game_id, user=request.user, now=timezone.now())
            messages.success(
                request,
                gettext("You watch this game: its moves come to you as notices."),
            )
    except refusal_kinds() as error:
        messages.error(request, error_message(error))
    return _board_at(game_id, "watch")


@login_required
@require_POST
def player_follow(request: HttpRequest, username: str) -> HttpResponse:
    """Follow the player (`stop` in the form: stop following them); back to their profile."""
    followed = user_find_by_username(username=username)
    if followed is None:
        raise Http404(gettext("There is no such player."))
    try:
        if request.POST.get("stop"):
            services.follow_stop(follower=request.user, followed=followed)
            messages.success(
                request, gettext("You no longer follow %(name)s.") % {"name": followed.username}
            )
        else:
            services.follow_start(follower=request.user, followed=followed, now=timezone.now())
            messages.success(
                request,
                gettext("You follow %(name)s: their new games and results show on your home page.")
                % {"name": followed.username},
            )
    except refusal_kinds() as error:
        messages.error(request, error_message(error))
    return redirect("profile_detail", username=followed.username)


@login_required
@require_POST
def kibitz_post(request: HttpRequest, game_id: int) -> HttpResponse:
    """A spectator adds a comment to the game."""
    form = KibitzForm(request.POST)
    if form.is_valid():
        try:
            services.kibitz_post(
                game_id=game_id,
                user=request.user,
                text=form.cleaned_data["text"],
                now=timezone.now(),
            )
        except refusal_kinds() as error:
            messages.error(request, error_message(error))
    else:
        messages.error(request, gettext("A comment is 1 to 500 characters."))
    return _board_at(game_id, "kibitz")


@login_required
@require_POST
def kibitz_hide(request: HttpRequest, game_id: int) -> HttpResponse:
    """A player hides (or, with `show`, shows again) spectators' comments in their running
    games; back to the game (NoSuchGame for a game the player may not see, as on every path
    of a game)."""
    viewable_game(request, game_id)
    hidden = not request.POST.get("show")
    services.kibitz_hidden_set(user=request.user, hidden=hidden, now=timezone.now())
    if hidden:
        messages.success(
            request, gettext("Spectators' comments are hidden in your games while they run.")
        )
    else:
        messages.success(request, gettext("Spectators' comments are shown in your games."))
    return _board_at(game_id, "kibitz")


@login_required
def kibitz_report(request: HttpRequest, kibitz_id: int) -> HttpResponse:
    """Report a spectator's comment to the moderators: the form (GET), then the report (POST),
    filed in the moderation queue (services.kibitz_report)."""
    kibitz = selectors.kibitz_get(kibitz_id=kibitz_id)
    if kibitz is None:
        raise Http404(gettext("No such comment."))
    back = f"{reverse('games:board', args=[kibitz.game_id])}#kibitz-{kibitz.pk}"
    form = KibitzReportForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                services.kibitz_report(
                    kibitz_id=kibitz.pk,
                    user=request.user,
                    reason=form.cleaned_data["reason"],
                    link=request.build_absolute_uri(back),
                    now=timezone.now(),
                )
            except refusal_kinds() as error:
                if refusal_of(error).status in (403, 404):
                    return refusal_answer(request, error, back=back)
                status = refusal_form(form, error)
            else:
                messages.success(request, gettext("Your report was sent to the moderators."))
                return redirect(back)
    context = {"kibitz": kibitz, "form": form, "back": back}
    return render(request, "games/watching/kibitz_report.html", context, status=status)
