"""Every exercise is solvable under the rules package, and every promised wrong answer is
refused or misses the goal with the promised reason (games.learn.judge)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.learn import judge as judging
from games.learn.exercises import (
    COUNT,
    EXERCISES,
    FORBIDDEN,
    GOALS,
    TOPIC_SECTIONS,
    TOPICS,
)
from games.learn.judge import judge
from games.learn.reasons import RULE_SECTIONS, explain

IDS = [exercise.slug for exercise in EXERCISES]
REFUSALS = set(RULE_SECTIONS)


def test_there_are_thirty_exercises_twelve_of_them_on_hexagons():
    assert len(EXERCISES) >= 30
    assert sum(1 for e in EXERCISES if e.board == "hex") >= 12
    assert len(set(IDS)) == len(IDS)


def test_every_topic_has_square_exercises_and_every_goal_is_used():
    for topic in TOPICS:
        assert any(e.topic == topic and e.board == "square" for e in EXERCISES), topic
        assert topic in TOPIC_SECTIONS
    assert {e.goal for e in EXERCISES} == set(GOALS)


@pytest.mark.parametrize("exercise", EXERCISES, ids=IDS)
def test_the_expected_answers_are_judged_right(exercise):
    start = exercise.game()
    for answer in exercise.answers:
        verdict = judge(exercise, answer)
        assert verdict.correct, (answer, verdict.code)
        if exercise.goal == FORBIDDEN:
            # Refused by the rules, for the reason the exercise teaches.
            assert verdict.details["reason"] == exercise.reason
            assert not start.is_legal(start.topology.parse(answer))
        elif exercise.goal != COUNT:
            # A legal move: the judge played it on the board.
            assert verdict.game.move_number == start.move_number + 1
            assert verdict.game.board.colour[verdict.point] == start.to_move


@pytest.mark.parametrize("exercise", EXERCISES, ids=IDS)
def test_the_listed_wrong_answers_fail_with_the_promised_reason(exercise):
    assert exercise.wrong, "every exercise lists at least one wrong answer"
    for answer, code in exercise.wrong:
        verdict = judge(exercise, answer)
        assert not verdict.correct, answer
        assert verdict.code == code, (answer, verdict.code)
        assert explain(exercise, verdict)
        if code in REFUSALS:
            start = exercise.game()
            assert not start.is_legal(start.topology.parse(answer))


@pytest.mark.parametrize("exercise", [e for e in EXERCISES if e.goal != COUNT], ids=str)
def test_every_other_empty_point_is_judged_with_a_reason(exercise):
    game = exercise.game()
    t = game.topology
    for point in t.points():
        if game.board.colour[point]:
            continue
        verdict = judge(exercise, t.name(point))
        assert verdict.correct or explain(exercise, verdict)


def test_suicide_is_refused_by_the_rules_with_its_reason():
    exercise = next(e for e in EXERCISES if e.slug == "go-suicide-corner")
    verdict = judge(exercise, "A1")
    assert verdict.correct and verdict.details["reason"] == "suicide"
    capture = next(e for e in EXERCISES if e.slug == "go-save-capture")
    assert judge(capture, "C4").code == "suicide"


def test_superko_on_the_hexagon_needs_the_history():
    exercise = next(e for e in EXERCISES if e.slug == "hex-superko")
    game = exercise.game()
    assert game.to_move == exercise.to_move
    assert game.move_number == len(exercise.history)
    assert judge(exercise, "E3").correct


def test_a_count_is_checked_against_the_scorer():
    exercise = next(e for e in EXERCISES if e.slug == "go-count-dame")
    right = judge(exercise, " 21 ")
    assert right.correct
    assert right.details["stones"] + right.details["territory"] == 21
    assert judge(exercise, "20").code == judging.WRONG_COUNT
    assert judge(exercise, "-3").code == judging.NOT_A_NUMBER


@given(st.text(max_size=12))
def test_any_text_gets_a_verdict_never_an_exception(text):
    for exercise in (EXERCISES[0], EXERCISES[-1]):
        verdict = judge(exercise, text)
        assert isinstance(verdict.correct, bool)
