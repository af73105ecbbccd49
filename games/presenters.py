"""What the board, result and review pages show, computed from a stored game without further
database access: the replayed position, the SVG board, clocks, moves and the count."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import replace

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

import rules
from accounts.selectors import BoardAppearance
from rules import BLACK, WHITE, CoordinateError
from rules.game import PLAY, Move
from rules.scoring import uncertain_note
from rules.sgf import write_sgf

from .counting import (
    COUNTED_END_REASONS,
    count_with_dead,
    dispute_window,
    game_score,
    stone_chain,
)
from .fragments import FRAGMENT_VERSION, fragment, fragments_get, fragments_set, game_state_key
from .links import player_links, url_former
from .models import CorrectionKind, DisputeStatus, Game, ResultCorrection, ScoreDispute
from .replay import game_moves, game_replay, point_names
from .selectors import MoveRow, clock_left_label, duration_label, game_clocks, game_move_list
from .status_html import finished_row_html, running_card_html
from .svg import board_svg, board_thumbnail_svg, review_frames

COLOUR_NAMES = {BLACK: "Black", WHITE: "White"}


def board_context(
    *,
    game: Game,
    user,
    now: dt.datetime,
    appearance: BoardAppearance,
    confirm: str = "",
) -> dict:
    """Everything templates/games/board.html shows. `confirm` is a coordinate the player
    clicked: when legal it is drawn as a ghost stone with a confirm form, else
    `confirm_error` says why not.

    The board (SVG) and the move list are drawn once per game state, look and viewer's turn
    and then come from the cache (games.fragments); the confirmation page is drawn each time.
    """
    colour = game.colour_of(user)
    my_turn = colour is not None and not game.is_over and game.to_move == colour
    confirm_point = None
    confirm_error = ""
    if confirm and my_turn:
        try:
            point = game.topology.parse(confirm)
            game_replay(game).play(point, colour)
        except CoordinateError as exc:
            confirm_error = f"{exc}."
        except rules.IllegalMove as exc:
            confirm_error = f"{str(exc)[:1].upper()}{str(exc)[1:]}."
        else:
            confirm_point = point
    elif confirm:
        confirm_error = "It is not your turn." if colour is not None else ""
    theme, coordinates = appearance.theme or "wood", bool(appearance.show_coordinates)
    if confirm_point is not None:
        board = _board_parts(game, my_turn, theme, coordinates, ghost=confirm_point)
    else:
        key = (
            f"games:board:{FRAGMENT_VERSION}:{game_state_key(game)}:{theme}:{int(coordinates)}"
            f":{int(my_turn)}"
        )
        board = fragment(key, lambda: _board_parts(game, my_turn, theme, coordinates))
    clocks = game_clocks(game=game, now=now)
    captures = {BLACK: game.black_captures, WHITE: game.white_captures}
    players = []
    for c in (BLACK, WHITE):
        players.append(
            {
                "colour": c,
                "colour_name": COLOUR_NAMES[c],
                "user": game.player(c),
                "captures": captures[c],
                "clock": clocks[c],
                "left": clock_left_label(left=clocks[c].left, weekend_pause=game.weekend_pause),
                "to_move": clocks[c].running,
            }
        )
    return {
        "game": game,
        "appearance": appearance,
        "board_svg": mark_safe(board["svg"]),  # noqa: S308 - board_svg's escaped output
        "playable": board["playable"],
        "moves_html": mark_safe(board["moves"]),  # noqa: S308 - move_list_html's output
        "players": players,
        "my_colour": colour,
        "my_turn": my_turn,
        "to_move_name": COLOUR_NAMES[game.to_move],
        "confirm_point": confirm_point,
        "confirm_name": game.topology.name(confirm_point) if confirm_point is not None else "",
        "confirm_error": confirm_error,
    }


def _board_parts(
    game: Game, my_turn: bool, theme: str, coordinates: bool, ghost: int | None = None
) -> dict:
    """The game page's board (compact SVG, games.svg.board) and move list, as plain strings
    for the cache; the replay, the legal points and the count are done here only."""
    state = game_replay(game)
    position = state.position
    clickable = frozenset(state.legal_points()) if my_turn else frozenset()
    score = game_score(game=game, position=position)
    svg = board_svg(
        position,
        theme=theme,
        coordinates=coordinates,
        clickable=clickable,
        ghost=ghost,
        score=score,
        # The stones the automatic count was unsure of, ringed as on the scored image.
        marks={p: "unsure" for p in score.uncertain} if score and score.uncertain else None,
        compact=True,
    )
    moves = move_list_html(game_move_list(game=game))
    return {"svg": str(svg), "playable": bool(clickable), "moves": str(moves)}


def move_list_html(moves: Sequence[MoveRow]) -> SafeString:
    """The items of the game page's move list, "B D4", numbered by their <ol> from 1: plain
    text, one short item per move (a link each made a 200-move page 13 KB heavier and its
    template loop took most of the page's time; the review page steps through the moves)."""
    colour = {BLACK: "B", WHITE: "W"}
    return mark_safe(  # noqa: S308 - the labels are escaped
        "".join(f"<li>{colour[m.colour]} {escape(m.label)}</li>" for m in moves)
    )


def points_label(value: float | int) -> str:
    """A count in half points as people write it: 45, 43.5, -2.5 (never '45.0')."""
    number = float(value)
    return str(int(number)) if number.is_integer() else f"{number:g}"


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
    colour and opponent (with the game's URL and the opponent's link, games.links; "html": the
    card, games.status_html), what the game belongs to ("label", from `labels`: a tournament
    round or a ladder, "" for none), whose
    turn, the time left of the player to move, their deadline (or that their clock is stopped
    by their vacation) and a thumbnail of the position in `user`'s board theme. No database
    access; the thumbnails come from the cache (one read for all, games.fragments), and only
    the missing ones are replayed and drawn."""
    keys = {
        game.pk: f"games:thumb:{FRAGMENT_VERSION}:{game_state_key(game)}:{theme}:{THUMBNAIL_SIZE}"
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
                    title=f"{game.board_label}, move {game.move_number}",
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
                    left=clocks[game.to_move].left, weekend_pause=game.weekend_pause
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
    """The status page's rows of finished games (games.status_html), one per game of `games`,
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


def score_lines(count: dict) -> list[dict]:
    """The count table of a stored count (`Score.as_dict()`), one column per player: first the
    lines that add up to the total, in the order of the caption's sum ("counted": True, a
    subtraction shown as a negative number), then the total, then the lines shown for
    information only ("counted": False). Area scoring counts live stones, territory and komi;
    prisoners and dead stones are only shown (a dead stone's point is its owner's territory).
    Territory scoring counts territory, minus own stones captured, minus own dead stones, plus
    komi."""
    black, white = count["black"], count["white"]

    def line(key: str, label: str, b: float, w: float, *, counted: bool = True) -> dict:
        return {
            "key": key,
            "label": label,
            "black": points_label(b),
            "white": points_label(w),
            "counted": counted,
        }

    komi = line("komi", "Komi", black["komi"], white["komi"])
    total = line("total", "Total", black["total"], white["total"])
    if count.get("method") == "territory":
        return [
            line("territory", "Territory", black["territory"], white["territory"]),
            # Prisoners lost: the stones the opponent captured during the game.
            line("lost", "Own stones captured", -white["prisoners"], -black["prisoners"]),
            line("dead", "Own dead stones", -black["dead"], -white["dead"]),
            komi,
            total,
        ]
    return [
        line("stones", "Live stones", black["stones"], white["stones"]),
        line("territory", "Territory", black["territory"], white["territory"]),
        komi,
        total,
        line("prisoners", "Prisoners taken", black["prisoners"], white["prisoners"], counted=False),
        line("dead", "Own dead stones", black["dead"], white["dead"], counted=False),
    ]


def result_context(
    *,
    game: Game,
    user=None,
    now: dt.datetime | None = None,
    dispute: ScoreDispute | None = None,
    corrections: Sequence[ResultCorrection] = (),
    reported: bool = False,
) -> dict | None:
    """The result section: winner, reason, each side's count for a counted game, where the dead
    stones come from (estimate, the players' agreement, staff) and what a player can still do
    (dispute the count until the window closes, go to the marking, report to staff)."""
    if not game.is_over:
        return None
    winner = None
    if game.result[:2] in ("B+", "W+"):
        winner = BLACK if game.result[0] == "B" else WHITE
    count = game.score or {}
    last = corrections[-1] if corrections else None
    if last is not None and last.kind == CorrectionKind.STAFF:
        dead_source = "set by the site staff"
    elif dispute is not None and dispute.status == DisputeStatus.AGREED:
        dead_source = "agreed by both players"
    else:
        dead_source = "estimated"
    is_player = game.colour_of(user) is not None
    dispute_until = game.finished + dispute_window() if game.finished else None
    counted = game.end_reason in COUNTED_END_REASONS and bool(game.score)
    can_dispute = (
        is_player
        and counted
        and dispute is None
        and not any(c.kind == CorrectionKind.STAFF for c in corrections)
        and now is not None
        and dispute_until is not None
        and now < dispute_until
    )
    return {
        "text": game.result,
        "reason": game.get_end_reason_display(),
        "winner": game.player(winner) if winner else None,
        "winner_colour": COLOUR_NAMES.get(winner, ""),
        "margin": game.result.split("+", 1)[1] if "+" in game.result else "",
        "method": count.get("method", ""),
        "lines": score_lines(count) if count else [],
        "dead": point_names(game, count.get("dead", [])),
        "dead_source": dead_source,
        "uncertain": point_names(game, count.get("uncertain", [])),
        "uncertain_note": uncertain_note(
            dispute_window().days if can_dispute and dispute_until else None
        ),
        "draw": game.result == "0",
        "counting": game.awaiting_count,
        "is_player": is_player,
        "can_dispute": can_dispute,
        "dispute_until": dispute_until if can_dispute else None,
        "dispute": dispute,
        "marking_open": dispute is not None and now is not None and dispute.is_open(now),
        "corrections": list(corrections),
        "reported": reported,
        "counted": counted,
    }


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
            toggle_error = f"{exc}."
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


def _step(value: str | None, last: int) -> int:
    try:
        number = int(value) if value is not None else last
    except ValueError:
        number = last
    return max(0, min(last, number))


def _review(
    *,
    topology: rules.Topology,
    ruleset: rules.RuleSet,
    handicap: int,
    black_setup: tuple[int, ...],
    white_setup: tuple[int, ...],
    first: int,
    moves: list[Move],
    move: str | None,
    appearance: BoardAppearance,
) -> dict:
    number = _step(move, len(moves))
    # Replay with the most permissive ko rule and no cap: every stored move was accepted.
    permissive = replace(ruleset, ko="simple", move_cap=10**6)
    state = rules.Game.new(
        topology, permissive, black_setup=black_setup, white_setup=white_setup, to_move=first
    )
    state.handicap = handicap
    for m in moves[:number]:
        state.apply(m)
    position = state.position
    rows = []
    for i, m in enumerate(moves, start=1):
        label = topology.name(m.point) if m.kind == PLAY else m.kind
        rows.append({"number": i, "colour": m.colour, "label": label})
    return {
        "appearance": appearance,
        "frames": review_frames(topology, (black_setup, white_setup), moves, rules=permissive),
        "position": position,
        "number": number,
        "last": len(moves),
        "previous": max(0, number - 1),
        "next": min(len(moves), number + 1),
        "moves": rows,
        "captures": {"black": position.captured_by(BLACK), "white": position.captured_by(WHITE)},
        "current": rows[number - 1] if number else None,
    }


def review_context(*, game: Game, move: str | None, appearance: BoardAppearance) -> dict:
    """The review page of a stored game at move `move` (default: the last)."""
    topology = game.topology
    setup = tuple(topology.handicap_points(game.handicap)) if game.handicap >= 2 else ()
    context = _review(
        topology=topology,
        ruleset=game.rule_set,
        handicap=game.handicap,
        black_setup=setup,
        white_setup=(),
        first=game.first_to_move,
        moves=game_moves(game),
        move=move,
        appearance=appearance,
    )
    # The count belongs to the final position: shown at the last move only (review.js hides
    # it on earlier frames).
    at_end = context["number"] == context["last"]
    context["score"] = game_score(game=game, position=context["position"]) if at_end else None
    context["game"] = game
    return context


def record_review_context(*, record, move: str | None, appearance: BoardAppearance) -> dict:
    """The review page of an uploaded SGF record (`rules.sgf.SgfRecord`)."""
    context = _review(
        topology=record.topology,
        ruleset=record.rules,
        handicap=0,
        black_setup=tuple(record.black_setup),
        white_setup=tuple(record.white_setup),
        first=record.first_to_move,
        moves=list(record.moves),
        move=move,
        appearance=appearance,
    )
    context["record"] = record
    context["score"] = None
    return context


def game_sgf(*, game: Game) -> str:
    """The game's SGF record: players, date, rules, komi, handicap, moves and result."""
    state = game_replay(game)
    return write_sgf(
        state,
        black_player=game.black.username,
        white_player=game.white.username,
        date=game.created.date().isoformat(),
        result=game.result or None,
    )
