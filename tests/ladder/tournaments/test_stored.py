"""Stored standings (ladder.tournaments.stored, issue 43): the lines kept in TournamentStanding
equal the standings computed from the rows after every result, withdrawal, disqualification,
correction and annulled game, in round robins, Swiss and McMahon tournaments; knockouts keep
none; the migration fills them; the tournament page and the API read them in a number of
queries that does not grow with the players."""

from __future__ import annotations

import importlib
import random

import pytest
from django.apps import apps
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.api.tokens import api_token_create
from accounts.moderation.models import GamesChoice, SanctionKind
from accounts.moderation.services import sanction_take
from games.services.corrections import result_correct
from ladder.ratings.services import rating_declare
from ladder.tournaments import crosstable, selectors, services, views
from ladder.tournaments.models import TournamentPairing, TournamentStanding, TournamentStatus
from ladder.tournaments.stored import standings_refresh
from tests.ladder.conftest import NOW, finish

# Real commits, so the outbox runs the advance task (the next round) after each game.
pytestmark = pytest.mark.django_db(transaction=True)

RANKS = ("3d", "1d", "2k", "5k", "9k", "15k", "1k", "4k")


def computed(tournament) -> list[tuple]:
    """The standings computed from the rows, as the stored lines hold them."""
    tournament.refresh_from_db()
    rows, complete = crosstable.standings_rows(
        tournament=tournament,
        entries=selectors.tournament_entries(tournament=tournament),
        pairings=selectors.tournament_pairings(tournament=tournament),
        cells=False,
    )
    return [
        (n, r.entry.pk, r.place, r.score, r.sos, r.sodos, r.sosos, max(complete, 0))
        for n, r in enumerate(rows, start=1)
    ]


def stored(tournament) -> list[tuple]:
    lines = TournamentStanding.objects.filter(tournament=tournament).order_by("line")
    return [
        (s.line, s.entry_id, s.place, s.score, s.sos, s.sodos, s.sosos, s.counted) for s in lines
    ]


def assert_stored_is_computed(tournament) -> None:
    expected = computed(tournament)
    assert expected and stored(tournament) == expected


def running(tournament) -> list[TournamentPairing]:
    return list(
        TournamentPairing.objects.filter(tournament=tournament, game__isnull=False, outcome="")
        .select_related("game", "black", "white")
        .order_by("round", "board")
    )


def ranked_players(user_factory, count: int) -> list:
    people = []
    for n in range(count):
        user = user_factory(username=f"s{n}")
        rating_declare(user=user, family="square", rank=RANKS[n % len(RANKS)])
        people.append(user)
    return people


@pytest.mark.parametrize("fmt", ["round_robin", "swiss", "mcmahon"])
def test_the_stored_standings_follow_every_result_withdrawal_and_correction(
    fmt, tournament_factory, user_factory
):
    people = ranked_players(user_factory, 7)  # odd: byes
    options = {"mcmahon_bar": "1d", "mcmahon_floor": "10k"} if fmt == "mcmahon" else {}
    t = tournament_factory(players=people, fmt=fmt, start=True, **options)
    assert_stored_is_computed(t)
    rng = random.Random(fmt)
    staff = user_factory(username="staff", is_staff=True)
    played = 0
    while games := running(t):
        pairing = games[0]
        finish(pairing, winner=rng.choice((pairing.black, pairing.white)))
        played += 1
        assert_stored_is_computed(t)
        if played == 2:  # a player withdraws: their running games are resigned
            services.tournament_withdraw(tournament_id=t.pk, user=people[3], now=NOW)
            assert_stored_is_computed(t)
        if played == 4:  # a jigo, by correction, of a game already counted
            result_correct(game_id=pairing.game_id, staff=staff, now=NOW, note="a jigo", result="0")
            assert_stored_is_computed(t)
        if played == 5:  # a disqualified player's line goes last, without a place
            services.tournament_disqualify(
                tournament_id=t.pk, organiser=t.organiser, player_id=_entry_pk(t, people[5]),
                now=NOW,
            )  # fmt: skip
            assert_stored_is_computed(t)
            assert stored(t)[-1][1:3] == (_entry_pk(t, people[5]), None)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    assert_stored_is_computed(t)


def _entry_pk(tournament, user) -> int:
    return tournament.players.get(user=user).pk


def test_an_annulled_game_is_stored_as_the_banned_players_forfeit(tournament_factory, user_factory):
    people = [user_factory(username=f"a{i}") for i in range(1, 7)]
    t = tournament_factory(players=people, fmt="swiss", start=True)
    for pairing in running(t)[1:]:
        finish(pairing, winner=pairing.white)
    banned = running(t)[0].black
    judge = user_factory(username="judge", is_staff=True)
    sanction_take(
        moderator=judge, user=banned, kind=SanctionKind.BAN, reason="Cheating.", now=NOW,
        games=GamesChoice.ANNUL,
    )  # fmt: skip
    assert_stored_is_computed(t)
    lines = {entry: score for _, entry, _, score, *_ in stored(t)}
    assert lines[_entry_pk(t, banned)] == 0  # round 1 counted: the forfeit is a loss
    assert sum(lines.values()) == 3


def test_a_knockout_stores_no_lines(tournament_factory, user_factory):
    people = [user_factory(username=f"k{i}") for i in range(1, 5)]
    t = tournament_factory(players=people, fmt="single_elim", start=True)
    finish(running(t)[0], winner=running(t)[0].white)
    assert not TournamentStanding.objects.filter(tournament=t).exists()
    assert standings_refresh(tournament=t) == 0


def test_a_refresh_that_changes_nothing_writes_nothing(tournament_factory, user_factory):
    t = tournament_factory(players=ranked_players(user_factory, 4), fmt="swiss", start=True)
    before = list(TournamentStanding.objects.filter(tournament=t).values_list("pk", flat=True))
    assert standings_refresh(tournament=t) == 0
    finish(running(t)[0], winner=running(t)[0].black)  # the round is not complete: no change
    assert list(TournamentStanding.objects.filter(tournament=t).values_list("pk", flat=True)) == (
        before
    )
    with CaptureQueriesContext(connection) as seen:  # a result of a round still being played
        assert standings_refresh(tournament=t, result_round=1) == 0
    assert len(seen) == 1  # whether the round has games left, and nothing more


def test_the_migration_fills_the_lines_of_running_and_finished_tournaments(
    tournament_factory, user_factory
):
    t = tournament_factory(players=ranked_players(user_factory, 5), fmt="swiss", start=True)
    finish(running(t)[0], winner=running(t)[0].black)
    expected = stored(t)
    TournamentStanding.objects.all().delete()
    migration = importlib.import_module("ladder.migrations.0007_tournament_standings")
    migration.fill(apps, None)
    assert stored(t) == expected == computed(t)


def _bearer(user) -> dict[str, str]:
    _, raw = api_token_create(user=user, name="bot", scope="read", now=timezone.now())
    return {"Authorization": f"Bearer {raw}"}


def _page_queries(client, url: str, headers: dict | None = None) -> int:
    with CaptureQueriesContext(connection) as seen:
        assert client.get(url, headers=headers or {}).status_code == 200
    return len(seen)


def _mcmahon_after_a_round(tournament_factory, user_factory, count: int, prefix: str):
    people = [user_factory(username=f"{prefix}{n}") for n in range(count)]
    t = tournament_factory(
        players=people, fmt="mcmahon", start=True, mcmahon_bar="1d", mcmahon_floor="10k",
        player_limit=count + 2,
    )  # fmt: skip
    for pairing in running(t):
        finish(pairing, winner=pairing.black)
    return t, people


def test_the_mcmahon_page_and_api_cost_the_same_queries_for_more_players(
    client, tournament_factory, user_factory, monkeypatch
):
    monkeypatch.setattr(views, "STANDINGS_PAGE", 4)  # several pages at both sizes
    small, few = _mcmahon_after_a_round(tournament_factory, user_factory, 10, "f")
    big, many = _mcmahon_after_a_round(tournament_factory, user_factory, 30, "m")
    for suffix in ("", "?page=2", "?page=999"):
        assert _page_queries(client, small.get_absolute_url() + suffix) == _page_queries(
            client, big.get_absolute_url() + suffix
        )
    client.force_login(few[-1])
    client.get("/")  # the session's first request records it (allauth's user sessions)
    mine = _page_queries(client, small.get_absolute_url())
    client.force_login(many[-1])
    client.get("/")
    assert _page_queries(client, big.get_absolute_url()) == mine
    bearer = _bearer(few[0])
    client.get("/api/v1/me", headers=bearer)  # a token's first use is written down
    for suffix in ("", "?page=2&page_size=4"):
        assert _page_queries(client, f"/api/v1/tournaments/{small.pk}{suffix}", bearer) == (
            _page_queries(client, f"/api/v1/tournaments/{big.pk}{suffix}", bearer)
        )


def test_the_page_and_the_api_show_the_stored_lines(client, tournament_factory, user_factory):
    t, people = _mcmahon_after_a_round(tournament_factory, user_factory, 6, "p")
    bearer = _bearer(people[0])
    body = client.get(f"/api/v1/tournaments/{t.pk}", headers=bearer).json()
    lines = computed(t)
    assert body["count"] == 6 and len(body["pairings"]) == len(TournamentPairing.objects.all())
    assert [
        (s["place"], s["score"], s["sos"], s["sodos"], s["sosos"]) for s in body["standings"]
    ] == [line[2:7] for line in lines]
    page = client.get(f"/api/v1/tournaments/{t.pk}?page=2&page_size=2", headers=bearer).json()
    assert [s["score"] for s in page["standings"]] == [line[3] for line in lines[2:4]]
    assert client.get(t.get_absolute_url()).status_code == 200
