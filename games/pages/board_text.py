"""The board in words, translated: sentences made from games/pages/board_words.py's facts.

Used by the game page (the position in words, the keyboard cursor's point descriptions, the
answers to the board questions of games/views/board_words.py) and by the your-turn mail. Every
sentence goes through gettext here; the facts module stays free of Django.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.game_settings import topology_label
from games.pages import board_words as words
from rules.errors import (
    GameOver,
    IllegalMove,
    KoViolation,
    NotYourTurn,
    Occupied,
    OffBoard,
    Suicide,
    SuperkoViolation,
)
from rules.game import PASS, PLAY, RESIGN, Game, Position
from rules.topology import Topology

DIRECTION_NAMES = {
    "up": gettext_lazy("up"),
    "down": gettext_lazy("down"),
    "left": gettext_lazy("left"),
    "right": gettext_lazy("right"),
    "up_left": gettext_lazy("up-left"),
    "up_right": gettext_lazy("up-right"),
    "down_left": gettext_lazy("down-left"),
    "down_right": gettext_lazy("down-right"),
}
COLOUR_WORDS = {
    "black": gettext_lazy("black"),
    "white": gettext_lazy("white"),
    "empty": gettext_lazy("empty"),
}
PLAYER_WORDS = {"black": gettext_lazy("Black"), "white": gettext_lazy("White")}
REFUSALS = {
    Occupied.code: gettext_lazy("that point is already occupied"),
    Suicide.code: gettext_lazy("suicide: your stones there would have no liberties"),
    KoViolation.code: gettext_lazy("ko: you may not retake the ko at once; play elsewhere first"),
    SuperkoViolation.code: gettext_lazy("this repeats an earlier position (superko)"),
    NotYourTurn.code: gettext_lazy("it is not your turn"),
    GameOver.code: gettext_lazy("the game is over"),
    OffBoard.code: gettext_lazy("that point is not on the board"),
}


def names_list(names: Sequence[str]) -> str:
    """Point names joined for reading: "D4, E4 and F4"."""
    names = list(names)
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return _("%(first)s and %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


def refusal_text(code: str) -> str:
    """Why a move is refused, from a rules error code."""
    return str(REFUSALS.get(code, IllegalMove.reason))


def point_text(facts: words.PointFacts) -> str:
    """One point as the keyboard cursor says it: "D4, black stone, last move"."""
    if facts.colour == "black":
        parts = [facts.name, _("black stone")]
    elif facts.colour == "white":
        parts = [facts.name, _("white stone")]
    else:
        parts = [facts.name, _("empty")]
    if facts.last_move:
        parts.append(_("last move"))
    if facts.ko:
        parts.append(_("ko point"))
    if facts.star:
        parts.append(_("star point"))
    return ", ".join(parts)


def _colour_words() -> dict[str, str]:
    """The colour words in the active language, looked up once per board (not per stone)."""
    return {code: str(word) for code, word in COLOUR_WORDS.items()}


def row_text(row: words.Row, colours: dict[str, str] | None = None) -> str:
    """One row: "Row 5: E5 black, G5 black; the rest empty" (or "Row 5: empty")."""
    if not row.stones:
        return _("Row %(number)s: empty") % {"number": row.number}
    colours = colours or _colour_words()
    stones = ", ".join(f"{s.name} {colours[s.colour]}" for s in row.stones)
    if len(row.stones) == row.size:
        return _("Row %(number)s: %(stones)s") % {"number": row.number, "stones": stones}
    return _("Row %(number)s: %(stones)s; the rest empty") % {
        "number": row.number,
        "stones": stones,
    }


def move_text(position: Position) -> str:
    """The last move: "Black played D4", "White passed", or "No moves yet"."""
    lm = position.last_move
    if lm is None:
        return _("No moves yet.")
    who = PLAYER_WORDS["black" if lm.colour == 1 else "white"]
    if lm.kind == PLAY:
        return _("%(player)s played %(point)s.") % {
            "player": who,
            "point": position.topology.name(lm.point),
        }
    if lm.kind == PASS:
        return _("%(player)s passed.") % {"player": who}
    if lm.kind == RESIGN:
        return _("%(player)s resigned.") % {"player": who}
    return ""


def summary_lines(position: Position, *, over: bool = False) -> list[str]:
    """Whose turn, the last move, the captures and the ko point, one sentence each."""
    lines = []
    if not over:
        who = PLAYER_WORDS["black" if position.to_move == 1 else "white"]
        lines.append(
            _("%(player)s to play, move %(number)s.")
            % {"player": who, "number": position.move_number + 1}
        )
    lines.append(move_text(position))
    black, white = position.prisoners
    lines.append(
        _("Captures: Black %(black)s, White %(white)s.") % {"black": black, "white": white}
    )
    if position.ko_point is not None:
        lines.append(
            _("Ko at %(point)s: it may not be retaken this turn.")
            % {"point": position.topology.name(position.ko_point)}
        )
    return lines


def position_lines(position: Position) -> list[str]:
    """The whole board by rows, top to bottom."""
    colours = _colour_words()
    return [row_text(r, colours) for r in words.rows(position)]


def board_alt_text(position: Position, *, over: bool = False) -> str:
    """The full alternative text of a board picture (the your-turn mail's image): the board,
    whose turn, the last move, the captures, the ko point, then every row."""
    label = _("%(board)s board after move %(number)s.") % {
        "board": topology_label(position.topology),
        "number": position.move_number,
    }
    rows = [f"{line}." for line in position_lines(position)]
    return " ".join([label, *summary_lines(position, over=over), *rows])


def chain_text(position: Position, point: int) -> str:
    """The chain at a point: its stones and liberties."""
    name = position.topology.name(point)
    chain = words.chain_at(position, point)
    if chain is None:
        return _("%(point)s is empty.") % {"point": name}
    return _chain_sentence(chain)


def _chain_sentence(chain: words.ChainFacts) -> str:
    stones = ngettext(
        "%(colour)s chain of %(count)d stone: %(stones)s",
        "%(colour)s chain of %(count)d stones: %(stones)s",
        len(chain.stones),
    ) % {
        "colour": PLAYER_WORDS[chain.colour],
        "count": len(chain.stones),
        "stones": names_list(chain.stones),
    }
    libs = ngettext(
        "%(count)d liberty: %(points)s",
        "%(count)d liberties: %(points)s",
        len(chain.liberties),
    ) % {"count": len(chain.liberties), "points": names_list(chain.liberties)}
    return f"{stones}; {libs}."


def atari_text(position: Position) -> str:
    """Every chain in atari, or a sentence saying there is none."""
    chains = words.chains_in_atari(position)
    if not chains:
        return _("No chain is in atari.")
    return " ".join(_chain_sentence(c) for c in chains)


def neighbours_text(position: Position, point: int) -> str:
    """ "D4: up D5 empty, right E4 black stone, ..."."""
    parts = [
        f"{DIRECTION_NAMES[n.direction]} {point_text(n.point)}"
        for n in words.neighbours(position, point)
    ]
    return _("Next to %(point)s: %(neighbours)s.") % {
        "point": position.topology.name(point),
        "neighbours": "; ".join(parts),
    }


def scan_text(position: Position, point: int, *, along: str) -> str:
    """A row or a column read point by point, runs of empty points counted."""
    t = position.topology
    facts = words.line_scan(position, point, along=along)
    parts: list[str] = []
    empty_run: list[str] = []

    def flush() -> None:
        if len(empty_run) == 1:
            parts.append(_("%(point)s empty") % {"point": empty_run[0]})
        elif empty_run:
            parts.append(
                _("%(first)s to %(last)s empty") % {"first": empty_run[0], "last": empty_run[-1]}
            )
        empty_run.clear()

    for f in facts:
        if f.colour == "empty":
            empty_run.append(f.name)
        else:
            flush()
            parts.append(f"{f.name} {COLOUR_WORDS[f.colour]}")
    flush()
    if along == "row":
        label = _("Row %(number)s") % {"number": t.sgf_size - t.xy[point][1]}
    else:
        label = _("Column %(letter)s") % {"letter": words.column_letter(t, point)}
    return f"{label}: {', '.join(parts)}."


def preview_text(game: Game, point: int) -> str:
    """A typed or chosen move in words before it is confirmed, or why it is refused:
    "D4: joins your E4 chain, 3 liberties, captures none."."""
    p = words.preview(game, point)
    if p.refusal is not None:
        return _("%(point)s: refused, %(reason)s.") % {
            "point": p.name,
            "reason": refusal_text(p.refusal),
        }
    parts = []
    for chain in p.joins:
        parts.append(
            ngettext(
                "joins your %(first)s chain (%(count)d stone)",
                "joins your %(first)s chain (%(count)d stones)",
                len(chain.stones),
            )
            % {"first": chain.stones[0], "count": len(chain.stones)}
        )
    if not p.joins:
        parts.append(_("a new chain"))
    parts.append(
        ngettext("%(count)d liberty", "%(count)d liberties", p.liberties) % {"count": p.liberties}
    )
    if p.captures:
        parts.append(
            ngettext(
                "captures %(count)d: %(points)s", "captures %(count)d: %(points)s", len(p.captures)
            )
            % {"count": len(p.captures), "points": names_list(p.captures)}
        )
    else:
        parts.append(_("captures none"))
    for chain in p.ataris:
        parts.append(_("puts the %(first)s chain in atari") % {"first": chain.stones[0]})
    if p.self_atari:
        parts.append(_("your chain would be in atari"))
    return f"{p.name}: {', '.join(parts)}."


def count_lines(position: Position, ownership: tuple[int, ...]) -> list[str]:
    """The count by rows: the points each colour owns, row by row (rows nobody owns skipped)."""
    out = []
    for row in words.count_rows(position, ownership):
        if not row.black and not row.white:
            continue
        parts = []
        if row.black:
            parts.append(_("Black %(points)s") % {"points": ", ".join(row.black)})
        if row.white:
            parts.append(_("White %(points)s") % {"points": ", ".join(row.white)})
        out.append(
            _("Row %(number)s: %(owners)s") % {"number": row.number, "owners": "; ".join(parts)}
        )
    return out or [_("No point is owned by either player.")]


def keys_help(t: Topology, *, mode: str = "play", enter: bool = True) -> list[tuple[str, str]]:
    """The board's keys and what they do, for the page (key, meaning). The letters are the
    keys board_cursor.js listens to, whatever the language, so they are not translated.
    `mode` is the cursor's (templates/games/_board.html): "play" (the game page), "mark" (the
    marking of dead stones), "variation" (a review whose owner adds moves) or "read";
    `enter=False` leaves out Enter where the viewer may not act (a spectator's marking)."""
    if t.kind == "square":
        moves = [(_("Arrow keys"), _("move the cursor up, down, left and right"))]
    else:
        moves = [
            (_("Left and Right arrows"), _("move along the row")),
            (_("Up and Down arrows"), _("move up-left and down-right, along the column letter")),
            (_("Page Up and Page Down"), _("move up-right and down-left")),
        ]
    actions = {
        "play": _("play at the cursor, then confirm"),
        "mark": _("mark the chain at the cursor dead, or alive again"),
        "variation": _("play a variation move at the cursor"),
    }
    keys = [*moves, (_("Home and End"), _("first and last point of the row"))]
    if enter and mode in actions:
        keys.append((_("Enter or Space"), actions[mode]))
    keys += [
        ("C", _("the chain at the cursor: stones and liberties")),
        ("N", _("the neighbours of the cursor point, with directions")),
        (
            _("%(first)s and %(second)s") % {"first": "R", "second": "L"},
            _("read the cursor's row, or its column letter"),
        ),
        ("A", _("chains in atari")),
    ]
    if mode == "play":
        keys.append(("S", _("whose turn, the last move, captures, ko and the clocks")))
    elif mode == "mark":
        keys.append(("S", _("the last move and the captures")))
    else:
        keys.append(("S", _("the move shown, whose turn, captures and ko")))
    if mode != "mark":
        keys.append(("P", _("what a move at the cursor would do")))
    if mode == "play":
        keys.append(("W", _("go to the position in words")))
    keys.append(("H", _("this list of keys")))
    return keys


__all__ = [
    "DIRECTION_NAMES",
    "atari_text",
    "board_alt_text",
    "chain_text",
    "count_lines",
    "keys_help",
    "move_text",
    "names_list",
    "neighbours_text",
    "point_text",
    "position_lines",
    "preview_text",
    "refusal_text",
    "row_text",
    "scan_text",
    "summary_lines",
]
