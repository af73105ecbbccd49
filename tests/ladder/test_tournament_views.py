"""Tournament pages: the lists, the create form (odd input answers 4xx), the buttons, the
detail page's standings, cross table and bracket, and its query count."""

from __future__ import annotations

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ladder.tournaments.models import Tournament, TournamentPairing, TournamentStatus

from .conftest import finish

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def players(user_factory):
    return [user_factory(username=f"v{i}") for i in range(1, 9)]


FORM = {
    "name": "Winter Swiss",
    "description": "Four rounds.",
    "format": "swiss",
    "game": "square-9",
    "clock_days": "3",
    "rated": "on",
    "rounds": "4",
    "mcmahon_bar": "1d",
    "mcmahon_floor": "20k",
    "handicap_rule": "none",
    "player_limit": "8",
    "rank_min": "",
    "rank_max": "",
}


def test_a_player_creates_a_tournament_and_others_join_and_leave(client, players):
    client.force_login(players[0])
    response = client.post(reverse("tournament:new"), FORM)
    tournament = Tournament.objects.get()
    assert response.status_code == 302 and response["Location"] == tournament.get_absolute_url()
    assert tournament.organiser == players[0] and tournament.board_size == 9
    assert tournament.rounds == 4 and tournament.clock_days == 3
    client.force_login(players[1])
    client.post(reverse("tournament:join", args=[tournament.pk]))
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "You are registered." in page and "v2" in page
    client.post(reverse("tournament:leave", args=[tournament.pk]))
    assert not tournament.players.exists()


def test_the_list_shows_open_running_and_finished(client, tournament_factory, players):
    tournament_factory(name="Open one", players=players[:2])
    tournament_factory(name="Running one", players=players[:2], start=True)
    page = client.get(reverse("tournament:list")).content.decode()
    assert page.index("Open one") < page.index("Running one")
    assert "No tournament has finished yet." in page


def test_anonymous_visitors_read_but_cannot_act(client, tournament_factory, players):
    t = tournament_factory(players=players[:2])
    assert client.get(t.get_absolute_url()).status_code == 200
    response = client.post(reverse("tournament:join", args=[t.pk]))
    assert response.status_code == 302 and "login" in response["Location"]
    assert client.get(reverse("tournament:new")).status_code == 302


@pytest.mark.parametrize(
    "change",
    [
        {"name": "\x00bad"},
        {"name": ""},
        {"format": "chess"},
        {"rounds": "99999999999999999999"},
        {"player_limit": "1"},
        {"mcmahon_bar": "99d", "format": "mcmahon"},
        {"rank_min": "1d", "rank_max": "20k"},
        {"game": "hex-99"},
        {"handicap_rule": "mcmahon"},
        {"rounds": ""},
        {"format": "round_robin", "player_limit": "31"},
    ],
)
def test_odd_input_to_the_create_form_is_a_400_with_a_message(client, players, change):
    client.force_login(players[0])
    response = client.post(reverse("tournament:new"), {**FORM, **change})
    assert response.status_code == 400
    assert b"errorlist" in response.content
    assert not Tournament.objects.exists()


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=st.text(max_size=90))
def test_any_name_is_a_tournament_or_a_400(client, players, text):
    client.force_login(players[0])
    response = client.post(reverse("tournament:new"), {**FORM, "name": text})
    assert response.status_code in (302, 400)
    Tournament.objects.all().delete()


def test_odd_ids_are_404s_and_gets_on_buttons_405s(client, tournament_factory, players):
    t = tournament_factory(players=players[:2])
    client.force_login(players[0])
    assert client.get("/tournaments/99999999999999999999999/").status_code == 404
    assert client.get(reverse("tournament:join", args=[t.pk])).status_code == 405
    huge = f"/tournaments/{t.pk}/disqualify/99999999999999999999999/"
    assert client.post(huge).status_code == 302  # refused with a message, not a 500


def test_only_the_organiser_starts_and_disqualifies(client, tournament_factory, players):
    t = tournament_factory(players=players[:4], organiser=players[7])
    client.force_login(players[0])
    client.post(reverse("tournament:start", args=[t.pk]))
    t.refresh_from_db()
    assert t.status == TournamentStatus.OPEN
    client.force_login(players[7])
    client.post(reverse("tournament:start", args=[t.pk]))
    t.refresh_from_db()
    assert t.status == TournamentStatus.RUNNING
    victim = t.players.get(user=players[1])
    client.post(reverse("tournament:disqualify", args=[t.pk, victim.pk]))
    victim.refresh_from_db()
    assert victim.status == "disqualified"
    page = client.get(t.get_absolute_url()).content.decode()
    assert "disqualified" in page


def test_the_detail_page_shows_standings_cross_table_and_rounds(
    client, tournament_factory, players
):
    t = tournament_factory(players=players[:4], fmt="swiss", rounds=2, start=True)
    for p in TournamentPairing.objects.filter(tournament=t, round=1):
        finish(p, winner=p.black)
    page = client.get(t.get_absolute_url()).content.decode()
    assert 'id="standings"' in page and "Standings after round 1" in page
    assert "Round 2" in page and "playing" in page
    assert "+/b" in page and "-/w" in page


def test_the_detail_page_costs_few_queries(
    client, tournament_factory, user_factory, django_assert_max_num_queries
):
    many = [user_factory() for _ in range(24)]
    t = tournament_factory(players=many, fmt="mcmahon", rounds=3, start=True)
    for p in TournamentPairing.objects.filter(tournament=t, round=1):
        finish(p, winner=p.white)
    client.force_login(many[0])
    # Session and user, tournament, entries, pairings: the same for 24 players or 500.
    with django_assert_max_num_queries(8):
        assert client.get(t.get_absolute_url()).status_code == 200


def test_a_knockout_page_draws_its_bracket(client, tournament_factory, players):
    t = tournament_factory(players=players[:6], fmt="double_elim", start=True)
    page = client.get(t.get_absolute_url()).content.decode()
    assert 'id="bracket"' in page and "Winners&#x27; final" in page and "Grand final" in page
    assert "Losers&#x27; round 2" in page  # round 1 of the losers is all byes with 6 players
    assert page.count('class="bracket-match') >= 9


def test_staff_read_tournaments_and_pairings_in_the_admin(client, tournament_factory, players):
    t = tournament_factory(players=players[:2], start=True)
    staff = players[7]
    staff.is_staff = staff.is_superuser = True
    staff.save()
    client.force_login(staff)
    assert client.get("/admin/ladder/tournament/").status_code == 200
    assert client.get(f"/admin/ladder/tournament/{t.pk}/change/").status_code == 200
    assert client.get("/admin/ladder/tournamentpairing/").status_code == 200
    assert client.get("/admin/ladder/tournament/add/").status_code == 403


def test_a_tournament_game_links_to_its_tournament(client, tournament_factory, players):
    t = tournament_factory(players=players[:2], start=True)
    pairing = TournamentPairing.objects.get(tournament=t)
    page = client.get(pairing.game.get_absolute_url()).content.decode()
    assert f'A game of the tournament <a href="{t.get_absolute_url()}">Spring cup</a>' in page
    assert "round 1" in page


def test_a_private_game_is_named_and_linked_only_to_its_players(
    client, tournament_factory, players
):
    from games.models import Game

    t = tournament_factory(players=players[:4], fmt="swiss", rounds=2, start=True)
    hidden, shown = TournamentPairing.objects.filter(tournament=t, round=1).order_by("board")
    Game.objects.filter(pk=hidden.game_id).update(public=False)
    for p in (hidden, shown):
        finish(p, winner=p.black)
    hidden_game, shown_game = (Game.objects.get(pk=p.game_id) for p in (hidden, shown))
    link = f"/games/{hidden_game.pk}/"

    page = client.get(t.get_absolute_url()).content.decode()  # not logged in
    assert link not in page and "(a private game)" in page
    assert f"/games/{shown_game.pk}/" in page  # the public one stays linked
    assert "+/b" in page and "-/w" in page  # the private game's outcome still counts
    client.force_login(players[5])  # another player
    assert link not in client.get(t.get_absolute_url()).content.decode()
    client.force_login(hidden.black)  # one of its players
    page = client.get(t.get_absolute_url()).content.decode()
    assert link in page and hidden_game.result in page


def test_a_finished_tournament_names_its_winner(client, tournament_factory, players):
    from ladder.tournaments.advance import tournament_advance

    from .conftest import NOW

    t = tournament_factory(players=players[:2], start=True)
    (pairing,) = TournamentPairing.objects.filter(tournament=t, game__isnull=False)
    finish(pairing, winner=pairing.white)
    tournament_advance(tournament_id=t.pk, now=NOW)  # as the task queued after commit does
    page = client.get(t.get_absolute_url()).content.decode()
    assert "Winner:" in page and pairing.white.username in page.split("Winner:")[1][:400]


def test_a_running_knockout_lists_its_players_by_seed(client, tournament_factory, players):
    import re

    t = tournament_factory(players=players[:8], fmt="double_elim", start=True)
    for p in TournamentPairing.objects.filter(tournament=t, round=1):
        finish(p, winner=p.white)  # the higher seeds go through
    losers_first = TournamentPairing.objects.filter(tournament=t, match__startswith="L1.")
    assert losers_first.count() == 2
    for p in losers_first:
        finish(p, winner=p.black)  # the lower seeds survive: seeds 5 and 6 are out, placed
    page = client.get(t.get_absolute_url()).content.decode()
    table = page.split("<h2>Players</h2>")[1]
    seeds = [int(s) for s in re.findall(r'<td class="wide-only">(\d+)</td>', table)]
    assert seeds == sorted(seeds) and len(seeds) == 8


def test_the_status_page_names_a_game_s_tournament_round_or_ladder(
    client, tournament_factory, ladder_factory, players
):
    from ladder.services.ladders import ladder_challenge

    from .conftest import NOW

    tournament_factory(players=players[:2], start=True, name="Spring cup")
    ladder = ladder_factory(players=players[:2], name="Go 9x9 ladder")
    ladder_challenge(ladder_id=ladder.pk, challenger=players[1], defender_id=players[0].pk, now=NOW)
    client.force_login(players[0])
    page = client.get(reverse("games:status")).content.decode()
    assert page.count("Spring cup, round 1") == 1 and page.count("Go 9x9 ladder") == 1
