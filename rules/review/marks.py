"""A reviewer's marks and labels on one node of a review's tree, as SGF keeps them.

A node holds marks as ``(kind, point)`` pairs (kind CR circle, TR triangle, SQ square, MA
cross) and labels as ``(point, text)`` pairs (LB), exactly as an imported record's
(`rules.review.variations.TreeNode`), so they are written back to SGF the same way.

`annotate` applies one tool to one point, as board editors do: a point shows one thing at a
time, so a tool replaces whatever the point had; the same mark (or any label, for the letter
and number tools) again takes it off; "erase" takes everything off the point. Letters and
numbers are the next free ones on the node (A, B, ... Z, then AA...; 1, 2, ...), unless a text
is given. The node's marks and labels stay within `SgfLimits`' bounds per node, the same bounds
an imported record is read within.
"""

from __future__ import annotations

from itertools import count

from rules.errors import OffBoard
from rules.review.variations import TreeNode, VariationTree
from rules.sgf import SgfError
from rules.sgf_tree import MAX_LABEL, SgfLimits, too_many_labels, too_many_marks

# Tool -> the SGF property of its mark.
SHAPES = {"triangle": "TR", "square": "SQ", "circle": "CR", "cross": "MA"}
LABEL_TOOLS = ("letter", "number")
ERASE = "erase"
TOOLS = (*SHAPES, *LABEL_TOOLS, ERASE)
# The SGF property of a mark -> the shape the board draws (games.svg.board's mark names).
SHAPE_OF = {kind: shape for shape, kind in SHAPES.items()}


class BadLabel(SgfError):
    """A label's text that SGF cannot keep as a label: empty once trimmed, or longer than
    `MAX_LABEL` characters. `code` is stable."""

    code = "bad_label"

    def __init__(self, most: int) -> None:
        self.most = most
        super().__init__(f"a label is 1 to {most} characters")


def annotate(
    tree: VariationTree,
    node_id: int,
    point: int,
    tool: str,
    *,
    text: str | None = None,
    limits: SgfLimits | None = None,
) -> bool:
    """Apply `tool` (one of TOOLS) at `point` on node `node_id`; True when the point now shows
    what the tool puts there, False when the tool took something off (or found nothing).

    Raises UnknownNode, OffBoard for a point not on the board, ValueError for an unknown
    tool, BadLabel for a `text` SGF cannot keep as a label, SgfTooLarge past the node's
    bounds (`limits`, SgfLimits' by default).
    """
    if tool not in TOOLS:
        raise ValueError(f"unknown tool {tool!r}: use one of {', '.join(TOOLS)}")
    node = tree.node(node_id)
    if type(point) is not int or not 0 <= point < tree.topology.size:
        raise OffBoard(point)
    limits = limits or SgfLimits()
    if text is not None:
        text = " ".join(text.split())
        if not 1 <= len(text) <= MAX_LABEL:
            raise BadLabel(MAX_LABEL)
    marks = [m for m in node.marks if m[1] != point]
    labels = [label for label in node.labels if label[0] != point]
    had_marks = {kind for kind, p in node.marks if p == point}
    had_label = any(p == point for p, _ in node.labels)
    placed = False
    if tool in SHAPES:
        if had_marks != {SHAPES[tool]} or had_label:
            marks.append((SHAPES[tool], point))
            placed = True
    elif tool in LABEL_TOOLS and (text is not None or not had_label):
        labels.append((point, text if text is not None else next_label(node, tool)))
        placed = True
    if len(marks) > limits.max_marks:
        raise too_many_marks(limits.max_marks)
    if len(labels) > limits.max_labels:
        raise too_many_labels(limits.max_labels)
    node.marks = tuple(marks)
    node.labels = tuple(labels)
    return placed


def next_label(node: TreeNode, tool: str) -> str:
    """The first letter ("letter": A ... Z, AA, AB ...) or number ("number": 1, 2 ...) that no
    label of `node` uses yet."""
    used = {text for _, text in node.labels}
    if tool == "number":
        return next(str(n) for n in count(1) if str(n) not in used)
    return next(name for n in count(0) if (name := _letters(n)) not in used)


def _letters(n: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA, as spreadsheet columns."""
    name = ""
    n += 1
    while n:
        n, rest = divmod(n - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def board_marks(marks, labels, *, most_text: int = 3) -> dict[int, str]:
    """What the board draws for a node's `marks` and `labels` (stored or TreeNode pairs, lists
    or tuples): point -> shape name ("triangle", ...) or a label's first `most_text`
    characters; a label wins over a mark on the same point, the first mark over later ones."""
    shown: dict[int, str] = {}
    for kind, point in marks:
        if kind in SHAPE_OF:
            shown.setdefault(point, SHAPE_OF[kind])
    for point, text in labels:
        if text.strip():
            shown[point] = text.strip()[:most_text]
    return shown


__all__ = [
    "ERASE",
    "LABEL_TOOLS",
    "SHAPES",
    "TOOLS",
    "BadLabel",
    "annotate",
    "board_marks",
    "next_label",
]
