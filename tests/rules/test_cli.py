"""`python -m rules`: check, score and render SGF records; exit codes 0 / 1 / 2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from PIL import Image

from rules.cli import main
from rules.images.render import render_png
from rules.scoring import score_estimated
from rules.sgf import game_from_record, read_sgf

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv):
    """main(argv) in-process: (exit code, stdout lines, stderr lines)."""
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:  # argparse usage errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out.splitlines(), err.splitlines()


def with_rules(tmp_path, name, old, new):
    """A copy of a data file with one property changed."""
    text = (DATA / name).read_text()
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new))
    return path


# check ----------------------------------------------------------------------------------------


def test_check_a_legal_game(capsys):
    assert run(capsys, "check", DATA / "game_9x9.sgf") == (0, ["ok 20 moves"], [])


def test_check_position_prints_sorted_sgf_points_per_colour(capsys):
    assert run(capsys, "check", DATA / "game_9x9.sgf", "--position") == (
        0,
        [
            "ok 20 moves",
            "B ea eb ec ed ee ef eg eh ei",
            "W fa fb fc fd fe ff fg fh fi",
        ],
        [],
    )


def test_check_position_after_captures_and_an_empty_colour(capsys, tmp_path):
    path = tmp_path / "capture.sgf"
    path.write_text("(;SZ[5]AW[aa];B[ba];W[ee];B[ab])")  # Black captures the corner stone
    assert run(capsys, "check", path, "--position") == (0, ["ok 3 moves", "B ab ba", "W ee"], [])
    path.write_text("(;SZ[5];B[cc])")
    assert run(capsys, "check", path, "--position") == (0, ["ok 1 moves", "B cc", "W"], [])


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("occupied.sgf", "illegal move 2: W cc (occupied: that point is already occupied)"),
        (
            "suicide.sgf",
            "illegal move 4: W aa (suicide: that move would leave your own stones without "
            "liberties (suicide))",
        ),
        (
            "ko_japanese.sgf",
            "illegal move 2: W bb (ko: you may not retake the ko immediately; play elsewhere "
            "first)",
        ),
        (
            "superko_chinese.sgf",
            "illegal move 6: B ga (superko: that move would repeat an earlier position)",
        ),
        (
            "hex_superko.sgf",
            "illegal move 5: B ae (superko: that move would repeat an earlier position)",
        ),
    ],
)
def test_check_names_the_first_illegal_move(capsys, name, line):
    assert run(capsys, "check", DATA / name, "--position") == (1, [line], [])


def test_the_ko_retake_is_a_superko_under_chinese_rules(capsys, tmp_path):
    path = with_rules(tmp_path, "ko_japanese.sgf", "RU[Japanese]", "RU[Chinese]")
    code, out, _ = run(capsys, "check", path)
    assert code == 1 and out[0].startswith("illegal move 2: W bb (superko:")


def test_the_triple_ko_cycle_is_legal_under_simple_ko(capsys, tmp_path):
    path = with_rules(tmp_path, "superko_chinese.sgf", "RU[Chinese]", "RU[Japanese]")
    assert run(capsys, "check", path, "--position") == (
        0,
        # the position after six ko captures is the starting one
        ["ok 6 moves", "B aa ai bb bh ca ga hb ia", "W bi cb ch da di fa gb"],
        [],
    )


def test_the_hex_cycle_is_legal_under_simple_ko(capsys, tmp_path):
    path = with_rules(tmp_path, "hex_superko.sgf", "HX[4]", "HX[4]RU[Japanese]")
    assert run(capsys, "check", path) == (0, ["ok 5 moves"], [])


def test_check_a_hex_game(capsys):
    assert run(capsys, "check", DATA / "hex_game.sgf", "--position") == (
        0,
        ["ok 8 moves", "B dc dd ec", "W cd ce de"],
        [],
    )


# score and render -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "change", "result"),
    [
        ("game_9x9.sgf", None, "B+1.5"),  # area: 45 - (36 + 7.5)
        ("dead_stone_japanese.sgf", None, "B+3.5"),  # territory: 36 - (27 - 1 dead + 6.5)
        ("dead_stone_japanese.sgf", ("RU[Japanese]KM[6.5]", "RU[Chinese]KM[7.5]"), "B+1.5"),
        ("dead_stone_japanese.sgf", ("KM[6.5]", "KM[10.5]"), "W+0.5"),
        ("hex_finished.sgf", None, "B+0.5"),  # 22 - (15 + 6.5)
        ("hex_finished.sgf", ("KM[6.5]", "KM[7.5]"), "W+0.5"),
    ],
)
def test_score_prints_the_sgf_result(capsys, tmp_path, name, change, result):
    path = with_rules(tmp_path, name, *change) if change else DATA / name
    assert run(capsys, "score", path) == (0, [result], [])


def test_score_json_has_the_whole_count(capsys):
    code, out, err = run(capsys, "score", DATA / "dead_stone_japanese.sgf", "--json")
    assert (code, len(out), err) == (0, 1, [])
    count = json.loads(out[0])
    assert (count["result"], count["rules"], count["method"]) == (
        "B+3.5",
        "go-territory",
        "territory",
    )
    assert count["dead"] == ["cc"]
    assert count["black"] == {
        "territory": 36,
        "area": 45,
        "stones": 9,
        "prisoners": 0,
        "dead": 0,
        "komi": 0.0,
        "total": 36.0,
    }
    assert count["white"] == {
        "territory": 27,
        "area": 36,
        "stones": 9,
        "prisoners": 0,
        "dead": 1,
        "komi": 6.5,
        "total": 32.5,
    }


def test_score_json_adds_the_uncertain_stones_beside_the_existing_keys(capsys, tmp_path):
    code, out, _ = run(capsys, "score", DATA / "dead_stone_japanese.sgf", "--json")
    count = json.loads(out[0])
    assert set(count) == {
        "result",
        "method",
        "winner",
        "margin",
        "dead",
        "black",
        "white",
        "rules",
        "uncertain",
    }
    assert count["uncertain"] == []  # sure of every stone
    # A corner fight left open: Black B9 C9 C8 C7 and White A8 A7 B7 share A9 and B8, and
    # each has one liberty of its own (D9, A6): nobody can say yet, so it is flagged.
    fight = tmp_path / "fight.sgf"
    fight.write_text(
        "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]"
        "AB[ba][ca][cb][cc][bd][ae][be][af][bf][ag][bg]"
        "[ah][bh][ch][dh][eh][fh][gh][hh][ih]"
        "AW[ea][db][dc][ab][ac][bc][cd][dd][ce][cf][cg][dg][eg][fg][gg][hg][ig])"
    )
    code, out, err = run(capsys, "score", fight, "--json")
    assert (code, err) == (0, [])
    count = json.loads(out[0])
    assert count["dead"] == []
    assert count["uncertain"] == ["ab", "ac", "ba", "bc", "ca", "cb", "cc"]
    # A corner seki (the same shape without those two liberties) is read: sure.
    seki = tmp_path / "seki.sgf"
    seki.write_text(
        "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]"
        "AB[ba][ca][cb][cc][ad][bd][be][af][bf][ag][bg]"
        "[ah][bh][ch][dh][eh][fh][gh][hh][ih]"
        "AW[da][db][dc][ab][ac][bc][cd][dd][ce][cf][cg][dg][eg][fg][gg][hg][ig])"
    )
    code, out, err = run(capsys, "score", seki, "--json")
    count = json.loads(out[0])
    assert (code, count["dead"], count["uncertain"]) == (0, [], [])


def test_score_json_on_a_hexagon(capsys):
    code, out, _ = run(capsys, "score", DATA / "hex_finished.sgf", "--json")
    count = json.loads(out[0])
    assert (code, count["result"], count["rules"], count["dead"]) == (0, "B+0.5", "badux", [])
    assert (count["black"]["area"], count["white"]["area"]) == (22, 15)


def test_score_of_an_illegal_record_exits_1_on_stderr(capsys):
    code, out, err = run(capsys, "score", DATA / "occupied.sgf")
    assert (code, out) == (1, [])
    assert err == [
        f"error: {DATA / 'occupied.sgf'}: illegal move 2: W cc (occupied: that point "
        "is already occupied)"
    ]


@pytest.mark.parametrize("name", ["game_9x9.sgf", "hex_finished.sgf"])
@pytest.mark.parametrize("with_score", [False, True])
def test_render_writes_the_png_of_the_final_position(capsys, tmp_path, name, with_score):
    out = tmp_path / "board.png"
    argv = ["render", DATA / name, out] + (["--score"] if with_score else [])
    assert run(capsys, *argv) == (0, [], [])
    game = game_from_record(read_sgf(DATA / name))
    rules = game.rules
    count = score_estimated(game.position, rules) if with_score else None
    assert out.read_bytes() == render_png(game.position, score=count)
    with Image.open(out) as image:
        assert image.format == "PNG" and image.width == 600


def test_render_to_an_unwritable_place_exits_2(capsys, tmp_path):
    out = tmp_path / "no" / "such" / "dir" / "board.png"
    code, lines, err = run(capsys, "render", DATA / "game_9x9.sgf", out)
    assert (code, lines) == (2, [])
    assert err == [f"error: cannot write {out}: No such file or directory"]


# omitted passes -------------------------------------------------------------------------------


def test_check_reads_two_moves_of_one_colour_as_an_implied_pass_and_says_so(capsys, tmp_path):
    path = tmp_path / "omitted.sgf"
    path.write_text("(;SZ[9];B[ee];W[cc];W[gg];B[cg];B[gc])")
    assert run(capsys, "check", path) == (
        0,
        ["ok 5 moves", "implied pass before move 3: B pass", "implied pass before move 5: W pass"],
        [],
    )
    code, out, err = run(capsys, "check", path, "--position")
    assert (code, out[:3], out[3:], err) == (
        0,
        ["ok 5 moves", "B cg ee gc", "W cc gg"],
        ["implied pass before move 3: B pass", "implied pass before move 5: W pass"],
        [],
    )


def test_score_and_render_take_a_record_with_an_implied_pass(capsys, tmp_path):
    path = tmp_path / "omitted.sgf"
    path.write_text("(;SZ[9]KM[6.5];B[ee];W[cc];W[gg])")
    # Area count of three lone stones: White 2 + 6.5 komi, Black 1.
    assert run(capsys, "score", path) == (0, ["W+7.5"], [])
    assert run(capsys, "render", path, tmp_path / "out.png")[0] == 0


def test_a_pass_then_a_move_of_the_same_colour_ends_in_game_over(capsys, tmp_path):
    path = tmp_path / "over.sgf"
    path.write_text("(;SZ[9];B[];B[cc])")
    code, out, err = run(capsys, "check", path)
    assert (code, err) == (1, [])
    assert out[0].startswith("illegal move 2: B cc (game_over")


# bad files ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"this is not an SGF file\n", "not an SGF file: no SGF data found"),
        (b"(;SZ[31];B[aa])", "unsupported board size SZ[31]: use 5 to 25"),
        (b"(;SZ[9];B[jj])", "move 1 B[jj] is not a point on the 9\u00d79 board"),
        (b"(;HX[4]SZ[7];B[dd];W[aa])", "move 2 W[aa] is not a point on the hex 4 board"),
        (b"(;HX[4]SZ[9])", "HX[4] needs SZ[7], not SZ[9]"),
        (b"(;SZ[9]AB[aa]AW[aa])", "impossible setup stones"),
        (b"\xff\xfe(;\x00", "not an SGF file"),
        (b"(;SZ[9];B[ee]AW[aa])", "node 1 has setup stones (AW) and a move (B)"),
        *[
            (f"(;CA[{ca}]SZ[9]C[hi];B[ee])".encode(), f"CA[{ca}] is not a character set for text")
            for ca in ("rot13", "hex", "base64", "idna", "punycode", "undefined")
        ],
    ],
)
@pytest.mark.parametrize("command", [["check"], ["score"], ["render", "out.png"]])
def test_bad_files_exit_2_with_one_line(capsys, tmp_path, content, message, command):
    path = tmp_path / "bad.sgf"
    path.write_bytes(content)
    argv = [command[0], path, *[tmp_path / a for a in command[1:]]]
    code, out, err = run(capsys, *argv)
    assert (code, out, len(err)) == (2, [], 1)
    assert err[0].startswith(f"error: {path}: ") and message in err[0]
    assert not (tmp_path / "out.png").exists()


def test_missing_file_exits_2(capsys, tmp_path):
    code, out, err = run(capsys, "check", tmp_path / "missing.sgf")
    assert (code, out) == (2, [])
    assert err == [
        f"error: {tmp_path / 'missing.sgf'}: cannot read {tmp_path / 'missing.sgf'}: "
        "No such file or directory"
    ]


@pytest.mark.parametrize(
    "argv", [[], ["check"], ["nonsense", "x.sgf"], ["check", "a.sgf", "--bogus"], ["render", "a"]]
)
def test_usage_errors_exit_2_with_one_line(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert (code, out, len(err)) == (2, [], 1)
    assert err[0].startswith("python -m rules")


def test_as_a_real_subprocess(tmp_path):
    def python_m_rules(*argv):
        done = subprocess.run(
            [sys.executable, "-m", "rules", *map(str, argv)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        return done.returncode, done.stdout.splitlines(), done.stderr.splitlines()

    assert python_m_rules("check", DATA / "hex_game.sgf") == (0, ["ok 8 moves"], [])
    assert python_m_rules("score", DATA / "hex_finished.sgf") == (0, ["B+0.5"], [])
    code, out, err = python_m_rules("check", DATA / "superko_chinese.sgf")
    assert (code, err) == (1, []) and out[0].startswith("illegal move 6: B ga (superko:")
    code, out, err = python_m_rules("check", DATA / "not_sgf.txt")
    assert (code, out) == (2, [])
    assert err == [f"error: {DATA / 'not_sgf.txt'}: not an SGF file: no SGF data found"]


# random input never gives a traceback ---------------------------------------------------------

PROPS = ["SZ", "HX", "KM", "HA", "RU", "PL", "AB", "AW", "AE", "B", "W", "C", "GM", "PB", "CA"]
VALUES = st.one_of(
    st.sampled_from(["", "aa", "dd", "tt", "zz", "ee:aa", "9", "7", "4", "19", "-1", "B", "W"]),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789:.-+\\]", max_size=6),
)
NODES = st.lists(
    st.lists(st.tuples(st.sampled_from(PROPS), st.lists(VALUES, min_size=1, max_size=3))),
    min_size=1,
    max_size=8,
)


PLAUSIBLE = st.tuples(
    st.sampled_from(["SZ[5]", "SZ[5]RU[Japanese]", "HX[3]SZ[5]", "SZ[5]AB[cc]AW[dd]PL[W]"]),
    st.lists(
        st.tuples(
            st.sampled_from("BW"),
            st.sampled_from(["", "tt"]) | st.text("abcdef", min_size=2, max_size=2),
        ),
        max_size=30,
    ),
).map(lambda r: ("(;" + r[0] + "".join(f";{c}[{v}]" for c, v in r[1]) + ")").encode())


def sgf_text(nodes):
    body = "".join(
        ";" + "".join(ident + "".join(f"[{v}]" for v in values) for ident, values in node)
        for node in nodes
    )
    return f"({body})".encode()


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.one_of(st.binary(max_size=200), NODES.map(sgf_text), PLAUSIBLE))
def test_random_input_exits_cleanly(capsys, tmp_path, data):
    path = tmp_path / "random.sgf"
    path.write_bytes(data)
    code, out, err = run(capsys, "check", path, "--position")
    event(f"exit {code}")
    assert code in (0, 1, 2)
    if code == 2:
        assert out == [] and len(err) == 1 and err[0].startswith("error: ")
    elif code == 1:
        assert len(out) == 1 and out[0].startswith("illegal move ") and err == []
    else:
        assert out[0].startswith("ok ") and len(out) >= 3 and err == []
        assert all(line.startswith("implied pass before move ") for line in out[3:])
        code, out, err = run(capsys, "score", path)
        assert (code, len(out), err) == (0, 1, [])
