"""Reading and writing whole SGF game trees: every variation of one game of a file, with the
comments (C), board marks (CR, TR, SQ, MA), labels (LB) and setup stones (AB, AW, AE) of every
node.

`parse_sgf_tree` reads a file within limits on its size and the number of nodes (`SgfLimits`);
the root details, the root's setup stones and the main line are read as `rules.sgf.parse_sgf`
reads them, so the hex SGF convention and every refusal of that module hold here too. Every
node of the file is a node of the tree, as the file has it: a node with only a comment, marks
or setup stones stays a node of its own, and two moves of one colour in a row stay two moves
(no pass is put between them). What the reading had to change (a comment or label cut, a
property not kept) or choose (the charset, the game of several) is in `SgfTree.notes`.
`write_sgf_tree` writes a record's root details and a tree of `SgfNode`s.

Every problem with a file raises `rules.sgf.SgfError` with a one-line message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sgfmill import sgf, sgf_grammar

from rules.board import BLACK, COLOUR_LETTERS, EMPTY, WHITE
from rules.game import PLAY, Move
from rules.sgf import (
    _COLOURS,
    SgfError,
    SgfRecord,
    SgfTooLarge,
    _check_game_type,
    _move,
    _point,
    _point_list,
    _record,
    _text,
    _topology,
    _write_root,
    coarse_games,
    sgf_text,
)
from rules.sgf_charset import SgfText
from rules.topology import Topology

MARK_PROPERTIES = ("CR", "TR", "SQ", "MA")
SETUP_PROPERTIES = ("AB", "AW", "AE")
MAX_LABEL = 20  # characters kept of an LB label; a longer one is cut, and the reader told
# Properties read (or about the file itself: FF, GM, CA, AP, ST); any other a file holds is
# named in a note, as not kept.
READ_PROPERTIES = frozenset(
    {"SZ", "HX", "RU", "KM", "HA", "PL", "PB", "PW", "DT", "RE", "B", "W", "C", "LB"}
    | set(MARK_PROPERTIES)
    | set(SETUP_PROPERTIES)
    | {"FF", "GM", "CA", "AP", "ST"}
)


@dataclass(frozen=True)
class SgfLimits:
    """How much of a file `parse_sgf_tree` accepts: its size in bytes, its nodes (every node
    of the chosen game, the root included), the characters of one comment (a longer one is
    cut, and a note says so), the marks (CR, TR, SQ, MA: each point once per kind) and the
    labels (LB: one per point, `MAX_LABEL` characters kept) on one node, and the marks and
    labels in the whole tree. A list property never names more points than the board has.
    Real commentary uses a few dozen marks on a node at most; the whole-tree bound keeps a
    stored review and its page small."""

    max_bytes: int = 512 * 1024
    max_nodes: int = 5000
    max_comment: int = 4000
    max_marks: int = 200
    max_labels: int = 100
    max_annotations: int = 20_000


@dataclass(frozen=True)
class SgfNote:
    """Something the reading changed or chose, to tell whoever sent the file: `code` (stable:
    "games", "charset_detected", "charset_not_declared", "charset_replaced", "comments_cut",
    "labels_cut", "properties_dropped") and its `params`; `message` is the English sentence,
    a site says the same in its reader's language by the code."""

    code: str
    params: tuple[tuple[str, str | int], ...] = ()

    @property
    def values(self) -> dict[str, str | int]:
        return dict(self.params)

    @property
    def message(self) -> str:
        return _NOTE_MESSAGES[self.code].format(**self.values)


_NOTE_MESSAGES = {
    "games": "The file holds {games} games; this is game {game}.",
    "charset_detected": "The file does not name its character set; it was read as {charset}.",
    "charset_not_declared": (
        "The file says its text is in {declared}, but it is not; it was read as {charset}."
    ),
    "charset_replaced": (
        "Characters of the file that are not {declared} were replaced by \ufffd ({count})."
    ),
    "comments_cut": "Comments longer than {most} characters were cut to {most} ({count}).",
    "labels_cut": "Labels longer than {most} characters were cut to {most} ({count}).",
    "properties_dropped": "These properties of the file are not kept: {properties}.",
}


def _note(code: str, **params: str | int) -> SgfNote:
    return SgfNote(code, tuple(params.items()))


@dataclass(frozen=True, eq=False, repr=False)
class SgfNode:
    """One node of the tree: the move in it (None for the root, or a node holding no move:
    only a comment, marks or setup stones), its comment, marks as ``(kind, point)`` pairs with
    kind one of CR/TR/SQ/MA, labels as ``(point, text)`` pairs, setup stones (AB/AW/AE of a
    node other than the root) as ``(point, colour)`` pairs with colour 0 for AE (the point
    emptied), and its children (the first continues the main line). Two moves of one colour
    in a row are two nodes, as the file has them."""

    move: Move | None = None
    comment: str | None = None
    marks: tuple[tuple[str, int], ...] = ()
    labels: tuple[tuple[int, str], ...] = ()
    children: tuple[SgfNode, ...] = ()
    setup: tuple[tuple[int, int], ...] = ()

    def __repr__(self) -> str:  # shallow: a main line nests as deep as it is long
        return (
            f"SgfNode(move={self.move!r}, comment={self.comment!r}, {len(self.children)} children)"
        )


@dataclass(frozen=True, repr=False)
class SgfTree:
    """A record with every variation: `record` is the main line as `parse_sgf` reads it
    (root details, the root's own setup, moves; nodes of setup stones are in the tree), `root`
    the root node, `nodes` how many nodes the tree holds (the root included), `limits` those it
    was read within, `games` how many games the file holds and `game` the one read (from 1),
    `encoding` the codec its text was read with, `notes` what the reading changed or chose."""

    record: SgfRecord
    root: SgfNode
    nodes: int
    limits: SgfLimits = SgfLimits()
    games: int = 1
    game: int = 1
    encoding: str = "utf-8"
    notes: tuple[SgfNote, ...] = ()


def parse_sgf_tree(data: bytes | str, limits: SgfLimits | None = None, *, game: int = 1) -> SgfTree:
    """Parse game number `game` (from 1) of an SGF file with all its variations, comments,
    marks, labels and nodes of setup stones; every node of the file is a node of the tree.

    The bytes are decoded before they are tokenised (`rules.sgf.sgf_text`). SgfError (one
    line, for a person to read) when the file is larger than `limits.max_bytes`, the game has
    more than `limits.max_nodes` nodes, the file holds no game `game`, a node holds setup
    stones and a move, or anything `parse_sgf` refuses; its subclass SgfTooLarge for more
    marks or labels than the limits allow (on a node or in the tree) or a point list longer
    than the board. A comment longer than `limits.max_comment` is cut, a label longer than
    `MAX_LABEL` too, and `notes` say so (and which properties were not kept, how the text was
    decoded, how many games the file holds). The work and the tree are linear in the file.
    Moves are not checked against the rules here
    (`rules.review.variations.VariationTree.from_sgf` does that).
    """
    limits = limits or SgfLimits()
    size = len(data.encode("utf-8", "replace") if isinstance(data, str) else data)
    if size > limits.max_bytes:
        raise SgfError(
            f"the file is {_kb(size)} KB; records of up to {_kb(limits.max_bytes)} KB can be read"
        )
    text = sgf_text(data)
    # Nodes counted before parsing (a semicolon outside property values starts one): a file
    # of hundreds of thousands of nodes is refused in milliseconds, not after a full parse.
    # The bound on the game read is checked exactly below; a file may hold several games.
    if _VALUES.sub(b"", text.data).count(b";") > _FILE_NODES * limits.max_nodes:
        raise SgfError(_too_many(limits.max_nodes))
    games = coarse_games(text.data)
    if not games:
        raise SgfError("not an SGF file: no game in it")
    if not 1 <= game <= len(games):
        raise SgfError(f"the file holds {len(games)} games: choose one from 1 to {len(games)}")
    coarse = games[game - 1]
    _check_node_count(coarse, limits.max_nodes)
    root_props = coarse.sequence[0]
    _check_game_type(root_props)
    topology = _topology(root_props)
    try:
        sgf_game = sgf.Sgf_game.from_coarse_game_tree(coarse, override_encoding="ISO-8859-1")
        main = [node.get_raw_property_map() for node in sgf_game.get_main_sequence()]
    except (ValueError, RecursionError) as exc:
        raise SgfError(f"not an SGF file: {exc}") from exc
    # The main line's moves as parse_sgf reads them; nodes of setup stones stay in the tree.
    record = _record(topology, [main[0], *(p for p in main[1:] if not _setup_of(p))], "utf-8")
    reading = _Reading(topology, limits)
    root = reading.tree(sgf_game.get_root(), record)
    notes = [_note("games", games=len(games), game=game)] if len(games) > 1 else []
    notes += _charset_notes(text) + reading.notes()
    return SgfTree(
        record=record,
        root=root,
        nodes=_count(root),
        limits=limits,
        games=len(games),
        game=game,
        encoding=text.encoding,
        notes=tuple(notes),
    )


_FILE_NODES = 20  # a file may hold many games: this many times the nodes one game may hold


def _charset_notes(text: SgfText) -> list[SgfNote]:
    if text.how == "detected":
        return [_note("charset_detected", charset=text.encoding)]
    if text.how == "not-declared":
        return [_note("charset_not_declared", declared=text.declared, charset=text.encoding)]
    if text.how == "replaced":
        return [_note("charset_replaced", declared=text.encoding, count=text.replaced)]
    return []


def _setup_of(props: dict) -> list[str]:
    return [ident for ident in SETUP_PROPERTIES if ident in props]


def _kb(size: int) -> str:
    return str(round(size / 1024)) if size >= 1024 else f"{size / 1024:.1f}"


_VALUES = re.compile(rb"\[(?:[^\\\]]|\\.)*\]", re.DOTALL)  # [value], escapes included


def _too_many(max_nodes: int) -> str:
    return (
        f"the record has more than {max_nodes} moves and comments in all its variations; "
        "split it or leave some variations out"
    )


def _check_node_count(coarse, max_nodes: int) -> None:
    count = 0
    stack = [coarse]
    while stack:
        tree = stack.pop()
        count += len(tree.sequence)
        if count > max_nodes:
            raise SgfError(_too_many(max_nodes))
        stack.extend(tree.children)


def _count(root: SgfNode) -> int:
    count = 0
    stack = [root]
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(node.children)
    return count


class _Reading:
    """One reading of a tree: the nodes, and what it changed (comments and labels cut,
    properties not kept) for the notes."""

    def __init__(self, topology: Topology, limits: SgfLimits) -> None:
        self.topology = topology
        self.limits = limits
        self.annotations = 0
        self.comments_cut = 0
        self.labels_cut = 0
        self.dropped: set[str] = set()

    def notes(self) -> list[SgfNote]:
        notes = []
        if self.comments_cut:
            notes.append(
                _note("comments_cut", count=self.comments_cut, most=self.limits.max_comment)
            )
        if self.labels_cut:
            notes.append(_note("labels_cut", count=self.labels_cut, most=MAX_LABEL))
        if self.dropped:
            notes.append(_note("properties_dropped", properties=", ".join(sorted(self.dropped))))
        return notes

    def tree(self, sgf_root, record: SgfRecord) -> SgfNode:
        """Our SgfNode tree from sgfmill's, iteratively (records nest deeply)."""
        # Depth first with a stack: `order` lists the nodes parents first (pre-order) as
        # (key, parent key, fields of the SgfNode but its children).
        order: list[tuple[int, int | None, dict]] = []
        stack = [(sgf_root, None, 0)]
        key = 0
        while stack:
            node, parent_key, number = stack.pop()
            key += 1
            fields = self.node(node.get_raw_property_map(), parent_key is None, number)
            order.append((key, parent_key, fields))
            number += fields["move"] is not None
            for child in reversed(list(node)):
                stack.append((child, key, number))
        nodes: dict[int, SgfNode] = {}
        children_of: dict[int | None, list[int]] = {}
        for me, parent_key, _fields in order:
            children_of.setdefault(parent_key, []).append(me)
        for me, _parent, fields in reversed(order):
            kids = tuple(nodes[k] for k in children_of.get(me, []))
            nodes[me] = SgfNode(children=kids, **fields)
        return nodes[1]

    def node(self, props: dict, is_root: bool, number: int) -> dict:
        """The fields of one node, after `number` moves from the root."""
        topology = self.topology
        self.dropped.update(ident for ident in props if ident not in READ_PROPERTIES)
        played = [ident for ident in ("B", "W") if ident in props]
        if len(played) == 2:
            raise SgfError("a node has both a black and a white move")
        if played and is_root:
            raise SgfError("the root node holds a move: SGF keeps moves in later nodes")
        setup: dict[int, int] = {}
        if not is_root:
            for ident, colour in (("AB", BLACK), ("AW", WHITE), ("AE", EMPTY)):
                for p in _point_list(topology, props.get(ident, []), ident):
                    setup[p] = colour
            if setup and played:
                raise SgfError(
                    f"move {number + 1} has setup stones ({_setup_of(props)[0]}) in its node "
                    f"({played[0]}): SGF keeps them in separate nodes"
                )
        move = None
        if played:
            move = _move(topology, _COLOURS[played[0]], props[played[0]][0], 0)
        comment = None
        if "C" in props:
            comment = _text(props["C"][0], "utf-8").strip() or None
            most = self.limits.max_comment
            if comment is not None and len(comment) > most:
                comment = comment[: most - 1].rstrip() + "…"
                self.comments_cut += 1
        marks, labels = self.annotations_of(props)
        return {
            "move": move,
            "comment": comment,
            "marks": marks,
            "labels": labels,
            "setup": tuple(setup.items()),
        }

    def annotations_of(self, props: dict) -> tuple:
        """A node's marks, each point once per kind, and its labels, one per point (the
        first), `MAX_LABEL` characters kept; SgfTooLarge over the limits on one node or in
        the whole tree."""
        limits = self.limits
        marks: dict[tuple[str, int], None] = {}
        for ident in MARK_PROPERTIES:
            for p in _point_list(self.topology, props.get(ident, []), ident):
                marks[(ident, p)] = None
            if len(marks) > limits.max_marks:
                raise too_many_marks(limits.max_marks)
        labels: dict[int, str] = {}
        for raw in props.get("LB", []):
            where, _, text = raw.partition(b":")
            point = _point(self.topology, where, "LB")
            if point not in labels:
                label = _text(text, "utf-8", simple=True)
                if len(label) > MAX_LABEL:
                    label = label[:MAX_LABEL]
                    self.labels_cut += 1
                labels[point] = label
        if len(labels) > limits.max_labels:
            raise too_many_labels(limits.max_labels)
        self.annotations += len(marks) + len(labels)
        if self.annotations > limits.max_annotations:
            raise too_many_annotations(limits.max_annotations)
        return tuple(marks), tuple(labels.items())


def too_many_marks(most: int) -> SgfTooLarge:
    """The refusal of a node with more than `most` marks."""
    return SgfTooLarge(
        f"a move has more than {most} marks (circles, triangles, squares, crosses); leave some out",
        bound="marks",
        most=most,
    )


def too_many_labels(most: int) -> SgfTooLarge:
    """The refusal of a node with more than `most` labels."""
    return SgfTooLarge(
        f"a move has more than {most} labels; leave some out", bound="labels", most=most
    )


def too_many_annotations(most: int) -> SgfTooLarge:
    """The refusal of a tree with more than `most` marks and labels in all."""
    return SgfTooLarge(
        f"the record has more than {most} marks and labels in all its variations; "
        "split it or leave some out",
        bound="annotations",
        most=most,
    )


def write_sgf_tree(record: SgfRecord, root: SgfNode) -> str:
    """SGF text for a record's root details and setup with the tree under `root` (every
    variation, comments, marks, labels and setup stones); `record.moves` and
    `record.comments` are not used."""
    game = sgf.Sgf_game(record.topology.sgf_size, encoding="UTF-8")
    sgf_root = game.get_root()
    _write_root(sgf_root, record)
    topology = record.topology
    stack = [(root, sgf_root)]
    while stack:
        node, out = stack.pop()
        if node.move is not None and out is not sgf_root:
            move = node.move
            value = topology.sgf(move.point).encode() if move.kind == PLAY else b""
            out.set_raw(COLOUR_LETTERS[move.colour], value)
        if node.comment:
            out.set("C", node.comment)
        for ident, colour in (("AB", BLACK), ("AW", WHITE), ("AE", EMPTY)):
            points = sorted({topology.sgf(p).encode() for p, c in node.setup if c == colour})
            if points and out is not sgf_root:
                out.set_raw_list(ident, points)
        for ident in MARK_PROPERTIES:
            points = sorted({topology.sgf(p).encode() for kind, p in node.marks if kind == ident})
            if points:
                out.set_raw_list(ident, points)
        if node.labels:
            out.set_raw_list(
                "LB",
                [
                    topology.sgf(p).encode() + b":" + sgf_grammar.escape_text(text.encode())
                    for p, text in node.labels
                ],
            )
        children = [(child, out.new_child()) for child in node.children]
        stack.extend(reversed(children))
    return game.serialise(wrap=79).decode("utf-8")


__all__ = [
    "MARK_PROPERTIES",
    "MAX_LABEL",
    "SgfLimits",
    "SgfNode",
    "SgfNote",
    "SgfTooLarge",
    "SgfTree",
    "parse_sgf_tree",
    "write_sgf_tree",
]
