"""The status page's rows: a card per running game and a row per finished game."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

import rules
from games.models import Game
from games.pages.board import COLOUR_NAMES
from games.pages.fragments import (
    FRAGMENT_VERSION,
    fragments_get,
    fragments_set,
    game_state_key,
)
from games.pages.links import player_links, url_former
from games.pages.status_html import finished_row_html, running_card_html
from games.replay import game_replay
from games.selectors.play import (
    clock_left_label,
    game_clocks,
)
from games.svg import board_thumbnail_svg

THUMBNAIL_SIZE = 96


def status_rows(
    *,
    games: list[Game],
    user,
    now: dt.datetime,
    theme: str,
    labels: dict[int, str] | None = None,
) -> list[dict]:
    """One row per running game of the status page, in the given order: the game, `user`'s
    colour and opponent (with the game's URL and the opponent's link, games.pages.links; "html": the
    card, games.pages.status_html), what the game belongs to ("label", from `labels`: a tournament
    round or a ladder, "" for none), whose
    turn, the time left of the player to move, their deadline (or that their clock is stopped
    by their vacation) and a thumbnail of the position in `user`'s board theme. No database
    access; the thumbnails come from the cache (one read for all, games.pages.fragments), and only
    the missing ones are replayed and drawn."""
    # The thumbnail's title is in the reader's language, so the language is part of the key.
    keys = {
        game.pk: f"games:thumb:{FRAGMENT_VERSION}:{game_state_key(game)}:{theme}:{THUMBNAIL_SIZE}"
        f":{get_language()}"
        for game in games
    }
    thumbnails = fragments_get(keys.values())
    drawn = {}
    rows = []
    board_url, player_link = url_former("games:board"), player_links()
    for game in games:
        mine = game.colour_of(user)
        clocks = game_clocks(game=game, now=now)
        thumbnail = thumbnails.get(keys[game.pk])
        if thumbnail is None:
            thumbnail = drawn[keys[game.pk]] = str(
                board_thumbnail_svg(
                    game_replay(game).position,
                    theme=theme,
                    size=THUMBNAIL_SIZE,
                    title=gettext("%(board_label)s, move %(move_number)s")
                    % {"board_label": game.board_label, "move_number": game.move_number},
                )
            )
        opponent = game.player(rules.other(mine))
        rows.append(
            {
                "game": game,
                "url": board_url(game.pk),
                "colour": mine,
                "colour_name": COLOUR_NAMES[mine],
                "opponent": opponent,
                "opponent_link": player_link(opponent),
                "my_turn": game.to_move == mine,
                "left": clock_left_label(
                    left=clocks[game.to_move].left,
                    weekend_pause=game.weekend_pause,
                    detail=clocks[game.to_move].detail,
                ),
                "deadline": game.deadline,
                "stopped": clocks[game.to_move].stopped,
                "thumbnail": mark_safe(thumbnail),  # noqa: S308 - board_thumbnail_svg's output
                "label": (labels or {}).get(game.pk, ""),
            }
        )
        rows[-1]["html"] = running_card_html(rows[-1])
    fragments_set(drawn)
    return rows


def finished_rows(*, games: Sequence[Game], user) -> list[SafeString]:
    """The status page's rows of finished games (games.pages.status_html), one per game of `games`,
    which `user` played."""
    board_url, player_link = url_former("games:board"), player_links()
    rows = []
    for game in games:
        mine = game.colour_of(user)
        rows.append(
            finished_row_html(
                game=game,
                url=board_url(game.pk),
                my_colour=mine,
                opponent_link=player_link(game.player(rules.other(mine))),
            )
        )
    return rows
