"""Reading and writing whole SGF game trees: every variation of the first game, with the
comments (C), board marks (CR, TR, SQ, MA) and labels (LB) of every node.

`parse_sgf_tree` reads a file within limits on its size and the number of nodes (`SgfLimits`);
the root details, setup stones and main line are read as `rules.sgf.parse_sgf` reads them, so
the hex SGF convention and every refusal of that module hold here too. Setup stones stay in the
root only. `write_sgf_tree` writes a record's root details and a tree of `SgfNode`s.

Every problem with a file raises `rules.sgf.SgfError` with a one-line message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sgfmill import sgf, sgf_grammar

from rules.board import COLOUR_LETTERS, other
from rules.game import PASS, PLAY, Move
from rules.sgf import (
    _COLOURS,
    SgfError,
    SgfRecord,
    SgfTooLarge,
    _check_game_type,
    _coarse,
    _move,
    _point,
    _point_list,
    _record,
    _text,
    _text_encoding,
    _topology,
    _write_root,
)
from rules.topology import Topology

MARK_PROPERTIES = ("CR", "TR", "SQ", "MA")
MAX_LABEL = 8  # characters kept of an LB label


@dataclass(frozen=True)
class SgfLimits:
    """How much of a file `parse_sgf_tree` accepts: its size in bytes, its nodes (B/W and
    comment nodes in every variation), the characters of one comment, the marks (CR, TR, SQ,
    MA: each point once per kind) and the labels (LB: one per point, `MAX_LABEL` characters
    kept) on one node, and the marks and labels in the whole tree. A list property never
    names more points than the board has. Real commentary uses a few dozen marks on a node
    at most; the whole-tree bound keeps a stored review and its page small."""

    max_bytes: int = 512 * 1024
    max_nodes: int = 5000
    max_comment: int = 4000
    max_marks: int = 200
    max_labels: int = 100
    max_annotations: int = 20_000


@dataclass(frozen=True, eq=False, repr=False)
class SgfNode:
    """One node of the tree: the move in it (None for the root, or a node holding only a
    comment or marks), its comment, marks as ``(kind, point)`` pairs with kind one of
    CR/TR/SQ/MA, labels as ``(point, text)`` pairs, and its children (the first continues the
    main line). `implied` is True for a pass added between two moves of one colour."""

    move: Move | None = None
    comment: str | None = None
    marks: tuple[tuple[str, int], ...] = ()
    labels: tuple[tuple[int, str], ...] = ()
    children: tuple[SgfNode, ...] = ()
    implied: bool = False

    def __repr__(self) -> str:  # shallow: a main line nests as deep as it is long
        return (
            f"SgfNode(move={self.move!r}, comment={self.comment!r}, {len(self.children)} children)"
        )


@dataclass(frozen=True, repr=False)
class SgfTree:
    """A record with every variation: `record` is the main line as `parse_sgf` reads it
    (root details, setup, moves), `root` the root node, `nodes` how many nodes the tree holds
    (the root included), `limits` those it was read within (and merged within, by
    `rules.review.variations.VariationTree.from_sgf`)."""

    record: SgfRecord
    root: SgfNode
    nodes: int
    limits: SgfLimits = SgfLimits()


def parse_sgf_tree(data: bytes | str, limits: SgfLimits | None = None) -> SgfTree:
    """Parse the first game of an SGF file with all its variations, comments, marks and labels.

    SgfError (one line, for a person to read) when the file is larger than `limits.max_bytes`,
    has more than `limits.max_nodes` nodes, a comment longer than `limits.max_comment`, setup
    stones after the root, or anything `parse_sgf` refuses; its subclass SgfTooLarge for more
    marks or labels than the limits allow (on a node or in the tree) or a point list longer
    than the board. The work and the tree are linear in the file: no node holds more than
    the limits, and a point list is refused before it is expanded past the board's points.
    Moves are not checked against the rules here
    (`rules.review.variations.VariationTree.from_sgf` does that).
    """
    limits = limits or SgfLimits()
    size = len(data.encode("utf-8", "replace") if isinstance(data, str) else data)
    if size > limits.max_bytes:
        raise SgfError(
            f"the file is {_kb(size)} KB; records of up to {_kb(limits.max_bytes)} KB can be read"
        )
    forced = None
    if isinstance(data, str):
        data, forced = data.encode("utf-8", "replace"), "utf-8"
    # Nodes counted before parsing (a semicolon outside property values starts one): a file
    # of tens of thousands of nodes is refused in milliseconds, not after a full parse.
    if _VALUES.sub(b"", data).count(b";") > limits.max_nodes:
        raise SgfError(_too_many(limits.max_nodes))
    coarse = _coarse(data)
    _check_node_count(coarse, limits.max_nodes)
    root_props = coarse.sequence[0]
    _check_game_type(root_props)
    topology = _topology(root_props)
    encoding = forced or _text_encoding(root_props, data)
    try:
        game = sgf.Sgf_game.from_coarse_game_tree(coarse, override_encoding="ISO-8859-1")
        main = [node.get_raw_property_map() for node in game.get_main_sequence()]
    except (ValueError, RecursionError) as exc:
        raise SgfError(f"not an SGF file: {exc}") from exc
    record = _record(topology, main, encoding)
    root = _tree_nodes(game.get_root(), topology, encoding, record, limits)
    count = _count(root)
    return SgfTree(record=record, root=root, nodes=count, limits=limits)


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


def _tree_nodes(sgf_root, topology: Topology, encoding: str, record: SgfRecord, limits) -> SgfNode:
    """Our SgfNode tree from sgfmill's, iteratively (records nest deeply)."""
    # Depth first with a stack: `order` lists the nodes parents first (pre-order) as
    # (key, parent key, move, comment, marks, labels, implied pass before the move).
    order: list[tuple] = []
    stack = [(sgf_root, None, record.first_to_move, True)]
    key = 0
    annotations = 0
    main_setup = _main_setup(sgf_root)
    while stack:
        node, parent_key, expected, is_root = stack.pop()
        props = node.get_raw_property_map()
        if not is_root:
            setup = [ident for ident in ("AB", "AW", "AE") if ident in props]
            if setup and id(node) not in main_setup:
                raise SgfError(f"setup stones ({setup[0]}) inside a variation are not supported")
        played = [ident for ident in ("B", "W") if ident in props]
        if len(played) == 2:
            raise SgfError("a node has both a black and a white move")
        move = None
        implied = None
        if played and not is_root:
            colour = _COLOURS[played[0]]
            move = _move(topology, colour, props[played[0]][0], 0)
            if colour != expected:
                implied = Move(expected, PASS)
            expected = other(colour)
        elif played:
            raise SgfError("the root node holds a move: SGF keeps moves in later nodes")
        comment = None
        if "C" in props:
            comment = _text(props["C"][0], encoding).strip() or None
            if comment is not None and len(comment) > limits.max_comment:
                raise SgfError(
                    f"a comment is {len(comment)} characters long; comments of up to "
                    f"{limits.max_comment} can be read"
                )
        marks, labels = _annotations(props, topology, encoding, limits)
        annotations += len(marks) + len(labels)
        if annotations > limits.max_annotations:
            raise too_many_annotations(limits.max_annotations)
        key += 1
        me = key
        order.append((me, parent_key, move, comment, marks, labels, implied))
        for child in reversed(list(node)):
            stack.append((child, me, expected, False))
    nodes: dict[int, SgfNode] = {}
    children_of: dict[int | None, list[int]] = {}
    for me, parent_key, *_ in order:
        children_of.setdefault(parent_key, []).append(me)
    fields = {entry[0]: entry for entry in order}
    for me, *_ in reversed(order):
        _, _, move, comment, marks, labels, implied = fields[me]
        kids = tuple(nodes[k] for k in children_of.get(me, []))
        node = SgfNode(move=move, comment=comment, marks=marks, labels=labels, children=kids)
        if implied is not None:
            node = SgfNode(move=implied, children=(node,), implied=True)
        nodes[me] = node
    return nodes[1]


def _main_setup(sgf_root) -> set[int]:
    """The ids of the nodes of the main line before its first move (where `parse_sgf` reads
    setup stones), found in one walk."""
    found = set()
    current = sgf_root
    while len(current):
        current = current[0]
        props = current.get_raw_property_map()
        if "B" in props or "W" in props:
            break
        found.add(id(current))
    return found


def _annotations(props: dict, topology: Topology, encoding: str, limits: SgfLimits) -> tuple:
    """A node's marks, each point once per kind, and its labels, one per point (the first),
    `MAX_LABEL` characters kept; SgfTooLarge over `limits.max_marks` or `limits.max_labels`."""
    marks: dict[tuple[str, int], None] = {}
    for ident in MARK_PROPERTIES:
        for p in _point_list(topology, props.get(ident, []), ident):
            marks[(ident, p)] = None
        if len(marks) > limits.max_marks:
            raise too_many_marks(limits.max_marks)
    labels: dict[int, str] = {}
    for raw in props.get("LB", []):
        where, _, text = raw.partition(b":")
        point = _point(topology, where, "LB")
        if point not in labels:
            labels[point] = _text(text, encoding, simple=True)[:MAX_LABEL]
    if len(labels) > limits.max_labels:
        raise too_many_labels(limits.max_labels)
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
    variation, comments, marks and labels); `record.moves` and `record.comments` are not
    used. Implied passes are written as passes."""
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
    "SgfTooLarge",
    "SgfLimits",
    "SgfNode",
    "SgfTree",
    "parse_sgf_tree",
    "write_sgf_tree",
]
