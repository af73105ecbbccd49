"""Tournament pages: the lists, the create form (odd input answers 4xx), the buttons, the
detail page's standings, cross table and bracket, and its query count."""

from __future__ import annotations

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ladder.tournaments.models import Tournament, TournamentPairing, TournamentStatus
from messaging.notifications.models import Notification
from tests.ladder.conftest import finish

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def players(user_factory):
    return [user_factory(username=f"v{i}") for i in range(1, 9)]


FORM = {
    "name": "Winter Swiss",
    "description": "Four rounds.",
    "format": "swiss",
    "game": "square-9",
    "clock_kind": "per_move",
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


def test_a_tournament_offers_every_game_setting(client, players):
    client.force_login(players[0])
    page = client.get(reverse("tournament:new")).content.decode()
    for name in ("ruleset", "komi", "clock_kind", "clock_periods", "clock_period_moves",
                 "clock_period_days", "clock_increment_days", "weekend_pause"):  # fmt: skip
        assert f'name="{name}"' in page
    assert 'name="handicap"' not in page  # handicaps come from the McMahon rule
    assert 'data-formats="mcmahon"' in page and "new_game.js" in page
    form = {
        **FORM,
        "ruleset": "go-territory",
        "komi": "5.5",
        "clock_kind": "japanese",
        "clock_days": "14",
        "clock_periods": "5",
        "clock_period_days": "1",
        "weekend_pause": "on",
        "handicap_rule": "mcmahon",  # hidden for a Swiss: ignored
    }
    assert client.post(reverse("tournament:new"), form).status_code == 302
    t = Tournament.objects.get()
    assert (t.ruleset, str(t.komi), t.clock_kind, t.clock_days) == (
        "go-territory",
        "5.5",
        "japanese",
        14,
    )
    assert (t.clock_periods, t.clock_period_days, t.weekend_pause) == (5, 1, True)
    assert t.handicap_rule == "none"
    assert (
        "14 d + 5 × 1 d byo-yomi, weekends free"
        in client.get(t.get_absolute_url()).content.decode()
    )


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
        {"handicap_rule": "stones", "format": "mcmahon"},
        {"clock_kind": "japanese", "clock_days": "7"},  # no periods chosen
        {"clock_kind": "canadian", "clock_days": "7", "clock_period_moves": "10"},
        {"clock_kind": "hourglass"},
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
    client.post(reverse("tournament:disqualify", args=[t.pk, victim.pk]), {"confirm": "yes"})
    victim.refresh_from_db()
    assert victim.status == "disqualified"
    page = client.get(t.get_absolute_url()).content.decode()
    assert "disqualified" in page


def test_the_organiser_playing_has_no_disqualify_button_on_their_own_row(
    client, tournament_factory, players
):
    t = tournament_factory(players=players[:3], organiser=players[0], start=True)
    client.force_login(players[0])
    page = client.get(t.get_absolute_url()).text
    own = t.players.get(user=players[0])
    others = t.players.exclude(user=players[0])
    assert reverse("tournament:disqualify", args=[t.pk, own.pk]) not in page
    for entry in others:
        assert reverse("tournament:disqualify", args=[t.pk, entry.pk]) in page
    response = client.post(reverse("tournament:disqualify", args=[t.pk, own.pk]), follow=True)
    assert "cannot disqualify yourself" in response.text
    own.refresh_from_db()
    assert own.status == "active"


def test_withdrawing_asks_first_naming_the_games_it_resigns(client, tournament_factory, players):
    t = tournament_factory(players=players[:4], start=True)
    client.force_login(players[1])
    asked = client.post(reverse("tournament:withdraw", args=[t.pk]))
    assert asked.status_code == 200
    assert "Withdraw from Spring cup?" in asked.text
    assert "Your 3 running games in it will be resigned" in asked.text
    assert t.players.get(user=players[1]).status == "active"
    client.post(reverse("tournament:withdraw", args=[t.pk]), {"confirm": "yes"})
    assert t.players.get(user=players[1]).status == "withdrawn"


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


def test_a_swiss_lists_one_round_at_a_time_with_links_to_the_others(
    client, tournament_factory, players
):
    """Paired round by round, the page lists the latest round's games (the cross table holds
    every result); `?round=` lists another, and a round that is not one lists the latest."""
    t = tournament_factory(players=players[:4], fmt="swiss", rounds=3, start=True)
    first = list(TournamentPairing.objects.filter(tournament=t, round=1))
    for p in first:
        finish(p, winner=p.black)
    url = t.get_absolute_url()
    page = client.get(url)
    assert page.context["round_links"] == [1, 2] and page.context["round_shown"] == 2
    assert [number for number, _ in page.context["rounds"]] == [2]
    html = page.content.decode()
    assert '<a href="?round=1#rounds">Round 1</a>' in html  # back at the list, not the top
    assert '<span class="current" id="round-2" aria-current="page">Round 2</span>' in html
    # The shown round is named once, by its marked link, which labels its list of games.
    rounds_part = html.split('id="rounds"')[1]
    assert rounds_part.count(">Round 2<") == 1 and "<h3" not in rounds_part
    assert '<section class="card round" aria-labelledby="round-2">' in rounds_part
    earlier = client.get(url, {"round": "1"}).content.decode()
    assert f"/games/{first[0].game_id}/" in earlier.split('id="round-1"')[1]
    for odd in ("9", "0", "-1", "x", "1" * 30, "２"):
        assert client.get(url, {"round": odd}).context["round_shown"] == 2
    # With a page of the standings chosen, the round links keep it (and the other way).
    assert 'href="?page=1&amp;round=1#rounds"' in client.get(url, {"page": "1"}).content.decode()


def test_a_swiss_s_only_round_so_far_is_named_by_its_heading(client, tournament_factory, players):
    """No links while round 1 is the only one: a heading names its list, once."""
    t = tournament_factory(players=players[:4], fmt="swiss", rounds=3, start=True)
    html = client.get(t.get_absolute_url()).content.decode()
    rounds_part = html.split('id="rounds"')[1]
    assert 'class="round-links"' not in rounds_part
    assert rounds_part.count(">Round 1<") == 1
    heading = '<h3 id="round-1">Round 1</h3>'
    assert f'<section class="card round" aria-labelledby="round-1">{heading}' in rounds_part


def test_a_round_robin_lists_every_round_at_once(client, tournament_factory, players):
    t = tournament_factory(players=players[:4], fmt="round_robin", start=True)
    page = client.get(t.get_absolute_url())
    assert [number for number, _ in page.context["rounds"]] == [1, 2, 3]
    html = page.content.decode()
    assert page.context["round_links"] == [] and 'class="round-links"' not in html
    # Each round keeps its own heading (the summary of its foldable card).
    for number in (1, 2, 3):
        assert html.count(f"<summary>Round {number}</summary>") == 1


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
    url = f"{t.get_absolute_url()}?round=1"  # round 2 is listed by default

    page = client.get(url).content.decode()  # not logged in
    assert link not in page and "(a private game)" in page
    assert f"/games/{shown_game.pk}/" in page  # the public one stays linked
    assert "+/b" in page and "-/w" in page  # the private game's outcome still counts
    client.force_login(players[5])  # another player
    assert link not in client.get(url).content.decode()
    client.force_login(hidden.black)  # one of its players
    page = client.get(url).content.decode()
    assert link in page and hidden_game.result in page


def test_a_finished_tournament_names_its_winner(client, tournament_factory, players):
    from ladder.tournaments.advance import tournament_advance
    from tests.ladder.conftest import NOW

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
    from ladder.ladders.services import ladder_challenge
    from tests.ladder.conftest import NOW

    tournament_factory(players=players[:2], start=True, name="Spring cup")
    ladder = ladder_factory(players=players[:2], name="Go 9x9 ladder")
    ladder_challenge(ladder_id=ladder.pk, challenger=players[1], defender_id=players[0].pk, now=NOW)
    client.force_login(players[0])
    page = client.get(reverse("games:status")).content.decode()
    assert page.count("Spring cup, round 1") == 1 and page.count("Go 9x9 ladder") == 1


def test_the_page_says_what_happens_next_and_shows_the_round_being_played(
    client, tournament_factory, players
):
    t = tournament_factory(players=players[:4], fmt="swiss", rounds=3, start=True)
    page = client.get(t.get_absolute_url()).content.decode()
    assert "Standings (no round has finished yet)" in page and "after round 0" not in page
    assert "Round 1 of 3 is being played: 2 games still running." in page
    assert "Round 2 is paired as soon as they all end" in page
    assert 'title="Round 1">R1</th>' in page and "?/b" in page  # the running round, "?"
    assert f'href="/players/{players[0].username}/"' in page.split('<h2 id="rounds">Rounds</h2>')[1]
    for p in TournamentPairing.objects.filter(tournament=t, round=1):
        finish(p, winner=p.black)
    page = client.get(t.get_absolute_url()).content.decode()
    assert "Standings after round 1" in page and ">R2</th>" in page
    assert "Round 2 of 3 is being played" in page


def test_taking_the_last_place_says_the_tournament_started(client, tournament_factory, players):
    t = tournament_factory(players=players[:1], player_limit=2, start_when_full=True)
    page = client.get(t.get_absolute_url()).content.decode()
    assert "1 of 2 places taken" in page and "as soon as the last place is taken" in page
    client.force_login(players[1])
    response = client.post(reverse("tournament:join", args=[t.pk]), follow=True)
    assert "You took the last place, so the tournament has started" in response.text
    assert "You are registered." not in response.text


def test_the_organiser_joins_at_creation_then_changes_or_cancels_before_the_start(
    client, players, django_capture_on_commit_callbacks
):
    client.force_login(players[0])
    client.post(reverse("tournament:new"), {**FORM, "join": "on"})
    t = Tournament.objects.get()
    assert t.players.filter(user=players[0]).exists()
    client.force_login(players[1])
    client.post(reverse("tournament:join", args=[t.pk]))
    # Only the organiser may change it.
    assert client.post(reverse("tournament:edit", args=[t.pk]), FORM).status_code == 302
    client.force_login(players[0])
    page = client.get(t.get_absolute_url()).text
    assert reverse("tournament:edit", args=[t.pk]) in page and "Cancel the tournament" in page
    form = client.get(reverse("tournament:edit", args=[t.pk]))
    assert form.status_code == 200 and 'value="Winter Swiss"' in form.text
    changed = {**FORM, "clock_kind": "fischer", "clock_increment_days": "1", "clock_cap_days": "7"}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("tournament:edit", args=[t.pk]), changed)
    assert response.status_code == 302
    t.refresh_from_db()
    assert (t.clock_kind, t.clock_increment_days) == ("fischer", 1)
    assert Notification.objects.filter(
        user=players[1], key__startswith="tournament_changed"
    ).exists()
    too_small = {**FORM, "player_limit": "1"}
    assert client.post(reverse("tournament:edit", args=[t.pk]), too_small).status_code == 400
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("tournament:cancel", args=[t.pk]), {"confirm": "yes"})
    assert response.url == reverse("tournament:list")
    assert not Tournament.objects.exists()
    told = Notification.objects.get(user=players[1], key__startswith="tournament_cancelled")
    assert "cancelled Winter Swiss" in told.text


def test_a_started_tournament_cannot_be_changed_or_cancelled(client, tournament_factory, players):
    t = tournament_factory(players=players[:2], start=True)
    client.force_login(t.organiser)
    response = client.post(reverse("tournament:cancel", args=[t.pk]), follow=True)
    assert "can no longer be changed or cancelled" in response.text
    assert Tournament.objects.filter(pk=t.pk).exists()


def test_joining_offers_to_declare_a_strength_in_the_tournaments_family(
    client, tournament_factory, players
):
    t = tournament_factory(players=players[:1])
    client.force_login(players[1])
    page = client.get(t.get_absolute_url()).text
    assert "Declare your Go strength" in page
    assert "?family=square&amp;next=" in page
    declare = reverse("ladder:rating_declare")
    response = client.post(
        declare, {"family": "square", "rank": "5k", "next": t.get_absolute_url()}
    )
    assert response.url == t.get_absolute_url()
    evil = client.post(declare, {"family": "hex", "rank": "5k", "next": "https://evil.example/"})
    assert evil.url.startswith("/players/")


@pytest.mark.parametrize(
    ("language", "heading", "running", "tie_breaks"),
    [
        ("ja", '<h2 id="rounds">各回戦</h2>', ">対局中</a>", "SOS"),
        ("de", '<h2 id="rounds">Runden</h2>', ">spielt</a>", "(Summe der Punkte der Gegner)"),
    ],
)
def test_the_tournament_page_speaks_the_players_language(
    client, tournament_factory, players, language, heading, running, tie_breaks
):
    t = tournament_factory(players=players[:4], fmt="swiss", start=True)
    client.force_login(players[0])
    page = client.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).text
    assert heading in page  # the list of rounds, not "number of rounds" (回戦数)
    assert running in page and ">playing</a>" not in page
    assert tie_breaks in page and "Punkteder" not in page


def test_a_standings_page_reads_its_lines_by_number_not_past_an_offset(
    client, tournament_factory, user_factory
):
    """A page of the standings (and of the API's) reads the lines it shows by the (tournament,
    line) index: an OFFSET read every line above the last page's (a 1,000-player McMahon's
    last page: 5 ms of its 6 in the database)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from ladder.tournaments.crosstable import standing_lines_of

    many = [user_factory(username=f"o{i:03}") for i in range(56)]
    t = tournament_factory(players=many, fmt="mcmahon", rounds=2, start=True)
    with CaptureQueriesContext(connection) as captured:
        rows = client.get(t.get_absolute_url(), {"page": "2"}).context["rows"]
        lines = standing_lines_of(tournament=t, bounds=(50, 52))
    assert [row.line for row in rows] == list(range(51, 57))
    assert [line.user_id for line in lines] == [row.entry.user_id for row in rows[:3]]
    read = [
        q["sql"] for q in captured.captured_queries if '"ladder_tournamentstanding"' in q["sql"]
    ]
    assert read and not any("OFFSET" in sql for sql in read), read


@pytest.mark.parametrize("size", [56, 120])
def test_a_big_tournament_s_standings_and_cross_table_come_in_pages(
    client, tournament_factory, user_factory, size, django_assert_max_num_queries
):
    """Pages of STANDINGS_PAGE lines (links that work without JavaScript), a player first sees
    their own line's page, the cross table names opponents by their line in the whole
    standings, and the rounds list only the games of the page's players. The same
    statements for 56 players or 120."""
    from ladder.tournaments.views import STANDINGS_PAGE

    many = [user_factory(username=f"s{i:03}") for i in range(size)]
    t = tournament_factory(players=many, fmt="mcmahon", rounds=3, start=True)
    for p in TournamentPairing.objects.filter(tournament=t, round=1).exclude(white=None):
        finish(p, winner=p.black)
    url = t.get_absolute_url()
    with django_assert_max_num_queries(8):
        first = client.get(url).content.decode()
    assert first.count('<td class="cross">') == STANDINGS_PAGE * 2  # rounds 1 and 2
    pages = -(-size // STANDINGS_PAGE)
    assert f"Page 1 of {pages}" in first and '?page=2" rel="next"' in first
    last = client.get(url, {"page": pages}).content.decode()
    shown = size - STANDINGS_PAGE * (pages - 1)
    assert last.count('<td class="cross">') == shown * 2 and 'rel="prev"' in last
    assert "The games of the players on page" in last
    whole = client.get(url, {"page": 1}).context["rows"]
    on_page = {row.entry.user.username for row in whole}
    listed = {name for pairs in client.get(url).context["rounds"] for p in pairs[1]
              for name in (p.black.username, p.white.username if p.white else None)}  # fmt: skip
    assert on_page <= listed and len(listed - on_page - {None}) <= STANDINGS_PAGE * 2
    # Someone on the last page lands there, and their opponents' numbers are their lines.
    lowest = client.get(url, {"page": pages}).context["rows"][-1].entry.user
    client.force_login(lowest)
    mine = client.get(url)
    assert mine.context["page"].number == pages
    cell = mine.context["rows"][-1].cells[0].text
    if cell not in ("bye", "–"):
        line = int(cell.split("+")[0].split("-")[0].split("?")[0])
        assert 1 <= line <= size


def test_cross_cells_name_the_line_the_hash_column_shows_even_where_places_tie(
    client, tournament_factory, user_factory
):
    """After a round of a Swiss, half the players tie on one win: their place is shared,
    their lines are not, and each cell names the line ("#") of the player it was against."""
    import re

    many = [user_factory(username=f"t{i:02}") for i in range(8)]
    t = tournament_factory(players=many, fmt="swiss", rounds=3, start=True)
    for p in TournamentPairing.objects.filter(tournament=t, round=1).exclude(white=None):
        finish(p, winner=p.black)
    rows = client.get(t.get_absolute_url()).context["rows"]
    assert [row.line for row in rows] == list(range(1, 9))
    assert len({row.place for row in rows}) < len(rows)  # places tie
    name_of_line = {row.line: row.entry.user.username for row in rows}
    for pairing in TournamentPairing.objects.filter(tournament=t, round=1).exclude(white=None):
        black, white = pairing.black.username, pairing.white.username
        row = next(r for r in rows if r.entry.user.username == black)
        number = int(re.match(r"(\d+)", row.cells[0].text).group(1))
        assert name_of_line[number] == white
    page = client.get(t.get_absolute_url()).content.decode()
    assert "<th>#</th><th>Place</th>" in page
