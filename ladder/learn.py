"""The ladder's sections of the Learn page "This site's rules" (games.learn.site_rules):
ratings and ranks, ladders, tournaments. Registered from ladder.apps (games never imports the
ladder). Every number is read from the module or model field that defines it."""

from __future__ import annotations

from django.utils.translation import gettext as _

from ladder.ladders.models import Ladder, RangeKind, VacationRule, WinAction, Withdrawal
from ladder.ratings import glicko2, ranks
from ladder.tournaments.models import Format


def _default(name: str) -> object:
    return Ladder._meta.get_field(name).default


def ratings_section() -> dict:
    """Glicko-2: the starting rating and deviation, the provisional line, ranks."""
    return {
        "key": "ratings",
        "title": _("Ratings and ranks"),
        "template": "ladder/learn/_ratings.html",
        "start_rating": round(glicko2.START_RATING),
        "start_deviation": round(glicko2.START_DEVIATION),
        "provisional_deviation": round(glicko2.PROVISIONAL_DEVIATION),
        "period_days": round(glicko2.RATING_PERIOD_DAYS),
        "start_rank": ranks.rank_name(glicko2.START_RATING),
        "lowest_rank": ranks.rank_label(ranks.LOWEST),
        "highest_rank": ranks.rank_label(ranks.HIGHEST),
        "first_dan_rating": round(ranks.rating_at(ranks.FIRST_DAN)),
    }


def ladders_section() -> dict:
    """A ladder's rules and the defaults a new ladder starts with."""
    return {
        "key": "ladders",
        "title": _("Ladders"),
        "template": "ladder/learn/_ladders.html",
        "range_kind": RangeKind(_default("range_kind")).label,
        "range_value": _default("range_value"),
        "max_outgoing": _default("max_outgoing"),
        "max_incoming": _default("max_incoming"),
        "rematch_wait_days": _default("rematch_wait_days"),
        "win_action": WinAction(_default("win_action")).label,
        "timeout_penalty": _default("timeout_penalty"),
        "inactive_days": _default("inactive_days"),
        "withdrawal": Withdrawal(_default("withdrawal")).label,
        "vacation": VacationRule(_default("vacation")).label,
    }


def tournaments_section() -> dict:
    """The tournament systems and the tie-breakers of the standings."""
    return {
        "key": "tournaments",
        "title": _("Tournaments"),
        "template": "ladder/learn/_tournaments.html",
        "formats": [label for _value, label in Format.choices],
    }
