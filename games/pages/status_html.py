"""The status page's long lists as HTML, built in Python: a card per running game and a table
row per finished game. A template loop over 30 cards and 20 rows (a dozen lookups, two dates
and two links each) was most of the page's time; the markup is the one the template had."""

from __future__ import annotations

import datetime as dt

from django.utils import formats, timezone
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from accounts.locale import moment_text
from games.models import Game
from rules import BLACK


def _date(value: dt.datetime | None, name: str) -> str:
    """As the template filter `date` with a format's name ("SHORT_DATE_FORMAT"): in the
    current time zone and the active language's format, '' for no date."""
    if value is None:
        return ""
    return formats.date_format(timezone.localtime(value), name)


def _sentence(text: str, **parts: object) -> SafeString:
    """A translated sentence (its markup, if any, is the site's, as in {% blocktranslate %})
    with its %(name)s placeholders filled by `parts`, escaped unless already safe."""
    return mark_safe(text % {name: conditional_escape(part) for name, part in parts.items()})  # noqa: S308


def _turn(*, mine: bool, black: bool, move: int) -> SafeString:
    """'Their turn, move 12; you play Black.' (Your turn highlighted when it is yours)."""
    if mine and black:
        text = gettext('<span class="turn-yours">Your turn</span>, move %(move)s; you play Black.')
    elif mine:
        text = gettext('<span class="turn-yours">Your turn</span>, move %(move)s; you play White.')
    elif black:
        text = gettext("Their turn, move %(move)s; you play Black.")
    else:
        text = gettext("Their turn, move %(move)s; you play White.")
    return _sentence(text, move=move)


def _clock(row: dict) -> SafeString:
    """'You have 3 days: until <time>Tue 4 Mar, 12:00 UTC</time>', or that the clock of the
    player to move is stopped by their vacation."""
    mine, left = row["my_turn"], row["left"]
    if row["stopped"]:
        if mine:
            text = gettext("You have %(left)s; the clock is stopped: you are on vacation")
        else:
            text = gettext("They have %(left)s; the clock is stopped: they are on vacation")
        return _sentence(text, left=left)
    until = timezone.localtime(row["deadline"]) if row["deadline"] else None
    deadline = format_html(
        '<time datetime="{}">{}</time>',
        until.isoformat() if until else "",
        moment_text(value=until, short=True) if until else "",
    )
    if mine:
        text = gettext("You have %(left)s: until %(deadline)s")
    else:
        text = gettext("They have %(left)s: until %(deadline)s")
    return _sentence(text, left=left, deadline=deadline)


def running_card_html(row: dict) -> SafeString:
    """One running game's card (`row` from presenters.status_rows): its thumbnail and name
    linked, the opponent, what it belongs to (a tournament round, a ladder), whose turn, the
    move, the colour, the time left and the deadline (or the stopped clock)."""
    game, mine = row["game"], row["my_turn"]
    title = _sentence(
        # Translators: a status page card's title: the game's board (a link, such as "Go 19×19")
        # and the opponent's name.
        gettext("%(game)s against %(opponent)s"),
        game=format_html('<a href="{}">{}</a>', row["url"], game.board_label),
        opponent=row["opponent_link"],
    )
    return format_html(
        '<li class="game-card{}">\n'
        '<a class="game-thumb" href="{}" tabindex="-1">{}</a>\n'
        '<div class="game-card-text">\n'
        '<p class="game-card-title">{}</p>\n'
        "{}"
        "<p>{}</p>\n"
        '<p class="small">{}</p>\n'
        "</div>\n"
        "</li>\n",
        " your-turn" if mine else "",
        row["url"],
        row["thumbnail"],
        title,
        format_html('<p class="small muted">{}</p>\n', row["label"]) if row.get("label") else "",
        _turn(mine=mine, black=row["colour"] == BLACK, move=game.move_number + 1),
        _clock(row),
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
        game.end_reason_in_sentence,
        _date(game.finished, "SHORT_DATE_FORMAT"),
    )
