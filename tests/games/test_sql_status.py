"""games.sql, the status page's reads (declared with core.sql's EitherSelect and EitherPage): each
statement answers what the ORM's query of the same read answers (on SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest
from django.db.models import Q

from games import sql
from games.game_settings import GameSettings
from games.models import Challenge, ChallengeStatus, Game, GameStatus
from games.services import challenges, play
from tests.games.conftest import NOW

NINE = GameSettings(board_kind="square", board_size=9, ruleset="go-area")


def columns(rows) -> list[dict]:
    """Every column of each row, as the model reads it."""
    return [{f.attname: getattr(r, f.attname) for f in type(r)._meta.concrete_fields} for r in rows]


@pytest.fixture
def games(game_factory, black, white, user_factory):
    """Black's running and finished games among others'."""
    game_factory(moves=("E5", "D4"), board_kind="hex", board_size=6, ruleset="badux")
    game_factory(moves=("E5",), clock_kind="japanese", clock_periods=3, clock_period_days=1)
    game_factory(black=white, white=black)
    for _ in range(5):
        done = game_factory()
        play.game_resign(game_id=done.pk, user=white, expected_move_number=0, now=NOW)
    other = game_factory(black=user_factory())
    play.game_resign(game_id=other.pk, user=white, expected_move_number=0, now=NOW)


@pytest.mark.usefixtures("games")
def test_running_sql_gives_the_orms_running_games(black):
    found = sql.running_games(user_id=black.pk, status=GameStatus.PLAYING.value)
    orm = Game.objects.filter(Q(black=black) | Q(white=black), status=GameStatus.PLAYING)
    assert len(found) == 3
    assert sorted(columns(found), key=str) == sorted(columns(orm), key=str)


@pytest.mark.usefixtures("games")
@pytest.mark.parametrize(("size", "start"), [(2, 0), (2, 4), (9, 0), (2, 6)])
def test_finished_page_sql_gives_the_orms_slice_and_count(black, size, start):
    found = sql.finished_games_page(
        user_id=black.pk, status=GameStatus.FINISHED.value, size=size, start=start
    )
    orm = Game.objects.filter(Q(black=black) | Q(white=black), status=GameStatus.FINISHED)
    orm = orm.order_by("-finished", "-pk")
    assert columns(found) == columns(orm[start : start + size])
    assert {game.listed_count for game in found} <= {orm.count()} == {5}


@pytest.mark.usefixtures("games")
@pytest.mark.parametrize("who", ["black", "white"])
def test_player_game_counts_give_the_orms_counts(black, white, game_factory, who):
    from django.db.models import Count

    from rules import BLACK, WHITE

    adjourned = game_factory(moves=("E5",))
    Game.objects.filter(pk=adjourned.pk).update(adjourned=NOW)
    user = black if who == "black" else white
    found = sql.player_game_counts(
        user_id=user.pk, running=GameStatus.PLAYING.value, finished=GameStatus.FINISHED.value
    )
    orm = Game.objects.filter(Q(black=user) | Q(white=user)).aggregate(
        running=Count("pk", filter=Q(status=GameStatus.PLAYING)),
        my_turn=Count(
            "pk",
            filter=Q(status=GameStatus.PLAYING, adjourned__isnull=True)
            & (Q(black=user, to_move=BLACK) | Q(white=user, to_move=WHITE)),
        ),
        finished=Count("pk", filter=Q(status=GameStatus.FINISHED)),
    )
    assert found == (orm["running"], orm["my_turn"], orm["finished"])
    assert found[0] >= 4 and found[2] >= 5


def test_challenges_open_sql_gives_the_orms_open_challenges(black, white, user_factory):
    invited = challenges.challenge_create(creator=white, recipient=black, settings=NINE, now=NOW)
    challenges.challenge_create(creator=black, settings=NINE, now=NOW)
    challenges.challenge_create(creator=black, recipient=white, settings=NINE, now=NOW)
    challenges.challenge_create(creator=white, settings=NINE, now=NOW)  # not Black's
    challenges.challenge_decline(challenge_id=invited.pk, user=black, now=NOW)
    for now in (NOW, invited.expires):
        found = sql.open_challenges(user_id=black.pk, status=ChallengeStatus.OPEN.value, after=now)
        orm = Challenge.objects.filter(
            Q(recipient=black) | Q(creator=black), status=ChallengeStatus.OPEN, expires__gt=now
        )
        assert sorted(columns(found), key=str) == sorted(columns(orm), key=str)
        assert len(found) == (2 if now == NOW else 0)
