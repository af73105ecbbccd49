"""The status page's rows: a card per running game and a row per finished game."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

import rules
from accounts.models import User
from core.http_cache.fragments import FRAGMENT_VERSION, fragments_get, fragments_set
from games.models import Game
from games.moves import game_state
from games.pages.board import COLOUR_NAMES
from games.pages.links import player_links, url_former
from games.pages.status_html import StatusMarkup
from games.pages.tags import game_state_key
from games.selectors.play import clock_detail, clock_left_label, clock_time_left
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
    access once the games have their players (games.selectors.status.players_load); the
    thumbnails come from the cache (one read for all, core.http_cache.fragments), and only the
    missing ones are replayed and drawn."""
    # The thumbnail's title is in the reader's language, so the language is part of the key.
    language = get_language()
    keys = {
        game.pk: f"games:thumb:{FRAGMENT_VERSION}:{game_state_key(game)}:{theme}:{THUMBNAIL_SIZE}"
        f":{language}"
        for game in games
    }
    thumbnails = fragments_get(keys.values())
    drawn = {}
    rows = []
    markup = StatusMarkup()
    board_url, opponent_link = url_former("games:board"), _links()
    labels = labels or {}
    for game in games:
        mine = game.colour_of(user)
        # Only the clock of the player to move shows (games.selectors.play.game_clocks).
        mover = game.to_move
        left = clock_time_left(game=game, colour=mover, now=now)
        thumbnail = thumbnails.get(keys[game.pk])
        if thumbnail is None:
            thumbnail = drawn[keys[game.pk]] = str(
                board_thumbnail_svg(
                    game_state(game).position,
                    theme=theme,
                    size=THUMBNAIL_SIZE,
                    title=gettext("%(board_label)s, move %(move_number)s")
                    % {"board_label": markup.board_label(game), "move_number": game.move_number},
                )
            )
        opponent = game.player(rules.other(mine))
        row = {
            "game": game,
            "url": board_url(game.pk),
            "colour": mine,
            "colour_name": COLOUR_NAMES[mine],
            "opponent": opponent,
            "opponent_link": opponent_link(opponent),
            "my_turn": mover == mine,
            "left": clock_left_label(
                left=left,
                weekend_pause=game.weekend_pause,
                # '' without byo-yomi (clock_detail), known without reading the players' times.
                detail=clock_detail(game=game, colour=mover, left=left)
                if game.time_control.has_byoyomi
                else "",
            ),
            "deadline": game.deadline,
            "stopped": game.deadline is None,
            "thumbnail": mark_safe(thumbnail),  # noqa: S308 - board_thumbnail_svg's output
            "label": labels.get(game.pk, ""),
        }
        row["html"] = markup.card(row)
        rows.append(row)
    fragments_set(drawn)
    return rows


def finished_rows(*, games: Sequence[Game], user) -> list[SafeString]:
    """The status page's rows of finished games (games.pages.status_html), one per game of `games`,
    which `user` played."""
    markup = StatusMarkup()
    board_url, opponent_link = url_former("games:board"), _links()
    rows = []
    for game in games:
        mine = game.colour_of(user)
        rows.append(
            markup.finished_row(
                game=game,
                url=board_url(game.pk),
                my_colour=mine,
                opponent_link=opponent_link(game.player(rules.other(mine))),
            )
        )
    return rows


def _links() -> Callable[[User], str]:
    """games.pages.links.player_links, each player's link made once (a page lists the same
    opponents again and again)."""
    link, made = player_links(), {}

    def made_once(player: User) -> str:
        html = made.get(player.pk)
        if html is None:
            html = made[player.pk] = link(player)
        return html

    return made_once
