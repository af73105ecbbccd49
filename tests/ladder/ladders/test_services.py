"""Ladder services: joining, the challenge rules, what results do, removals, notices."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError, transaction

from accounts.services import relation_set
from core.limits import RateLimited
from core.models import OutboxTask
from games.game_settings import GameSettings
from games.services.play import game_start, game_timeout
from games.services.sweeps import games_time_out_overdue
from games.services.vacations import vacation_start
from ladder.ladders.models import (
    LadderChallenge,
    LadderChallengeStatus,
    LadderEntry,
    LadderOutcome,
    PositionChange,
)
from ladder.ladders.selectors import ladder_table
from ladder.ladders.services import (
    LadderRefused,
    ladder_challenge,
    ladder_game_apply,
    ladder_join,
    ladder_leave,
    ladders_remove_inactive,
)
from ladder.ratings.services import rating_declare
from ladder.tournaments.selectors import game_competition
from tests.ladder.conftest import NOW, play, resign

pytestmark = pytest.mark.django_db
LATER = NOW + dt.timedelta(hours=1)


@pytest.fixture
def players(user_factory):
    return [user_factory(username=f"p{i}") for i in range(1, 9)]


def table(ladder) -> list[str]:
    entries = LadderEntry.objects.filter(ladder=ladder, position__isnull=False)
    return [e.user.username for e in entries.order_by("position").select_related("user")]


def positions(ladder) -> list[int]:
    return list(
        LadderEntry.objects.filter(ladder=ladder, position__isnull=False)
        .order_by("position")
        .values_list("position", flat=True)
    )


def challenge(ladder, challenger, defender, at=NOW):
    return ladder_challenge(
        ladder_id=ladder.pk, challenger=challenger, defender_id=defender.pk, now=at
    )


def refusal(ladder, challenger, defender, at=NOW) -> str:
    with pytest.raises(LadderRefused) as info:
        challenge(ladder, challenger, defender, at)
    return info.value.messages[0]


def far_apart_moves(count: int) -> list[str]:
    """Black fills rows 1-2 from the left, White rows 9-8: `count` moves without a capture."""
    black = [f"{c}{r}" for r in (1, 2) for c in "ABCDEFGHJ"]
    white = [f"{c}{r}" for r in (9, 8) for c in "ABCDEFGHJ"]
    return [m for pair in zip(black, white, strict=True) for m in pair][:count]


def time_out(game):
    """The clock sweep ends the game on time."""
    assert games_time_out_overdue(now=game.deadline + dt.timedelta(minutes=1)) >= 1
    game.refresh_from_db()
    return game


# Joining --------------------------------------------------------------------------------------


def test_players_join_at_the_bottom_in_order(ladder_factory, players):
    ladder = ladder_factory(players=players[:4])
    assert table(ladder) == ["p1", "p2", "p3", "p4"]
    ladder_join(ladder_id=ladder.pk, user=players[0], now=LATER)
    assert positions(ladder) == [1, 2, 3, 4]
    assert PositionChange.objects.filter(ladder=ladder, reason="joined").count() == 4


def test_a_ladder_by_rating_places_a_newcomer_by_rating(ladder_factory, players):
    ladder = ladder_factory(players=players[:3], join_at="rating")
    rating_declare(user=players[3], family="square", rank="3d")
    ladder_join(ladder_id=ladder.pk, user=players[3], now=LATER)
    assert table(ladder)[0] == "p4"


def test_the_position_constraint_refuses_a_duplicate(ladder_factory, players):
    ladder = ladder_factory(players=players[:2])
    with pytest.raises(IntegrityError), transaction.atomic():
        LadderEntry.objects.filter(ladder=ladder, user=players[1]).update(position=1)


# The challenge rules ----------------------------------------------------------------------------


def test_a_challenge_starts_the_game_at_once(ladder_factory, players):
    ladder = ladder_factory(players=players[:2])
    made = challenge(ladder, players[1], players[0])
    assert (made.game.black, made.game.white) == (players[1], players[0])
    assert (made.game.board_size, made.game.vacation_allowed) == (9, False)
    assert OutboxTask.objects.filter(task="ladder.notify_challenge", args=[made.pk]).exists()


def test_only_players_above_and_in_range(ladder_factory, players):
    ladder = ladder_factory(players=players, range_value=3)
    assert refusal(ladder, players[3], players[5]).endswith("below you.")
    assert refusal(ladder, players[7], players[3]).endswith("outside your range.")
    assert refusal(ladder, players[3], players[3]).endswith("that's you.")
    challenge(ladder, players[7], players[4])


def test_a_percent_range(ladder_factory, players):
    ladder = ladder_factory(players=players, range_kind="percent", range_value=50)
    # Number 8 has 7 above: half is 4 (rounded up), so 4 is in range and 3 is not.
    assert refusal(ladder, players[7], players[2]).endswith("outside your range.")
    challenge(ladder, players[7], players[3])


def test_a_rating_range(ladder_factory, players):
    for user, rank in zip(players[:3], ("2d", "4k", "5k"), strict=True):
        rating_declare(user=user, family="square", rank=rank)
    ladder = ladder_factory(players=players[:3], range_kind="rating", range_value=150)
    assert refusal(ladder, players[2], players[0]).endswith("outside your range.")
    challenge(ladder, players[2], players[1])


def test_the_outgoing_limit(ladder_factory, players):
    ladder = ladder_factory(players=players[:4], max_outgoing=2)
    challenge(ladder, players[3], players[0])
    challenge(ladder, players[3], players[1])
    assert "you already have 2 challenges running" in refusal(ladder, players[3], players[2])


def test_the_incoming_limit_per_band(ladder_factory, players):
    ladder = ladder_factory(players=players, top_band=1, max_incoming_top=1, max_incoming=2)
    challenge(ladder, players[1], players[0])
    assert "already 1 challenge against them" in refusal(ladder, players[2], players[0])
    challenge(ladder, players[2], players[1])
    challenge(ladder, players[3], players[1])
    assert "already 2 challenges against them" in refusal(ladder, players[4], players[1])


def test_one_game_per_pair_and_the_rematch_wait(ladder_factory, players):
    ladder = ladder_factory(players=players[:3], rematch_wait_days=7)
    made = challenge(ladder, players[2], players[1])
    assert "already playing them" in refusal(ladder, players[2], players[1])
    resign(made.game, players[2], NOW + dt.timedelta(days=1))
    text = refusal(ladder, players[2], players[1], NOW + dt.timedelta(days=2))
    assert "rematch wait until 9 Mar" in text
    challenge(ladder, players[2], players[1], NOW + dt.timedelta(days=8, hours=1))


def test_the_table_gives_each_row_its_reason(ladder_factory, players):
    ladder = ladder_factory(players=players[:5], range_value=2)
    challenge(ladder, players[4], players[3])
    rows = ladder_table(ladder=ladder, user=players[4], now=NOW)
    reasons = [row.reason for row in rows]
    assert reasons == [
        "outside your range",
        "outside your range",
        None,
        "you are already playing them",
        "that's you",
    ]


# What results do --------------------------------------------------------------------------------


def test_a_challenger_win_takes_the_place(ladder_factory, players):
    ladder = ladder_factory(players=players[:4])
    made = challenge(ladder, players[3], players[1])
    resign(made.game, players[1], LATER)
    assert table(ladder) == ["p1", "p4", "p2", "p3"]
    made.refresh_from_db()
    assert (made.status, made.outcome) == (LadderChallengeStatus.DONE, LadderOutcome.WON)
    told = OutboxTask.objects.filter(task="ladder.notify_position").values_list("args", flat=True)
    changed = PositionChange.objects.filter(pk__in=[args[0] for args in told])
    # The two players of the game and p3, pushed down one; p1 kept the top.
    assert sorted(c.user.username for c in changed) == ["p2", "p3", "p4"]


def test_a_swap_ladder_swaps(ladder_factory, players):
    ladder = ladder_factory(players=players[:4], win_action="swap")
    made = challenge(ladder, players[3], players[1])
    resign(made.game, players[1], LATER)
    assert table(ladder) == ["p1", "p4", "p3", "p2"]


def test_a_defender_win_and_a_jigo_change_nothing(ladder_factory, players):
    ladder = ladder_factory(players=players[:3])
    made = challenge(ladder, players[2], players[1])
    resign(made.game, players[2], LATER)
    assert table(ladder) == ["p1", "p2", "p3"]
    assert LadderEntry.objects.get(user=players[1]).last_result == "won against p3"


def test_applying_a_game_twice_gives_the_same_table(ladder_factory, players):
    ladder = ladder_factory(players=players[:4])
    made = challenge(ladder, players[3], players[0])
    game = resign(made.game, players[0], LATER)
    once = table(ladder)
    assert ladder_game_apply(game=game, now=LATER) is None
    assert table(ladder) == once == ["p4", "p1", "p2", "p3"]


def test_a_timeout_from_the_clock_sweep_reaches_the_ladder(ladder_factory, players):
    ladder = ladder_factory(players=players[:6], timeout_penalty=3)
    made = challenge(ladder, players[2], players[1])
    game = made.game
    for move in ("C3", "G7", "C7", "G3") * 1:
        game = play(game, move, NOW)
    time_out(game)  # Black (p3) to move, runs out of time
    assert table(ladder) == ["p1", "p2", "p4", "p5", "p6", "p3"]
    entry = LadderEntry.objects.get(user=players[2])
    assert entry.timeouts == 1
    assert LadderChallenge.objects.get(pk=made.pk).outcome == LadderOutcome.LOST_ON_TIME


def test_the_third_timeout_removes_the_player(ladder_factory, players):
    ladder = ladder_factory(players=players[:3], timeout_removal=1)
    made = challenge(ladder, players[2], players[1])
    time_out(made.game)
    assert table(ladder) == ["p1", "p2"]
    assert LadderEntry.objects.get(user=players[2]).position is None


def test_leaving_closes_the_gap(ladder_factory, players):
    ladder = ladder_factory(players=players[:4])
    ladder_leave(ladder_id=ladder.pk, user=players[1], now=LATER)
    assert table(ladder) == ["p1", "p3", "p4"]
    assert positions(ladder) == [1, 2, 3]


# The ways ladders get gamed -----------------------------------------------------------------------


def test_no_climbing_on_players_who_stopped_playing(ladder_factory, players):
    """An abandoned player's short game lost on time gives the challenger nothing, and the
    inactivity sweep takes idle players out before anyone farms them."""
    ladder = ladder_factory(players=players[:4], inactive_days=30, timeout_penalty=0)
    made = challenge(ladder, players[3], players[0])
    game = play(made.game, "C3", NOW)  # the challenger moves; p1 never answers
    time_out(game)
    assert table(ladder) == ["p1", "p2", "p3", "p4"]
    removed = ladders_remove_inactive(now=NOW + dt.timedelta(days=31))
    assert removed == 2  # p2 and p3 never played; p1 and p4 played a game just now
    told = OutboxTask.objects.filter(task="ladder.notify_position").values_list("args", flat=True)
    removals = PositionChange.objects.filter(reason="inactive", position=None)
    assert sorted(removals.values_list("user__username", flat=True)) == ["p2", "p3"]
    assert {change.pk for change in removals} <= {args[0] for args in told}
    assert ladders_remove_inactive(now=NOW + dt.timedelta(days=31)) == 0
    assert table(ladder) == ["p1", "p4"]
    assert ladders_remove_inactive(now=NOW + dt.timedelta(days=70)) == 2
    assert table(ladder) == []


def test_no_keeping_a_place_by_cancelling_or_declining(ladder_factory, players):
    """There is nothing to cancel or decline: the game runs from the challenge on, and the
    defender leaving the ladder resigns it."""
    ladder = ladder_factory(players=players[:3])
    made = challenge(ladder, players[2], players[0])
    assert made.game.status == "playing"
    ladder_leave(ladder_id=ladder.pk, user=players[0], now=LATER)
    made.refresh_from_db()
    assert made.game.result == "B+R"
    assert table(ladder) == ["p3", "p2"]


def test_no_leaving_and_rejoining_to_void_a_losing_game(ladder_factory, players):
    ladder = ladder_factory(players=players[:4])
    made = challenge(ladder, players[3], players[0])
    ladder_leave(ladder_id=ladder.pk, user=players[3], now=LATER)
    ladder_join(ladder_id=ladder.pk, user=players[3], now=LATER)
    made.refresh_from_db()
    assert made.game.result == "W+R" and made.status == LadderChallengeStatus.DONE
    assert table(ladder) == ["p1", "p2", "p3", "p4"]
    assert "rematch wait" in refusal(ladder, players[3], players[0], LATER)


def test_no_sitting_on_top_through_vacation(ladder_factory, players):
    """A player on vacation can be challenged and, ladder games allowing no vacation, their
    clock runs: the top player away loses the top on time."""
    ladder = ladder_factory(players=players[:2])
    vacation_start(user=players[0], now=NOW)
    made = challenge(ladder, players[1], players[0], LATER)
    game = made.game
    for move in ("C3", "G7") * 1:
        game = play(game, move, LATER)
    game = play(game, "C7", LATER)  # p1 (White) to move, away
    assert game.deadline is not None
    time_out(game)
    assert table(ladder) == ["p2", "p1"]


def test_a_stalling_loser_frees_the_winners_slot_at_the_deadline(ladder_factory, players):
    """The loser stops moving: the clock sweep ends the game on their deadline, the challenge
    is done, the winner's slot is free and the staller drops."""
    ladder = ladder_factory(players=players[:4], max_outgoing=1, timeout_penalty=2)
    made = challenge(ladder, players[3], players[2])
    game = made.game
    for move in far_apart_moves(21):  # p3 (White) lost the position and stops moving
        game = play(game, move, NOW)
    assert "you already have 1 challenge running" in refusal(ladder, players[3], players[1])
    time_out(game)
    assert LadderChallenge.objects.get(pk=made.pk).status == LadderChallengeStatus.DONE
    assert table(ladder)[:2] == ["p1", "p2"]
    assert table(ladder)[2] == "p4"  # won on time: took p3's place; p3 dropped 2
    challenge(ladder, players[3], players[1], game.finished + dt.timedelta(minutes=1))


def test_a_timeout_is_applied_once_when_the_sweep_runs_twice(ladder_factory, players):
    ladder = ladder_factory(players=players[:4])
    made = challenge(ladder, players[3], players[2])
    overdue = made.game.deadline + dt.timedelta(minutes=1)
    assert game_timeout(game_id=made.game_id, now=overdue) is not None
    after = table(ladder)
    assert game_timeout(game_id=made.game_id, now=overdue) is None
    assert games_time_out_overdue(now=overdue) == 0
    assert table(ladder) == after


def test_a_jigo_does_what_the_ladder_says(ladder_factory, players):
    ladder = ladder_factory(players=players[:3], jigo_action="take_place")
    made = challenge(ladder, players[2], players[0])
    game = made.game
    game.status, game.result, game.end_reason, game.finished = "finished", "0", "passes", LATER
    game.save()
    ladder_game_apply(game=game, now=LATER)
    assert table(ladder) == ["p3", "p1", "p2"]
    assert LadderEntry.objects.get(user=players[0]).last_result == "jigo with p3"


def test_a_protected_ladder_refuses_challenges_to_players_on_vacation(ladder_factory, players):
    ladder = ladder_factory(players=players[:2], vacation="protected")
    vacation_start(user=players[0], now=NOW)
    assert refusal(ladder, players[1], players[0], LATER).endswith("on vacation.")


def test_challenges_are_flood_limited_across_ladders(ladder_factory, players, settings):
    settings.FLOOD_LIMITS = {"ladder_challenge": (2, 86400)}
    first = ladder_factory(players=players[:3], name="One")
    second = ladder_factory(players=players[:3], name="Two")
    challenge(first, players[2], players[1])
    challenge(second, players[2], players[1])
    third = ladder_factory(players=players[:3], name="Three")
    with pytest.raises(RateLimited, match="You have sent 2 ladder challenges in the last day"):
        challenge(third, players[2], players[1])


def test_the_ignore_list_and_closed_accounts_block_ladder_challenges(ladder_factory, players):
    """As for invitations and messages: nobody challenges a player who ignores them, a player
    they ignore, or a closed account (whose clock would run out in a game they cannot play)."""
    ladder = ladder_factory(players=players[:4])
    relation_set(owner=players[1], target=players[3], kind="ignore", now=NOW)
    assert refusal(ladder, players[3], players[1]).endswith(
        "they do not accept challenges from you."
    )
    relation_set(owner=players[3], target=players[2], kind="ignore", now=NOW)
    assert refusal(ladder, players[3], players[2]).endswith("they are on your ignore list.")
    players[0].is_active = False
    players[0].save(update_fields=["is_active"])
    assert refusal(ladder, players[3], players[0]).endswith("their account is closed.")
    assert not LadderChallenge.objects.exists()
    reasons = {row.entry.user.username: row.reason for row in ladder_table(
        ladder=ladder, user=players[3], now=NOW
    )}  # fmt: skip
    assert reasons["p1"] == "their account is closed"
    assert reasons["p2"] == "they do not accept challenges from you"
    assert reasons["p3"] == "they are on your ignore list"


def test_the_ladder_of_a_game_is_found_and_no_competition_is_remembered(
    ladder_factory, players, django_assert_num_queries
):
    ladder = ladder_factory(players=players[:2])
    game = challenge(ladder, players[1], players[0]).game
    other = game_start(
        black=players[2],
        white=players[3],
        settings=GameSettings(board_kind="square", board_size=9),
        now=NOW,
    )
    for _ in range(2):  # a ladder game is looked up every time (its ladder may be renamed)
        with django_assert_num_queries(1):
            assert game_competition(game_id=game.pk)["name"] == ladder.name
    with django_assert_num_queries(1):
        assert game_competition(game_id=other.pk) is None
    with django_assert_num_queries(0):
        assert game_competition(game_id=other.pk) is None


@pytest.mark.parametrize("idle", [3, 30])
def test_the_inactivity_sweep_costs_the_same_statements_however_many_leave(
    ladder_factory, user_factory, idle, django_assert_max_num_queries
):
    """The idle found by one query, the order renumbered and everyone moved told in a fixed
    number of statements (it was a set of statements per player: 11-42 s for a ladder of
    5,000 losing 2,300)."""
    many = [user_factory() for _ in range(idle + 4)]
    ladder = ladder_factory(players=many, inactive_days=30)
    LadderEntry.objects.filter(user__in=many[:4]).update(last_active=NOW + dt.timedelta(days=20))
    with django_assert_max_num_queries(12):
        assert ladders_remove_inactive(now=NOW + dt.timedelta(days=31)) == idle
    assert table(ladder) == [user.username for user in many[:4]]
    assert positions(ladder) == [1, 2, 3, 4]
    told = OutboxTask.objects.filter(task="ladder.notify_position").values_list("args", flat=True)
    changes = PositionChange.objects.filter(created=NOW + dt.timedelta(days=31))
    assert changes.filter(position=None).count() == idle
    assert {change.pk for change in changes} <= {args[0] for args in told}
    with django_assert_max_num_queries(5):  # nobody idle: the ladder is not read whole
        assert ladders_remove_inactive(now=NOW + dt.timedelta(days=32)) == 0


def test_the_inactivity_sweep_renumbers_a_long_ladder_in_the_same_statements(
    ladder_factory, user_factory
):
    """Idle players near the top: those below move up by the number of leavers above them, in
    as many statements for 40 players as for 130 (the moved rows' positions are computed by the
    UPDATE, not sent one by one), each move recorded for the history and told."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for size in (40, 130):
        many = [user_factory() for _ in range(size)]
        ladder = ladder_factory(name=f"Go {size}", inactive_days=30)
        LadderEntry.objects.bulk_create(
            LadderEntry(ladder=ladder, user=user, position=n, joined=NOW, last_active=NOW)
            for n, user in enumerate(many, start=1)
        )
        idle = {many[1].pk, many[2].pk, many[5].pk}
        LadderEntry.objects.filter(ladder=ladder).exclude(user_id__in=idle).update(
            last_active=NOW + dt.timedelta(days=20)
        )
        OutboxTask.objects.all().delete()
        with CaptureQueriesContext(connection) as queries:
            assert ladders_remove_inactive(now=NOW + dt.timedelta(days=31)) == 3
        counts.append(len(queries))
        kept = [user for user in many if user.pk not in idle]
        assert table(ladder) == [user.username for user in kept]
        assert positions(ladder) == list(range(1, size - 2))
        changes = PositionChange.objects.filter(ladder=ladder, created=NOW + dt.timedelta(days=31))
        assert sorted(changes.filter(position=None).values_list("previous", flat=True)) == [2, 3, 6]
        moved = changes.exclude(position=None)
        assert moved.count() == size - 4  # all below the first leaver but the leavers
        assert {(c.user_id, c.previous, c.position) for c in moved} == {
            (user.pk, many.index(user) + 1, kept.index(user) + 1) for user in kept[1:]
        }
        assert set(moved.values_list("reason", flat=True)) == {"moved"}
        told = OutboxTask.objects.filter(task="ladder.notify_position").values_list(
            "args", flat=True
        )
        assert {args[0] for args in told} == {change.pk for change in changes}
        ladder.delete()  # the next round's sweep reads its own ladder only
    assert counts[0] == counts[1]
