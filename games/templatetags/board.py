"""``{% board %}``: a game board drawn by games.svg inside its responsive frame.

Usage (``{% load board %}``)::

    {% board position theme=prefs.board_theme coordinates=prefs.coordinates %}
    {% board position clickable=legal_points href_pattern="?confirm={point}" %}
    {% board position ghost=confirm_point %}           {# the no-JavaScript confirm page #}
    {% board position score=score %}
    {% board position score=count stone_links=stones href_pattern="?toggle={point}" %}
    {% board position replay=frames %}                 {# frames from games.svg.replay_frames #}
    {% board position clickable=legal_points compact=True %}  {# links built by board.js #}
    {% board position cursor="mark" words_url=url cursor_start="D4" %}  {# keyboard cursor #}

It renders templates/games/_board.html: the SVG, the JSON for replay.js when `replay` is given,
and (unless ``assets=False``) the board stylesheet and scripts, which guard against running
twice when several boards share a page.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from django import template

from games.svg import board_svg
from rules.game import Position
from rules.scoring import Score

register = template.Library()

POINT_PLACEHOLDER = "{point}"


@register.inclusion_tag("games/_board.html")
def board(
    position: Position,
    *,
    theme: str = "wood",
    coordinates: bool = True,
    clickable: Collection[int] | None = None,
    last_move: int | bool | None = None,
    score: Score | None = None,
    marks: Mapping[int, str] | None = None,
    ghost: int | None = None,
    element_id: str = "board",
    size: int | None = None,
    href_pattern: str = "?confirm={point}",
    move_form: str = "move-form",
    replay: Sequence[dict] | None = None,
    replay_start: int | None = None,
    title: str | None = None,
    assets: bool = True,
    stone_links: Collection[int] | None = None,
    compact: bool = False,
    cursor: str = "",
    words_url: str = "",
    cursor_start: str = "",
) -> dict:
    """Context for _board.html; see games.svg.board_svg for the arguments it passes on.

    `href_pattern` is the link of a clickable point with "{point}" standing for its name (D4);
    `move_form` is the id of the POST form board.js submits; `replay` turns on replay.js,
    starting at frame `replay_start` (default: the last). `cursor` turns on the keyboard
    cursor (static/games/board_cursor.js) in that mode ("play", "mark", "read", "variation"),
    asking its questions at `words_url` and starting on the point `cursor_start` (a name).
    """
    if POINT_PLACEHOLDER not in href_pattern:
        raise ValueError(f"href_pattern {href_pattern!r} must contain {POINT_PLACEHOLDER}")
    svg = board_svg(
        position,
        theme=theme or "wood",
        coordinates=bool(coordinates),
        clickable=frozenset(clickable or ()),
        last_move=last_move,
        score=score,
        marks=marks,
        ghost=ghost,
        element_id=element_id,
        size=size,
        point_href=lambda name: href_pattern.replace(POINT_PLACEHOLDER, name),
        title=title,
        stone_links=frozenset(stone_links or ()),
        compact=compact,
    )
    return {
        "svg": svg,
        "kind": position.topology.kind,
        "playable": bool(clickable),
        "move_form": move_form,
        "replay": list(replay) if replay is not None else None,
        # The ids and data-review attributes are the markup replay.js reads (unchanged names).
        "replay_id": f"{element_id}-review",
        "replay_start": replay_start,
        "assets": assets,
        "cursor": cursor,
        "words_url": words_url,
        "cursor_start": cursor_start,
    }
