"""Reading an upload (rules.review.uploads): every charset decoded before it is tokenised,
every node kept as the file has it, and a record refused rather than changed when its export
would not read back the same."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.board import BLACK, WHITE
from rules.game import PLAY
from rules.review.uploads import SgfRoundTrip, round_trip_check, upload_export, upload_read
from rules.sgf import SgfError
from rules.sgf_tree import MAX_LABEL, SgfLimits, parse_sgf_tree
from tests.rules.sgf_records import CHARSETS, escaped, facts, record, sgfmill_facts

TRAIL_BYTES = {"shift_jis", "gb18030", "big5"}  # multi-byte charsets with 0x5C/0x5D trail bytes


@pytest.mark.parametrize(("ca", "codec", "words"), CHARSETS, ids=[c[0] for c in CHARSETS])
def test_a_record_in_each_charset_reads_whole_and_round_trips_through_sgfmill(ca, codec, words):
    text = record(ca, words)
    data = text.encode(codec)
    if codec in TRAIL_BYTES:
        assert b"\\" in "".join(words).encode(codec)  # the bytes that broke the old reader
    upload = upload_read(data)
    # The same as the record given as text (nothing to decode): node by node, every move,
    # comment, mark, label and setup stone.
    assert facts(upload.parsed.root) == facts(parse_sgf_tree(text).root)
    assert upload.parsed.nodes == 8 and len(upload.tree) == 8
    root = upload.parsed.root
    assert root.comment == words[0]
    first = root.children[0]
    assert first.comment == words[1] and first.labels[0][1] == words[3]
    assert first.children[0].comment == words[2]
    assert first.children[0].children[0].comment == f"{words[0]}]\\:"
    # Exported, then read back by sgfmill and by us: the same tree as the file.
    exported = upload_export(upload)
    assert sgfmill_facts(exported.encode()) == sgfmill_facts(text.encode(), "UTF-8")
    assert facts(parse_sgf_tree(exported).root) == facts(root)
    assert upload.notes == ()


def test_the_reported_shift_jis_record_has_its_three_nodes_and_comments():
    data = "(;FF[4]GM[1]CA[Shift_JIS]SZ[9]C[ソ];B[ee]C[表];W[cc]C[ok])".encode("shift_jis")
    upload = upload_read(data)
    assert len(upload.tree) == 3
    assert upload.comments == {0: "ソ", 1: "表", 2: "ok"}
    assert [upload.tree.node_name(i) for i in upload.tree.main_line()] == ["", "E5", "C7"]


def test_a_comment_with_a_trail_byte_0x5c_survives():
    said = "AlphaGoが予想した手。"
    data = f"(;CA[SJIS]SZ[19];B[pd]C[{said}])".encode("shift_jis")
    assert upload_read(data).comments == {1: said}


def test_a_file_naming_no_charset_is_read_in_the_one_it_is_in_and_says_so():
    said = "黒の手はとても良い手です。白は困っています。予想した手。"
    data = f"(;SZ[19];B[pd]C[{said}];W[dp]C[表と裏])".encode("shift_jis")
    upload = upload_read(data)
    assert upload.comments == {1: said, 2: "表と裏"}
    assert [(n.code, n.values) for n in upload.notes] == [
        ("charset_detected", {"charset": "cp932"})
    ]


def test_a_file_whose_ca_is_wrong_is_read_in_the_charset_that_fits_and_says_so():
    data = "(;CA[UTF-8]SZ[9];B[ee]C[Größe])".encode("iso-8859-1")
    upload = upload_read(data)
    assert upload.comments == {1: "Größe"}
    assert upload.notes[0].code == "charset_not_declared"
    assert upload.notes[0].values["declared"] == "utf-8"


def test_a_utf_8_file_with_a_stray_byte_keeps_its_text_and_says_what_was_replaced():
    data = "(;CA[UTF-8]SZ[9];B[ee]C[Größe ".encode() + b"\xff])"
    upload = upload_read(data)
    assert upload.comments == {1: "Größe \ufffd"}
    assert [(n.code, n.values) for n in upload.notes] == [
        ("charset_replaced", {"declared": "utf-8", "count": 1})
    ]


def test_nodes_with_only_a_comment_or_setup_stones_stay_nodes():
    upload = upload_read("(;SZ[9];B[ee];C[only a comment];AB[aa]AW[ii];W[cc])")
    tree = upload.tree
    assert len(tree) == 5
    ids = tree.main_line()
    assert [tree.nodes[i].move is None for i in ids] == [True, False, True, True, False]
    assert upload.comments == {ids[2]: "only a comment"}
    assert tree.nodes[ids[3]].setup == ((0, BLACK), (80, WHITE))
    black, white = tree.stones_at(ids[4])
    assert black == [0, 40] and white == [20, 80]
    data = tree.to_data()
    assert [n["kind"] for n in data["nodes"]] == ["root", "play", "none", "none", "play"]
    assert type(tree).from_data(data).to_data() == data


def test_two_moves_of_one_colour_stay_as_played_and_a_pass_does_not_end_the_game():
    # sgfmill's own sample has such moves; a pass before them then made "two passes".
    upload = upload_read("(;SZ[9];B[ee];W[];W[cc];B[gg];B[cg])")
    moves = upload.tree.moves_to(upload.tree.main_line()[-1])
    assert [(m.colour, m.kind) for m in moves] == [
        (BLACK, PLAY),
        (WHITE, "pass"),
        (WHITE, PLAY),
        (BLACK, PLAY),
        (BLACK, PLAY),
    ]
    assert not upload.tree.game_at(upload.tree.main_line()[-1]).over


def test_long_labels_and_comments_are_cut_and_said():
    long_comment = "chat " * 500
    upload = upload_read(
        f"(;SZ[9];B[ee]C[{long_comment}]LB[aa:LongLabel12][bb:{'x' * 40}])",
        limits=SgfLimits(max_comment=2000),
    )
    node = upload.tree.nodes[1]
    assert dict(node.labels) == {0: "LongLabel12", 10: "x" * MAX_LABEL}
    assert len(upload.comments[1]) <= 2000 and upload.comments[1].endswith("…")
    assert [n.code for n in upload.notes] == ["comments_cut", "labels_cut"]


def test_each_game_of_a_file_can_be_read_and_the_count_is_said():
    data = "(;SZ[9]PB[One];B[ee])(;SZ[13]PB[Two];B[gg];W[cc])(;SZ[19]PB[Three])"
    second = upload_read(data, game=2)
    assert second.parsed.record.black_player == "Two" and len(second.tree) == 3
    assert [(n.code, n.values) for n in second.notes] == [("games", {"games": 3, "game": 2})]
    with pytest.raises(SgfError, match="the file holds 3 games: choose one from 1 to 3"):
        upload_read(data, game=4)


def test_properties_not_kept_are_named():
    upload = upload_read("(;SZ[9]GN[Final]BR[3d];B[ee]BM[1]TE[1])")
    assert [n.message for n in upload.notes] == [
        "These properties of the file are not kept: BM, BR, GN, TE."
    ]


@pytest.mark.parametrize(
    ("before", "after", "what", "number"),
    [
        ("(;SZ[9];B[ee]C[a])", "(;SZ[9];B[ee]C[b])", "comment", 1),
        ("(;SZ[9];B[ee];W[cc])", "(;SZ[9];B[ee];W[cd])", "move", 2),
        ("(;SZ[9];B[ee]LB[aa:LongLabel12])", "(;SZ[9];B[ee]LB[aa:LongLabe])", "labels", 1),
        ("(;SZ[9];B[ee]TR[aa])", "(;SZ[9];B[ee]SQ[aa])", "marks", 1),
        ("(;SZ[9];B[ee];C[x];W[cc])", "(;SZ[9];B[ee]C[x];W[cc])", "comment", 1),
        ("(;SZ[9];B[ee](;W[cc])(;W[gg]))", "(;SZ[9];B[ee];W[cc])", "variations", 1),
        ("(;SZ[9]PB[Ann])", "(;SZ[9]PB[Bob])", "root", 0),
    ],
)
def test_a_tree_that_does_not_read_back_the_same_is_refused_naming_where(
    before, after, what, number
):
    with pytest.raises(SgfRoundTrip) as refused:
        round_trip_check(parse_sgf_tree(before), parse_sgf_tree(after))
    assert (refused.value.what, refused.value.number) == (what, number)
    assert refused.value.code == "sgf_round_trip" and "\n" not in str(refused.value)


# Generated trees: odd escapes and every charset --------------------------------------------

ODD = "\\]:[;() a\n"
POINTS = [f"{x}{y}" for x in "acegikmoq" for y in "acegikmoq"]  # no two next to each other


@st.composite
def trees_in_charsets(draw):
    """(CA, codec, SGF text, expected comments and labels in pre-order): a 19x19 record of
    nodes with or without a move (of either colour, on points no two of which touch, so that
    every move is legal), comments and labels of characters that need escaping and of the
    charset's own, in nested variations."""
    ca, codec, words = draw(st.sampled_from(CHARSETS))
    alphabet = ODD + "".join(sorted(set("".join(words)) - {" "}))
    text = st.text(alphabet=alphabet, max_size=30)
    points = iter(POINTS)
    expected: list[tuple] = []

    def node() -> str:
        move = draw(st.sampled_from(["", "B", "W"]))
        comment = draw(text)
        label = draw(text)
        out = ";"
        if move:
            out += f"{move}[{next(points)}]"
        out += f"C[{escaped(comment)}]LB[ss:{escaped(label)}]"
        kept = comment.strip()
        kept = kept if len(kept) <= 20 else kept[:19].rstrip() + "…"
        expected.append((kept or None, label.replace("\n", " ")[:MAX_LABEL]))
        return out

    def sequence(depth: int) -> str:
        out = "".join(node() for _ in range(draw(st.integers(1, 3))))
        if depth < 2:
            out += "".join(f"({sequence(depth + 1)})" for _ in range(draw(st.integers(0, 2))))
        return out

    body = sequence(0)
    return ca, codec, f"(;CA[{ca}]SZ[19]{body})", expected


def _comments_and_labels(root) -> list[tuple]:
    out = []
    stack = list(reversed(root.children))
    while stack:
        node = stack.pop()
        out.append((node.comment, dict(node.labels).get(18 * 19 + 18)))
        stack.extend(reversed(node.children))
    return out


@settings(max_examples=150, deadline=None)
@given(trees_in_charsets())
def test_generated_trees_with_odd_escapes_round_trip_in_every_charset(drawn):
    ca, codec, text, expected = drawn
    upload = upload_read(text.encode(codec), limits=SgfLimits(max_comment=20))
    assert _comments_and_labels(upload.parsed.root) == expected
    again = parse_sgf_tree(upload_export(upload))
    assert facts(again.root) == facts(upload.parsed.root)
