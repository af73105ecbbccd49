"""Disputes: the marking page of a disputed count, the board with the stones marked dead. (The
result section that offers the dispute is games/pages/result.py.)"""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext, ngettext

import rules
from accounts.selectors import BoardAppearance
from games.counting import (
    chains_named,
    count_with_dead,
    stone_chain,
)
from games.errors import rules_refusal
from games.models import Game, ScoreDispute
from games.moves import game_state, point_names
from games.pages.board import COLOUR_NAMES, points_label
from games.pages.board_text import keys_help
from games.pages.result import score_lines
from games.selectors.play import (
    duration_label,
)
from rules import BLACK, WHITE, CoordinateError


def marking_context(
    *,
    game: Game,
    dispute: ScoreDispute,
    user,
    now: dt.datetime,
    appearance: BoardAppearance,
    toggle: str = "",
    at: str = "",
) -> dict:
    """Everything templates/games/disputes/marking.html shows: the board with the current
    marking drawn (dead stones faded, territory squares), the count it gives, who accepts it,
    and for a player while the phase is open the stones as links (`?toggle=D4` asks to confirm
    without JavaScript). `toggle_error` says why a `toggle` coordinate cannot be marked. `at` names
    the point the keyboard cursor starts on (`cursor_start`, "" unless a point of the board):
    the chain the player has just toggled. The stones the count was unsure of when the phase
    opened (`dispute.unsure`) are ringed and `unsure_groups` names their chains ("E3")."""
    position = game_state(game).position
    topology = game.topology
    count = count_with_dead(game=game, dead_sgf=dispute.dead)
    colour = game.colour_of(user)
    is_open = dispute.is_open(now)
    can_act = colour is not None and is_open
    stones = frozenset(p for p, c in enumerate(position.stones) if c != rules.EMPTY)
    dead = frozenset(topology.from_sgf(p) for p in dispute.dead)
    toggle_point, toggle_error = (
        _toggled_stone(topology, stones, toggle) if toggle and can_act else (None, "")
    )
    toggle_info = None
    if toggle_point is not None:
        chain = stone_chain(position, toggle_point)
        toggle_info = {
            "name": topology.name(toggle_point),
            "black": position.stones[toggle_point] == BLACK,
            "stones": len(chain),
            "to_dead": toggle_point not in dead,
        }
    accepted = {c: dispute.accepted_by(c) for c in (BLACK, WHITE)}
    unsure = [topology.from_sgf(p) for p in dispute.unsure]
    marks = {p: "unsure" for p in unsure}
    if toggle_point is not None:
        marks[toggle_point] = "circle"
    return {
        "game": game,
        "dispute": dispute,
        "position": position,
        "appearance": appearance,
        "count": count,
        "lines": score_lines(count.as_dict()),
        "preview_result": count.result,
        "dead": point_names(game, dispute.dead),
        "stone_links": stones if can_act else frozenset(),
        "my_colour": colour,
        "can_act": can_act,
        "is_open": is_open,
        "left": duration_label(dispute.deadline - now) if is_open else "",
        "players": [
            {
                "colour_name": COLOUR_NAMES[c],
                "colour_slug": "black" if c == BLACK else "white",  # a CSS class
                "user": game.player(c),
                "accepted": accepted[c],
                "me": c == colour,
            }
            for c in (BLACK, WHITE)
        ],
        "i_accepted": colour is not None and accepted[colour],
        "toggle": toggle_info,
        "toggle_error": toggle_error,
        "marks": marks or None,
        "unsure_groups": chains_named(position=position, points=unsure),
        "bot_opponent": colour is not None and game.player(3 - colour).is_bot,
        "cursor_start": _point_name(game, at),
        "keys": keys_help(topology, mode="mark", enter=can_act),
    }


def _point_name(game: Game, text: str) -> str:
    """The name of the point `text` gives ("h5" -> "H5"), or "" for anything else."""
    try:
        return game.topology.name(game.topology.parse(text)) if text else ""
    except CoordinateError:
        return ""


def toggled_text(*, game: Game, dispute: ScoreDispute, point: int) -> str:
    """What the marking page says after a player toggled the chain at `point` (a stone) into
    `dispute`'s marking: the chain, its new state and the count it gives, as board_cursor.js
    reads it in the page's status line: "H5: the black chain of 1 stone is marked dead. With
    this marking the count is Black 36, White 43.5: W+7.5."."""
    position = game_state(game).position
    name = game.topology.name(point)
    stones = len(stone_chain(position, point))
    dead = game.topology.sgf(point) in dispute.dead
    black = position.stones[point] == BLACK
    if dead and black:
        chain = ngettext(
            "%(point)s: the black chain of %(count)d stone is marked dead.",
            "%(point)s: the black chain of %(count)d stones is marked dead.",
            stones,
        )
    elif dead:
        chain = ngettext(
            "%(point)s: the white chain of %(count)d stone is marked dead.",
            "%(point)s: the white chain of %(count)d stones is marked dead.",
            stones,
        )
    elif black:
        chain = ngettext(
            "%(point)s: the black chain of %(count)d stone is alive again.",
            "%(point)s: the black chain of %(count)d stones is alive again.",
            stones,
        )
    else:
        chain = ngettext(
            "%(point)s: the white chain of %(count)d stone is alive again.",
            "%(point)s: the white chain of %(count)d stones is alive again.",
            stones,
        )
    count = count_with_dead(game=game, dead_sgf=dispute.dead)
    total = gettext(
        "With this marking the count is Black %(black)s, White %(white)s: %(result)s."
    ) % {
        "black": points_label(count.black.total),
        "white": points_label(count.white.total),
        "result": count.result if count.winner is not None else gettext("a draw"),
    }
    return f"{chain % {'point': name, 'count': stones}} {total}"


def _toggled_stone(topology, stones: frozenset[int], toggle: str) -> tuple[int | None, str]:
    """The stone a `?toggle=` coordinate names, or None and the sentence saying why none."""
    try:
        point = topology.parse(toggle)
    except CoordinateError as exc:
        return None, gettext("Nothing can be marked there: %(reason)s.") % {
            "reason": rules_refusal(exc)
        }
    if point not in stones:
        return None, gettext("There is no stone at %(point)s to mark.") % {
            "point": topology.name(point)
        }
    return point, ""
