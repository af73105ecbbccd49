"""A finished ladder challenge's outcome: stored as a code, read in the reader's language; the
English texts earlier releases stored become codes (migration ladder 0008)."""

from __future__ import annotations

import datetime as dt
import importlib

import pytest
from django.apps import apps
from django.urls import reverse

from ladder.ladders.models import (
    LadderChallenge,
    LadderChallengeStatus,
    LadderEntry,
    LadderOutcome,
    LastOutcome,
)
from ladder.ladders.services import ladder_challenge
from tests.ladder.conftest import NOW, resign

pytestmark = pytest.mark.django_db
LATER = NOW + dt.timedelta(hours=1)


@pytest.fixture
def players(user_factory):
    return [user_factory(username=f"p{n}") for n in range(1, 4)]


def _challenge(ladder, challenger, defender) -> LadderChallenge:
    return ladder_challenge(
        ladder_id=ladder.pk, challenger=challenger, defender_id=defender.pk, now=NOW
    )


def test_both_players_read_the_outcome_in_their_own_language(client, ladder_factory, players):
    ladder = ladder_factory(players=players)
    made = _challenge(ladder, players[2], players[1])
    resign(made.game, players[1], LATER)
    made.refresh_from_db()
    assert made.outcome == LadderOutcome.WON
    client.force_login(players[2])
    assert "won by the challenger" in client.get(ladder.get_absolute_url()).text
    client.force_login(players[1])
    page = client.get(ladder.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").text
    assert "vom Herausforderer gewonnen" in page and "won by the challenger" not in page


def test_the_english_texts_stored_before_become_codes(ladder_factory, game_factory, players):
    ladder = ladder_factory(players=players)
    stored = {
        "won on time against p2": LadderOutcome.WON_ON_TIME,
        "won against p2": LadderOutcome.WON,
        "jigo with p2": LadderOutcome.JIGO,
        "lost on time to p2": LadderOutcome.LOST_ON_TIME,
        "lost to p2": LadderOutcome.LOST,
        "annulled with p2": LadderOutcome.ANNULLED,
        "withdrawn": LadderOutcome.WITHDRAWN,
    }
    made = {
        LadderChallenge.objects.create(
            ladder=ladder,
            challenger=players[2],
            defender=players[1],
            game=game_factory(),
            status=LadderChallengeStatus.DONE,
            created=NOW,
            finished=LATER,
            outcome=text,
        ).pk: text
        for text in stored
    }
    migration = importlib.import_module("ladder.migrations.0008_ladder_outcome_codes")
    migration.to_codes(apps, None)
    for pk, text in made.items():
        assert LadderChallenge.objects.get(pk=pk).outcome == stored[text], text


def test_the_ladder_page_links_each_finished_challenge(client, ladder_factory, players):
    ladder = ladder_factory(players=players)
    made = _challenge(ladder, players[2], players[1])
    resign(made.game, players[2], LATER)
    client.force_login(players[1])
    page = client.get(reverse("ladder:detail", args=[ladder.slug])).text
    assert made.game.get_absolute_url() in page and "won by the defender" in page


def test_the_last_result_column_names_the_opponent_in_the_readers_language(
    client, ladder_factory, players
):
    ladder = ladder_factory(players=players)
    made = _challenge(ladder, players[2], players[1])
    resign(made.game, players[1], LATER)
    winner = LadderEntry.objects.get(ladder=ladder, user=players[2])
    assert (winner.last_outcome, winner.last_opponent) == (LastOutcome.WON, players[1])
    assert winner.last_result == "won against p2"  # the API's English text, as before
    client.force_login(players[0])
    page = client.get(ladder.get_absolute_url()).text
    assert "won against p2" in page and "lost to p3" in page
    german = client.get(ladder.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").text
    assert "gewonnen gegen p2" in german and "won against p2" not in german


def test_the_english_last_results_stored_before_name_their_opponent(ladder_factory, players):
    ladder = ladder_factory(players=players)
    texts = {players[0]: "won against p2", players[1]: "jigo with p3", players[2]: "lost to nobody"}
    for user, text in texts.items():
        LadderEntry.objects.filter(ladder=ladder, user=user).update(last_result=text)
    migration = importlib.import_module("ladder.migrations.0009_ladder_last_outcome")
    migration.from_texts(apps, None)
    read = {
        e.user: (e.last_outcome, e.last_opponent) for e in LadderEntry.objects.filter(ladder=ladder)
    }
    assert read[players[0]] == ("won", players[1])
    assert read[players[1]] == ("jigo", players[2])
    assert read[players[2]] == ("", None)  # no such player: the stored text stays as shown
