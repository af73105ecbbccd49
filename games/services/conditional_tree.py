"""The tree of conditional moves as data: its checked shape, its lines and how lines merge.

A tree is JSON: ``[{"if": CODE, "play": CODE, "then": [same shape]}, ...]``, where "if" is the
opponent's move, "play" the owner's answer and CODE the SGF point as the game's move list writes
it (``topology.sgf(point)``, the hex convention of rules/sgf.py) or ``"pass"``. A *line* is one
path from the root to a leaf, a list of (if, play) pairs; a tree is exactly the union of its
lines, so the board page edits lines and rebuilds the tree from them.

Pure: no database and no clock. Legality on the game's position is checked by
`games.services.conditional`, which replays the tree."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from games.errors import rules_refusal
from games.game_settings import topology_label
from rules import CoordinateError, Topology

PASS = "pass"  # noqa: S105  (a move code, not a password)
MAX_DEPTH = 20  # levels (pairs of moves) in one line
MAX_NODES = 200  # (if, play) pairs in a whole tree
MAX_LINE_TEXT = 2000  # characters of a typed line

Line = list[tuple[str, str]]


def code_check(code: object, *, topology: Topology, what: str) -> str:
    """`code` when it is "pass" or an SGF point of `topology` written as the game writes it;
    ValidationError naming `what` otherwise."""
    if code == PASS:
        return PASS
    if not isinstance(code, str) or len(code) != 2:
        raise ValidationError(
            gettext('%(what)s must be an SGF point such as "dd" or "pass", not %(value)s.')
            % {"what": what, "value": _shown(code)}
        )
    try:
        point = topology.from_sgf(code)
    except CoordinateError:
        point = None
    if point is None or topology.sgf(point) != code:
        raise ValidationError(
            gettext("%(what)s: %(value)s is not a point of the %(topology_label)s board.")
            % {"what": what, "value": _shown(code), "topology_label": topology_label(topology)}
        )
    return code


def tree_check(tree: object, *, topology: Topology) -> list[dict]:
    """The tree in its stored form (every node exactly "if", "play" and "then"), or
    ValidationError saying what is wrong: not a list of objects, unknown keys, a bad code, two
    branches with the same "if" on one level, more than MAX_DEPTH levels or MAX_NODES nodes.
    Accepts any JSON value (or other Python object) without raising anything else."""
    if not isinstance(tree, list):
        raise ValidationError(gettext("The conditional moves must be a list of branches."))
    count = 0

    def level(nodes: object, depth: int) -> list[dict]:
        nonlocal count
        if not isinstance(nodes, list):
            raise ValidationError(gettext('"then" must be a list of branches.'))
        if nodes and depth > MAX_DEPTH:
            raise ValidationError(
                gettext("A line may hold at most %(MAX_DEPTH)s answers.") % {"MAX_DEPTH": MAX_DEPTH}
            )
        seen: set[str] = set()
        out = []
        for node in nodes:
            count += 1
            if count > MAX_NODES:
                raise ValidationError(
                    gettext("A tree may hold at most %(MAX_NODES)s answers.")
                    % {"MAX_NODES": MAX_NODES}
                )
            if not isinstance(node, dict):
                raise ValidationError(
                    gettext('Each branch must be an object with "if" and "play".')
                )
            keys = set(node)
            if not {"if", "play"} <= keys or not keys <= {"if", "play", "then"}:
                raise ValidationError(
                    gettext('Each branch has exactly the keys "if", "play" and optionally "then".')
                )
            move = code_check(node["if"], topology=topology, what='"if"')
            answer = code_check(node["play"], topology=topology, what='"play"')
            if move in seen:
                raise ValidationError(
                    gettext("Two branches answer %(value)s at the same level.")
                    % {"value": code_name(move, topology)}
                )
            seen.add(move)
            out.append({"if": move, "play": answer, "then": level(node.get("then", []), depth + 1)})
        return out

    return level(tree, 1)


def tree_lines(tree: list[dict]) -> list[Line]:
    """Every root-to-leaf path of a checked tree, in tree order."""
    lines: list[Line] = []

    def walk(nodes: list[dict], prefix: Line) -> None:
        for node in nodes:
            path = [*prefix, (node["if"], node["play"])]
            if node["then"]:
                walk(node["then"], path)
            else:
                lines.append(path)

    walk(tree, [])
    return lines


def tree_add_line(tree: list[dict], line: Line) -> list[dict]:
    """`tree` with `line` added: it follows existing branches while their answers agree; where
    an existing branch answers the same move differently, the line replaces that branch (and
    everything under it). Returns a new tree; `tree` is unchanged."""
    root = _copy(tree)
    nodes = root
    for index, (move, answer) in enumerate(line):
        node = next((n for n in nodes if n["if"] == move), None)
        if node is None or node["play"] != answer:
            chain = _chain(line[index:])
            if node is None:
                nodes.append(chain)
            else:
                nodes[nodes.index(node)] = chain
            return root
        nodes = node["then"]
    return root


def tree_remove_line(tree: list[dict], line: Line) -> list[dict]:
    """`tree` without the line `line` (the branches only it used); unchanged when it holds no
    such line."""
    result: list[dict] = []
    for kept in tree_lines(tree):
        if kept != line:
            result = tree_add_line(result, kept)
    return result


def tree_depth(tree: list[dict]) -> int:
    """The number of levels of the deepest line."""
    return max((1 + tree_depth(n["then"]) for n in tree), default=0)


def code_name(code: str, topology: Topology) -> str:
    """A code as the board names it for a reader: 'D4', or 'pass' in their language."""
    if code == PASS:
        # Translators: a pass among board coordinates such as "D4", in a line of conditional
        # moves ("if D4 → pass") and in notices.
        return gettext("pass")
    return topology.name(topology.from_sgf(code))


def line_label(line: Line, topology: Topology) -> str:
    """'if D4 → Q16, then if C3 → R4', in the reader's language."""
    label = ""
    for index, (move, answer) in enumerate(line):
        names = {"move": code_name(move, topology), "answer": code_name(answer, topology)}
        if index == 0:
            # Translators: the first step of a line of conditional moves: if the opponent plays
            # %(move)s, answer %(answer)s (board coordinates such as D4, or "pass").
            label = gettext("if %(move)s → %(answer)s") % names
        else:
            # Translators: a line of conditional moves so far (%(line)s), then its next step.
            label = gettext("%(line)s, then if %(move)s → %(answer)s") % {"line": label, **names}
    return label


def line_text(line: Line, topology: Topology) -> str:
    """The line as typed in the no-JavaScript form: 'D4 Q16 C3 R4' ('pass' in English, as
    `line_parse` reads it)."""
    return " ".join(
        PASS if code == PASS else topology.name(topology.from_sgf(code))
        for pair in line
        for code in pair
    )


def line_parse(text: str, *, topology: Topology) -> Line:
    """A typed line of board coordinates ('D4 Q16 C3 R4', 'pass' allowed; commas and extra
    spaces ignored) as (if, play) pairs of codes; ValidationError for anything else."""
    if not isinstance(text, str) or "\x00" in text or len(text) > MAX_LINE_TEXT:
        raise ValidationError(gettext("Type the moves as coordinates such as D4 Q16 C3 R4."))
    words = text.replace(",", " ").split()
    if not words:
        raise ValidationError(gettext("Type their move and your answer, such as D4 Q16."))
    if len(words) % 2:
        raise ValidationError(
            gettext(
                "A line alternates their move and your answer and ends with your answer: "
                "give an even number of moves."
            )
        )
    if len(words) > 2 * MAX_DEPTH:
        raise ValidationError(
            gettext("A line may hold at most %(MAX_DEPTH)s answers.") % {"MAX_DEPTH": MAX_DEPTH}
        )
    codes = []
    for word in words:
        if word.lower() == PASS:
            codes.append(PASS)
            continue
        try:
            codes.append(topology.sgf(topology.parse(word)))
        except CoordinateError as exc:
            raise ValidationError(
                gettext("This line names a point that is not on the board: %(reason)s.")
                % {"reason": rules_refusal(exc)}
            ) from exc
    return list(zip(codes[::2], codes[1::2], strict=True))


def _chain(line: Line) -> dict:
    move, answer = line[0]
    return {"if": move, "play": answer, "then": [_chain(line[1:])] if len(line) > 1 else []}


def _copy(tree: list[dict]) -> list[dict]:
    return [{"if": n["if"], "play": n["play"], "then": _copy(n["then"])} for n in tree]


def _shown(value: object) -> str:
    """A short, safe description of a bad value (never the repr of a huge or deep one)."""
    if not isinstance(value, str):
        return f"a value of type {type(value).__name__}"
    text = repr(value[:20])
    return text if len(value) <= 20 else f"{text[:-1]}...{text[-1]}"
