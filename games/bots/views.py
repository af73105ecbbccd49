"""The "Play a bot" page: start a game against one of the site's bots at once."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from games.bots import services
from games.bots.forms import BotGameForm
from games.views.common import error_message


@login_required
def bot_play(request: HttpRequest) -> HttpResponse:
    """GET: the form; POST: start the game and go to its board (the bot's first move, when
    it has Black, follows within seconds)."""
    form = BotGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            bot = services.bot_account_for(engine=data["engine"])
            game = services.bot_game_start(
                user=request.user,
                bot=bot,
                game_settings=data["settings"],
                colour=data["colour"],
                now=timezone.now(),
            )
        except ValidationError as error:
            form.add_error(None, error_message(error))
        else:
            messages.success(
                request, _("Your game against %(bot)s has started.") % {"bot": bot.username}
            )
            return redirect(game)
    return render(request, "games/bots/play.html", {"form": form})
