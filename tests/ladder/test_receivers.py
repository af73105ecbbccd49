"""The ladder's receivers: a ladder or tournament saved (renamed in the admin) renews the status
stamps of its players, so that no kept status page goes on naming it as it was."""

from __future__ import annotations

import pytest
from django.urls import reverse

from core.http_cache.stamps import status_stamp_get
from ladder.ladders.services import ladder_challenge
from ladder.tournaments.models import TournamentPairing
from tests.games.conftest import NOW

pytestmark = pytest.mark.django_db


def test_a_tournament_renamed_shows_its_new_name_on_its_players_status_pages(
    client, tournament_factory, user_factory, django_capture_on_commit_callbacks
):
    alice, bob = user_factory(username="alice"), user_factory(username="bob")
    tournament = tournament_factory(players=(alice, bob), start=True)
    assert TournamentPairing.objects.filter(tournament=tournament, game__isnull=False).exists()
    client.force_login(alice)
    assert b"Spring cup" in client.get(reverse("games:status")).content  # drawn, now kept
    stamps = [status_stamp_get(user_id=u.pk) for u in (alice, bob)]
    with django_capture_on_commit_callbacks(execute=True):
        tournament.name = "Autumn cup"
        tournament.save()
    assert all(
        status_stamp_get(user_id=u.pk) != stamp
        for u, stamp in zip((alice, bob), stamps, strict=True)
    )
    page = client.get(reverse("games:status")).content
    assert b"Autumn cup" in page and b"Spring cup" not in page


def test_a_ladder_renamed_renews_the_stamps_of_the_players_of_its_games_only(
    ladder_factory, user_factory, django_capture_on_commit_callbacks
):
    carol, dave, erin = (user_factory(username=n) for n in ("carol", "dave", "erin"))
    ladder = ladder_factory(players=(carol, dave))
    ladder_challenge(ladder_id=ladder.pk, challenger=dave, defender_id=carol.pk, now=NOW)
    stamps = {u.pk: status_stamp_get(user_id=u.pk) for u in (carol, dave, erin)}
    with django_capture_on_commit_callbacks(execute=True):
        ladder.name = "Go 9x9 open"
        ladder.save()
    renewed = {uid for uid, stamp in stamps.items() if status_stamp_get(user_id=uid) != stamp}
    assert renewed == {carol.pk, dave.pk}
