"""Records: reviewing a game or an uploaded SGF, downloading the SGF, the history of finished
games."""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import get_conditional_response

from accounts.selectors import board_appearance_get, user_find_by_username
from rules.sgf import IllegalRecordMove, SgfError, game_from_record, parse_sgf

from .. import selectors
from ..etags import revalidate, sgf_etag
from ..forms import SgfUploadForm
from ..presenters import game_sgf, record_review_context, review_context
from .common import PAGE_SIZE
from .common import viewable_game as _viewable_game


def review(request: HttpRequest, game_id: int) -> HttpResponse:
    """Step through a game's moves (`?move=N`), links only, no JavaScript needed."""
    game = _viewable_game(request, game_id)
    context = review_context(
        game=game,
        move=request.GET.get("move"),
        appearance=board_appearance_get(user=request.user),
    )
    return render(request, "games/review.html", context)


def sgf_download(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game record as an SGF file."""
    game = _viewable_game(request, game_id)
    etag = sgf_etag(game=game)
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = HttpResponse(
            game_sgf(game=game), content_type="application/x-go-sgf; charset=utf-8"
        )
        response["Content-Disposition"] = f'attachment; filename="badux-{game.pk}.sgf"'
    return revalidate(response, etag)


UPLOAD_SESSION_KEY = "games_review_sgf"


def sgf_upload(request: HttpRequest) -> HttpResponse:
    """Upload an SGF record (Go or Badux) to review it; kept in the session, not stored."""
    record = None
    error = None
    if request.method == "POST":
        form = SgfUploadForm(request.POST, request.FILES)
        if form.is_valid():
            data = form.cleaned_data["sgf"].read()
            try:
                record = parse_sgf(data)
                game_from_record(record)
            except (SgfError, IllegalRecordMove) as exc:
                form.add_error("sgf", f"This file cannot be reviewed: {exc}")
            else:
                request.session[UPLOAD_SESSION_KEY] = data.decode("utf-8", "replace")
                return redirect("games:review_upload")
    else:
        form = SgfUploadForm()
        text = request.session.get(UPLOAD_SESSION_KEY)
        if text is not None:
            move_arg = request.GET.get("move")
            try:
                record = parse_sgf(text)
                context = record_review_context(
                    record=record,
                    move=move_arg,
                    appearance=board_appearance_get(user=request.user),
                )
            except (SgfError, IllegalRecordMove) as exc:
                error = str(exc)
            else:
                context["form"] = form
                return render(request, "games/review_upload.html", context)
    return render(request, "games/review_upload.html", {"form": form, "error": error})


def history(request: HttpRequest) -> HttpResponse:
    """Finished public games, newest first; `?player=name` shows one player's."""
    player = None
    name = request.GET.get("player", "").strip()
    if name:
        player = user_find_by_username(username=name)
        if player is None:
            messages.error(request, f"There is no player named '{name}'.")
    games = selectors.games_finished_public(user=player)
    page = Paginator(games, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "games/history.html", {"page": page, "player": player, "name": name})
