"""A rules refusal inside a page's sentence: one whole translatable sentence with the reason as
a placeholder (never a bare "%(reason)s." with the capital letter added in code), and a review's
refusal that names nothing internal."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse
from django.utils import timezone

from core.refusals import refusal_of
from games.services import disputes
from rules.review.variations import UnknownNode
from tests.games.helpers import messages_of
from tests.games.positions import counted_square

pytestmark = pytest.mark.django_db


def _board(client, game, confirm: str) -> str:
    page = client.get(reverse("games:board", args=[game.pk]) + f"?confirm={confirm}")
    return html.unescape(page.content.decode())


def test_a_refused_confirmation_names_the_point_and_the_reason(client, game_factory, black):
    game = game_factory(moves=("E5", "D4"))
    client.force_login(black)
    assert "E5 cannot be played: that point is already occupied." in _board(client, game, "E5")
    assert "Nothing can be played there: 'I4': there is no column I on a Go board." in (
        _board(client, game, "I4")
    )


def test_a_refused_marking_names_the_reason(client, black, white):
    game = counted_square(black=black, white=white, now=timezone.now())
    disputes.dispute_open(game_id=game.pk, user=black, now=timezone.now())
    client.force_login(black)
    page = client.get(reverse("games:marking", args=[game.pk]) + "?toggle=Z99")
    said = messages_of(page) or [html.unescape(page.content.decode())]
    assert any("Nothing can be marked there: Z99 is off the 9×9 board." in s for s in said)


def test_an_unknown_review_move_names_no_internal_id():
    message = refusal_of(UnknownNode(4242)).message
    assert "4242" not in message
    assert message.startswith("The move you were looking at is no longer in this review")
