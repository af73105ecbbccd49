"""The words inside board pictures, in the active language: the SVG boards' name for screen
readers (`board_title`) and the scored PNG's caption (`caption_words`, which rules.images.render
draws: the rules package translates nothing itself). Mails are built in their reader's language
(messaging.notify), pages in the page's, so callers just ask within it."""

from __future__ import annotations

from django.utils import formats
from django.utils.translation import gettext, ngettext

from games.game_settings import topology_label
from rules.game import Position
from rules.images.render import CaptionWords, can_write


def board_title(position: Position) -> str:
    """The board's name when the caller gives none: "9×9 board after move 12."."""
    return gettext("%(board)s board after move %(number)s.") % {
        "board": topology_label(position.topology),
        "number": position.move_number,
    }


def count_warning(dispute_days: int | None = None) -> str:
    """The warning shown with a count whose uncertain stones are ringed (the scored picture,
    the result on the game page and in the game-over mail); with `dispute_days`, how long the
    players may dispute it. rules.scoring.uncertain_note says the same in English."""
    if dispute_days is None:
        return gettext("The count may be wrong at the red-ringed stones: check them")
    return ngettext(
        "The count may be wrong at the red-ringed stones: check them and dispute within "
        "%(days)s day",
        "The count may be wrong at the red-ringed stones: check them and dispute within "
        "%(days)s days",
        dispute_days,
    ) % {"days": dispute_days}


def _number(value: float) -> str:
    """A count, komi or total as the active language writes it (7.5 is "7,5" in German)."""
    return str(int(value)) if value == int(value) else formats.number_format(value)


def caption_words(*, agreed: bool | None = None) -> CaptionWords:
    """The scored picture's caption in the active language; English when this machine has no
    font for its characters (rules.images.render.can_write: a picture with boxes for words is
    worse than one in English). With `agreed` (a game's `score["agreed"]`), the scoring method
    also says whose marking of the dead stones the count used."""
    # Translators: under the picture of a counted game, after the result.
    area, territory = gettext("area scoring"), gettext("territory scoring")
    if agreed is not None:
        marking = (
            gettext("dead stones agreed by both players")
            if agreed
            else gettext("dead stones estimated by the count")
        )
        area, territory = f"{area}, {marking}", f"{territory}, {marking}"
    words = CaptionWords(
        black=gettext("Black"),
        white=gettext("White"),
        # Translators: the headline under the picture of a finished game that ended even.
        draw=gettext("Draw"),
        area_scoring=area,
        territory_scoring=territory,
        # Translators: under the picture of a counted game: "Black wins by 3.5".
        wins_by=lambda player, margin: (
            gettext("%(player)s wins by %(margin)s") % {"player": player, "margin": margin}
        ),
        # Translators: a term of a player's count under the picture of a counted game, as in
        # "Black 45 stones + 30 territory + 6.5 komi = 81.5".
        stones=lambda n: ngettext("%(count)s stone", "%(count)s stones", n) % {"count": n},
        territory=lambda n: (
            ngettext("%(count)s territory", "%(count)s territory", n) % {"count": n}
        ),
        captured=lambda n: ngettext("%(count)s captured", "%(count)s captured", n) % {"count": n},
        dead=lambda n: ngettext("%(count)s dead", "%(count)s dead", n) % {"count": n},
        komi=lambda komi: gettext("%(komi)s komi") % {"komi": _number(komi)},
        number=_number,
        unsure=count_warning,
    )
    sample = [
        words.black,
        words.white,
        words.draw,
        words.area_scoring,
        words.territory_scoring,
        words.wins_by("", ""),
        words.stones(2),
        words.territory(2),
        words.captured(2),
        words.dead(2),
        words.komi(6.5),
        words.unsure(3),
    ]
    return words if can_write(" ".join(sample)) else CaptionWords()
