"""The life-and-death exercises agree with the local search (rules.tsumego): every answer the
author lists is proved right, every listed wrong answer proved wrong, and no other cell of the
eye space is right (the shape dies unless played right)."""

from __future__ import annotations

import pytest
from django.test import override_settings
from django.urls import reverse

from games.learn import judge as judging
from games.learn.exercises import BY_SLUG, EXERCISES, EYES, KILL, Exercise
from games.learn.judge import judge
from games.learn.reasons import explain
from rules.tsumego import DIES, LIVES, local_region, solve

LIFE = [e for e in EXERCISES if e.goal in (EYES, KILL)]
IDS = [e.slug for e in LIFE]


def _reading_after(exercise, name):
    game = exercise.game()
    topology = game.topology
    target = topology.parse(exercise.targets[0])
    region = local_region(topology, game.board.colour, target)
    after = game.copy()
    after.play(topology.parse(name))
    if after.board.colour[target] != game.board.colour[target]:
        return DIES
    return solve(
        topology, after.board.colour, target=target, to_move=after.to_move, region=region
    ).value


@pytest.mark.parametrize("exercise", LIFE, ids=IDS)
def test_every_life_exercise_is_a_small_enclosed_question(exercise):
    game = exercise.game()
    target = game.topology.parse(exercise.targets[0])
    assert local_region(game.topology, game.board.colour, target) is not None


@pytest.mark.parametrize("exercise", LIFE, ids=IDS)
def test_the_search_proves_the_listed_answers_and_refutes_the_listed_wrong_ones(exercise):
    goal = LIVES if exercise.goal == EYES else DIES
    for answer in exercise.answers:
        assert _reading_after(exercise, answer) == goal, answer
    for answer, _code in exercise.wrong:
        assert _reading_after(exercise, answer) == -goal, answer


@pytest.mark.parametrize("exercise", LIFE, ids=IDS)
def test_the_listed_answers_are_the_only_right_cells(exercise):
    game = exercise.game()
    topology = game.topology
    target = topology.parse(exercise.targets[0])
    region = local_region(topology, game.board.colour, target)
    right = {
        topology.name(p)
        for p in region
        if game.is_legal(p) and judge(exercise, topology.name(p)).correct
    }
    assert right == set(exercise.answers)


@pytest.mark.parametrize("exercise", LIFE, ids=IDS)
def test_a_wrong_cell_is_refuted_by_the_searched_answer(exercise):
    for answer, _code in exercise.wrong:
        verdict = judge(exercise, answer)
        reply = verdict.details["reply"]
        assert verdict.game.board.colour[verdict.game.topology.parse(reply)] != 0
        assert reply in explain(exercise, verdict)


def test_a_move_the_search_proves_alive_is_right_though_the_author_did_not_list_it():
    long_space = Exercise(
        slug="long-space",
        topic="life",
        board="hex",
        n=5,
        diagram="""
                . . . . .
               . . . . . .
              . . . . . . .
             . . . . . . . .
            . . . . . . . . .
             . . . . . . . .
              O O O O O O O
               X X X X X X
                . . . . .
        """,
        title="",
        prompt="",
        solution="",
        goal=EYES,
        targets=("B2",),
        answers=("C1",),
    )
    for cell in ("A1", "B1", "C1", "D1", "E1"):  # the straight five lives whatever Black plays
        assert judge(long_space, cell).correct, cell


def test_the_long_hexagon_space_is_replaced_by_a_shape_with_one_vital_cell():
    exercise = BY_SLUG["hex-eyes-corner"]
    assert judge(exercise, "B1").correct
    verdict = judge(exercise, "A1")
    assert verdict.code == judging.NOT_ALIVE
    assert "only one eye space" not in explain(exercise, verdict)


@pytest.mark.django_db
@override_settings(LANGUAGE_CODE="en")
def test_the_old_address_of_the_long_space_redirects(client):
    response = client.get(reverse("learn:exercise", args=["hex-eyes-five"]))
    assert response.status_code == 301
    assert response["Location"] == reverse("learn:exercise", args=["hex-eyes-corner"])
