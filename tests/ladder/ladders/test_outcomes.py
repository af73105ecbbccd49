"""A finished ladder challenge's outcome: stored as a code, read in the reader's language; the
English texts earlier releases stored become codes (migration ladder 0008)."""

from __future__ import annotations

import datetime as dt
import importlib

import pytest
from django.apps import apps
from django.urls import reverse

from ladder.ladders.models import LadderChallenge, LadderChallengeStatus, LadderOutcome
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
