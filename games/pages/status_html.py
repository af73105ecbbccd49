"""The status page's long lists as HTML, built in Python: a card per running game and a table
row per finished game. A template loop over 30 cards and 20 rows (a dozen lookups, two dates
and two links each) was most of the page's time; the markup is the one the template had."""

from __future__ import annotations

import datetime as dt

from django.utils import dateformat, timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from games.models import Game


def _date(value: dt.datetime | None, fmt: str) -> str:
    """As the template filter `date`: in the current time zone, '' for no date."""
    if value is None:
        return ""
    return dateformat.format(timezone.localtime(value), fmt)


def running_card_html(row: dict) -> SafeString:
    """One running game's card (`row` from presenters.status_rows): its thumbnail and name
    linked, the opponent, what it belongs to (a tournament round, a ladder), whose turn, the
    move, the colour, the time left and the deadline (or the stopped clock)."""
    game, mine = row["game"], row["my_turn"]
    if row["stopped"]:
        until = format_html(
            "; the clock is stopped: {} on vacation", "you are" if mine else "they are"
        )
    else:
        until = format_html(
            ': until <time datetime="{}">{}</time>',
            timezone.localtime(row["deadline"]).isoformat() if row["deadline"] else "",
            _date(row["deadline"], "D j M, H:i T"),
        )
    return format_html(
        '<li class="game-card{}">\n'
        '<a class="game-thumb" href="{}" tabindex="-1">{}</a>\n'
        '<div class="game-card-text">\n'
        '<p class="game-card-title"><a href="{}">{}</a> against {}</p>\n'
        "{}"
        "<p>{}, move {}; you play {}.</p>\n"
        '<p class="small">{} {}{}</p>\n'
        "</div>\n"
        "</li>\n",
        " your-turn" if mine else "",
        row["url"],
        row["thumbnail"],
        row["url"],
        game.board_label,
        row["opponent_link"],
        format_html('<p class="small muted">{}</p>\n', row["label"]) if row.get("label") else "",
        format_html('<span class="turn-yours">{}</span>', gettext("Your turn"))
        if mine
        else gettext("Their turn"),
        game.move_number + 1,
        row["colour_name"],
        gettext("You have") if mine else gettext("They have"),
        row["left"],
        until,
    )


def finished_row_html(*, game: Game, url: str, my_colour: int, opponent_link: str) -> SafeString:
    """One finished game's table row: the game linked, the opponent, the colour played, the
    result and why, the day it ended."""
    return format_html(
        "<tr>\n"
        '<td><a href="{}">{}</a></td>\n'
        "<td>{}</td>\n"
        "<td>{}</td>\n"
        '<td>{} <span class="muted small">({})</span></td>\n'
        '<td class="wide-only">{}</td>\n'
        "</tr>\n",
        url,
        game.board_label,
        opponent_link,
        gettext("Black") if my_colour == 1 else gettext("White"),
        game.result,
        str(game.get_end_reason_display()).lower(),
        _date(game.finished, "j M Y"),
    )
