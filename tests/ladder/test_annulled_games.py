"""An annulled game (issue 38: no result, a moderator's decision) in a ladder and a tournament,
learnt through the game-finished hook: the ladder moves nobody and frees the challenge; the
tournament scores it as the sanctioned player's forfeit and withdraws a banned player."""

from __future__ import annotations

import datetime as dt

import pytest

from accounts.moderation.models import GamesChoice, SanctionKind
from accounts.moderation.services import sanction_take
from games.services.adjournments import game_annul
from ladder.ladders.models import LadderChallenge, LadderChallengeStatus, LadderEntry
from ladder.ladders.services import ladder_challenge
from ladder.ratings.models import RatingChange
from ladder.tournaments.models import Outcome, PlayerStatus, TournamentPairing, TournamentPlayer
from tests.ladder.conftest import NOW

DAY = dt.timedelta(days=1)


def _table(ladder) -> list[str]:
    entries = LadderEntry.objects.filter(ladder=ladder, position__isnull=False)
    return [e.user.username for e in entries.order_by("position").select_related("user")]


@pytest.mark.django_db
def test_a_ladder_ignores_an_annulled_game_and_frees_the_challenge(ladder_factory, user_factory):
    top, low = user_factory(username="top"), user_factory(username="low")
    judge = user_factory(username="judge", is_staff=True)
    ladder = ladder_factory(players=[top, low])
    challenge = ladder_challenge(ladder_id=ladder.pk, challenger=low, defender_id=top.pk, now=NOW)
    sanction_take(
        moderator=judge,
        user=top,
        kind=SanctionKind.SUSPEND,
        reason="Insults.",
        now=NOW,
        ends_at=NOW + DAY,
        games=GamesChoice.ADJOURN,
    )
    game_annul(game_id=challenge.game_id, user=low, now=NOW + dt.timedelta(hours=1))
    challenge.refresh_from_db()
    assert challenge.status == LadderChallengeStatus.DONE
    assert challenge.outcome == "annulled"
    assert _table(ladder) == ["top", "low"]
    assert not RatingChange.objects.exists()
    # Freed: the challenger may challenge again once the suspension is over.
    again = ladder_challenge(
        ladder_id=ladder.pk, challenger=low, defender_id=top.pk, now=NOW + 2 * DAY
    )
    assert LadderChallenge.objects.filter(status=LadderChallengeStatus.RUNNING).get() == again


@pytest.mark.django_db(transaction=True)
def test_a_tournament_scores_a_ban_annulled_game_as_the_banned_players_forfeit(
    tournament_factory, user_factory
):
    players = [user_factory(username=f"t{i}") for i in range(1, 5)]
    judge = user_factory(username="judge", is_staff=True)
    t = tournament_factory(players=players, start=True)  # round robin: every game at once
    banned = players[0]
    sanction_take(
        moderator=judge,
        user=banned,
        kind=SanctionKind.BAN,
        reason="Cheating.",
        now=NOW,
        games=GamesChoice.ANNUL,
    )
    own = TournamentPairing.objects.filter(tournament=t, game__isnull=False).filter(
        black=banned
    ) | TournamentPairing.objects.filter(tournament=t, game__isnull=False, white=banned)
    assert own.count() == 3
    for pairing in own:
        assert pairing.game.result == "Void" and pairing.forfeit
        assert pairing.outcome == (
            Outcome.WHITE if pairing.black_id == banned.pk else Outcome.BLACK
        )
    entry = TournamentPlayer.objects.get(tournament=t, user=banned)
    assert entry.status == PlayerStatus.WITHDRAWN and entry.left_reason == "banned"
    assert not RatingChange.objects.exists()
    others = TournamentPairing.objects.filter(tournament=t, outcome=Outcome.PENDING)
    assert others.count() == 3 and all(banned.pk not in (p.black_id, p.white_id) for p in others)


@pytest.mark.django_db
def test_a_tournament_page_names_an_annulled_game_annulled_in_a_fixed_number_of_queries(
    client, tournament_factory, user_factory, django_assert_max_num_queries
):
    players = [user_factory(username=f"t{i}") for i in range(1, 7)]
    judge = user_factory(username="judge", is_staff=True)
    t = tournament_factory(players=players, start=True)  # round robin: every game at once
    sanction_take(
        moderator=judge,
        user=players[0],
        kind=SanctionKind.BAN,
        reason="Cheating.",
        now=NOW,
        games=GamesChoice.ANNUL,
    )
    client.force_login(players[1])
    # Session and user, tournament, entries, pairings: none more for the annulled games.
    with django_assert_max_num_queries(8):
        body = client.get(t.get_absolute_url()).content.decode()
    assert "Annulled" in body and "Void" not in body


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_ban_that_annuls_locks_every_game_before_any_tournament(tournament_factory, user_factory):
    """A move ending one of the games takes its game lock, then the tournament's: the ban takes
    the game locks all first, so that the two never wait on each other (a deadlock)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    players = [user_factory(username=f"t{i}") for i in range(1, 5)]
    judge = user_factory(username="judge", is_staff=True)
    tournament_factory(players=players, start=True)
    with CaptureQueriesContext(connection) as seen:
        sanction_take(
            moderator=judge,
            user=players[0],
            kind=SanctionKind.BAN,
            reason="Cheating.",
            now=NOW,
            games=GamesChoice.ANNUL,
        )
    locks = [q["sql"] for q in seen.captured_queries if "FOR UPDATE" in q["sql"]]
    games = [i for i, sql in enumerate(locks) if 'FOR UPDATE OF "games_game"' in sql]
    tournament = [i for i, sql in enumerate(locks) if 'FROM "ladder_tournament" ' in sql]
    assert len(games) >= 3 and tournament, [sql[:160] for sql in locks]
    assert max(games[:3]) < min(tournament)
