"""The game page and what a player does there: move, pass, resign, chat."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from accounts.moderation.forms import ReportForm
from accounts.selectors import board_appearance_get
from core.confirmations import confirmation_given
from core.http_cache.tags import tagged_page
from core.refusals import refusal_counted, refusal_form, refusal_kinds
from core.refusals import sentence as _sentence
from games import hooks
from games.errors import MoveRefused, rules_refusal
from games.forms import ChatForm, MoveForm, TurnForm
from games.learn.reasons import with_rule_link
from games.pages.board import board_context
from games.pages.tags import board_etag
from games.reviews.selectors import reviews_box
from games.selectors import chat as chat_selectors
from games.selectors import play as selectors
from games.services import chat as chat_services
from games.services import play
from games.views.adjournments import annul_offered
from games.views.board_words import board_words_section, move_preview_text, moved_text
from games.views.common import board_redirect as _turn_redirect
from games.views.common import error_message as _message
from games.views.common import viewable_game as _viewable_game
from games.views.conditional import conditional_section
from games.views.disputes import result_section as _result
from games.watching.forms import KibitzForm
from games.watching.selectors import board_watch_read
from messaging.unread import request_unread_counts
from rules import CoordinateError


def board(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game page: board, players, clocks, captures, move list, chat; for the player to
    move, clickable points (each a link to a confirmation, or board.js's confirm bar) and a
    coordinate field. `?confirm=D4` shows the confirmation for that point, the move said in
    words; `&move_number=N` (a typed move's preview) keeps the number of the page it was typed
    on, for the service's check that the game has not moved on.

    The page is made in two steps: `read` holds every row the page shows (the game and its
    players, the chat, the viewer's plan, notes and reviews, the competition, the board's look)
    and the minute; the rest of the context (board, clocks, words) is computed from those
    alone, without a query while the game runs. So the page's tag (games.pages.tags.board_etag)
    is taken from `read`, and a page kept for that tag is served without computing the rest. A
    finished game's page is always drawn (no tag): its result section reads the dispute, the
    corrections and the reports itself."""
    # With the game, whether it has chat and the viewer notes on it: most have neither.
    game = selectors.game_page_get(game_id=game_id, viewer=request.user)
    selectors.game_view_check(game=game, user=request.user)
    confirm = request.GET.get("confirm", "").strip()
    now = timezone.now()
    read = {
        "game": game,
        "now": now,
        "appearance": board_appearance_get(user=request.user),
        "chat_lines": list(chat_selectors.game_chat_lines(game=game)) if game.chat_any else [],
        # The ladder or tournament the game belongs to (templates/ladder/_game_link.html).
        "competition": hooks.game_competition_get(game_id=game.pk),
        # The reviews box ({% game_reviews %}): the viewer's notes and reviews change the page.
        "reviews_box": reviews_box(game=game, user=request.user, note_any=game.note_any),
        # Watchers and spectators' comments (games/watching/_board.html).
        "watching": board_watch_read(game=game, viewer=request.user),
        # Whether the page offers to annul an adjourned game (a query only while adjourned).
        "can_annul": annul_offered(game=game, user=request.user, now=now),
    }
    # "Plan answers" while the viewer waits for their opponent (one query then, else none).
    # None while adjourned: nobody moves, so there is nothing to answer.
    read["conditional"] = (
        conditional_section(
            game=game, user=request.user, coordinates=bool(read["appearance"].show_coordinates)
        )
        if game.adjourned is None
        else None
    )

    def draw() -> HttpResponse:
        return render(request, "games/board.html", _board_page_context(request, read, confirm))

    etag = board_etag(
        request=request, game=game, context=read, unread=request_unread_counts(request=request)
    )
    if etag is not None:
        return tagged_page(request, etag, draw)
    return draw()


def _board_page_context(request: HttpRequest, read: dict, confirm: str) -> dict:
    """The game page's whole context from the rows `board` read: no query while the game
    runs; a finished game's result section reads its dispute, corrections and reports."""
    game = read["game"]
    context = board_context(
        game=game,
        user=request.user,
        now=read["now"],
        appearance=read["appearance"],
        confirm=confirm,
    )
    context.update(read)
    if confirm and context["confirm_error"]:
        messages.error(request, context["confirm_error"])
    context["result"] = _result(request, game)
    context["chat_form"] = ChatForm()
    context["kibitz_form"] = KibitzForm(auto_id="kibitz_%s")  # beside the chat's "text"
    context["words"] = board_words_section(game=game, user=request.user)
    if context["confirm_point"] is not None:
        context["confirm_words"] = move_preview_text(game=game, point=context["confirm_point"])
    expected = request.GET.get("move_number", "")
    context["confirm_move_number"] = (
        int(expected) if expected.isdigit() and len(expected) < 8 else game.move_number
    )
    return context


@login_required
@require_POST
def move(request: HttpRequest, game_id: int) -> HttpResponse:
    """Play the stone the form names ('D4'), refusing a page older than the game. The game is
    read once, locked, by the service (it reads the coordinate with the game's topology).

    With `preview` (the game page's typed move without JavaScript) nothing is played: the
    answer is the confirmation page (`?confirm=D4&move_number=N`), which says the move in
    words, or why the rules refuse it, and whose button posts the move without `preview`."""
    form = MoveForm(request.POST)
    if not form.is_valid():
        # Missing and hidden games answer alike (NoSuchGame): no existence oracle.
        _viewable_game(request, game_id)
        messages.error(request, gettext("Give a coordinate such as D4."))
        return _turn_redirect(game_id)
    if request.POST.get("preview"):
        _viewable_game(request, game_id)
        query = urlencode(
            {"confirm": form.cleaned_data["point"], "move_number": form.cleaned_data["move_number"]}
        )
        return redirect(f"{reverse('games:board', args=[game_id])}?{query}#move-confirm")
    try:
        game = play.game_move(
            game_id=game_id,
            user=request.user,
            point=form.cleaned_data["point"],
            expected_move_number=form.cleaned_data["move_number"],
            now=timezone.now(),
        )
    except (CoordinateError, MoveRefused) as error:
        refusal_counted(error)
        # The refused move links to the Learn section of the rule it broke (suicide, ko...).
        text = gettext("%(reason)s Nothing was played.") % {
            "reason": _sentence(rules_refusal(error))
        }
        messages.error(request, with_rule_link(text, getattr(error, "code", None)))
    except refusal_kinds() as error:
        messages.error(request, _message(error))
    else:
        # Said again by board_cursor.js in the page's status line ("board-moved").
        point = form.cleaned_data["point"]
        messages.success(request, moved_text(game=game, point=point), "board-moved")
    return _turn_redirect(game_id)


def _confirm_turn(request: HttpRequest, game_id: int, action: str) -> HttpResponse:
    game = selectors.game_get(game_id=game_id)
    selectors.game_player_check(game=game, user=request.user)
    if confirmation_given(request):  # else (GET, or a POST without it) ask first
        form = TurnForm(request.POST)
        if form.is_valid():
            act = play.game_pass if action == "pass" else play.game_resign
            try:
                act(
                    game_id=game.pk,
                    user=request.user,
                    expected_move_number=form.cleaned_data["move_number"],
                    now=timezone.now(),
                )
            except refusal_kinds() as error:
                messages.error(request, _message(error))
            else:
                messages.success(
                    request,
                    gettext("You passed.") if action == "pass" else gettext("You resigned."),
                )
        return _turn_redirect(game_id)
    return render(
        request,
        "games/confirm_turn.html",
        {
            "game": game,
            "action": action,
            "form": TurnForm(initial={"move_number": game.move_number}),
        },
    )


@login_required
def pass_turn(request: HttpRequest, game_id: int) -> HttpResponse:
    """GET (or a POST without the confirmation field): ask 'Pass?'; the confirmed POST: pass."""
    return _confirm_turn(request, game_id, "pass")


@login_required
def resign(request: HttpRequest, game_id: int) -> HttpResponse:
    """GET (or a POST without the confirmation field): ask 'Resign?'; the confirmed POST:
    resign."""
    return _confirm_turn(request, game_id, "resign")


@login_required
@require_POST
def chat(request: HttpRequest, game_id: int) -> HttpResponse:
    """A player adds a chat line."""
    form = ChatForm(request.POST)
    if form.is_valid():
        try:
            chat_services.game_chat_post(
                game_id=game_id,
                user=request.user,
                text=form.cleaned_data["text"],
                now=timezone.now(),
            )
        except refusal_kinds() as error:
            messages.error(request, _message(error))
    else:
        messages.error(request, gettext("A chat line is 1 to 1000 characters."))
    return redirect(f"{redirect('games:board', game_id=game_id).url}#chat")


@login_required
def chat_report(request: HttpRequest, game_id: int, line_id: int) -> HttpResponse:
    """Report a chat line to the moderators: the form (GET), then the report (POST, with a copy
    of the line: chat_services.game_chat_report)."""
    line = chat_selectors.chat_line_get(game_id=game_id, line_id=line_id, user=request.user)
    back = f"{reverse('games:board', args=[game_id])}#chat"
    form = ReportForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                chat_services.game_chat_report(
                    line_id=line.pk,
                    reporter=request.user,
                    reason=form.cleaned_data["reason"],
                    url=request.build_absolute_uri(back),
                    now=timezone.now(),
                )
            except refusal_kinds() as error:
                status = refusal_form(form, error)
            else:
                messages.success(request, gettext("Your report was sent to the moderators."))
                return redirect(back)
    context = {"line": line, "form": form, "back": back}
    return render(request, "games/chat_report.html", context, status=status)
