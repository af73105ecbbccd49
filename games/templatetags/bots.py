"""The "Play a bot" card, for the pages that offer a game against a bot.

Usage (``{% load bots %}``)::

    {% play_bot_card %}    {# new-game page, empty Waiting Room, a new player's home card #}
"""

from __future__ import annotations

from django import template

from games.bots.forms import BotGameForm

register = template.Library()


@register.inclusion_tag("games/bots/_play_card.html", takes_context=True)
def play_bot_card(context) -> dict:
    """The card with a fresh form (its own field ids, so it may sit beside another form)."""
    return {"bot_form": BotGameForm(auto_id="bot_%s"), "csrf_token": context.get("csrf_token")}
