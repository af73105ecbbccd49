"""The status page's long lists as HTML, built in Python: a card per running game and a table
row per finished game. A template loop over 30 cards and 20 rows (a dozen lookups, two dates
and two links each) was most of the page's time; the markup is the one the template had.

The words (a dozen sentences), the board names and the dates are looked up once per page, not
once per card (`StatusMarkup`): per card they were still half of the page's time (issue 27)."""

from __future__ import annotations

import datetime as dt
from html import escape

from django.utils import formats, timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from accounts.locale import moment_text
from games.models import Game
from rules import BLACK, WHITE


def _html(value: object) -> str:
    """`value` escaped unless already safe, as django.utils.html.conditional_escape (which
    costs a few times more: it checks for lazy strings first)."""
    return value.__html__() if hasattr(value, "__html__") else escape(str(value))


def _sentence(text: str, **parts: str) -> str:
    """A translated sentence as HTML (its markup, if any, is the site's, as in
    {% blocktranslate %}) with its %(name)s placeholders filled by `parts`, which are HTML
    already (escaped by the caller). The pieces of a card stay plain strings until the card
    is marked safe whole."""
    return text % parts


class StatusMarkup:
    """The cards and rows of one status page, in the language and time zone active when it is
    made (make one per page, after both are activated). Each sentence is translated once, each
    board name, deadline and day written once however many games share it."""

    def __init__(self) -> None:
        self._zone = timezone.get_current_timezone()
        # Translators: a status page card's title: the game's board (a link, such as "Go 19×19")
        # and the opponent's name.
        self._title = gettext("%(game)s against %(opponent)s")
        # By (my turn, I play Black).
        self._turn = {
            (True, True): gettext(
                '<span class="turn-yours">Your turn</span>, move %(move)s; you play Black.'
            ),
            (True, False): gettext(
                '<span class="turn-yours">Your turn</span>, move %(move)s; you play White.'
            ),
            (False, True): gettext("Their turn, move %(move)s; you play Black."),
            (False, False): gettext("Their turn, move %(move)s; you play White."),
        }
        # By (the clock is stopped, my turn).
        self._clock = {
            (True, True): gettext("You have %(left)s; the clock is stopped: you are on vacation"),
            (True, False): gettext(
                "They have %(left)s; the clock is stopped: they are on vacation"
            ),
            (False, True): gettext("You have %(left)s: until %(deadline)s"),
            (False, False): gettext("They have %(left)s: until %(deadline)s"),
        }
        self._colour = {BLACK: gettext("Black"), WHITE: gettext("White")}
        self._boards: dict[tuple[str, int], str] = {}
        self._deadlines: dict[dt.datetime | None, str] = {}
        self._days: dict[dt.date, str] = {}
        self._reasons: dict[str, str] = {}

    def board_label(self, game: Game) -> str:
        """`game.board_label` ('Go 19×19', 'Badux hex 12')."""
        key = (game.board_kind, game.board_size)
        label = self._boards.get(key)
        if label is None:
            label = self._boards[key] = game.board_label
        return label

    def _deadline(self, value: dt.datetime | None) -> str:
        """'<time datetime="…">Tue 4 Mar, 12:00 UTC</time>' (HTML) in the page's time zone."""
        html = self._deadlines.get(value)
        if html is None:
            until = timezone.localtime(value, self._zone) if value else None
            html = self._deadlines[value] = (
                f'<time datetime="{escape(until.isoformat()) if until else ""}">'
                f"{escape(moment_text(value=until, short=True)) if until else ''}</time>"
            )
        return html

    def _day(self, value: dt.datetime | None) -> str:
        """As the template filter `date` with "SHORT_DATE_FORMAT": the day in the page's time
        zone and the language's format, '' for no date."""
        if value is None:
            return ""
        local = timezone.localtime(value, self._zone)
        day = self._days.get(local.date())
        if day is None:
            # A date format shows nothing finer than the day.
            day = self._days[local.date()] = formats.date_format(local, "SHORT_DATE_FORMAT")
        return day

    def _reason(self, game: Game) -> str:
        """`game.end_reason_in_sentence`, escaped."""
        reason = self._reasons.get(game.end_reason)
        if reason is None:
            reason = self._reasons[game.end_reason] = escape(game.end_reason_in_sentence)
        return reason

    def _clock_html(self, row: dict) -> str:
        """'You have 3 days: until <time>Tue 4 Mar, 12:00 UTC</time>', or that the clock of
        the player to move is stopped by their vacation (HTML)."""
        text, left = self._clock[(bool(row["stopped"]), bool(row["my_turn"]))], _html(row["left"])
        if row["stopped"]:
            return _sentence(text, left=left)
        return _sentence(text, left=left, deadline=self._deadline(row["deadline"]))

    def card(self, row: dict) -> SafeString:
        """One running game's card (`row` from games.pages.status.status_rows): its thumbnail
        and name linked, the opponent, what it belongs to (a tournament round, a ladder), whose
        turn, the move, the colour, the time left and the deadline (or the stopped clock)."""
        game, mine = row["game"], row["my_turn"]
        url = escape(row["url"])
        title = _sentence(
            self._title,
            game=f'<a href="{url}">{escape(self.board_label(game))}</a>',
            opponent=_html(row["opponent_link"]),
        )
        label = row.get("label")
        label = f'<p class="small muted">{_html(label)}</p>\n' if label else ""
        turn = _sentence(
            self._turn[(bool(mine), row["colour"] == BLACK)], move=str(game.move_number + 1)
        )
        return mark_safe(  # noqa: S308 - every part escaped or built safe above
            f'<li class="game-card{" your-turn" if mine else ""}">\n'
            f'<a class="game-thumb" href="{url}" tabindex="-1">'
            f"{_html(row['thumbnail'])}</a>\n"
            '<div class="game-card-text">\n'
            f'<p class="game-card-title">{title}</p>\n'
            f"{label}"
            f"<p>{turn}</p>\n"
            f'<p class="small">{self._clock_html(row)}</p>\n'
            "</div>\n"
            "</li>\n"
        )

    def finished_row(
        self, *, game: Game, url: str, my_colour: int, opponent_link: str
    ) -> SafeString:
        """One finished game's table row: the game linked, the opponent, the colour played,
        the result and why, the day it ended."""
        return mark_safe(  # noqa: S308 - every part escaped
            "<tr>\n"
            f'<td><a href="{escape(url)}">{escape(self.board_label(game))}</a></td>\n'
            f"<td>{_html(opponent_link)}</td>\n"
            f"<td>{escape(self._colour[BLACK if my_colour == BLACK else WHITE])}</td>\n"
            f"<td>{escape(game.result)} "
            f'<span class="muted small">({self._reason(game)})</span></td>\n'
            f'<td class="wide-only">{escape(self._day(game.finished))}</td>\n'
            "</tr>\n"
        )
