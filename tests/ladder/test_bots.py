"""Bots stay out of ladders and tournaments unless the staff let them in (issue 25): a bot
can neither join nor be challenged, so it never receives a ladder or tournament pairing."""

from __future__ import annotations

import pytest

from games.models import Game
from ladder.ladders.models import LadderEntry
from ladder.ladders.services import LadderRefused, ladder_challenge, ladder_join
from ladder.tournaments.models import TournamentPlayer
from ladder.tournaments.services import TournamentRefused, tournament_join
from tests.games.conftest import NOW


@pytest.fixture
def bot(user_factory):
    return user_factory(username="robot", is_bot=True, bot_engine="badux-easy")


def test_a_bot_cannot_join_a_ladder_nor_be_challenged_in_one(ladder_factory, user_factory, bot):
    player = user_factory()
    ladder = ladder_factory(players=[player])
    with pytest.raises(LadderRefused, match="Bots"):
        ladder_join(ladder_id=ladder.pk, user=bot, now=NOW)
    assert not LadderEntry.objects.filter(user=bot).exists()
    # A bot put in the ladder before it was flagged is not paired either.
    bot.is_bot = False
    bot.save()
    ladder_join(ladder_id=ladder.pk, user=bot, now=NOW)
    bot.is_bot = True
    bot.save()
    with pytest.raises(LadderRefused, match="Bots"):
        ladder_challenge(ladder_id=ladder.pk, challenger=player, defender_id=bot.pk, now=NOW)
    assert not Game.objects.filter(white=bot).exists()


def test_a_bot_the_staff_let_in_joins_and_is_paired(ladder_factory, user_factory, bot):
    bot.bot_competes = True
    bot.save()
    player = user_factory()
    ladder = ladder_factory(players=[player])
    ladder_join(ladder_id=ladder.pk, user=bot, now=NOW)
    ladder_challenge(ladder_id=ladder.pk, challenger=bot, defender_id=player.pk, now=NOW)
    assert Game.objects.filter(black=bot, white=player).exists()


def test_a_bot_cannot_register_for_a_tournament_unless_let_in(
    tournament_factory, user_factory, bot
):
    tournament = tournament_factory(players=[user_factory(), user_factory()])
    with pytest.raises(TournamentRefused, match="Bots"):
        tournament_join(tournament_id=tournament.pk, user=bot, now=NOW)
    assert not TournamentPlayer.objects.filter(user=bot).exists()
    bot.bot_competes = True
    bot.save()
    tournament_join(tournament_id=tournament.pk, user=bot, now=NOW)
    assert TournamentPlayer.objects.filter(user=bot, tournament=tournament).exists()
