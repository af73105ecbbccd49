"""Fixed handicap placements: GTP fixed_handicap on square boards, symmetric sets on hexagons."""

import pytest

from rules import BLACK, WHITE, Game, hexagon, preset, square

# GTP fixed_handicap: the nine points in the protocol's order (corners, left and right sides,
# bottom and top sides, centre) and which of them each handicap takes.
GTP = {
    19: "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10",
    13: "D4 K10 D10 K4 D7 K7 G4 G10 G7",
    9: "C3 G7 C7 G3 C5 G5 E3 E7 E5",
}
GTP_PICKS = {
    2: [0, 1],
    3: [0, 1, 2],
    4: [0, 1, 2, 3],
    5: [0, 1, 2, 3, 8],
    6: [0, 1, 2, 3, 4, 5],
    7: [0, 1, 2, 3, 4, 5, 8],
    8: [0, 1, 2, 3, 4, 5, 6, 7],
    9: [0, 1, 2, 3, 4, 5, 6, 7, 8],
}


@pytest.mark.parametrize("n", [9, 13, 19])
@pytest.mark.parametrize("stones", range(2, 10))
def test_square_handicap_matches_gtp_fixed_handicap(n, stones):
    t = square(n)
    names = GTP[n].split()
    expected = [names[i] for i in GTP_PICKS[stones]]
    assert [t.name(p) for p in t.handicap_points(stones)] == expected


def test_nineteen_by_nineteen_examples():
    t = square(19)
    assert [t.name(p) for p in t.handicap_points(2)] == ["D4", "Q16"]
    assert {t.name(p) for p in t.handicap_points(9)} == {
        f"{c}{r}" for c in "DKQ" for r in (4, 10, 16)
    }


def rotate(cell, times):
    """Turn an axial cell by 60° about the centre, `times` times."""
    q, r = cell
    for _ in range(times % 6):
        q, r = -r, q + r
    return q, r


@pytest.mark.parametrize("n", [6, 8, 12])
@pytest.mark.parametrize("stones", range(2, 10))
def test_hex_handicap_is_symmetric(n, stones):
    t = hexagon(n)
    points = t.handicap_points(stones)
    cells = {t.axial(p) for p in points}
    assert len(cells) == stones == len(points)
    if stones == 3:
        assert cells == {rotate(c, 2) for c in cells}  # three-fold
        assert (0, 0) not in cells
    else:
        assert cells == {rotate(c, 3) for c in cells}  # point symmetry through the centre
        assert ((0, 0) in cells) == (stones % 2 == 1)
    if stones in (6, 7):
        assert cells == {rotate(c, 1) for c in cells}  # six-fold
    corners = {t.axial(p) for p in t.star_points} - {(0, 0)}
    extras = cells - corners - {(0, 0)}
    assert len(extras) == (2 if stones >= 8 else 0)
    if extras:  # halfway from the centre towards the first pair of opposite corners
        h = max(abs(q) for q, _ in corners) // 2
        assert extras == {(h, -h), (-h, h)}


@pytest.mark.parametrize("n", [6, 8, 12])
def test_hex_handicap_grows_by_adding_stones(n):
    """Each larger handicap keeps the smaller one's corner stones, as on square boards."""
    t = hexagon(n)
    assert set(t.handicap_points(2)) <= set(t.handicap_points(4)) <= set(t.handicap_points(6))
    assert set(t.handicap_points(6)) <= set(t.handicap_points(8)) <= set(t.handicap_points(9))
    assert set(t.handicap_points(4)) <= set(t.handicap_points(5))
    assert set(t.handicap_points(6)) <= set(t.handicap_points(7))


@pytest.mark.parametrize("t", [square(9), square(13), square(19), hexagon(6), hexagon(12)])
def test_handicap_game_starts_with_white_and_half_point_komi(t):
    rules = preset("go-area", t, handicap=4)
    game = Game.new(t, rules, handicap=4)
    assert game.to_move == WHITE
    assert rules.komi == 0.5
    assert game.position.points_of(BLACK) == sorted(t.handicap_points(4))
    assert game.position.points_of(WHITE) == []


@pytest.mark.parametrize(
    ("t", "stones"),
    [(square(19), 1), (square(19), 10), (square(5), 2), (square(7), 5), (hexagon(3), 2)],
)
def test_impossible_handicaps_are_refused(t, stones):
    with pytest.raises(ValueError):
        t.handicap_points(stones)
    with pytest.raises(ValueError):
        Game.new(t, preset("go-area", t), handicap=stones if stones != 1 else 11)
