"""SGF reading and writing: square boards, the HX hexagon convention, rules, round trips."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sgfmill import sgf as sgfmill_sgf

from rules import BLACK, WHITE, Game, hexagon, preset, square
from rules.diagram import parse_diagram, to_diagram
from rules.game import PASS, PLAY
from rules.sgf import (
    IllegalRecordMove,
    SgfError,
    game_from_record,
    parse_sgf,
    read_sgf,
    record_from_game,
    write_sgf,
)

DATA = Path(__file__).parent / "data"


# Coordinates ----------------------------------------------------------------------------------


def test_aa_is_the_top_left_point_of_a_square_board_as_sgfmill_reads_it():
    text = "(;SZ[9];B[aa];W[ib];B[ci])"
    record = parse_sgf(text)
    t = record.topology
    assert [t.xy[m.point] for m in record.moves] == [(0, 0), (8, 1), (2, 8)]
    assert [t.name(m.point) for m in record.moves] == ["A9", "J8", "C1"]
    # sgfmill counts rows from the bottom: (row, col)
    nodes = sgfmill_sgf.Sgf_game.from_string(text).get_main_sequence()[1:]
    assert [n.get_move()[1] for n in nodes] == [(8, 0), (7, 8), (0, 2)]


def test_hex_cells_use_axial_coordinates_shifted_by_side_minus_one():
    record = parse_sgf("(;HX[4]SZ[7];B[dd];W[ad];B[ga];W[dg])")
    t = record.topology
    assert (t.kind, t.n, t.size) == ("hex", 4, 37)
    assert [t.axial(m.point) for m in record.moves] == [(0, 0), (-3, 0), (3, -3), (0, 3)]


def test_hex_points_with_x_plus_y_outside_n_minus_1_to_3n_minus_3_are_off_the_board():
    t = hexagon(4)
    on_board = {(x, y) for x in range(7) for y in range(7) if t.point_at(x, y) is not None}
    assert on_board == {(x, y) for x in range(7) for y in range(7) if 3 <= x + y <= 9}
    for corner in ("aa", "ba", "ab", "gg", "fg", "gf"):
        with pytest.raises(SgfError, match=f"move 1 B\\[{corner}\\] is not a point on the hex 4"):
            parse_sgf(f"(;HX[4]SZ[7];B[{corner}])")


def test_hex_board_diagram_from_a_file():
    game = game_from_record(read_sgf(DATA / "hex_game.sgf"))
    assert to_diagram(game.topology, game.position.stones) == "\n".join(
        [
            "   . . . .",
            "  . . . . .",
            " . . X X . .",
            ". . O X . . .",
            " . . O O . .",
            "  . . . . .",
            "   . . . .",
        ]
    )


# Properties -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("root", "key", "ko", "komi"),
    [
        ("SZ[19]RU[Japanese]", "go-territory", "simple", 5.5),
        ("SZ[13]RU[korean]", "go-territory", "simple", 4.5),
        ("SZ[9]RU[Japanese]KM[6.5]", "go-territory", "simple", 6.5),
        ("SZ[19]RU[Chinese]", "go-area", "superko", 7.5),
        ("SZ[19]RU[AGA]", "go-area", "superko", 7.5),
        ("SZ[19]RU[NZ]KM[7]", "go-area", "superko", 7.0),
        ("SZ[19]", "go-area", "superko", 7.5),
        ("SZ[19]RU[something else]", "go-area", "superko", 7.5),
        ("SZ[19]HA[3]AB[dd][pd][dp]", "go-area", "superko", 0.5),
        ("SZ[19]RU[Japanese]HA[2]KM[0]AB[dd][pp]", "go-territory", "simple", 0.0),
        ("HX[6]SZ[11]", "badux", "superko", 6.5),
        ("HX[6]SZ[11]RU[Badux]KM[-2.5]", "badux", "superko", -2.5),
        ("HX[6]SZ[11]RU[Japanese]", "go-territory", "simple", 3.5),
    ],
)
def test_rules_come_from_ru_km_and_ha(root, key, ko, komi):
    rules = parse_sgf(f"(;{root})").rules
    assert (rules.key, rules.ko, rules.komi) == (key, ko, komi)


def test_handicap_with_ab_keeps_the_stones_as_given_and_white_moves_first():
    record = parse_sgf("(;SZ[9]HA[2]AB[cc][gg];W[ee])")
    assert record.handicap == 2
    assert sorted(record.topology.sgf(p) for p in record.black_setup) == ["cc", "gg"]
    game = game_from_record(record)
    assert game.handicap == 2
    assert to_diagram(game.topology, game.position.stones).splitlines()[2] == ". . X . . . . . ."


def test_handicap_without_ab_uses_the_fixed_points():
    record = parse_sgf("(;SZ[9]HA[2])")
    t = record.topology
    assert set(record.black_setup) == set(t.handicap_points(2))
    assert record.first_to_move == WHITE


def test_side_to_move_comes_from_pl_then_the_first_move():
    assert parse_sgf("(;SZ[9]PL[W])").first_to_move == WHITE
    assert parse_sgf("(;SZ[9];W[aa])").first_to_move == WHITE
    assert parse_sgf("(;SZ[9])").first_to_move == BLACK
    game = game_from_record(parse_sgf("(;SZ[9]AB[ee];W[aa];B[bb])"))
    assert game.to_move == WHITE and game.move_number == 2


def test_passes_are_empty_values_and_tt_up_to_19():
    record = parse_sgf("(;SZ[19];B[];W[tt];B[dd])")
    assert [m.kind for m in record.moves] == [PASS, PASS, PLAY]
    wide = parse_sgf("(;SZ[21];B[tt])")
    assert wide.topology.xy[wide.moves[0].point] == (19, 19)


def test_players_date_result_and_comments():
    record = read_sgf(DATA / "game_9x9.sgf")
    assert (record.black_player, record.white_player) == ("Black Player", "White Player")
    assert (record.date, record.result) == ("2024-05-01", "B+1.5")
    assert record.comments == {
        0: "A 9x9 game: Black walls off columns A-E, White F-J.",
        8: "Halfway.",
    }
    assert len(record.moves) == 20


def test_text_escapes_and_encodings():
    record = parse_sgf(b"(;SZ[9]PB[J\\]ohn]C[caf\xc3\xa9 \\\\ done];B[aa]C[line\\\nbreak])")
    assert record.black_player == "J]ohn"
    assert record.comments == {0: "café \\ done", 1: "linebreak"}
    latin = parse_sgf(b"(;SZ[9]CA[ISO-8859-1]PW[Andr\xe9])")
    assert latin.white_player == "André"
    assert parse_sgf("(;SZ[9]CA[ISO-8859-1]PW[André])").white_player == "André"


def test_compressed_point_lists_and_ae_before_the_first_move():
    record = parse_sgf("(;SZ[9]AB[aa:bc]AW[ii];AE[ab];B[ee])")
    t = record.topology
    assert sorted(t.sgf(p) for p in record.black_setup) == ["aa", "ac", "ba", "bb", "bc"]
    hexrec = parse_sgf("(;HX[3]SZ[5]AB[aa:cc])")  # keeps only the cells on the board
    stones = sorted(hexrec.topology.sgf(p) for p in hexrec.black_setup)
    assert stones == ["ac", "bb", "bc", "ca", "cb", "cc"]


def test_an_unknown_charset_name_is_ignored_and_the_text_guessed():
    record = parse_sgf(b"(;CA[x-no-such-charset]SZ[9]PB[Andr\xc3\xa9])")
    assert record.black_player == "Andr\u00e9"


# Omitted passes: two moves of one colour in a row -------------------------------------------------


def test_two_moves_of_one_colour_read_as_a_pass_of_the_other_between_them():
    # Black C3, White B2, then White again at D4: Black passed in between.
    record = parse_sgf("(;SZ[5];B[cc];W[bd];W[dd];B[bb])")
    assert [m.describe(record.topology) for m in record.moves] == [
        "B C3", "W B2", "B pass", "W D2", "B B4"
    ]  # fmt: skip
    assert record.implied_passes == (2,)
    assert [record.node_number(i) for i in range(5)] == [1, 2, 3, 3, 4]
    game = game_from_record(record)
    assert to_diagram(game.topology, game.position.stones) == "\n".join(
        [
            ". . . . .",
            ". X . . .",
            ". . X . .",
            ". O . O .",
            ". . . . .",
        ]
    )
    assert (game.move_number, game.to_move) == (5, WHITE)


def test_a_first_move_that_is_not_pl_reads_as_a_pass_before_it():
    record = parse_sgf("(;SZ[9]PL[B];W[ee];B[cc])")
    assert [(m.colour, m.kind) for m in record.moves] == [
        (BLACK, PASS),
        (WHITE, PLAY),
        (BLACK, PLAY),
    ]
    assert record.implied_passes == (0,)
    assert game_from_record(record).move_number == 3


def test_without_pl_the_first_move_decides_and_no_pass_is_implied():
    record = parse_sgf("(;SZ[9]HA[2]AB[cc][gg];B[ee];W[dd])")
    assert record.implied_passes == ()


def test_an_illegal_move_after_an_implied_pass_keeps_its_node_number():
    with pytest.raises(IllegalRecordMove) as info:
        game_from_record(parse_sgf("(;SZ[9];B[aa];B[bb];W[cc];W[aa])"))
    assert (info.value.number, info.value.error.code) == (4, "occupied")
    assert str(info.value).startswith("illegal move 4: W aa (occupied")


def test_a_pass_then_an_implied_pass_end_the_game_and_the_next_move_is_refused():
    with pytest.raises(IllegalRecordMove) as info:
        game_from_record(parse_sgf("(;SZ[9];B[];B[cc])"))
    assert (info.value.number, info.value.error.code) == (2, "game_over")
    assert str(info.value).startswith("illegal move 2: B cc (game_over")


COLOURS = st.sampled_from("BW")


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.tuples(COLOURS, st.sampled_from(["aa", "ab", "ba", "cc", "ee", ""])), max_size=30)
)
def test_moves_always_alternate_and_the_recorded_nodes_are_kept(nodes):
    text = "(;SZ[9]" + "".join(f";{colour}[{point}]" for colour, point in nodes) + ")"
    record = parse_sgf(text)
    colours = [m.colour for m in record.moves]
    assert all(a != b for a, b in zip(colours, colours[1:], strict=False))
    implied = set(record.implied_passes)
    assert all(record.moves[i].kind == PASS for i in implied)
    kept = [m for i, m in enumerate(record.moves) if i not in implied]
    assert ["BW"[m.colour - 1] for m in kept] == [colour for colour, _ in nodes]
    assert len(record.moves) - len(implied) == len(nodes)


def test_only_the_main_line_is_read():
    record = parse_sgf("(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))")
    assert [record.topology.sgf(m.point) for m in record.moves] == ["aa", "bb", "cc"]


# Bad files ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "not an SGF file"),
        (b"hello world", "not an SGF file"),
        (b"(;SZ[9];B[aa]", "not an SGF file"),
        (b"(;SZ[30])", "unsupported board size SZ[30]"),
        (b"(;SZ[4])", "unsupported board size SZ[4]"),
        (b"(;SZ[19:13])", "unsupported board size SZ[19:13]"),
        (b"(;SZ[abc])", "unsupported board size"),
        (b"(;HX[2]SZ[3])", "unsupported hexagon HX[2]"),
        (b"(;HX[14])", "unsupported hexagon HX[14]"),
        (b"(;HX[4]SZ[9])", "HX[4] needs SZ[7], not SZ[9]"),
        (b"(;GM[2]SZ[8])", "not a game of Go"),
        (b"(;SZ[9];B[zz])", "move 1 B[zz] is not a point on the 9×9 board"),
        (b"(;SZ[9];B[aa];W[j])", "move 2 W[j] is not a point"),
        (b"(;SZ[9]AB[jj])", "AB[jj] is not a point"),
        (b"(;SZ[9]AB[aa:zz])", "reaches off the 9×9 board"),
        (b"(;SZ[9]KM[lots])", "komi KM[lots]"),
        (b"(;SZ[9]KM[6.25])", "komi KM[6.25]"),
        (b"(;SZ[9]KM[inf])", "komi KM[inf]"),
        (b"(;SZ[9]HA[12])", "handicap HA[12]"),
        (b"(;SZ[9]HA[x])", "handicap HA[x]"),
        (b"(;HX[3]SZ[5]HA[2])", "HA[2] without AB stones"),
        (b"(;SZ[9]PL[X])", "PL[X] is not B or W"),
        (b"(;SZ[9];B[aa]W[bb])", "both a black and a white move"),
        (b"(;SZ[9];B[aa];AB[bb])", "setup stones (AB) after move 1"),
        (b"(;SZ[9];B[ee]AW[aa])", "node 1 has setup stones (AW) and a move (B)"),
        (b"(;SZ[9]AB[aa]W[ee])", "node 0 has setup stones (AB) and a move (W)"),
        (b"(;SZ[9];AE[aa]B[ee])", "node 1 has setup stones (AE) and a move (B)"),
        *[
            (f"(;CA[{ca}]SZ[9]PB[x];B[ee])".encode(), f"CA[{ca}] is not a character set for text")
            for ca in ("rot13", "hex", "base64", "idna", "punycode", "undefined", "zlib", "uu")
        ],
    ],
)
def test_bad_files_raise_one_line_sgf_errors(data, message):
    with pytest.raises(SgfError) as info:
        parse_sgf(data)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_impossible_setup_is_an_sgf_error_on_replay():
    with pytest.raises(SgfError, match="impossible setup stones"):
        game_from_record(parse_sgf("(;SZ[9]AB[aa]AW[aa])"))
    with pytest.raises(SgfError, match="without liberties"):
        game_from_record(parse_sgf("(;SZ[9]AB[aa]AW[ba][ab])"))


def test_missing_file_is_an_sgf_error(tmp_path):
    with pytest.raises(SgfError, match="cannot read .*nothing.sgf"):
        read_sgf(tmp_path / "nothing.sgf")


# Replaying ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "number", "code"),
    [
        ("occupied.sgf", 2, "occupied"),
        ("suicide.sgf", 4, "suicide"),
        ("ko_japanese.sgf", 2, "ko"),
        ("superko_chinese.sgf", 6, "superko"),
        ("hex_superko.sgf", 5, "superko"),
    ],
)
def test_replay_names_the_first_illegal_move(name, number, code):
    with pytest.raises(IllegalRecordMove) as info:
        game_from_record(read_sgf(DATA / name))
    assert (info.value.number, info.value.error.code) == (number, code)


def test_the_move_cap_does_not_cut_a_record_short():
    # 80 full moves of passes and plays on 9x9 (cap 75): a long but legal record
    body = "".join(f";B[{chr(97 + i % 9)}{chr(97 + i // 9)}];W[]" for i in range(80))
    game = game_from_record(parse_sgf(f"(;SZ[9]{body})"))
    assert game.move_number == 160 and not game.over


# Writing --------------------------------------------------------------------------------------


def test_write_a_square_game():
    t = square(9)
    game = Game.new(t, preset("go-territory", t))
    game.play(t.parse("C7"))
    game.play(t.parse("G3"))
    game.pass_turn()
    game.resign(WHITE)
    text = write_sgf(game, black_player="Ann", white_player="Bob", date="2024-05-01")
    assert text == (
        "(;FF[4]CA[UTF-8]DT[2024-05-01]GM[1]KM[3.5]PB[Ann]PW[Bob]RE[B+R]RU[Japanese]\n"
        "SZ[9];B[cc];W[gg];B[])\n"
    )


def test_write_a_hex_game_with_handicap_and_comments():
    t = hexagon(6)
    game = Game.new(t, preset("badux", t, handicap=2), handicap=2)
    game.play(t.from_sgf("ff"))
    text = write_sgf(game, comments={0: "Start [x]", 1: "centre"})
    assert text == (
        "(;FF[4]AB[ci][ic]C[Start [x\\]]CA[UTF-8]GM[1]HA[2]HX[6]KM[0.5]RU[Badux]SZ[11];\n"
        "C[centre]W[ff])\n"
    )
    record = parse_sgf(text)
    assert record.handicap == 2 and record.rules.komi == 0.5
    assert game_from_record(record).position.stones == game.position.stones


def test_written_square_files_read_the_same_in_sgfmill():
    t = square(13)
    game = Game.new(t, preset("go-area", t), black_setup=[t.parse("D4")], to_move=WHITE)
    for name in ("K10", "C3", "M1"):
        game.play(t.parse(name))
    sgfmill_game = sgfmill_sgf.Sgf_game.from_bytes(write_sgf(game).encode())
    assert sgfmill_game.get_size() == 13
    root = sgfmill_game.get_root()
    assert root.get_setup_stones()[0] == {(3, 3)}  # D4: row 3 from the bottom, column 3
    moves = [n.get_move() for n in sgfmill_game.get_main_sequence()[1:]]
    assert moves == [("w", (9, 9)), ("b", (2, 2)), ("w", (0, 11))]


@st.composite
def games(draw):
    """A random legal game on a small board of either shape, with details to write."""
    if draw(st.booleans()):
        topology = square(draw(st.sampled_from([5, 7, 9])))
    else:
        topology = hexagon(draw(st.sampled_from([3, 4, 5])))
    key = draw(st.sampled_from(["go-area", "go-territory", "badux"]))
    takes_handicap = topology.n >= (7 if topology.kind == "square" else 5)
    handicap = 2 if takes_handicap and draw(st.integers(0, 3)) == 0 else 0
    rules = preset(key, topology, handicap=handicap)
    if draw(st.booleans()):
        rules = rules.with_komi(draw(st.integers(-20, 20)) / 2)
    game = Game.new(topology, rules, handicap=handicap)
    for _ in range(draw(st.integers(0, 40))):
        if game.over:
            break
        points = game.legal_points()
        if not points or draw(st.integers(0, 9)) == 0:
            game.pass_turn()
        else:
            game.play(draw(st.sampled_from(points)))
    if not game.over and draw(st.booleans()):
        game.resign(draw(st.sampled_from([BLACK, WHITE])))
    return game


text = st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), max_size=20)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(), black=text, white=text, comment=text, data=st.data())
def test_write_then_read_round_trips(game, black, white, comment, data):
    number = data.draw(st.integers(0, len(game.moves)))
    written = write_sgf(game, black_player=black, white_player=white, comments={number: comment})
    record = parse_sgf(written)
    assert record.topology is game.topology
    assert (record.rules.key, record.rules.komi) == (game.rules.key, game.rules.komi)
    assert record.handicap == game.handicap
    assert set(record.black_setup) == set(game.black_setup)
    assert set(record.white_setup) == set(game.white_setup)
    assert record.moves == tuple(m for m in game.moves if m.kind in (PLAY, PASS))
    assert record.black_player == (black.strip() or None)
    assert record.white_player == (white.strip() or None)
    played = len(record.moves)
    if comment and number <= played:
        assert record.comments == {number: comment.replace("\r\n", "\n").replace("\r", "\n")}
    assert record.result == game.result_code
    replayed = game_from_record(record)
    assert replayed.position.stones == game.position.stones
    assert replayed.position.prisoners == game.position.prisoners
    assert write_sgf(record) == written


def test_record_from_game_without_moves_keeps_the_side_to_move():
    t = square(9)
    colours = parse_diagram(t, "\n".join([". . . . . . . . ."] * 8 + ["X . . . . . . . O"]))
    game = Game.new(
        t,
        preset("go-area", t),
        black_setup=[p for p, c in enumerate(colours) if c == BLACK],
        white_setup=[p for p, c in enumerate(colours) if c == WHITE],
        to_move=WHITE,
    )
    record = parse_sgf(write_sgf(record_from_game(game)))
    assert record.first_to_move == WHITE
    assert game_from_record(record).position.stones == game.position.stones
    assert record.moves == ()
