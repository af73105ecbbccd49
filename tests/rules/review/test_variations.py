"""The review tree: variations judged by the rules, stones rebuilt from stored captures."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import BLACK, WHITE, Move, hexagon, preset, square
from rules.diagram import parse_diagram, to_diagram
from rules.errors import KoViolation, Occupied, RulesError, Suicide
from rules.game import PASS, PLAY
from rules.review.variations import ROOT, TreeFull, UnknownNode, VariationTree
from rules.sgf import SgfError
from rules.sgf_tree import parse_sgf_tree, write_sgf_tree

DATA = Path(__file__).resolve().parents[1] / "data"


def tree_of(topology, names, *, rules="go-area", setup=""):
    moves = []
    colour = BLACK
    for name in names:
        if name == "pass":
            moves.append(Move(colour, PASS))
        else:
            moves.append(Move(colour, PLAY, topology.parse(name)))
        colour = WHITE if colour == BLACK else BLACK
    colours = parse_diagram(topology, setup) if setup else []
    return VariationTree.from_moves(
        topology=topology,
        rules=preset(rules, topology),
        moves=moves,
        black_setup=[p for p, c in enumerate(colours) if c == BLACK],
        white_setup=[p for p, c in enumerate(colours) if c == WHITE],
    )


def board(tree, node_id):
    black, white = tree.stones_at(node_id)
    stones = [0] * tree.topology.size
    for p in black:
        stones[p] = BLACK
    for p in white:
        stones[p] = WHITE
    return to_diagram(tree.topology, stones)


def test_a_variation_that_captures_keeps_its_captures_and_leaves_the_main_line_alone():
    t = square(5)
    tree = tree_of(t, ["B3", "C3", "A3", "B2"], rules="go-territory")
    main = tree.main_line()
    assert len(main) == 5
    # from move 2, a line of five moves instead of A3 B2
    a = tree.play(main[2], t.parse("C2"))
    b = tree.play(a.id, t.parse("D3"))
    c = tree.play(b.id, t.parse("C4"))
    d = tree.play(c.id, t.parse("E4"))
    e = tree.play(d.id, t.parse("D2"))
    assert e.move.colour == BLACK
    assert tree.main_line() == main
    assert board(tree, main[-1]) == "\n".join(
        [". . . . .", ". . . . .", "X X O . .", ". O . . .", ". . . . ."]
    )
    assert board(tree, e.id) == "\n".join(
        [". . . . .", ". . X . O", ". X O O .", ". . X X .", ". . . . ."]
    )


def test_stones_taken_in_a_variation_come_off_the_board():
    t = square(5)
    tree = tree_of(t, ["C3", "C2", "B2", "D2", "C1", "B1"])
    end = tree.main_line()[-1]
    capture = tree.play(end, t.parse("A1"))
    assert capture.captures == (t.parse("B1"),)
    assert board(tree, capture.id).splitlines()[-1] == "X . X . ."


@pytest.mark.parametrize(
    ("names", "point", "error"),
    [
        (["C3"], "C3", Occupied),
        (["B1", "A2", "pass", "B2", "pass", "C1"], "A1", Suicide),
    ],
)
def test_the_rules_refuse_a_bad_variation_move(names, point, error):
    t = square(5)
    tree = tree_of(t, names)
    before = len(tree)
    with pytest.raises(error):
        tree.play(tree.main_line()[-1], t.parse(point))
    assert len(tree) == before


def test_simple_ko_holds_in_a_variation():
    t = square(5)
    tree = tree_of(
        t,
        [],
        setup="""
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        . . . . .
        """,
        rules="go-territory",
    )
    take = tree.play(ROOT, t.parse("C4"))
    assert take.captures == (t.parse("B4"),)
    with pytest.raises(KoViolation):
        tree.play(take.id, t.parse("B4"))


def test_the_same_move_twice_opens_no_second_branch_and_a_pass_is_a_move():
    t = square(9)
    tree = tree_of(t, ["E5", "C3"])
    first = tree.play(tree.main_line()[1], t.parse("G7"))
    again = tree.play(tree.main_line()[1], t.parse("G7"))
    assert first.id == again.id
    passed = tree.play(first.id, None)
    assert passed.move == Move(BLACK, PASS)
    assert tree.node(tree.main_line()[1]).children == [tree.main_line()[2], first.id]


def test_analysis_goes_on_after_the_final_two_passes():
    t = square(9)
    tree = tree_of(t, ["E5", "C3", "pass", "pass"])
    end = tree.main_line()[-1]
    assert not tree.game_at(end).over  # a review's position stays open to the next move
    after = tree.play(end, t.parse("G7"))
    assert after.move == Move(BLACK, PLAY, t.parse("G7")) and after.number == 5
    # More passes, and play after them, from the end and from every node after it.
    third = tree.play(end, None)
    fourth = tree.play(third.id, None)
    answer = tree.play(fourth.id, t.parse("G7"))
    assert (third.move.colour, fourth.move.colour, answer.move.colour) == (BLACK, WHITE, BLACK)
    assert tree.stones_at(answer.id)[0] == sorted([t.parse("E5"), t.parse("G7")])
    with pytest.raises(Occupied):
        tree.play(answer.id, t.parse("C3"))  # the rules still judge every move


def test_the_tree_holds_at_most_max_nodes_and_says_so():
    t = square(9)
    tree = tree_of(t, ["E5"])
    tree.max_nodes = 3
    tree.play(tree.main_line()[-1], t.parse("C3"))
    with pytest.raises(TreeFull, match="already holds 3 moves"):
        tree.play(tree.main_line()[-1], t.parse("C4"))


def test_remove_and_promote():
    t = square(9)
    tree = tree_of(t, ["E5", "C3", "G7"])
    side = tree.play(tree.main_line()[1], t.parse("G3"))
    after = tree.play(side.id, t.parse("C7"))
    tree.promote(after.id)
    assert tree.main_line()[:3] == [ROOT, 1, side.id]
    assert sorted(tree.remove(side.id)) == sorted([side.id, after.id])
    assert tree.main_line() == [ROOT, 1, 2, 3]
    with pytest.raises(RulesError):
        tree.remove(ROOT)
    with pytest.raises(UnknownNode):
        tree.play(999, None)


def test_hex_variations_use_the_same_rules():
    t = hexagon(4)
    tree = tree_of(t, [], rules="badux")
    first = tree.play(ROOT, t.from_sgf("dd"))
    second = tree.play(ROOT, t.from_sgf("cd"))
    assert [tree.node(i).move.point for i in tree.node(ROOT).children] == [
        t.from_sgf("dd"),
        t.from_sgf("cd"),
    ]
    with pytest.raises(Occupied):
        tree.play(first.id, t.from_sgf("dd"))
    assert second.number == 1


def test_data_round_trip_and_sgf_round_trip_keep_every_branch_and_comment():
    data = (DATA / "review_kgs.sgf").read_bytes()
    tree, comments = VariationTree.from_sgf(parse_sgf_tree(data))
    again = VariationTree.from_data(tree.to_data())
    assert again.to_data() == tree.to_data()
    text = write_sgf_tree(again.sgf_record(), again.to_sgf_node(comments))
    assert all(mark in text for mark in ("MA[jc]", "TR[oj]", "CR[qk]", "LB[ml:A][nl:B]"))
    back, back_comments = VariationTree.from_sgf(parse_sgf_tree(text))
    assert sorted(back_comments.values()) == sorted(comments.values())
    assert len(back) == len(tree) == 23


def test_an_illegal_move_in_a_variation_is_named():
    text = "(;SZ[9];B[ee](;W[cc])(;W[ee]))"
    with pytest.raises(SgfError, match=r"illegal move 2 in a variation: W E5 \(occupied"):
        VariationTree.from_sgf(parse_sgf_tree(text))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=-1, max_value=30), max_size=60))
def test_stored_captures_rebuild_the_same_position_as_the_rules(points):
    t = square(5)
    tree = tree_of(t, [])
    node = ROOT
    for p in points:
        try:
            node = tree.play(node, None if p < 0 else p % t.size).id
        except RulesError:
            continue
    game = tree.game_at(node)
    black, white = tree.stones_at(node)
    assert black == game.position.points_of(BLACK)
    assert white == game.position.points_of(WHITE)
