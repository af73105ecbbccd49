"""Reading and writing SGF game records for square boards and Badux hexagons.

sgfmill (mattheww/sgfmill) does the SGF grammar: tokenising, escapes, variations and
serialising. This module turns its raw property values into our points, moves and rule sets.

Square boards are plain SGF (FF[4], GM[1]): SZ[n] for n = 5..25, points 'aa'..., passes as an
empty value (B[] / W[]; 'tt' is read as a pass on boards up to 19).

Hexagons, our convention (a stable contract other tools rely on):

* the root property ``HX[n]`` marks a hexagon of side n (3-13), with ``SZ[2n-1]``;
* the cell with axial coordinates (q, r) is the SGF point whose column letter has index q+n-1
  and whose row letter has index r+n-1 ('a' = 0, rows counted from the top), so 'aa' is the
  top-left corner of the enclosing square;
* the points with x+y < n-1 or x+y > 3n-3 are off the board; a move or single setup point there
  is an error, while a compressed rectangle (``AB[aa:ee]``) keeps only its cells on the board.

This is exactly the mapping of `rules.topology.hexagon` (`Topology.sgf` / `Topology.from_sgf`).

Properties read: SZ, HX, RU, KM, HA, AB/AW/AE (before the first move, never in a node with a
move), PL, B/W, PB, PW, DT, RE and C; CA names the charset of the text (an unknown name is
ignored, a codec that is no charset, such as rot13, base64, hex, idna or punycode, is an error).
The whole file is decoded before it is tokenised (`sgf_text`): a multi-byte charset such as
Shift_JIS, Big5 or GBK has trail bytes 0x5C ('\\') and 0x5D (']'), which read as bytes would be
taken for SGF escapes and ends of values. sgfmill itself decodes values after tokenising bytes,
so it is handed the UTF-8 text (as its own `Sgf_game.from_string` does).
Two moves of one colour in a row read as a pass of the other colour between them (an omitted
pass, as real servers write them, and as other Go programs read them): `SgfRecord.moves` holds
that pass, and `SgfRecord.implied_passes` says where. Only the main line of the first game in
the file is read. Rule sets: RU[Japanese] or Korean -> 'go-territory' (simple ko); Chinese,
AGA, NZ, Tromp-Taylor -> 'go-area' (superko); RU[Badux] -> 'badux'; no or unknown RU ->
`default_preset_key` (hexagons: 'badux'). KM sets the komi, HA the handicap (with AB the stones
stand as given, without AB on their fixed points).
Written files use RU[Chinese] / RU[Japanese] / RU[Badux] for the three presets.

Every problem with a file raises `SgfError` with a one-line message.

The whole game tree, with every variation, comments, marks and labels, is read and written by
`rules.sgf_tree` (which uses this module's readers for the root and the main line).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace

from sgfmill import sgf, sgf_grammar

from rules.board import BLACK, COLOUR_LETTERS, WHITE, other
from rules.errors import IllegalMove, InvalidSetup, RulesError
from rules.game import PASS, PLAY, Game, Move
from rules.ruleset import RuleSet, default_preset_key, preset
from rules.sgf_charset import NotACharset, SgfText, decoded
from rules.topology import SGF_LETTERS, CoordinateError, Topology, hexagon, square

RU_PRESETS = {
    "japanese": "go-territory",
    "korean": "go-territory",
    "jp": "go-territory",
    "go-territory": "go-territory",
    "chinese": "go-area",
    "cn": "go-area",
    "aga": "go-area",
    "nz": "go-area",
    "new zealand": "go-area",
    "tromp-taylor": "go-area",
    "tromp taylor": "go-area",
    "go-area": "go-area",
    "badux": "badux",
}
PRESET_RU = {"go-area": "Chinese", "go-territory": "Japanese", "badux": "Badux"}
_COLOURS = {"B": BLACK, "W": WHITE}


class SgfError(RulesError, ValueError):
    """A file that is not a usable SGF record; the message is one line. `code` is stable."""

    code = "sgf_refused"

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(str(message).split()))


class SgfTooLarge(SgfError):
    """A record over one of the bounds on what one file may hold (points in one list, marks
    or labels on one node, marks and labels in the whole tree). `bound` names it ("points",
    "marks", "labels", "annotations") and `most` is its value, so that a site can say the same
    in its reader's language; the message is the English sentence."""

    def __init__(self, message: str, *, bound: str, most: int) -> None:
        self.bound = bound
        self.most = most
        super().__init__(message)


class IllegalRecordMove(RulesError):
    """A recorded move the rules refuse. `number` counts B/W nodes from 1 (passes included,
    implied passes not); `error` is the `IllegalMove` (its `.code`: occupied, suicide, ko,
    superko, ...)."""

    def __init__(self, number: int, move: Move, topology: Topology, error: IllegalMove) -> None:
        self.number = number
        self.move = move
        self.error = error
        where = topology.sgf(move.point) if move.kind == PLAY else move.kind
        reason = str(error)
        if not reason.startswith(f"{error.code}:"):
            reason = f"{error.code}: {reason}"
        super().__init__(f"illegal move {number}: {COLOUR_LETTERS[move.colour]} {where} ({reason})")


@dataclass(frozen=True)
class SgfRecord:
    """One game record: the board, rules, setup, moves and the players' details.

    `moves` holds plays and passes only (a resignation is written as RE), colours alternating:
    where the file has two moves of one colour in a row, the other colour's pass between them
    is in `moves` too, and its index is in `implied_passes`. `to_move` is the PL property (None
    when absent). `comments` maps the number of moves played when the comment was made (0 = the
    root) to its text.
    """

    topology: Topology
    rules: RuleSet
    handicap: int = 0
    black_setup: tuple[int, ...] = ()
    white_setup: tuple[int, ...] = ()
    moves: tuple[Move, ...] = ()
    to_move: int | None = None
    black_player: str | None = None
    white_player: str | None = None
    date: str | None = None
    result: str | None = None
    comments: dict[int, str] = field(default_factory=dict)
    implied_passes: tuple[int, ...] = ()

    def node_number(self, index: int) -> int:
        """The number of `moves[index]` counted in B/W nodes from 1, as a file reader counts
        (an implied pass has the number of the node after it)."""
        return index + 1 - sum(1 for implied in self.implied_passes if implied < index)

    @property
    def first_to_move(self) -> int:
        """Who plays first: PL, else the first move's colour, else White after handicap
        stones and Black otherwise."""
        if self.to_move is not None:
            return self.to_move
        if self.moves:
            return self.moves[0].colour
        return WHITE if self.handicap >= 2 else BLACK


# Reading ---------------------------------------------------------------------------------------


def read_sgf(path: str | os.PathLike[str]) -> SgfRecord:
    """Read an SGF file; SgfError when it cannot be read or is not a usable record."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as exc:
        raise SgfError(f"cannot read {os.fspath(path)}: {exc.strerror or exc}") from exc
    return parse_sgf(data)


def parse_sgf(data: bytes | str) -> SgfRecord:
    """Parse SGF bytes or text (the first game, main line); SgfError for anything unusable.

    Bytes are decoded to text before they are tokenised (`sgf_text`: by CA, else UTF-8 when
    valid, else a detected East Asian charset, else Latin-1), so that a trail byte 0x5C or 0x5D
    of Shift_JIS, Big5 or GBK is never read as an SGF escape or the end of a value; a str is
    taken as already decoded, whatever its CA says.
    """
    coarse = _coarse(sgf_text(data).data)
    root_props = coarse.sequence[0]
    _check_game_type(root_props)
    topology = _topology(root_props)
    try:
        game = sgf.Sgf_game.from_coarse_game_tree(coarse, override_encoding="ISO-8859-1")
        nodes = game.get_main_sequence()
    except (ValueError, RecursionError) as exc:
        raise SgfError(f"not an SGF file: {exc}") from exc
    return _record(topology, [node.get_raw_property_map() for node in nodes], "utf-8")


def sgf_text(data: bytes | str) -> SgfText:
    """A file decoded before it is tokenised (`rules.sgf_charset.decoded`); SgfError when CA
    names a codec that is no charset for text (rot13, base64, hex, idna, punycode ...)."""
    try:
        return decoded(data)
    except NotACharset as exc:
        raise SgfError(
            f"CA[{_show(exc.ca)}] is not a character set for text: use CA[UTF-8] (or leave CA out)"
        ) from None


def _coarse(data: bytes):
    """sgfmill's coarse game tree of `data` (UTF-8, from `sgf_text`); SgfError for a file
    that is not SGF."""
    try:
        return sgf_grammar.parse_sgf_game(data)
    except ValueError as exc:
        raise SgfError(f"not an SGF file: {exc}") from exc
    except RecursionError as exc:
        raise SgfError("not an SGF file: variations nested too deeply") from exc


def coarse_games(data: bytes) -> list:
    """Every game of a file (UTF-8, from `sgf_text`) as sgfmill's coarse game trees;
    SgfError for a file that is not SGF."""
    try:
        games = sgf_grammar.parse_sgf_collection(data)
    except ValueError as exc:
        raise SgfError(f"not an SGF file: {exc}") from exc
    except RecursionError as exc:
        raise SgfError("not an SGF file: variations nested too deeply") from exc
    return games


def _first(props: dict, ident: str) -> bytes | None:
    values = props.get(ident)
    return values[0] if values else None


def _check_game_type(props: dict) -> None:
    gm = _first(props, "GM")
    if gm is not None and gm.strip() not in (b"", b"1"):
        raise SgfError(f"GM[{_show(gm)}] is not a game of Go (GM[1])")


def _topology(props: dict) -> Topology:
    sz_raw = _first(props, "SZ")
    hx_raw = _first(props, "HX")
    sz = None
    if sz_raw is not None:
        try:
            sz = int(sz_raw.strip())
        except ValueError:
            raise SgfError(f"unsupported board size SZ[{_show(sz_raw)}]") from None
    if hx_raw is not None:
        try:
            n = int(hx_raw.strip())
            topology = hexagon(n)
        except ValueError:
            raise SgfError(
                f"unsupported hexagon HX[{_show(hx_raw)}]: the side must be 3 to 13"
            ) from None
        if sz is not None and sz != topology.sgf_size:
            raise SgfError(f"HX[{n}] needs SZ[{topology.sgf_size}], not SZ[{sz}]")
        return topology
    try:
        return square(19 if sz is None else sz)
    except ValueError:
        raise SgfError(f"unsupported board size SZ[{_show(sz_raw)}]: use 5 to 25") from None


def _show(raw: bytes, limit: int = 20) -> str:
    text = raw.decode("ascii", "replace")
    return text if len(text) <= limit else text[:limit] + "..."


def _text(raw: bytes, encoding: str, simple: bool = False) -> str:
    value = sgf_grammar.simpletext_value(raw) if simple else sgf_grammar.text_value(raw)
    try:
        return value.decode(encoding, "replace")
    except (LookupError, ValueError) as exc:  # a codec sgf_text let through by mistake
        raise SgfError(f"the text cannot be read as {encoding}: {exc}") from exc


def _point(topology: Topology, raw: bytes, what: str) -> int:
    try:
        return topology.from_sgf(raw.decode("ascii").strip())
    except (CoordinateError, UnicodeDecodeError):
        raise SgfError(
            f"{what}[{_show(raw)}] is not a point on the {topology.label} board"
        ) from None


def _point_list(topology: Topology, values: list[bytes], ident: str) -> list[int]:
    """The points of a list property, rectangles ("aa:ee") expanded; SgfTooLarge when they
    are more than the board has (a list never needs more), found before a rectangle is
    expanded: the work is at most the board's points plus the list's values."""
    points: list[int] = []
    for raw in values:
        if len(points) >= topology.size:
            raise _too_many_points(ident, topology)
        if b":" not in raw:
            points.append(_point(topology, raw, ident))
            continue
        a, b = raw.split(b":", 1)
        corners = []
        for part in (a, b):
            text = part.decode("ascii", "replace").strip()
            if len(text) != 2 or any(c not in SGF_LETTERS for c in text):
                raise SgfError(f"{ident}[{_show(raw)}] is not a point or a rectangle")
            corners.append((SGF_LETTERS.index(text[0]), SGF_LETTERS.index(text[1])))
        (x1, y1), (x2, y2) = corners
        edge = topology.sgf_size - 1
        if topology.kind == "square" and max(x1, y1, x2, y2) > edge:
            raise SgfError(f"{ident}[{_show(raw)}] reaches off the {topology.label} board")
        # Cut to the square that holds the board (a hexagon keeps only its cells), and
        # counted before it is expanded.
        xs = range(min(x1, x2), min(max(x1, x2), edge) + 1)
        ys = range(min(y1, y2), min(max(y1, y2), edge) + 1)
        if len(points) + len(xs) * len(ys) > 2 * topology.size:
            raise _too_many_points(ident, topology)
        for y in ys:
            for x in xs:
                p = topology.point_at(x, y)
                if p is not None:
                    points.append(p)
    if len(points) > topology.size:
        raise _too_many_points(ident, topology)
    return points


def _too_many_points(ident: str, topology: Topology) -> SgfTooLarge:
    return SgfTooLarge(
        f"the list {ident} names more points than the {topology.label} board has ({topology.size})",
        bound="points",
        most=topology.size,
    )


def _rules(topology: Topology, props: dict, handicap: int) -> RuleSet:
    ru = _first(props, "RU")
    name = ru.decode("utf-8", "replace").strip().lower() if ru is not None else ""
    key = RU_PRESETS.get(name) or next(
        (k for word, k in RU_PRESETS.items() if len(word) > 3 and name.startswith(word)),
        default_preset_key(topology),
    )
    rules = preset(key, topology, handicap=handicap)
    km = _first(props, "KM")
    if km is not None and km.strip():
        try:
            komi = float(km.strip())
            if not abs(komi) < 10_000:
                raise ValueError("out of range")
            rules = rules.with_komi(komi)
        except ValueError:
            raise SgfError(f"komi KM[{_show(km)}] is not a number of half points") from None
    return rules


def _handicap(props: dict) -> int:
    ha = _first(props, "HA")
    if ha is None or not ha.strip():
        return 0
    try:
        value = int(ha.strip())
    except ValueError:
        raise SgfError(f"handicap HA[{_show(ha)}] is not a number") from None
    if value in (0, 1):
        return 0
    if not 2 <= value <= 9:
        raise SgfError(f"handicap HA[{value}] is not supported: use 2 to 9 stones")
    return value


def _record(topology: Topology, nodes: list[dict], encoding: str) -> SgfRecord:
    root = nodes[0]
    handicap = _handicap(root)
    rules = _rules(topology, root, handicap)
    black: dict[int, None] = {}
    white: dict[int, None] = {}
    moves: list[Move] = []
    comments: dict[int, str] = {}
    to_move = None
    pl = _first(root, "PL")
    if pl is not None:
        to_move = _COLOURS.get(pl.decode("ascii", "replace").strip().upper())
        if to_move is None:
            raise SgfError(f"PL[{_show(pl)}] is not B or W")
    for index, props in enumerate(nodes):
        setup = [ident for ident in ("AB", "AW", "AE") if ident in props]
        if setup:
            if moves:
                raise SgfError(
                    f"setup stones ({setup[0]}) after move {len(moves)} are not supported"
                )
            for ident, stones in (("AB", black), ("AW", white)):
                for p in _point_list(topology, props.get(ident, []), ident):
                    stones[p] = None
            for p in _point_list(topology, props.get("AE", []), "AE"):
                black.pop(p, None)
                white.pop(p, None)
        played = [ident for ident in ("B", "W") if ident in props]
        if len(played) == 2:
            raise SgfError(f"node {index} has both a black and a white move")
        if setup and played:
            raise SgfError(
                f"node {index} has setup stones ({setup[0]}) and a move ({played[0]}): SGF "
                "keeps them in separate nodes"
            )
        if played:
            moves.append(_move(topology, _COLOURS[played[0]], props[played[0]][0], len(moves)))
        if "C" in props:
            text = _text(props["C"][0], encoding)
            number = len(moves)
            comments[number] = f"{comments[number]}\n\n{text}" if number in comments else text
    moves, implied = _with_implied_passes(moves, to_move)
    if handicap >= 2 and not black:
        try:
            black = dict.fromkeys(topology.handicap_points(handicap))
        except ValueError as exc:
            raise SgfError(f"HA[{handicap}] without AB stones: {exc}") from None

    def simple(ident: str) -> str | None:
        raw = _first(root, ident)
        return None if raw is None else _text(raw, encoding, simple=True).strip() or None

    return SgfRecord(
        topology=topology,
        rules=rules,
        handicap=handicap,
        black_setup=tuple(black),
        white_setup=tuple(white),
        moves=tuple(moves),
        to_move=to_move,
        black_player=simple("PB"),
        white_player=simple("PW"),
        date=simple("DT"),
        result=simple("RE"),
        comments=comments,
        implied_passes=implied,
    )


def _with_implied_passes(moves: list[Move], to_move: int | None) -> tuple[list[Move], tuple]:
    """`moves` with a pass of the other colour between two moves of one colour (and before a
    first move that is not PL's colour), and the indices of those passes."""
    expected = to_move if to_move is not None else (moves[0].colour if moves else BLACK)
    played: list[Move] = []
    implied: list[int] = []
    for move in moves:
        if move.colour != expected:
            implied.append(len(played))
            played.append(Move(expected, PASS))
        played.append(move)
        expected = other(move.colour)
    return played, tuple(implied)


def _move(topology: Topology, colour: int, raw: bytes, played: int) -> Move:
    value = raw.strip()
    if not value or (value == b"tt" and topology.sgf_size <= 19):
        return Move(colour, PASS)
    what = f"move {played + 1} {COLOUR_LETTERS[colour]}"
    return Move(colour, PLAY, _point(topology, value, what))


# Replaying -------------------------------------------------------------------------------------


def game_from_record(record: SgfRecord) -> Game:
    """Replay a record into a Game with full legality, after its setup stones.

    Raises IllegalRecordMove naming the first move the rules refuse, SgfError when the setup
    itself is impossible. The site's move cap does not cut a record short: the game's rule set
    gets a cap at least as long as the record.
    """
    rules = record.rules
    if len(record.moves) >= rules.move_cap:
        rules = replace(rules, move_cap=len(record.moves) + 1)
    try:
        game = Game.new(
            record.topology,
            rules,
            black_setup=record.black_setup,
            white_setup=record.white_setup,
            to_move=record.first_to_move,
        )
    except InvalidSetup as exc:
        raise SgfError(f"impossible setup stones: {exc}") from exc
    game.handicap = record.handicap
    implied = set(record.implied_passes)
    for index, move in enumerate(record.moves):
        try:
            game.apply(move)
        except IllegalMove as exc:
            # An implied pass is refused only once the game is over: name the move after it.
            shown = record.moves[index + 1] if index in implied else move
            number = record.node_number(index)
            raise IllegalRecordMove(number, shown, record.topology, exc) from exc
    return game


def _write_root(root, record: SgfRecord) -> None:
    topology = record.topology
    if topology.kind == "hex":
        root.set_raw("HX", str(topology.n).encode())
    rules = record.rules
    root.set_raw("RU", PRESET_RU.get(rules.key, rules.key).encode())
    root.set_raw("KM", _number(rules.komi).encode())
    if record.handicap >= 2:
        root.set_raw("HA", str(record.handicap).encode())
    for ident, value in (
        ("PB", record.black_player),
        ("PW", record.white_player),
        ("DT", record.date),
        ("RE", record.result),
    ):
        if value and value.strip():
            root.set(ident, value.strip())
    for ident, stones in (("AB", record.black_setup), ("AW", record.white_setup)):
        if stones:
            root.set_raw_list(ident, sorted(topology.sgf(p).encode() for p in stones))
    if record.to_move is not None:
        root.set_raw("PL", COLOUR_LETTERS[record.to_move].encode())


# Writing ---------------------------------------------------------------------------------------


def record_from_game(
    game: Game,
    *,
    black_player: str | None = None,
    white_player: str | None = None,
    date: str | None = None,
    result: str | None = None,
    comments: dict[int, str] | None = None,
) -> SgfRecord:
    """The record of a Game (setup, plays and passes); `result` defaults to the game's own
    'B+R' / 'W+T' when it ended that way."""
    moves = tuple(m for m in game.moves if m.kind in (PLAY, PASS))
    return SgfRecord(
        topology=game.topology,
        rules=game.rules,
        handicap=game.handicap,
        black_setup=tuple(game.black_setup),
        white_setup=tuple(game.white_setup),
        moves=moves,
        to_move=None if moves else game.to_move,
        black_player=black_player,
        white_player=white_player,
        date=date,
        result=result if result is not None else game.result_code,
        comments=dict(comments or {}),
    )


def write_sgf(source: Game | SgfRecord, **details: str | dict[int, str] | None) -> str:
    """SGF text for a record or a Game (for a Game, `details` are passed to
    `record_from_game`: black_player, white_player, date, result, comments)."""
    record = source if isinstance(source, SgfRecord) else record_from_game(source, **details)
    topology = record.topology
    game = sgf.Sgf_game(topology.sgf_size, encoding="UTF-8")
    root = game.get_root()
    _write_root(root, record)
    nodes = [root]
    for move in record.moves:
        node = game.extend_main_sequence()
        value = topology.sgf(move.point).encode() if move.kind == PLAY else b""
        node.set_raw(COLOUR_LETTERS[move.colour], value)
        nodes.append(node)
    for number, text in sorted(record.comments.items()):
        if 0 <= number < len(nodes) and text:
            nodes[number].set("C", text)
    return game.serialise(wrap=79).decode("utf-8")


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


__all__ = [
    "IllegalRecordMove",
    "SgfError",
    "SgfRecord",
    "SgfTooLarge",
    "game_from_record",
    "parse_sgf",
    "read_sgf",
    "record_from_game",
    "write_sgf",
]
