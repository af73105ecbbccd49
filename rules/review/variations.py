"""A game tree for reviews: the main line and every variation tried from any position.

Each node holds one move (the root holds none: it is the setup) and the stones that move took,
so a reader can rebuild any position from the setup by following the path from the root
without the rules; the rules judge each new move once, in `VariationTree.play`.

The tree is plain data (`to_data` / `from_data` give and take a JSON-ready dict) with a size
limit: `play` raises `TreeFull` once the tree holds `max_nodes` nodes. The first child of a
node continues its line; the main line is the chain of first children from the root.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from rules.board import BLACK, COLOUR_LETTERS, EMPTY, WHITE
from rules.errors import IllegalMove, InvalidSetup, OffBoard, RulesError
from rules.game import END_PASSES, PASS, PLAY, Game, Move
from rules.ruleset import SIMPLE_KO, RuleSet
from rules.sgf import SgfError, SgfRecord
from rules.sgf_tree import SgfNode, SgfTree
from rules.topology import Topology, topology_for

MAX_NODES = 2000
ROOT = 0
_COLOURS = {"B": BLACK, "W": WHITE}
_SETUP_LETTERS = {BLACK: "B", WHITE: "W", EMPTY: "E"}
_SETUP_COLOURS = {"B": BLACK, "W": WHITE, "E": EMPTY}
_NO_CAP = 10**6


class TreeFull(RulesError):
    """The tree already holds as many nodes as it may (`limit`). `code` is stable, like the
    `IllegalMove` codes."""

    code = "tree_full"

    def __init__(self, limit: int) -> None:
        self.limit = limit
        super().__init__(
            f"this review already holds {limit} moves, the most one review can hold: "
            "remove a variation first"
        )


class UnknownNode(RulesError, KeyError):
    """A node id the tree does not hold (`node_id`)."""

    code = "unknown_node"

    def __init__(self, node_id: object) -> None:
        self.node_id = node_id
        super().__init__(f"there is no move {node_id!r} in this review")

    def __str__(self) -> str:
        return str(self.args[0])


class StartKept(RulesError):
    """The root, the review's start, cannot be removed."""

    code = "review_start"

    def __init__(self) -> None:
        super().__init__("the start of the review cannot be removed")


def _keep_open(game: Game) -> None:
    """A review goes on after the end: two passes in a row end a game, not its analysis, so
    the position stays open to the next move (the passes stay in the record)."""
    if game.end_reason == END_PASSES:
        game.end_reason = None


@dataclass
class TreeNode:
    """One node: its `move` (None at the root, and in a node of an uploaded record that holds
    only a comment, marks or setup stones), the points its stones took (`captures`), the
    moves played from the root to it (`number`, the move number), marks as ``(kind, point)``
    pairs (CR/TR/SQ/MA), labels as ``(point, text)`` pairs, and setup stones placed in it as
    ``(point, colour)`` pairs (colour 0: the point emptied)."""

    id: int
    parent: int | None
    move: Move | None
    captures: tuple[int, ...] = ()
    number: int = 0
    children: list[int] = field(default_factory=list)
    marks: tuple[tuple[str, int], ...] = ()
    labels: tuple[tuple[int, str], ...] = ()
    setup: tuple[tuple[int, int], ...] = ()


@dataclass
class VariationTree:
    """The tree of one review. Build it with `from_moves`, `from_sgf` or `from_data`."""

    topology: Topology
    rules: RuleSet
    black_setup: tuple[int, ...] = ()
    white_setup: tuple[int, ...] = ()
    first: int = BLACK
    handicap: int = 0
    max_nodes: int = MAX_NODES
    nodes: dict[int, TreeNode] = field(default_factory=dict)
    next_id: int = 1

    def __post_init__(self) -> None:
        if ROOT not in self.nodes:
            self.nodes[ROOT] = TreeNode(ROOT, None, None)

    # Building --------------------------------------------------------------------------------

    @classmethod
    def from_moves(
        cls,
        *,
        topology: Topology,
        rules: RuleSet,
        moves: Sequence[Move],
        black_setup: Iterable[int] = (),
        white_setup: Iterable[int] = (),
        first: int = BLACK,
        handicap: int = 0,
        max_nodes: int = MAX_NODES,
    ) -> VariationTree:
        """A tree whose main line is `moves` (plays and passes; a resignation ends it).

        The moves were accepted when played: they are replayed under simple ko with no move
        cap, which accepts every move a stricter rule set did. TreeFull when they are more
        than `max_nodes` - 1. RulesError (IllegalMove) when one cannot be replayed at all.
        """
        tree = cls(
            topology=topology,
            rules=rules,
            black_setup=tuple(black_setup),
            white_setup=tuple(white_setup),
            first=first,
            handicap=handicap,
            max_nodes=max_nodes,
        )
        game = tree._new_game(trusted=True)
        parent = ROOT
        for move in moves:
            if move.kind not in (PLAY, PASS):
                break
            parent = tree._add(parent, game, move).id
        return tree

    @classmethod
    def from_sgf(
        cls, tree: SgfTree, *, max_nodes: int = MAX_NODES
    ) -> tuple[VariationTree, dict[int, str]]:
        """The tree of an SGF record with all its variations, judged by the record's rules
        (no move cap), and its comments by node id.

        Every node of the record is a node of the tree: one holding only a comment, marks or
        setup stones stays a node without a move, and a move of the colour that just played
        is kept as played (the rules judge the stone, not whose turn it was: no pass is put
        in). SgfError naming the first refused move (and whether it is in a variation), an
        impossible setup, or saying the record has too many nodes.
        """
        record = tree.record
        out = cls(
            topology=record.topology,
            rules=record.rules,
            black_setup=tuple(record.black_setup),
            white_setup=tuple(record.white_setup),
            first=record.first_to_move,
            handicap=record.handicap,
            max_nodes=max_nodes,
        )
        comments: dict[int, str] = {}
        try:
            start = out._new_game(trusted=False)
        except RulesError as exc:
            raise SgfError(f"impossible setup stones: {exc}") from exc
        stack: list[tuple[SgfNode, int, Game, bool]] = [(tree.root, ROOT, start, True)]
        while stack:
            node, parent, game, main = stack.pop()
            here = ROOT if node is tree.root else out._add_sgf(parent, game, node, main)
            if node.comment:
                comments[here] = node.comment
            kept = out.nodes[here]
            kept.marks, kept.labels = node.marks, node.labels
            kids = node.children
            for index in range(len(kids) - 1, -1, -1):
                branch = game if index == 0 else game.copy()
                stack.append((kids[index], here, branch, main and index == 0))
        return out, comments

    def _add_sgf(self, parent: int, game: Game, node: SgfNode, main: bool) -> int:
        """Hang a node of a record under `parent` (`game` is the position there); its id."""
        try:
            if node.move is None:
                return self._add_setup(parent, game, node.setup).id
            if node.move.colour != game.to_move and not game.over:
                game.to_move = node.move.colour  # as played: no pass put in between
            return self._add(parent, game, node.move).id
        except TreeFull as exc:
            raise SgfError(str(exc)) from exc
        except IllegalMove as exc:
            where = "" if main else " in a variation"
            number = self.nodes[parent].number + 1
            move = node.move
            name = self.topology.name(move.point) if move.kind == PLAY else move.kind
            raise SgfError(
                f"illegal move {number}{where}: {COLOUR_LETTERS[move.colour]} {name} "
                f"({exc.code}: {exc})"
            ) from exc

    # Reading ---------------------------------------------------------------------------------

    def node(self, node_id: int) -> TreeNode:
        """The node with this id; UnknownNode when there is none."""
        try:
            return self.nodes[int(node_id)]
        except (KeyError, TypeError, ValueError):
            raise UnknownNode(node_id) from None

    def path(self, node_id: int) -> list[int]:
        """The ids from the root to `node_id`, both included."""
        ids = []
        node: TreeNode | None = self.node(node_id)
        while node is not None:
            ids.append(node.id)
            node = self.nodes[node.parent] if node.parent is not None else None
        return ids[::-1]

    def main_line(self) -> list[int]:
        """The ids of the main line, the root first."""
        ids = [ROOT]
        while self.nodes[ids[-1]].children:
            ids.append(self.nodes[ids[-1]].children[0])
        return ids

    def moves_to(self, node_id: int) -> list[Move]:
        """The moves from the root to `node_id` (nodes without a move left out)."""
        return [m for i in self.path(node_id)[1:] if (m := self.nodes[i].move) is not None]

    def stones_at(self, node_id: int) -> tuple[list[int], list[int]]:
        """The black and white stones at `node_id`, from the stored captures (no rules)."""
        board = dict.fromkeys(self.black_setup, BLACK)
        board.update(dict.fromkeys(self.white_setup, WHITE))
        for i in self.path(node_id)[1:]:
            node = self.nodes[i]
            for p, colour in node.setup:
                if colour == EMPTY:
                    board.pop(p, None)
                else:
                    board[p] = colour
            if node.move is not None and node.move.kind == PLAY:
                board[node.move.point] = node.move.colour
            for p in node.captures:
                board.pop(p, None)
        return (
            sorted(p for p, c in board.items() if c == BLACK),
            sorted(p for p, c in board.items() if c == WHITE),
        )

    def game_at(self, node_id: int) -> Game:
        """The position at `node_id` as a rules Game, ready for the next move."""
        game = self._new_game(trusted=False)
        for i in self.path(node_id)[1:]:
            node = self.nodes[i]
            if node.move is None:
                _place(game, node.setup)
                continue
            if node.move.colour != game.to_move and not game.over:
                game.to_move = node.move.colour  # two of one colour, as an upload had them
            game.apply(node.move)
            _keep_open(game)
        return game

    def __len__(self) -> int:
        return len(self.nodes)

    # Changing --------------------------------------------------------------------------------

    def play(self, parent_id: int, point: int | None) -> TreeNode:
        """Play the next move after `parent_id`: a stone at `point`, or a pass for None.

        The colour is whoever is to move there. Returns the child that holds the move (an
        existing one when it was tried before). A review goes on from any node: after two
        passes in a row the player to move may still play or pass (`_keep_open`). Raises
        UnknownNode, an IllegalMove subclass (occupied, suicide, ko, superko, off the board),
        or TreeFull.
        """
        parent = self.node(parent_id)
        game = self.game_at(parent.id)
        colour = game.to_move
        move = Move(colour, PASS) if point is None else Move(colour, PLAY, point)
        for child_id in parent.children:
            if self.nodes[child_id].move == move:
                return self.nodes[child_id]
        if point is not None and not 0 <= point < self.topology.size:
            raise OffBoard(point)
        return self._add(parent.id, game, move)

    def remove(self, node_id: int) -> list[int]:
        """Remove a node and everything after it; returns the removed ids. The root and the
        main line's first move stay (StartKept)."""
        node = self.node(node_id)
        if node.parent is None:
            raise StartKept
        removed = []
        stack = [node.id]
        while stack:
            current = self.nodes.pop(stack.pop())
            removed.append(current.id)
            stack.extend(current.children)
        self.nodes[node.parent].children.remove(node.id)
        return removed

    def promote(self, node_id: int) -> None:
        """Make `node_id`'s line the first (main) line at every branch on its path."""
        for child in self.path(node_id)[1:]:
            siblings = self.nodes[self.nodes[child].parent].children
            siblings.remove(child)
            siblings.insert(0, child)

    def _new_game(self, *, trusted: bool) -> Game:
        rules = replace(self.rules, move_cap=_NO_CAP)
        if trusted:
            rules = replace(rules, ko=SIMPLE_KO)
        game = Game.new(
            self.topology,
            rules,
            black_setup=self.black_setup,
            white_setup=self.white_setup,
            to_move=self.first,
        )
        game.handicap = self.handicap
        return game

    def _add(self, parent_id: int, game: Game, move: Move) -> TreeNode:
        """Apply `move` to `game` (the position at `parent_id`) and hang it under the parent."""
        if len(self.nodes) >= self.max_nodes:
            raise TreeFull(self.max_nodes)
        if move.kind == PLAY:
            captures = tuple(sorted(game.play(move.point, move.colour)))
        else:
            game.pass_turn(move.colour)
            _keep_open(game)
            captures = ()
        parent = self.nodes[parent_id]
        node = TreeNode(self.next_id, parent_id, move, captures, parent.number + 1)
        self.next_id += 1
        self.nodes[node.id] = node
        parent.children.append(node.id)
        return node

    def _add_setup(self, parent_id: int, game: Game, setup: tuple[tuple[int, int], ...]):
        """Hang a node without a move (setup stones, or none) under the parent, placing its
        stones on `game`; SgfError when they leave a group without liberties."""
        if len(self.nodes) >= self.max_nodes:
            raise TreeFull(self.max_nodes)
        try:
            _place(game, setup)
        except InvalidSetup as exc:
            raise SgfError(f"impossible setup stones: {exc}") from exc
        parent = self.nodes[parent_id]
        node = TreeNode(self.next_id, parent_id, None, (), parent.number, setup=tuple(setup))
        self.next_id += 1
        self.nodes[node.id] = node
        parent.children.append(node.id)
        return node

    # Data ------------------------------------------------------------------------------------

    def to_data(self) -> dict:
        """A JSON-ready dict of the whole tree (`from_data` reads it back). Each node is
        ``{"id", "parent", "colour": "B"|"W"|None, "point": index|None, "kind": "play"|"pass"|
        "root"|"none", "name": "D4"|"pass"|"", "number", "captures", "children"}``, plus
        "marks", "labels" and "setup" (``[point, "B"|"W"|"E"]`` pairs) when it has any;
        "none" is a node without a move (a comment, marks or setup stones of an upload)."""
        nodes = []
        for node in self.nodes.values():
            move = node.move
            entry = {
                "id": node.id,
                "parent": node.parent,
                "colour": COLOUR_LETTERS[move.colour] if move else None,
                "point": move.point if move else None,
                "kind": move.kind if move else ("root" if node.parent is None else "none"),
                "name": self.node_name(node.id),
                "number": node.number,
                "captures": list(node.captures),
                "children": list(node.children),
            }
            if node.marks:
                entry["marks"] = [list(m) for m in node.marks]
            if node.labels:
                entry["labels"] = [list(label) for label in node.labels]
            if node.setup:
                entry["setup"] = [[p, _SETUP_LETTERS[c]] for p, c in node.setup]
            nodes.append(entry)
        return {
            "version": 1,
            "board": {"kind": self.topology.kind, "n": self.topology.n},
            "rules": {
                "key": self.rules.key,
                "ko": self.rules.ko,
                "scoring": self.rules.scoring,
                "komi": self.rules.komi,
                "move_cap": self.rules.move_cap,
            },
            "setup": {"black": list(self.black_setup), "white": list(self.white_setup)},
            "first": COLOUR_LETTERS[self.first],
            "handicap": self.handicap,
            "max_nodes": self.max_nodes,
            "next_id": self.next_id,
            "nodes": nodes,
        }

    @classmethod
    def from_data(cls, data: dict) -> VariationTree:
        """The tree `to_data` gave (trusted: stored by us, not read from a user)."""
        board = data["board"]
        r = data["rules"]
        tree = cls(
            topology=topology_for(board["kind"], board["n"]),
            rules=RuleSet(r["key"], r["ko"], r["scoring"], r["komi"], r["move_cap"]),
            black_setup=tuple(data["setup"]["black"]),
            white_setup=tuple(data["setup"]["white"]),
            first=_COLOURS[data["first"]],
            handicap=data.get("handicap", 0),
            max_nodes=data.get("max_nodes", MAX_NODES),
            nodes={},
            next_id=data["next_id"],
        )
        for entry in data["nodes"]:
            move = None
            if entry["kind"] not in ("root", "none"):
                move = Move(_COLOURS[entry["colour"]], entry["kind"], entry["point"])
            tree.nodes[entry["id"]] = TreeNode(
                id=entry["id"],
                parent=entry["parent"],
                move=move,
                captures=tuple(entry["captures"]),
                number=entry["number"],
                children=list(entry["children"]),
                marks=tuple(tuple(m) for m in entry.get("marks", ())),
                labels=tuple(tuple(label) for label in entry.get("labels", ())),
                setup=tuple((p, _SETUP_COLOURS[c]) for p, c in entry.get("setup", ())),
            )
        return tree

    def node_name(self, node_id: int) -> str:
        """'D4', 'pass', or '' for the root."""
        move = self.node(node_id).move
        if move is None:
            return ""
        return self.topology.name(move.point) if move.kind == PLAY else move.kind

    def to_sgf_node(self, comments: dict[int, str] | None = None) -> SgfNode:
        """The tree as `rules.sgf_tree.SgfNode`s, with `comments` by node id, for
        `write_sgf_tree`."""
        comments = comments or {}
        built: dict[int, SgfNode] = {}
        order = []
        stack = [ROOT]
        while stack:
            node_id = stack.pop()
            order.append(node_id)
            stack.extend(self.nodes[node_id].children)
        for node_id in reversed(order):
            node = self.nodes[node_id]
            built[node_id] = SgfNode(
                move=node.move,
                comment=comments.get(node_id) or None,
                marks=node.marks,
                labels=node.labels,
                children=tuple(built[c] for c in node.children),
                setup=node.setup,
            )
        return built[ROOT]

    def sgf_record(self, **details: str | None) -> SgfRecord:
        """The root details of an SGF record for `write_sgf_tree`: board, rules, setup, and
        `details` (black_player, white_player, date, result)."""
        return SgfRecord(
            topology=self.topology,
            rules=self.rules,
            handicap=self.handicap,
            black_setup=self.black_setup,
            white_setup=self.white_setup,
            to_move=self.first if not self.nodes[ROOT].children else None,
            **details,
        )


def _place(game: Game, setup: tuple[tuple[int, int], ...]) -> None:
    """Put setup stones on `game` (colour 0 empties the point), as SGF's AB/AW/AE do: no
    captures, the same player to move; InvalidSetup when a group is left without liberties."""
    if not setup:
        return
    for colour in (BLACK, WHITE, EMPTY):
        points = [p for p, c in setup if c == colour]
        if points:
            game.board.place_setup(points, colour)
    board = game.board
    for p, colour in setup:
        if colour != EMPTY and board.liberties(p) == 0:
            raise InvalidSetup(f"the stone at {game.topology.name(p)} has no liberties")
    game.ko_point = None
    if game.history is not None:
        game.history.add(board.hash)


__all__ = ["MAX_NODES", "ROOT", "TreeFull", "TreeNode", "UnknownNode", "VariationTree"]
