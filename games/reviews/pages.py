"""What the review pages show: the board at one node of the tree (rebuilt from the stored
captures, no replay), the tree as nested lists, the comments, the estimate graph.

A stored review's page reads its tree once and walks one path: no record is parsed and no
move replayed, so a page of the largest tree `REVIEW_MAX_NODES` allows stays cheap
(bench/review_pages.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy

from games.moves import colour_letter
from games.reviews.chart import estimate_chart, lead_label, points_text
from rules.board import BLACK, COLOUR_LETTERS, EMPTY, WHITE, other
from rules.game import PLAY, Move, Position
from rules.review.estimate import turning_points
from rules.review.variations import ROOT
from rules.sgf_tree import SgfNote
from rules.topology import topology_for

_SETUP = {"B": BLACK, "W": WHITE, "E": EMPTY}
TURNS_SHOWN = 3
OPENING = 10  # moves left out of "where the game turned": the opening's estimates are noise
TURN_LEAST = 3.0  # smaller swings are a stone's own point, not a turn of the game


class StoredTree:
    """A review's stored tree (`VariationTree.to_data`) read as it is, for pages: no node
    objects are built and no move is replayed."""

    def __init__(self, data: dict) -> None:
        self.data = data
        self.nodes: dict[int, dict] = {n["id"]: n for n in data["nodes"]}
        board = data["board"]
        self.topology = topology_for(board["kind"], board["n"])
        self.first = BLACK if data["first"] == "B" else WHITE

    def main_line(self) -> list[int]:
        """The ids of the main line, the root first."""
        ids = [ROOT]
        while self.nodes[ids[-1]]["children"]:
            ids.append(self.nodes[ids[-1]]["children"][0])
        return ids

    def path(self, node_id: int) -> list[int]:
        """The ids from the root to `node_id`."""
        ids = []
        node: dict | None = self.nodes[node_id]
        while node is not None:
            ids.append(node["id"])
            node = self.nodes[node["parent"]] if node["parent"] is not None else None
        return ids[::-1]

    def label(self, node_id: int) -> str:
        """'12. B D4', 'Start' for the root, '12. no move' or '12. setup stones' for a node
        without a move."""
        node = self.nodes[node_id]
        if node["kind"] == "root":
            return _("Start")
        if node["kind"] == "none":  # an uploaded record's node without a move
            what = _("setup stones") if node.get("setup") else _("no move")
            return f"{node['number']}. {what}"
        colour = colour_letter(BLACK if node["colour"] == "B" else WHITE)
        name = _("pass") if node["kind"] == "pass" else node["name"]
        return f"{node['number']}. {colour} {name}"

    def position(self, node_id: int) -> Position:
        """The position at a node for the board drawing (stones, prisoners, last move)."""
        stones = [EMPTY] * self.topology.size
        for p in self.data["setup"]["black"]:
            stones[p] = BLACK
        for p in self.data["setup"]["white"]:
            stones[p] = WHITE
        prisoners = [0, 0]
        to_move = self.first
        for i in self.path(node_id)[1:]:
            node = self.nodes[i]
            for p, letter in node.get("setup", ()):
                stones[p] = _SETUP[letter]
            if node["kind"] == "none":
                continue
            colour = BLACK if node["colour"] == "B" else WHITE
            to_move = other(colour)
            if node["kind"] == PLAY:
                stones[node["point"]] = colour
            for p in node["captures"]:
                stones[p] = EMPTY
            prisoners[colour - 1] += len(node["captures"])
        node = self.nodes[node_id]
        last = None
        if node["kind"] not in ("root", "none"):
            colour = BLACK if node["colour"] == "B" else WHITE
            last = Move(colour, node["kind"], node["point"])
        return Position(
            topology=self.topology,
            stones=tuple(stones),
            to_move=to_move,
            prisoners=(prisoners[0], prisoners[1]),
            ko_point=None,
            move_number=node["number"],
            last_move=last,
        )


def main_line_moves(tree: StoredTree, main: list[int]) -> dict[int, int]:
    """The main line's node after each number of moves (0: the start): an uploaded record's
    nodes without a move share their number with the move before them."""
    at: dict[int, int] = {}
    for node_id in main:
        at.setdefault(tree.nodes[node_id]["number"], node_id)
    return at


# What reading an upload changed or chose (rules.sgf_tree.SgfNote), by its code, in the
# reader's language.
UPLOAD_NOTES = {
    "games": ngettext_lazy(
        "The file holds %(games)s game; this review is game %(game)s. To review another, "
        "upload the file again and choose its number.",
        "The file holds %(games)s games; this review is game %(game)s. To review another, "
        "upload the file again and choose its number.",
        "games",
    ),
    "charset_detected": gettext_lazy(
        "The file does not say which character set its text is in; it was read as %(charset)s."
    ),
    "charset_not_declared": gettext_lazy(
        "The file says its text is in %(declared)s, but it is not; it was read as %(charset)s."
    ),
    "charset_replaced": ngettext_lazy(
        "%(count)s character of the file is not %(declared)s; it was replaced by �.",
        "%(count)s characters of the file are not %(declared)s; each was replaced by �.",
        "count",
    ),
    "comments_cut": ngettext_lazy(
        "%(count)s comment was longer than %(most)s characters, the most a comment here "
        "holds: it was cut to %(most)s, ending in “…”.",
        "%(count)s comments were longer than %(most)s characters, the most a comment here "
        "holds: each was cut to %(most)s, ending in “…”.",
        "count",
    ),
    "labels_cut": ngettext_lazy(
        "%(count)s label was longer than %(most)s characters, the most a label here holds: "
        "it was cut to %(most)s.",
        "%(count)s labels were longer than %(most)s characters, the most a label here holds: "
        "each was cut to %(most)s.",
        "count",
    ),
    "properties_dropped": gettext_lazy(
        "These properties of the file are not kept in a review: %(properties)s."
    ),
}


def upload_notes(notes: Iterable[SgfNote]) -> list[str]:
    """What reading an upload changed or chose, one sentence per note, in the reader's
    language (a note without a sentence here in English)."""
    said = []
    for note in notes:
        text = UPLOAD_NOTES.get(note.code)
        # A lazy plural chooses its form by the value named, when the values are given.
        said.append(str(text % note.values) if text is not None else note.message)
    return said


def upload_whole() -> str:
    """What the uploader reads when nothing was changed."""
    return _("The whole record was read: every move, comment, mark and label is kept.")


def node_from_query(tree: StoredTree, value: str | None, default: int) -> int:
    """The node a `?node=` value names, else `default`."""
    try:
        node = int(value) if value is not None else default
    except ValueError:
        return default
    return node if node in tree.nodes else default


def line_steps(tree: StoredTree, node_id: int, line: str | None) -> dict[str, int | None]:
    """The stepper along the line shown at `node_id`: `tip` (its last node), `back` (the
    parent) and `forward` (the next node toward `tip`; None at the ends). `line` (`?line=ID`)
    names a node of the line remembered while stepping: kept when it lies beyond `node_id`,
    else the line starts at `node_id`; either way it goes on along first children.
    review_tree.js follows the same rule."""
    tip = node_from_query(tree, line, node_id)
    if node_id not in tree.path(tip):
        tip = node_id
    while tree.nodes[tip]["children"]:
        tip = tree.nodes[tip]["children"][0]
    path = tree.path(tip)
    at = path.index(node_id)
    forward = path[at + 1] if at + 1 < len(path) else None
    return {"tip": tip, "back": tree.nodes[node_id]["parent"], "forward": forward}


def tree_html(tree: StoredTree, *, current: int, commented: set[int]) -> SafeString:
    """The tree as nested lists (static/games/review_tree.js draws the same markup): the main
    line an <ol>; after a move that has alternatives, a <ul class="review-variations"> with
    one <ol> per alternative line. Each move is a link "?node=ID" with data-node=ID; the
    current one has aria-current="step". Built without recursion (lines nest deeply)."""
    out: list[str] = []
    stack: list[object] = [("line", ROOT)]
    label_comment = escape(_("(comment)"))
    nodes = tree.nodes
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        _kind, start = item
        items: list[object] = ['<ol class="review-line">']
        node_id = start
        while True:
            node = nodes[node_id]
            here = ' aria-current="step"' if node_id == current else ""
            if node_id in commented:
                cls = "review-node commented"
                note = f' <span class="visually-hidden">{label_comment}</span>'
            else:
                cls, note = "review-node", ""
            items.append(
                f'<li class="{cls}"><a href="?node={node_id}" data-node="{node_id}"{here}>'
                f"{escape(tree.label(node_id))}</a>{note}"
            )
            parent = nodes[node["parent"]] if node["parent"] is not None else None
            siblings = parent["children"] if parent is not None else ()
            if len(siblings) > 1 and siblings[0] == node_id:
                items.append('<ul class="review-variations">')
                for alt in siblings[1:]:
                    items.extend(["<li>", ("line", alt), "</li>"])
                items.append("</ul>")
            items.append("</li>")
            if not node["children"]:
                break
            node_id = node["children"][0]
        items.append("</ol>")
        stack.extend(reversed(items))
    return mark_safe("".join(out))  # noqa: S308  (numbers, coordinates and escaped text)


def estimate_context(
    series: list[float] | None, *, href: Callable[[int], str], current: int | None
) -> dict:
    """The graph and "where the game turned" for a kept series (None: not worked out yet)."""
    if not series:
        return {"chart": None, "turns": []}
    swings = turning_points(series, TURNS_SHOWN, skip=OPENING, least=TURN_LEAST)
    turns = [
        {
            "number": s.number,
            "href": href(s.number),
            "change": points_text(abs(s.change)),
            "to": COLOUR_LETTERS[BLACK if s.change > 0 else WHITE],
            "after": lead_label(s.after),
        }
        for s in swings
    ]
    chart = estimate_chart(series, href=href, swings=swings, current=current)
    return {"chart": chart, "turns": turns, "final": lead_label(series[-1])}


def comments_by_node(rows, *, reporter: int | None = None) -> dict[str, list[dict]]:
    """Comments, (node, author name, text, id, author id) rows, as JSON-ready data for
    review_tree.js: {"node id": [{"author", "text", "id", "report"}]}; "report" is True for
    the comments the signed-in visitor with id `reporter` (None: nobody) may report, the
    others'."""
    out: dict[str, list[dict]] = {}
    for node, author, text, comment_id, author_id in rows:
        report = reporter is not None and author_id != reporter
        out.setdefault(str(node), []).append(
            {"author": author, "text": text, "id": comment_id, "report": report}
        )
    return out


__all__ = [
    "StoredTree",
    "comments_by_node",
    "estimate_context",
    "main_line_moves",
    "node_from_query",
    "upload_notes",
    "upload_whole",
    "tree_html",
]
