"""Who may challenge whom, for a whole table at once: `refusal_reasons` gives every row the
answer `refusal_reason` gives it alone, whatever the ladder's rules and the player's state."""

from __future__ import annotations

import datetime as dt
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from ladder.ladders.models import Ladder, RangeKind
from ladder.ladders.selectors import ChallengeContext, Seat, refusal_reason, refusal_reasons

NOW = dt.datetime(2026, 11, 30, 12, tzinfo=dt.UTC)
PLAYERS = 30


@st.composite
def contexts(draw) -> ChallengeContext:
    """A ladder of PLAYERS (user id = 100 + position) with random rules, and a challenger in
    it (or not) with random running games, rematch waits, ignores, closed accounts and
    vacations among the others."""
    ladder = Ladder(
        open=draw(st.booleans()),
        range_kind=draw(st.sampled_from(RangeKind.values)),
        range_value=draw(st.integers(0, 40)),
        max_outgoing=draw(st.integers(0, 3)),
        top_band=draw(st.integers(0, 5)),
        max_incoming_top=draw(st.integers(0, 2)),
        max_incoming=draw(st.integers(0, 3)),
        rematch_wait_days=draw(st.integers(0, 9)),
        one_game_per_pair=draw(st.booleans()),
    )
    ids = st.integers(100 + 1, 100 + PLAYERS)
    some = st.frozensets(ids, max_size=6)
    mine = draw(st.one_of(st.none(), st.integers(1, PLAYERS)))
    return ChallengeContext(
        ladder=ladder,
        me=None if mine is None else Seat(100 + mine, mine),
        now=NOW,
        outgoing=draw(st.integers(0, 3)),
        incoming=Counter(draw(st.lists(ids, max_size=8))),
        playing=set(draw(some)),
        last_challenged={
            user_id: NOW - dt.timedelta(days=days)
            for user_id, days in draw(st.dictionaries(ids, st.integers(0, 12), max_size=6)).items()
        },
        ratings={user_id: draw(st.floats(800, 2400)) for user_id in range(101, 101 + PLAYERS)},
        on_vacation=set(draw(some)),
        ignored_by=draw(some),
        ignoring=draw(some),
        closed=draw(some),
    )


@given(contexts())
def test_the_whole_table_s_reasons_are_each_row_s_own(ctx):
    table = [Seat(100 + position, position) for position in range(1, PLAYERS + 1)]
    alone = [refusal_reason(ctx, seat) if ctx.me is not None else None for seat in table]
    assert refusal_reasons(ctx, table) == alone


def test_a_long_ladder_s_rows_out_of_reach_say_why_in_two_words():
    ladder = Ladder(open=True, range_kind=RangeKind.POSITIONS, range_value=3)
    ctx = ChallengeContext(ladder, Seat(110, 10), NOW, 0, Counter(), set(), {}, {}, set())
    reasons = refusal_reasons(ctx, [Seat(100 + p, p) for p in range(1, 13)])
    assert reasons[:6] == ["outside your range"] * 6
    assert reasons[6:9] == [None, None, None]  # 7, 8 and 9: within three places
    assert reasons[9:] == ["that's you", "below you", "below you"]
