"""Challenge pages: a new game, the auto-match queue, the Waiting Room and invitations."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

import rules
from accounts.models import User
from core.confirmations import confirmation_given, confirmation_page
from core.refusals import refusal_form, refusal_kinds
from games.forms import (
    GAME_CHOICES,
    AutomatchForm,
    NewGameForm,
    WaitingRoomFilterForm,
    parse_game_choice,
)
from games.models import ChallengeStatus, Game
from games.selectors import challenges as challenges_selectors
from games.services import automatch, challenges
from games.views.common import PAGE_SIZE
from games.views.common import error_message as _message


@login_required
def new_game(request: HttpRequest) -> HttpResponse:
    """Create an open challenge or invite a named player."""
    status = 200
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
                    form.add_error("opponent", gettext("There is no player with that username."))
            if not form.errors:
                now = timezone.now()
                try:
                    if data["auto_match"]:
                        challenge = automatch.challenge_automatch(
                            user=request.user,
                            settings=data["settings"],
                            now=now,
                            creator_colour=data["colour"],
                            message=data["message"],
                        )
                    else:
                        challenge = challenges.challenge_create(
                            creator=request.user,
                            settings=data["settings"],
                            now=now,
                            creator_colour=data["colour"],
                            message=data["message"],
                            recipient=recipient,
                        )
                except refusal_kinds() as error:
                    status = refusal_form(form, error)
                else:
                    if isinstance(challenge, Game):
                        messages.success(request, gettext("Matched: your game has started."))
                        return redirect(challenge)
                    if recipient is None:
                        messages.success(request, gettext("Your challenge is in the Waiting Room."))
                        return redirect("games:waiting_room")
                    messages.success(
                        request,
                        gettext("Your invitation was sent to %(recipient)s.")
                        % {"recipient": recipient},
                    )
                    return redirect("games:challenge", challenge_id=challenge.pk)
    else:
        initial = {"opponent": request.GET.get("opponent", "")}
        # "?game=square-9" preselects a board (the Learn pages and the new player's home card).
        if request.GET.get("game") in dict(GAME_CHOICES):
            initial["game"] = request.GET["game"]
        form = NewGameForm(initial=initial)
    return render(request, "games/new_game.html", {"form": form}, status=status)


@login_required
def automatch_queue(request: HttpRequest) -> HttpResponse:
    """The auto-match queue: join it for a game and size (paired at once with the
    longest-waiting player of that game, or wait), see your places, leave it."""
    user = request.user
    if request.method == "POST":
        form = AutomatchForm(request.POST)
        if form.is_valid():
            result = automatch.challenge_automatch(
                user=user, settings=form.cleaned_data["settings"], now=timezone.now()
            )
            if isinstance(result, Game):
                opponent = result.player(rules.other(result.colour_of(user)))
                messages.success(
                    request,
                    gettext("Paired with %(opponent)s: your game has started.")
                    % {"opponent": opponent},
                )
                return redirect(result)
            messages.success(
                request,
                gettext(
                    "You are in the queue for %(board_label)s: the next player who joins "
                    "it plays you."
                )
                % {"board_label": result.board_label},
            )
            return redirect("games:auto_match")
    else:
        form = AutomatchForm()
    queued = challenges_selectors.challenges_queued(user=user, now=timezone.now())
    return render(request, "games/automatch.html", {"form": form, "queued": queued})


@login_required
@require_POST
def automatch_leave(request: HttpRequest, challenge_id: int) -> HttpResponse:
    """Leave the queue: withdraw that waiting challenge."""
    try:
        challenge = challenges.challenge_cancel(
            challenge_id=challenge_id, user=request.user, now=timezone.now()
        )
    except refusal_kinds() as error:
        messages.error(request, _message(error))
    else:
        messages.success(
            request,
            gettext("You left the queue for %(board_label)s.")
            % {"board_label": challenge.board_label},
        )
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
    challenges = challenges_selectors.challenges_open(
        viewer=request.user, now=timezone.now(), board_kind=kind, board_size=size
    )
    page = Paginator(challenges, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "games/waiting_room.html", {"form": form, "page": page})


@login_required
def challenge_detail(request: HttpRequest, challenge_id: int) -> HttpResponse:
    """An invitation or challenge: its settings, with accept / decline / cancel buttons."""
    challenge = challenges_selectors.challenge_get(challenge_id=challenge_id)
    user = request.user
    party = user.pk in (challenge.creator_id, challenge.recipient_id)
    if not party and not challenge.is_open_challenge:
        raise Http404(gettext("No such challenge."))
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


@login_required
@require_POST
def challenge_accept(request: HttpRequest, challenge_id: int) -> HttpResponse:
    try:
        game = challenges.challenge_accept(
            challenge_id=challenge_id, user=request.user, now=timezone.now()
        )
    except refusal_kinds() as error:
        messages.error(request, _message(error))
        return redirect("games:waiting_room")
    messages.success(request, gettext("The game has started."))
    return redirect(game)


def _answer_asked(
    request: HttpRequest, challenge_id: int, *, by_creator: bool
) -> HttpResponse | None:
    """The page asking the creator to withdraw (`by_creator`), or the invited player to decline,
    an open challenge, unless the POST already answers it (core.confirmations) or the service
    is bound to refuse (then None)."""
    if confirmation_given(request):
        return None
    challenge = challenges_selectors.challenge_get(challenge_id=challenge_id)
    party = challenge.creator_id if by_creator else challenge.recipient_id
    if party != request.user.pk or challenge.status != ChallengeStatus.OPEN:
        return None
    if challenge.expires <= timezone.now():
        return None
    other = challenge.recipient if by_creator else challenge.creator
    names = {"name": other.username if other else "", "board_label": challenge.board_label}
    if not by_creator:
        question = gettext("Decline %(name)s's invitation?") % names
        said = gettext("%(name)s is told, and this game (%(board_label)s) is not played.") % names
        button = gettext("Yes, decline")
    elif challenge.recipient_id is None:
        question = gettext("Withdraw your open challenge?")
        said = gettext("It leaves the waiting room: nobody can accept it (%(board_label)s).")
        said %= names
        button = gettext("Yes, withdraw it")
    else:
        question = gettext("Withdraw your invitation to %(name)s?") % names
        said = gettext("%(name)s can no longer accept it (%(board_label)s).") % names
        button = gettext("Yes, withdraw it")
    return confirmation_page(
        request,
        question=question,
        consequences=[said, gettext("Only a new invitation can bring the game back.")],
        button=button,
        back=reverse("games:challenge", args=[challenge.pk]),
    )


@login_required
@require_POST
def challenge_decline(request: HttpRequest, challenge_id: int) -> HttpResponse:
    """Decline an invitation, after asking (core.confirmations)."""
    if asked := _answer_asked(request, challenge_id, by_creator=False):
        return asked
    try:
        challenges.challenge_decline(
            challenge_id=challenge_id, user=request.user, now=timezone.now()
        )
    except refusal_kinds() as error:
        messages.error(request, _message(error))
    else:
        messages.success(request, gettext("You declined the invitation."))
    return redirect("games:status")


@login_required
@require_POST
def challenge_cancel(request: HttpRequest, challenge_id: int) -> HttpResponse:
    """Withdraw one's own challenge or invitation, after asking (core.confirmations)."""
    if asked := _answer_asked(request, challenge_id, by_creator=True):
        return asked
    try:
        challenges.challenge_cancel(
            challenge_id=challenge_id, user=request.user, now=timezone.now()
        )
    except refusal_kinds() as error:
        messages.error(request, _message(error))
    else:
        messages.success(request, gettext("Your challenge was withdrawn."))
    return redirect("games:status")
