"""Annulling an adjourned game (games.services.adjournments): the opponent of a suspended
player asks first, on a page that works without JavaScript."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from accounts.moderation.selectors import restriction_get
from core.confirmations import confirmation_given, confirmation_page
from core.refusals import refusal_kinds
from games.models import Game
from games.selectors import play as selectors
from games.services.adjournments import game_annul
from games.views.common import board_redirect
from games.views.common import error_message as _message


def annul_offered(*, game: Game, user, now: dt.datetime) -> bool:
    """Whether the game page offers `user` to annul `game`: it is adjourned and they play in
    it without a suspension or ban of their own."""
    if not game.is_adjourned or game.colour_of(user) is None:
        return False
    sanction = restriction_get(user_id=user.pk, now=now)
    return sanction is None or sanction.kind == "mute"


@login_required
def annul(request: HttpRequest, game_id: int) -> HttpResponse:
    """GET (or a POST without the confirmation field): ask "Annul game N?"; the confirmed
    POST annuls it (the service checks the player, their standing and the game)."""
    game = selectors.game_get(game_id=game_id)
    selectors.game_player_check(game=game, user=request.user)
    if confirmation_given(request):
        try:
            game_annul(game_id=game.pk, user=request.user, now=timezone.now())
        except refusal_kinds() as error:
            messages.error(request, _message(error))
        else:
            messages.success(request, gettext("The game is annulled: it ended with no result."))
        return board_redirect(game_id)
    opponent = game.white if game.black_id == request.user.pk else game.black
    return confirmation_page(
        request,
        question=gettext("Annul game %(game)s?") % {"game": game.pk},
        consequences=[
            gettext(
                "Your game against %(opponent)s ends now with no result: nobody wins, and it "
                "is not rated."
            )
            % {"opponent": opponent.username},
            gettext("A ladder ignores it; in a tournament it counts as your opponent's forfeit."),
            gettext(
                "This cannot be undone. If you wait instead, it resumes when the suspension ends."
            ),
        ],
        button=gettext("Yes, annul the game"),
        back=reverse("games:board", args=[game.pk]),
    )
