"""Disputes of a finished game's result: the result section's data, disputing the count, the
marking phase and reports to the staff (services: games/services/disputes.py, corrections.py)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from accounts.selectors import board_appearance_get
from core.refusals import refusal_form, refusal_kinds
from core.refusals import sentence as _sentence
from games.counting import dispute_window
from games.errors import GameActionError, rules_refusal
from games.forms import MarkingForm, ReportForm, ToggleForm
from games.models import DisputeStatus, Game
from games.pages.disputes import marking_context, toggled_text
from games.pages.result import result_context
from games.selectors import play as selectors
from games.services import corrections, disputes
from games.views.common import board_redirect as _turn_redirect
from games.views.common import error_message as _message
from games.views.common import player_game as _player_game
from games.views.common import viewable_game as _viewable_game
from rules import CoordinateError


def result_section(request: HttpRequest, game: Game) -> dict | None:
    """The result section of a finished game (three queries), None while it runs."""
    if not game.is_over:
        return None
    return result_context(
        game=game,
        user=request.user,
        now=timezone.now(),
        dispute=selectors.game_score_dispute(game=game),
        corrections=selectors.game_result_corrections(game=game),
        reported=selectors.game_is_reported(game=game),
    )


@login_required
def dispute(request: HttpRequest, game_id: int) -> HttpResponse:
    """GET: the rule and a button; POST: open the marking phase (players only)."""
    game = _player_game(
        request,
        game_id,
        refusal=gettext("Only the players of this game can dispute its count."),
    )
    if request.method == "POST":
        try:
            disputes.dispute_open(game_id=game.pk, user=request.user, now=timezone.now())
        except GameActionError as error:
            messages.error(request, _message(error))
            return _turn_redirect(game.pk)
        messages.success(
            request, gettext("The marking phase is open: mark the dead stones together.")
        )
        return redirect("games:marking", game_id=game.pk)
    if selectors.game_score_dispute(game=game) is not None:
        return redirect("games:marking", game_id=game.pk)
    result = result_section(request, game)
    if result is None or not result["can_dispute"]:
        try:
            disputes.dispute_check(game=game, now=timezone.now())
        except GameActionError as error:
            messages.error(request, _message(error))
        else:
            messages.error(request, gettext("The site staff have set this result; it is final."))
        return _turn_redirect(game.pk)
    return render(
        request,
        "games/disputes/open.html",
        {"game": game, "window": dispute_window(), "result": result},
    )


def marking(request: HttpRequest, game_id: int) -> HttpResponse:
    """The marking phase of a disputed count: the board with the marked dead stones, the count
    they give and who accepts it; players click a stone (or type it) to toggle its chain.
    `?toggle=D4` is the no-JavaScript confirmation of a click; `?at=D4` starts the keyboard
    cursor there (the chain just toggled)."""
    game = _viewable_game(request, game_id)
    dispute = selectors.game_score_dispute(game=game)
    if dispute is None:
        raise Http404(gettext("Nobody has disputed the count of this game."))
    context = marking_context(
        game=game,
        dispute=dispute,
        user=request.user,
        now=timezone.now(),
        appearance=board_appearance_get(user=request.user),
        toggle=request.GET.get("toggle", "").strip(),
        at=request.GET.get("at", "").strip()[:8],
    )
    if context["toggle_error"]:
        messages.error(request, context["toggle_error"])
    context["toggle_form"] = ToggleForm(initial={"version": dispute.version})
    return render(request, "games/disputes/marking.html", context)


def _marking_redirect(game_id: int) -> HttpResponse:
    return redirect("games:marking", game_id=game_id)


@login_required
@require_POST
def marking_toggle(request: HttpRequest, game_id: int) -> HttpResponse:
    """Toggle the chain at the posted point ('D4') for the page that showed `version`, and say
    what changed ("board-marked": board_cursor.js reads it again in the page's status line and
    starts the cursor on the point)."""
    game = _player_game(
        request, game_id, refusal=gettext("Only the players of this game can mark dead stones.")
    )
    form = ToggleForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Give the coordinate of a stone, such as D4."))
        return _marking_redirect(game.pk)
    try:
        point = game.topology.parse(form.cleaned_data["point"])
    except CoordinateError as error:
        messages.error(
            request,
            gettext("%(value)s Nothing was changed.") % {"value": _sentence(rules_refusal(error))},
        )
        return _marking_redirect(game.pk)
    try:
        dispute = disputes.dispute_toggle(
            game_id=game.pk,
            user=request.user,
            point=point,
            expected_version=form.cleaned_data["version"],
            now=timezone.now(),
        )
    except refusal_kinds() as error:
        messages.error(request, _message(error), "board-marked")
    else:
        text = toggled_text(game=game, dispute=dispute, point=point)
        messages.success(request, text, "board-marked")
    back = _marking_redirect(game.pk)
    back["Location"] += "?" + urlencode({"at": game.topology.name(point)})
    return back


@login_required
@require_POST
def marking_accept(request: HttpRequest, game_id: int) -> HttpResponse:
    """Accept the marking the page showed (`version`)."""
    game = _player_game(
        request, game_id, refusal=gettext("Only the players of this game can accept the marking.")
    )
    form = MarkingForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("This form is out of date; look at the marking again."))
        return _marking_redirect(game.pk)
    try:
        dispute = disputes.dispute_accept(
            game_id=game.pk,
            user=request.user,
            expected_version=form.cleaned_data["version"],
            now=timezone.now(),
        )
    except GameActionError as error:
        messages.error(request, _message(error))
        return _marking_redirect(game.pk)
    if dispute.status == DisputeStatus.AGREED:
        game.refresh_from_db(fields=["result"])
        messages.success(
            request,
            gettext("Both players accept: the result is %(result)s.") % {"result": game.result},
        )
        return _turn_redirect(game.pk)
    messages.success(
        request, gettext("You accept this marking; now your opponent has to accept it.")
    )
    return _marking_redirect(game.pk)


@login_required
def report(request: HttpRequest, game_id: int) -> HttpResponse:
    """A player reports a finished game's result to the site staff."""
    game = _player_game(
        request, game_id, refusal=gettext("Only the players of this game can report its result.")
    )
    status = 200
    if request.method == "POST":
        form = ReportForm(request.POST)
        if form.is_valid():
            try:
                corrections.scoring_report_file(
                    game_id=game.pk,
                    user=request.user,
                    reason=form.cleaned_data["reason"],
                    now=timezone.now(),
                )
            except refusal_kinds() as error:
                status = refusal_form(form, error)
            else:
                messages.success(request, gettext("Your report was sent to the site staff."))
                return _turn_redirect(game.pk)
    else:
        form = ReportForm()
    return render(
        request, "games/disputes/report.html", {"game": game, "form": form}, status=status
    )
