"""The SGF download of a finished game carries its count: TB and TW on the last node (each
player's territory, dead stones' points included) and a comment that says how the result adds
up, which dead stones it took and which stones the automatic count was unsure of. Read back by
sgfmill, a program other than ours."""

from __future__ import annotations

import pytest
from django.urls import reverse
from sgfmill import sgf

from games.services import play as play_service
from tests.games.conftest import NOW
from tests.games.helpers import FIGHT, corner_fight_moves
from tests.games.positions import counted_hex, counted_square, play_out

pytestmark = pytest.mark.django_db

LETTERS = "ABCDEFGHJ"


def _download(client, game) -> sgf.Sgf_game:
    response = client.get(reverse("games:sgf", args=[game.pk]))
    assert response.status_code == 200
    return sgf.Sgf_game.from_bytes(response.content)


def _square_names(points) -> set[str]:
    """sgfmill's (row, col) points, row 0 at the bottom, as board names."""
    return {f"{LETTERS[col]}{row + 1}" for row, col in points}


def test_a_counted_square_game_says_its_territory_and_why(client, black, white):
    game = counted_square(black=black, white=white, now=NOW)
    record = _download(client, game)
    last = record.get_main_sequence()[-1]
    assert record.get_root().get("RE") == "W+7.5" == game.result
    assert last.get_move() == ("w", None)  # the second pass
    columns = {"A", "B", "C"}, {"G", "H", "J"}
    tb, tw = _square_names(last.get("TB")), _square_names(last.get("TW"))
    assert tb == {f"{c}{r}" for c in columns[0] for r in range(1, 10)}  # B5's point too
    assert tw == {f"{c}{r}" for c in columns[1] for r in range(1, 10)}  # H5's point too
    comment = last.get("C")
    assert "W+7.5" in comment
    assert "27 points of territory + 9 stones on the board + 7.5 komi = 43.5" in comment
    assert "Dead black stones: H5." in comment and "Dead white stones: B5." in comment
    assert "unsure" not in comment
    for node in record.get_main_sequence()[:-1]:
        assert not node.has_property("TB") and not node.has_property("TW")


def test_a_hex_game_writes_its_territory_in_the_coordinates_of_its_moves(client, black, white):
    game = counted_hex(black=black, white=white, now=NOW)
    topology = game.topology
    record = _download(client, game)
    assert record.get_root().get("HX") == "6"
    last = record.get_main_sequence()[-1]
    sides = [
        {topology.name(topology.from_sgf(v.decode())) for v in last.get_raw_list(ident)}
        for ident in ("TB", "TW")
    ]
    rows = {name: int(name[1:]) for name in map(topology.name, topology.points())}
    assert sides[0] == {name for name, row in rows.items() if row > 7}  # H9 (dead) included
    assert sides[1] == {name for name, row in rows.items() if row < 5}  # D2 (dead) included
    # The moves are read back through the same convention: H9 was White's move.
    moves = [
        node.get_raw("W").decode() for node in record.get_main_sequence() if node.has_property("W")
    ]
    assert topology.sgf(topology.parse("H9")) in moves
    assert "H9" in last.get("C") and "D2" in last.get("C") and game.result in last.get("C")


def test_the_stones_the_count_was_unsure_of_are_named(client, black, white):
    game = play_out(black=black, white=white, now=NOW, moves=corner_fight_moves())
    comment = _download(client, game).get_main_sequence()[-1].get("C")
    said = comment.split("unsure of these stones and may be wrong there: ")[1]
    assert set(said.rstrip(".").split(", ")) == FIGHT


def test_a_game_won_by_resignation_has_no_count(client, game_factory, white):
    game = game_factory(moves=("E5",))
    game = play_service.game_resign(game_id=game.pk, user=white, expected_move_number=1, now=NOW)
    last = _download(client, game).get_main_sequence()[-1]
    assert not last.has_property("TB") and not last.has_property("C")


def test_a_new_count_after_the_game_changes_the_download_tag(client, black, white):
    game = counted_square(black=black, white=white, now=NOW)
    url = reverse("games:sgf", args=[game.pk])
    tag = client.get(url)["ETag"]
    game.score = {**game.score, "dead": ["be"]}  # H5 alive: a corrected count
    game.save(update_fields=["score"])
    answer = client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert answer.status_code == 200 and answer["ETag"] != tag
