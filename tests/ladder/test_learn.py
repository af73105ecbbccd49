"""The ladder's sections of Learn's "This site's rules": ratings, ladders, tournaments, with
the numbers of the modules and model defaults that define them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from ladder.ladders.models import Ladder
from ladder.ratings import glicko2, ranks
from ladder.tournaments.models import Format

pytestmark = pytest.mark.django_db


def test_the_rules_page_shows_the_ladder_sections(client):
    page = client.get(reverse("learn:rules")).content.decode()
    for key in ("ratings", "ladders", "tournaments"):
        assert f'href="#{key}"' in page and f'id="{key}"' in page
    assert f"starts at {round(glicko2.START_RATING)}" in page
    assert f"above {round(glicko2.PROVISIONAL_DEVIATION)} is provisional" in page
    assert f"at a rating of {round(ranks.rating_at(ranks.FIRST_DAN))}" in page
    inactive = Ladder._meta.get_field("inactive_days").default
    assert f"ladder game for {inactive} days" in page
    for _value, label in Format.choices:
        assert f"<li>{label}</li>" in page
