"""Games pages. Thin: forms check input, services write, selectors read.

Every action is a plain form POST that works without JavaScript; anonymous visitors are sent to
log in (login_required) and refused actions come back as a message on the page they came from.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from accounts.models import User
from accounts.selectors import board_appearance_get, user_find_by_username
from rules import CoordinateError

from . import clock, selectors, services
from .errors import GameActionError, MoveRefused
from .forms import (
    AutoMatchForm,
    ChatForm,
    MarkingForm,
    MoveForm,
    NewGameForm,
    ReportForm,
    SgfUploadForm,
    ToggleForm,
    TurnForm,
    WaitingRoomFilterForm,
    parse_game_choice,
)
from .models import Challenge, DisputeStatus, Game
from .presenters import (
    board_context,
    marking_context,
    result_context,
    review_context,
    status_rows,
)

PAGE_SIZE = 20


# Status, new game, waiting room, invitations --------------------------------------------------


@login_required
def status(request: HttpRequest) -> HttpResponse:
    """Your running games (your turn first, then least time left first), each with a thumbnail
    and its deadline in your time zone; invitations; finished games (paginated)."""
    now = timezone.now()
    user = request.user
    rows = status_rows(
        games=selectors.games_running_for(user=user),
        user=user,
        now=now,
        theme=board_appearance_get(user=user).theme,
    )
    finished = Paginator(selectors.games_finished_for(user=user), PAGE_SIZE)
    page = finished.get_page(request.GET.get("page"))
    for game in page.object_list:
        game.my_colour = game.colour_of(user)
        game.opponent = game.player(3 - game.my_colour)
    return render(
        request,
        "games/status.html",
        {
            "rows": rows,
            "next_game": next((r["game"] for r in rows if r["my_turn"]), None),
            "page": page,
            "received": selectors.challenges_received(user=user, now=now),
            "sent": selectors.challenges_sent(user=user, now=now),
        },
    )


@login_required
def next_game(request: HttpRequest) -> HttpResponse:
    """Open the most urgent game where it is your turn."""
    game = selectors.game_next_for(user=request.user)
    if game is None:
        messages.info(request, "It is not your turn in any game.")
        return redirect("games:status")
    return redirect(game)


@login_required
def new_game(request: HttpRequest) -> HttpResponse:
    """Create an open challenge or invite a named player."""
    if request.method == "POST":
        form = NewGameForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            recipient = None
            if data["opponent"]:
                recipient = User.objects.filter(
                    username__iexact=data["opponent"].strip(), is_active=True
                ).first()
                if recipient is None:
                    form.add_error("opponent", "There is no player with that username.")
            if not form.errors:
                kind, size = parse_game_choice(data["game"])
                options = {
                    "now": timezone.now(),
                    "board_kind": kind,
                    "board_size": size,
                    "ruleset": data["ruleset"],
                    "komi": data["komi"],
                    "handicap": data["handicap"],
                    "creator_colour": data["colour"],
                    "clock_kind": data["clock_kind"],
                    "clock_days": data["clock_days"],
                    "clock_increment_days": data["clock_increment_days"] or 0,
                    "clock_cap_days": data["clock_cap_days"] or 0,
                    "weekend_pause": data["weekend_pause"],
                    "vacation_allowed": data["vacation_allowed"],
                    "rated": data["rated"],
                    "message": data["message"],
                }
                try:
                    if data["auto_match"]:
                        challenge = services.challenge_auto_match(user=request.user, **options)
                    else:
                        challenge = services.challenge_create(
                            creator=request.user, recipient=recipient, **options
                        )
                except (ValidationError, PermissionDenied) as error:
                    form.add_error(None, _message(error))
                else:
                    if isinstance(challenge, Game):
                        messages.success(request, "Matched: your game has started.")
                        return redirect(challenge)
                    if recipient is None:
                        messages.success(request, "Your challenge is in the Waiting Room.")
                        return redirect("games:waiting_room")
                    messages.success(request, f"Your invitation was sent to {recipient}.")
                    return redirect("games:challenge", challenge_id=challenge.pk)
    else:
        form = NewGameForm(initial={"opponent": request.GET.get("opponent", "")})
    return render(request, "games/new_game.html", {"form": form})


@login_required
def auto_match(request: HttpRequest) -> HttpResponse:
    """The auto-match queue: join it for a game and size (paired at once with the
    longest-waiting player of that game, or wait), see your places, leave it."""
    user = request.user
    if request.method == "POST":
        form = AutoMatchForm(request.POST)
        if form.is_valid():
            kind, size = parse_game_choice(form.cleaned_data["game"])
            result = services.challenge_auto_match(
                user=user,
                now=timezone.now(),
                board_kind=kind,
                board_size=size,
                ruleset=services.AUTO_MATCH_RULESETS[kind],
            )
            if isinstance(result, Game):
                opponent = result.player(3 - result.colour_of(user))
                messages.success(request, f"Paired with {opponent}: your game has started.")
                return redirect(result)
            messages.success(
                request,
                f"You are in the queue for {result.board_label}: the next player who joins it "
                "plays you.",
            )
            return redirect("games:auto_match")
    else:
        form = AutoMatchForm()
    queued = selectors.challenges_queued(user=user, now=timezone.now())
    return render(request, "games/auto_match.html", {"form": form, "queued": queued})


@login_required
@require_POST
def auto_match_leave(request: HttpRequest, challenge_id: int) -> HttpResponse:
    """Leave the queue: withdraw that waiting challenge."""
    try:
        challenge = services.challenge_cancel(
            challenge_id=challenge_id, user=request.user, now=timezone.now()
        )
    except (GameActionError, PermissionDenied, Challenge.DoesNotExist) as error:
        messages.error(request, _message(error))
    else:
        messages.success(request, f"You left the queue for {challenge.board_label}.")
    return redirect("games:auto_match")


def waiting_room(request: HttpRequest) -> HttpResponse:
    """Open challenges anyone may accept, filtered by game and size."""
    form = WaitingRoomFilterForm(request.GET or None)
    kind, size = "", None
    if form.is_valid():
        if form.cleaned_data["game"]:
            kind, size = parse_game_choice(form.cleaned_data["game"])
        elif form.cleaned_data["kind"]:
            kind = form.cleaned_data["kind"]
    challenges = selectors.challenges_open(
        viewer=request.user, now=timezone.now(), board_kind=kind, board_size=size
    )
    page = Paginator(challenges, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "games/waiting_room.html", {"form": form, "page": page})


@login_required
def challenge_detail(request: HttpRequest, challenge_id: int) -> HttpResponse:
    """An invitation or challenge: its settings, with accept / decline / cancel buttons."""
    challenge = selectors.challenge_get(challenge_id=challenge_id)
    user = request.user
    party = user.pk in (challenge.creator_id, challenge.recipient_id)
    if not party and not challenge.is_open_challenge:
        raise Http404("No such challenge.")
    return render(
        request,
        "games/challenge.html",
        {
            "challenge": challenge,
            "is_creator": challenge.creator_id == user.pk,
            "is_recipient": challenge.recipient_id == user.pk,
            "expired": challenge.expires <= timezone.now(),
        },
    )


def _message(error: Exception) -> str:
    if isinstance(error, ValidationError):
        return " ".join(error.messages)
    return str(error) or "You may not do that."


@login_required
@require_POST
def challenge_accept(request: HttpRequest, challenge_id: int) -> HttpResponse:
    try:
        game = services.challenge_accept(
            challenge_id=challenge_id, user=request.user, now=timezone.now()
        )
    except (GameActionError, PermissionDenied, Challenge.DoesNotExist) as error:
        messages.error(request, _message(error))
        return redirect("games:waiting_room")
    messages.success(request, "The game has started.")
    return redirect(game)


@login_required
@require_POST
def challenge_decline(request: HttpRequest, challenge_id: int) -> HttpResponse:
    try:
        services.challenge_decline(challenge_id=challenge_id, user=request.user, now=timezone.now())
    except (GameActionError, PermissionDenied, Challenge.DoesNotExist) as error:
        messages.error(request, _message(error))
    else:
        messages.success(request, "You declined the invitation.")
    return redirect("games:status")


@login_required
@require_POST
def challenge_cancel(request: HttpRequest, challenge_id: int) -> HttpResponse:
    try:
        services.challenge_cancel(challenge_id=challenge_id, user=request.user, now=timezone.now())
    except (GameActionError, PermissionDenied, Challenge.DoesNotExist) as error:
        messages.error(request, _message(error))
    else:
        messages.success(request, "Your challenge was withdrawn.")
    return redirect("games:status")


# The board ------------------------------------------------------------------------------------


def _viewable_game(request: HttpRequest, game_id: int) -> Game:
    game = selectors.game_get(game_id=game_id)
    if not selectors.game_can_view(game=game, user=request.user):
        raise Http404("No such game.")
    return game


def board(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game page: board, players, clocks, captures, move list, chat; for the player to
    move, clickable points (each a link to a confirmation, or board.js's confirm bar) and a
    coordinate field. `?confirm=D4` shows the confirmation for that point."""
    game = _viewable_game(request, game_id)
    confirm = request.GET.get("confirm", "").strip()
    context = board_context(
        game=game,
        user=request.user,
        now=timezone.now(),
        appearance=board_appearance_get(user=request.user),
        confirm=confirm,
    )
    if confirm and context["confirm_error"]:
        messages.error(request, context["confirm_error"])
    context["chat_lines"] = selectors.game_chat_lines(game=game)
    context["result"] = _result(request, game)
    context["chat_form"] = ChatForm()
    return render(request, "games/board.html", context)


def _turn_redirect(game_id: int) -> HttpResponse:
    return redirect("games:board", game_id=game_id)


@login_required
@require_POST
def move(request: HttpRequest, game_id: int) -> HttpResponse:
    """Play the stone the form names ('D4'), refusing a page older than the game."""
    game = selectors.game_get(game_id=game_id)
    form = MoveForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Give a coordinate such as D4.")
        return _turn_redirect(game_id)
    try:
        point = game.topology.parse(form.cleaned_data["point"])
        services.game_move(
            game_id=game.pk,
            user=request.user,
            point=point,
            expected_move_number=form.cleaned_data["move_number"],
            now=timezone.now(),
        )
    except (CoordinateError, MoveRefused) as error:
        messages.error(request, f"{_sentence(str(error))} Nothing was played.")
    except (GameActionError, PermissionDenied) as error:
        messages.error(request, _sentence(_message(error)))
    return _turn_redirect(game_id)


def _sentence(text: str) -> str:
    """'that point is occupied' -> 'That point is occupied.'"""
    text = text.strip().rstrip(".")
    return f"{text[:1].upper()}{text[1:]}."


def _confirm_turn(request: HttpRequest, game_id: int, action: str) -> HttpResponse:
    game = _viewable_game(request, game_id)
    if game.colour_of(request.user) is None:
        raise PermissionDenied("Only the players of this game can do that.")
    if request.method == "POST":
        form = TurnForm(request.POST)
        if form.is_valid():
            act = services.game_pass if action == "pass" else services.game_resign
            try:
                act(
                    game_id=game.pk,
                    user=request.user,
                    expected_move_number=form.cleaned_data["move_number"],
                    now=timezone.now(),
                )
            except (GameActionError, PermissionDenied) as error:
                messages.error(request, _sentence(_message(error)))
            else:
                messages.success(request, "You passed." if action == "pass" else "You resigned.")
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
    """GET: ask 'Pass?'; POST: pass."""
    return _confirm_turn(request, game_id, "pass")


@login_required
def resign(request: HttpRequest, game_id: int) -> HttpResponse:
    """GET: ask 'Resign?'; POST: resign."""
    return _confirm_turn(request, game_id, "resign")


@login_required
@require_POST
def chat(request: HttpRequest, game_id: int) -> HttpResponse:
    """A player adds a chat line."""
    form = ChatForm(request.POST)
    if form.is_valid():
        try:
            services.game_chat_post(
                game_id=game_id,
                user=request.user,
                text=form.cleaned_data["text"],
                now=timezone.now(),
            )
        except (ValidationError, PermissionDenied, Game.DoesNotExist) as error:
            messages.error(request, _message(error))
    else:
        messages.error(request, "A chat line is 1 to 1000 characters.")
    return redirect(f"{redirect('games:board', game_id=game_id).url}#chat")


def _result(request: HttpRequest, game: Game) -> dict | None:
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


def _player_game(request: HttpRequest, game_id: int, what: str) -> Game:
    game = _viewable_game(request, game_id)
    if game.colour_of(request.user) is None:
        raise PermissionDenied(f"Only the players of this game can {what}.")
    return game


@login_required
def dispute(request: HttpRequest, game_id: int) -> HttpResponse:
    """GET: the rule and a button; POST: open the marking phase (players only)."""
    game = _player_game(request, game_id, "dispute its count")
    if request.method == "POST":
        try:
            services.dispute_open(game_id=game.pk, user=request.user, now=timezone.now())
        except GameActionError as error:
            messages.error(request, _sentence(_message(error)))
            return _turn_redirect(game.pk)
        messages.success(request, "The marking phase is open: mark the dead stones together.")
        return redirect("games:marking", game_id=game.pk)
    if selectors.game_score_dispute(game=game) is not None:
        return redirect("games:marking", game_id=game.pk)
    result = _result(request, game)
    if result is None or not result["can_dispute"]:
        try:
            services.dispute_check(game=game, now=timezone.now())
        except GameActionError as error:
            messages.error(request, _sentence(_message(error)))
        else:
            messages.error(request, "The site staff have set this result; it is final.")
        return _turn_redirect(game.pk)
    return render(
        request,
        "games/dispute.html",
        {"game": game, "window": services.dispute_window(), "result": result},
    )


def marking(request: HttpRequest, game_id: int) -> HttpResponse:
    """The marking phase of a disputed count: the board with the marked dead stones, the count
    they give and who accepts it; players click a stone (or type it) to toggle its chain.
    `?toggle=D4` is the no-JavaScript confirmation of a click."""
    game = _viewable_game(request, game_id)
    dispute = selectors.game_score_dispute(game=game)
    if dispute is None:
        raise Http404("Nobody has disputed the count of this game.")
    context = marking_context(
        game=game,
        dispute=dispute,
        user=request.user,
        now=timezone.now(),
        appearance=board_appearance_get(user=request.user),
        toggle=request.GET.get("toggle", "").strip(),
    )
    if context["toggle_error"]:
        messages.error(request, context["toggle_error"])
    context["toggle_form"] = ToggleForm(initial={"version": dispute.version})
    return render(request, "games/marking.html", context)


def _marking_redirect(game_id: int) -> HttpResponse:
    return redirect("games:marking", game_id=game_id)


@login_required
@require_POST
def marking_toggle(request: HttpRequest, game_id: int) -> HttpResponse:
    """Toggle the chain at the posted point ('D4') for the page that showed `version`."""
    game = _player_game(request, game_id, "mark dead stones")
    form = ToggleForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Give the coordinate of a stone, such as D4.")
        return _marking_redirect(game.pk)
    try:
        point = game.topology.parse(form.cleaned_data["point"])
        services.dispute_toggle(
            game_id=game.pk,
            user=request.user,
            point=point,
            expected_version=form.cleaned_data["version"],
            now=timezone.now(),
        )
    except CoordinateError as error:
        messages.error(request, f"{_sentence(str(error))} Nothing was changed.")
    except (GameActionError, ValidationError) as error:
        messages.error(request, _sentence(_message(error)))
    return _marking_redirect(game.pk)


@login_required
@require_POST
def marking_accept(request: HttpRequest, game_id: int) -> HttpResponse:
    """Accept the marking the page showed (`version`)."""
    game = _player_game(request, game_id, "accept the marking")
    form = MarkingForm(request.POST)
    if not form.is_valid():
        messages.error(request, "This form is out of date; look at the marking again.")
        return _marking_redirect(game.pk)
    try:
        dispute = services.dispute_accept(
            game_id=game.pk,
            user=request.user,
            expected_version=form.cleaned_data["version"],
            now=timezone.now(),
        )
    except GameActionError as error:
        messages.error(request, _sentence(_message(error)))
        return _marking_redirect(game.pk)
    if dispute.status == DisputeStatus.AGREED:
        game.refresh_from_db(fields=["result"])
        messages.success(request, f"Both players accept: the result is {game.result}.")
        return _turn_redirect(game.pk)
    messages.success(request, "You accept this marking; now your opponent has to accept it.")
    return _marking_redirect(game.pk)


@login_required
def report(request: HttpRequest, game_id: int) -> HttpResponse:
    """A player reports a finished game's result to the site staff."""
    game = _player_game(request, game_id, "report its result")
    if request.method == "POST":
        form = ReportForm(request.POST)
        if form.is_valid():
            try:
                services.scoring_report_file(
                    game_id=game.pk,
                    user=request.user,
                    reason=form.cleaned_data["reason"],
                    now=timezone.now(),
                )
            except (GameActionError, ValidationError) as error:
                form.add_error(None, _message(error))
            else:
                messages.success(request, "Your report was sent to the site staff.")
                return _turn_redirect(game.pk)
    else:
        form = ReportForm()
    return render(request, "games/report.html", {"game": game, "form": form})


# Review, SGF, history ---------------------------------------------------------------------------


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
    from .presenters import game_sgf

    game = _viewable_game(request, game_id)
    response = HttpResponse(game_sgf(game=game), content_type="application/x-go-sgf; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="badux-{game.pk}.sgf"'
    return response


UPLOAD_SESSION_KEY = "games_review_sgf"


def sgf_upload(request: HttpRequest) -> HttpResponse:
    """Upload an SGF record (Go or Badux) to review it; kept in the session, not stored."""
    from rules.sgf import IllegalRecordMove, SgfError, game_from_record, parse_sgf

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
            from .presenters import record_review_context

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


# Vacation ---------------------------------------------------------------------------------------


@login_required
def vacation(request: HttpRequest) -> HttpResponse:
    """Your vacation balance; start or stop a vacation (POST action=start|stop). While you
    are on vacation your clocks stop in every game that allows it."""
    if request.method == "POST":
        action = request.POST.get("action")
        act = {"start": services.vacation_start, "stop": services.vacation_stop}.get(action)
        if act is None:
            messages.error(request, "Choose to start or to stop your vacation.")
        else:
            try:
                act(user=request.user, now=timezone.now())
            except (GameActionError, ValidationError) as error:
                messages.error(request, _sentence(_message(error)))
            else:
                messages.success(
                    request,
                    "Your vacation has started: your clocks are stopped."
                    if action == "start"
                    else "Welcome back: your clocks run again.",
                )
        return redirect("games:vacation")
    now = timezone.now()
    state = selectors.vacation_state(user=request.user, now=now)
    return render(
        request,
        "games/vacation.html",
        {
            "state": state,
            "balance": selectors.duration_label(state.balance),
            "stopped_games": selectors.games_stopped_for(user=request.user) if state.active else [],
            "days_per_year": clock.VACATION_DAYS_PER_YEAR,
            "cap_days": clock.VACATION_CAP_DAYS,
            "initial_days": clock.VACATION_INITIAL_DAYS,
        },
    )
