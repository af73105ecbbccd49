"""SGF trees within bounds: marks, labels and point lists cost work and space in proportion to
the file, and a record over a bound is refused with one sentence (SgfTooLarge)."""

import json

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rules.review.variations import VariationTree
from rules.sgf import SgfError, SgfTooLarge
from rules.sgf_tree import MAX_LABEL, SgfLimits, parse_sgf_tree, write_sgf_tree
from rules.topology import Topology

LETTERS = "abcdefghijklmnopqrs"
FOUR_MARKS = "CR[aa:ss]TR[aa:ss]SQ[aa:ss]MA[aa:ss]"
POINTS = [f"{x}{y}" for x in LETTERS for y in LETTERS]


def mark_only_nodes() -> bytes:
    """The reported record: a root and 1,999 nodes holding only the four whole-board marks."""
    return ("(;SZ[19]" + (";" + FOUR_MARKS) * 1999 + ")").encode()


def marked_variations() -> bytes:
    """Its variant: 1,999 moves, each a variation of the root, each with the four marks."""
    lines = "".join(f"(;B[{POINTS[i % 361]}]{FOUR_MARKS})" for i in range(1999))
    return f"(;SZ[19]{lines})".encode()


def read(data: bytes | str, limits: SgfLimits | None = None):
    """parse_sgf_tree, then VariationTree.from_sgf (the merge): the tree and its stored data."""
    tree, _comments = VariationTree.from_sgf(parse_sgf_tree(data, limits), max_nodes=5000)
    return tree, json.dumps(tree.to_data())


@pytest.mark.parametrize("record", [mark_only_nodes, marked_variations])
def test_the_reported_records_are_refused_at_once_with_a_sentence(record):
    data = record()
    with pytest.raises(SgfTooLarge) as refused:
        read(data)
    assert refused.value.bound == "marks" and refused.value.most == 200
    assert str(refused.value) == (
        "a move has more than 200 marks (circles, triangles, squares, crosses); leave some out"
    )


def test_real_commentary_fits_comfortably():
    triangles = "".join(f"[{p}]" for p in POINTS[:50])
    labels = "".join(f"[{p}:{chr(65 + i % 26)}{i}]" for i, p in enumerate(POINTS[100:140]))
    text = f"(;SZ[19];B[pd]TR{triangles}LB{labels}CR[dd:ff]C[the whole area];W[dp])"
    tree, _ = read(text)
    first = tree.nodes[1]
    assert len(first.marks) == 50 + 9 and len(first.labels) == 40


def test_nodes_holding_only_marks_stay_nodes_each_with_its_marks_once():
    # 100 nodes holding the same 150 circles (each given twice) stay 100 nodes after the move.
    circles = "CR" + "".join(f"[{p}]" for p in POINTS[:150] * 2)
    tree, _ = read("(;SZ[19];B[pd]" + f";{circles}" * 100 + ")")
    assert len(tree) == 102
    marked = [n for n in tree.nodes.values() if n.marks]
    assert len(marked) == 100 and all(len(n.marks) == 150 for n in marked)
    assert all(n.move is None for n in marked) and not tree.nodes[1].marks


def test_the_bound_on_one_node_holds_for_each_node_of_marks():
    # Each node is within the bound and keeps its own marks; one past it is refused.
    nodes = "".join(";CR" + "".join(f"[{p}]" for p in POINTS[i : i + 100]) for i in (0, 100, 200))
    tree, _ = read(f"(;SZ[19];B[pd]{nodes})")
    assert [len(tree.nodes[i].marks) for i in (2, 3, 4)] == [100, 100, 100]
    over = ";CR" + "".join(f"[{p}]" for p in POINTS[:201])
    with pytest.raises(SgfTooLarge, match="more than 200 marks"):
        read(f"(;SZ[19];B[pd]{over})")


@pytest.mark.parametrize(
    "text, bound",
    [
        ("(;SZ[19];B[pd]CR" + "[aa:ss]" * 3 + ")", "points"),
        ("(;SZ[9]AB" + "[aa]" * 82 + ")", "points"),
        ("(;SZ[19];B[pd]LB" + "".join(f"[{p}:x]" for p in POINTS[:101]) + ")", "labels"),
    ],
)
def test_each_bound_refuses_with_its_name(text, bound):
    with pytest.raises(SgfTooLarge) as refused:
        read(text)
    assert refused.value.bound == bound and "\n" not in str(refused.value)


def test_the_whole_tree_is_bounded_too():
    marks = "".join(f"[{p}]" for p in POINTS[:100])
    text = "(;SZ[19]" + "".join(f";{'BW'[i % 2]}[{POINTS[i]}]SQ{marks}" for i in range(201)) + ")"
    with pytest.raises(SgfTooLarge) as refused:
        read(text)
    assert refused.value.bound == "annotations" and refused.value.most == 20_000


def test_labels_keep_one_text_per_point_cut_to_the_most_and_say_so():
    tree = parse_sgf_tree("(;SZ[9];B[ee]LB[aa:" + "x" * 5000 + "][aa:second][bb:LongLabel12])")
    assert tree.root.children[0].labels == ((0, "x" * MAX_LABEL), (10, "LongLabel12"))
    assert [(n.code, n.values) for n in tree.notes] == [
        ("labels_cut", {"count": 1, "most": MAX_LABEL})
    ]


# Hostile trees ---------------------------------------------------------------------------------

corner = st.sampled_from(LETTERS[:13])
point_value = st.one_of(
    st.builds("{}{}".format, corner, corner),
    st.builds("{}{}:{}{}".format, corner, corner, corner, corner),
)
mark_prop = st.builds(
    lambda ident, values: ident + "".join(f"[{v}]" for v in values),
    st.sampled_from(["CR", "TR", "SQ", "MA"]),
    st.lists(point_value, min_size=1, max_size=6).map(lambda vs: vs * 3),  # repeated marks
)
label_prop = st.builds(
    lambda values: "LB" + "".join(f"[{p}:{text}]" for p, text in values),
    st.lists(
        st.tuples(
            st.builds("{}{}".format, corner, corner),
            st.text(alphabet="ab\\]:x ", max_size=40).map(
                lambda t: t.replace("\\", "\\\\").replace("]", "\\]")
            ),
        ),
        min_size=1,
        max_size=30,
    ),
)
annotations = st.lists(st.one_of(mark_prop, label_prop), max_size=5).map("".join)


def node_text(index: int, props: str, move: bool) -> str:
    if not move:
        return f";{props}"
    return f";{'BW'[index % 2]}[{LETTERS[index % 13]}{LETTERS[index // 13 % 13]}]{props}"


@st.composite
def hostile_trees(draw) -> str:
    """SGF text of a 13x13 record: nested variations, many siblings, mark-only nodes with
    compressed and repeated point lists, long labels."""
    counter = iter(range(10**6))
    tree = st.recursive(
        st.lists(st.tuples(annotations, st.booleans()), min_size=1, max_size=6),
        lambda children: st.tuples(
            st.lists(st.tuples(annotations, st.booleans()), min_size=1, max_size=4),
            st.lists(children, min_size=1, max_size=6),
        ),
        max_leaves=20,
    )
    drawn = draw(tree)

    def text(item) -> str:
        if isinstance(item, tuple):
            sequence, children = item
            return "(" + seq(sequence) + "".join(text(c) for c in children) + ")"
        return "(" + seq(item) + ")"

    def seq(nodes) -> str:
        return "".join(node_text(next(counter), props, move) for props, move in nodes)

    repeat = draw(st.integers(1, 30))  # many copies of the same variations
    return "(;SZ[13]" + draw(annotations) + text(drawn) * repeat + ")"


SMALL = SgfLimits(max_marks=40, max_labels=10, max_annotations=400)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_trees(), st.sampled_from([SgfLimits(), SMALL]))
def test_hostile_trees_cost_work_and_space_in_proportion_to_the_file(text, limits):
    data = text.encode()
    calls = [0]
    point_at = Topology.point_at

    def counted(self, x, y):
        calls[0] += 1
        return point_at(self, x, y)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Topology, "point_at", counted)
        try:
            tree, stored = read(data, limits)
        except SgfError as exc:
            event(f"refused: {getattr(exc, 'bound', 'other')}")
            assert "\n" not in str(exc)
            assert calls[0] <= 2 * 169 * data.count(b"[") + 169
            return
    event("accepted")
    # Rectangles expand to at most twice the board per list, never more.
    assert calls[0] <= 2 * 169 * data.count(b"[") + 169
    nodes = tree.nodes.values()
    assert all(len(n.marks) <= limits.max_marks for n in nodes)
    assert all(len(n.labels) <= limits.max_labels for n in nodes)
    assert all(len(text) <= MAX_LABEL for n in nodes for _p, text in n.labels)
    kept = sum(len(n.marks) + len(n.labels) for n in nodes)
    assert kept <= limits.max_annotations
    # The stored tree and the written SGF grow with the nodes and the marks kept, which the
    # file named (one value names at most the board's 169 points).
    assert len(stored) <= 400 + 200 * len(tree) + 30 * kept
    assert kept <= 169 * data.count(b"[")
    written = write_sgf_tree(tree.sgf_record(), tree.to_sgf_node())
    assert len(written) <= 200 + 20 * len(tree) + 20 * kept
