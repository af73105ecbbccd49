"""A moderator's decision reaches the ladder's and groups' paths as it reaches games: a muted
player writes no board post and invites no friend, a suspended one joins no ladder or
tournament, challenges no one on a ladder and stores no conditional moves."""

from __future__ import annotations

import datetime as dt

import pytest

from accounts.moderation.models import SanctionKind
from accounts.moderation.selectors import Muted, Suspended
from accounts.moderation.services import sanction_take
from games.game_settings import GameSettings
from games.services import conditional, friends, play
from ladder.groups import services as groups
from ladder.groups.models import Post, Thread
from ladder.ladders.services import ladder_challenge, ladder_join
from ladder.tournaments.services import tournament_join
from tests.ladder.conftest import NOW

pytestmark = pytest.mark.django_db
DAY = dt.timedelta(days=1)


@pytest.fixture
def judge(user_factory):
    return user_factory(username="judge", is_staff=True)


def _decide(judge, user, kind):
    return sanction_take(
        moderator=judge, user=user, kind=kind, reason="Abuse.", ends_at=NOW + DAY, now=NOW
    )


def test_a_muted_member_writes_nothing_on_the_board(user_factory, judge, group_factory):
    kuro = user_factory(username="kuro")
    group = group_factory(members=[kuro])
    thread = groups.thread_create(
        group_id=group.pk, user=group.admin, title="Hi", body="Hello", now=NOW
    )
    mine = groups.post_create(thread_id=thread.pk, user=kuro, body="Before", now=NOW)
    _decide(judge, kuro, SanctionKind.MUTE)

    with pytest.raises(Muted, match="Abuse."):
        groups.thread_create(group_id=group.pk, user=kuro, title="T", body="B", now=NOW)
    with pytest.raises(Muted):
        groups.post_create(thread_id=thread.pk, user=kuro, body="Reply", now=NOW)
    with pytest.raises(Muted):
        groups.post_edit(post_id=mine.pk, user=kuro, body="Changed", now=NOW)
    with pytest.raises(Muted):
        groups.group_create(user=kuro, name="Mine", description="", access="open", now=NOW)
    assert Thread.objects.count() == 1
    assert list(Post.objects.filter(author=kuro).values_list("body", flat=True)) == ["Before"]


def test_a_muted_player_invites_no_friend(user_factory, judge):
    kuro = user_factory(username="kuro")
    _decide(judge, kuro, SanctionKind.MUTE)

    with pytest.raises(Muted):
        friends.friend_invite_send(
            inviter=kuro,
            email="friend@example.net",
            note="Play with me",
            settings=GameSettings(board_kind="square", board_size=9),
            now=NOW,
        )


def test_a_suspended_player_joins_and_challenges_no_ladder(user_factory, judge, ladder_factory):
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    ladder = ladder_factory(players=[shiro, kuro])
    other = ladder_factory(name="Go 13x13", board_size=13)
    _decide(judge, kuro, SanctionKind.SUSPEND)

    with pytest.raises(Suspended):
        ladder_join(ladder_id=other.pk, user=kuro, now=NOW)
    with pytest.raises(Suspended):
        ladder_challenge(ladder_id=ladder.pk, challenger=kuro, defender_id=shiro.pk, now=NOW)


def test_a_suspended_player_joins_no_tournament(user_factory, judge, tournament_factory):
    kuro = user_factory(username="kuro")
    cup = tournament_factory()
    _decide(judge, kuro, SanctionKind.SUSPEND)

    with pytest.raises(Suspended):
        tournament_join(tournament_id=cup.pk, user=kuro, now=NOW)
    assert not cup.players.exists()


def test_a_suspended_player_stores_no_conditional_moves(user_factory, judge):
    kuro, shiro = user_factory(username="kuro"), user_factory(username="shiro")
    game = play.game_start(
        black=kuro,
        white=shiro,
        now=NOW,
        settings=GameSettings(board_kind="square", board_size=9, ruleset="go-area"),
    )
    play.game_move(
        game_id=game.pk, user=kuro, point=game.topology.parse("E5"), expected_move_number=0, now=NOW
    )
    _decide(judge, kuro, SanctionKind.SUSPEND)

    with pytest.raises(Suspended):
        conditional.conditional_moves_set(
            game_id=game.pk,
            user=kuro,
            tree=[{"move": "C3", "answer": "D4"}],
            expected_move_number=1,
            now=NOW,
        )
