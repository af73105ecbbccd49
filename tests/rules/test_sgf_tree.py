"""SGF with the whole game tree: variations, comments, marks, labels, charsets and limits."""

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sgfmill import sgf as sgfmill_sgf

from rules.game import PASS, PLAY
from rules.sgf import SgfError, parse_sgf
from rules.sgf_tree import SgfLimits, parse_sgf_tree, write_sgf_tree

DATA = Path(__file__).parent / "data"


def lines(node, prefix=()):
    """Every line of the tree as a tuple of 'B Q16' strings, main line first."""
    here = prefix
    if node.move is not None:
        where = "pass" if node.move.kind == PASS else str(node.move.point)
        here = (*prefix, f"{'BW'[node.move.colour - 1]} {where}")
    if not node.children:
        return [here]
    return [line for child in node.children for line in lines(child, here)]


def test_a_kgs_teaching_review_keeps_every_variation_comment_and_mark():
    tree = parse_sgf_tree((DATA / "review_kgs.sgf").read_bytes())
    t = tree.record.topology
    assert tree.nodes == 23
    # the main line is what parse_sgf reads
    assert tree.record.moves == parse_sgf((DATA / "review_kgs.sgf").read_bytes()).moves
    assert len(lines(tree.root)) == 4
    assert tree.root.comment.startswith("Teaching game, reviewed by sente42.")
    first = tree.root.children[0]
    assert first.comment == "kuroneko [4k]: have fun"  # the escaped bracket is read back
    split = first.children[0].children[0].children[0].children[0].children[0]
    assert [t.name(c.move.point) for c in split.children] == ["K17", "C11"]
    approach = split.children[1]
    assert approach.comment == "Better: approach the corner first."
    assert approach.marks == (("MA", t.from_sgf("jc")),)
    cap = split.children[0].children[0].children[0].children[0].children[0]
    assert cap.marks == (("TR", t.from_sgf("oj")),)
    hane = cap.children[0].children[0].children[1]
    assert hane.labels == ((t.from_sgf("ml"), "A"), (t.from_sgf("nl"), "B"))


@pytest.mark.parametrize(
    ("name", "root_comment", "comments"),
    [
        ("review_shift_jis.sgf", "定石の研究", ["天元", "普通の手", "変化"]),
        ("review_gb2312_hex.sgf", "六角棋盘", ["中央", "变化图"]),
        ("review_latin1.sgf", "Erklärung: Ko!", []),
    ],
)
def test_comments_in_old_charsets_are_read_as_their_ca_says(name, root_comment, comments):
    tree = parse_sgf_tree((DATA / name).read_bytes())
    assert tree.root.comment == root_comment
    found = []
    stack = list(tree.root.children)
    while stack:
        node = stack.pop(0)
        if node.comment:
            found.append(node.comment)
        stack[:0] = node.children
    assert found == comments


def test_the_hex_convention_holds_in_variations():
    tree = parse_sgf_tree((DATA / "review_gb2312_hex.sgf").read_bytes())
    t = tree.record.topology
    assert (t.kind, t.n) == ("hex", 4)
    centre = tree.root.children[0]
    assert t.axial(centre.move.point) == (0, 0)
    assert [t.axial(c.move.point) for c in centre.children] == [(-1, 0), (1, 1)]


def test_written_tree_reads_back_the_same_in_sgfmill_and_here():
    data = (DATA / "review_kgs.sgf").read_bytes()
    tree = parse_sgf_tree(data)
    text = write_sgf_tree(tree.record, tree.root)
    again = parse_sgf_tree(text)
    assert lines(again.root) == lines(tree.root)
    assert again.root.children[0].comment == "kuroneko [4k]: have fun"
    game = sgfmill_sgf.Sgf_game.from_string(text)
    variations = game.get_root()
    for _ in range(6):
        variations = variations[0]
    assert len(variations) == 2
    assert variations[1].get("C") == "Better: approach the corner first."


def test_two_moves_of_one_colour_in_a_variation_stay_two_moves_with_no_pass_between():
    tree = parse_sgf_tree("(;SZ[9];B[ee](;W[cc])(;B[gg]))")
    second = tree.root.children[0].children[1]
    assert second.move.kind == PLAY and second.move.colour == 1 and not second.children
    assert tree.nodes == 4


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("(;SZ[9];B[ee](;W[gg])(;W[cc]AB[dd]))", "move 2 has setup stones (AB) in its node (W)"),
        ("(;SZ[9];B[ee]W[cc])", "both a black and a white move"),
        ("(;SZ[9];B[zz])", "is not a point on the 9×9 board"),
        ("(;SZ[9];B[ee]CR[zz])", "CR[zz] is not a point"),
        ("(;SZ[9];B[ee]", "not an SGF file"),
    ],
)
def test_bad_trees_say_what_is_wrong_in_one_line(text, message):
    with pytest.raises(SgfError, match=re.escape(message)) as info:
        parse_sgf_tree(text)
    assert "\n" not in str(info.value)


def test_size_node_and_comment_limits_have_plain_messages():
    limits = SgfLimits(max_bytes=100, max_nodes=5, max_comment=10)
    with pytest.raises(SgfError, match="the file is 0.4 KB; records of up to 0.1 KB can be read"):
        parse_sgf_tree("(;SZ[9]" + ";B[aa];W[bb]" * 30 + ")", limits)
    with pytest.raises(SgfError, match="more than 5 moves and comments"):
        parse_sgf_tree("(;SZ[9];B[aa](;W[bb])(;W[cc])(;W[dd])(;W[ee]))", limits)
    cut = parse_sgf_tree("(;SZ[9];B[aa]C[hello world])", limits)
    assert cut.root.children[0].comment == "hello wor…"
    assert [n.message for n in cut.notes] == [
        "Comments longer than 10 characters were cut to 10 (1)."
    ]


def test_deeply_nested_variations_are_refused_or_read_never_crash():
    text = "(;SZ[9]" + "(;B[aa];W[bb]" * 1500 + ")" * 1501
    try:
        tree = parse_sgf_tree(text, SgfLimits(max_nodes=10_000))
    except SgfError as exc:
        assert "\n" not in str(exc)
    else:
        assert tree.nodes == 3001


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=300))
def test_any_input_is_a_tree_or_an_sgf_error(data):
    try:
        tree = parse_sgf_tree(data, SgfLimits(max_nodes=100))
    except SgfError as exc:
        assert "\n" not in str(exc)
    else:
        assert tree.nodes >= 1
