"""A reviewer's marks and labels (rules.review.marks): one thing per point, the same tool again
takes it off, letters and numbers count on, bounds as for imported records, and the marks are
written to SGF as imported ones are (TR, SQ, CR, MA, LB), on hexagons in the moves' coordinates."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sgfmill import sgf

from rules import BLACK, WHITE, Move, hexagon, preset, square
from rules.errors import OffBoard
from rules.game import PLAY
from rules.review.marks import TOOLS, BadLabel, annotate, board_marks, next_label
from rules.review.variations import UnknownNode, VariationTree
from rules.sgf import SgfTooLarge
from rules.sgf_tree import SgfLimits, parse_sgf_tree, write_sgf_tree


def tree_of(topology, names, *, rules="go-area"):
    """A review tree whose main line is the moves `names` (Black first)."""
    colours = [BLACK, WHITE] * len(names)
    moves = [Move(c, PLAY, topology.parse(n)) for c, n in zip(colours, names, strict=False)]
    return VariationTree.from_moves(topology=topology, rules=preset(rules, topology), moves=moves)


def test_a_tool_puts_its_mark_and_the_same_tool_again_takes_it_off():
    t = square(9)
    tree = tree_of(t, ["E5", "D4"])
    d4 = t.parse("D4")
    assert annotate(tree, 2, d4, "triangle") is True
    assert tree.node(2).marks == (("TR", d4),)
    assert annotate(tree, 2, d4, "square") is True  # replaces the triangle
    assert tree.node(2).marks == (("SQ", d4),)
    assert annotate(tree, 2, d4, "square") is False
    assert tree.node(2).marks == () and tree.node(1).marks == ()


def test_letters_and_numbers_count_on_and_a_label_replaces_a_mark():
    t = square(9)
    tree = tree_of(t, ["E5"])
    a, b, c = (t.parse(n) for n in ("A1", "B1", "C1"))
    annotate(tree, 1, a, "circle")
    annotate(tree, 1, a, "letter")
    annotate(tree, 1, b, "letter")
    annotate(tree, 1, c, "number")
    assert tree.node(1).labels == ((a, "A"), (b, "B"), (c, "1"))
    assert tree.node(1).marks == ()
    assert annotate(tree, 1, a, "letter") is False  # the letter again takes it off
    assert next_label(tree.node(1), "letter") == "A"
    annotate(tree, 1, a, "letter", text="  ko  aji ")
    assert dict(tree.node(1).labels)[a] == "ko aji"
    assert annotate(tree, 1, a, "erase") is False and a not in dict(tree.node(1).labels)


def test_letters_after_z_go_on_as_spreadsheet_columns():
    t = square(19)
    tree = tree_of(t, [])
    for p in range(28):
        annotate(tree, 0, p, "letter")
    names = [text for _, text in tree.node(0).labels]
    assert names[:3] == ["A", "B", "C"] and names[25:] == ["Z", "AA", "AB"]


def test_refusals():
    t = square(9)
    tree = tree_of(t, ["E5"])
    with pytest.raises(OffBoard):
        annotate(tree, 1, 81, "triangle")
    with pytest.raises(UnknownNode):
        annotate(tree, 7, 0, "triangle")
    with pytest.raises(ValueError):
        annotate(tree, 1, 0, "star")
    with pytest.raises(BadLabel):
        annotate(tree, 1, 0, "letter", text="   ")
    with pytest.raises(BadLabel):
        annotate(tree, 1, 0, "letter", text="x" * 40)
    small = SgfLimits(max_marks=2, max_labels=1)
    annotate(tree, 1, 0, "cross", limits=small)
    annotate(tree, 1, 1, "cross", limits=small)
    with pytest.raises(SgfTooLarge) as info:
        annotate(tree, 1, 2, "cross", limits=small)
    assert info.value.bound == "marks"
    assert len(tree.node(1).marks) == 2  # unchanged by the refusal


@given(st.lists(st.tuples(st.integers(0, 80), st.sampled_from(TOOLS)), max_size=40))
def test_a_point_shows_at_most_one_thing_and_the_board_draws_it(steps):
    t = square(9)
    tree = tree_of(t, ["E5"])
    for point, tool in steps:
        annotate(tree, 1, point, tool)
    node = tree.node(1)
    points = [p for _, p in node.marks] + [p for p, _ in node.labels]
    assert len(points) == len(set(points))
    assert set(board_marks(node.marks, node.labels)) == set(points)


def test_marks_are_exported_and_read_back_on_a_hexagon():
    t = hexagon(4)
    tree = tree_of(t, ["D4", "E5"], rules="badux")
    names = {"triangle": "C3", "square": "D5", "circle": "E4", "cross": "F6", "letter": "D2"}
    for tool, name in names.items():
        annotate(tree, 2, t.parse(name), tool)
    text = write_sgf_tree(tree.sgf_record(), tree.to_sgf_node())
    node = sgf.Sgf_game.from_string(text).get_main_sequence()[2]
    for ident, name in zip(("TR", "SQ", "CR", "MA"), names.values(), strict=False):
        assert node.get_raw_list(ident) == [t.sgf(t.parse(name)).encode()]
    assert node.get_raw_list("LB") == [t.sgf(t.parse("D2")).encode() + b":A"]
    back = parse_sgf_tree(text).root.children[0].children[0]
    assert set(back.marks) == set(tree.node(2).marks)
    assert back.labels == tree.node(2).labels
