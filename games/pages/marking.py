"""The marking page of a disputed count: the board with the stones marked dead."""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext

import rules
from accounts.selectors import BoardAppearance
from games.counting import (
    count_with_dead,
    stone_chain,
)
from games.errors import rules_refusal
from games.models import Game, ScoreDispute
from games.pages.board import COLOUR_NAMES
from games.pages.result import score_lines
from games.replay import game_replay, point_names
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
) -> dict:
    """Everything templates/games/marking.html shows: the board with the current marking drawn
    (dead stones faded, territory squares), the count it gives, who accepts it, and for a
    player while the phase is open the stones as links (`?toggle=D4` asks to confirm without
    JavaScript). `toggle_error` says why a `toggle` coordinate cannot be marked."""
    position = game_replay(game).position
    topology = game.topology
    count = count_with_dead(game=game, dead_sgf=dispute.dead)
    colour = game.colour_of(user)
    is_open = dispute.is_open(now)
    can_act = colour is not None and is_open
    stones = frozenset(p for p, c in enumerate(position.stones) if c != rules.EMPTY)
    dead = frozenset(topology.from_sgf(p) for p in dispute.dead)
    toggle_point = None
    toggle_error = ""
    if toggle and can_act:
        try:
            point = topology.parse(toggle)
        except CoordinateError as exc:
            toggle_error = gettext("%(reason)s.") % {"reason": rules_refusal(exc)}
        else:
            if point in stones:
                toggle_point = point
            else:
                toggle_error = f"There is no stone at {topology.name(point)} to mark."
    toggle_info = None
    if toggle_point is not None:
        chain = stone_chain(position, toggle_point)
        toggle_info = {
            "name": topology.name(toggle_point),
            "colour_name": COLOUR_NAMES[position.stones[toggle_point]],
            "stones": len(chain),
            "to_dead": toggle_point not in dead,
        }
    accepted = {c: dispute.accepted_by(c) for c in (BLACK, WHITE)}
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
                "user": game.player(c),
                "accepted": accepted[c],
                "me": c == colour,
            }
            for c in (BLACK, WHITE)
        ],
        "i_accepted": colour is not None and accepted[colour],
        "toggle": toggle_info,
        "toggle_error": toggle_error,
        "marks": {toggle_point: "circle"} if toggle_point is not None else None,
    }
