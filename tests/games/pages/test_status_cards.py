"""The status page's cards (templates/games/_status_card.html) and finished rows
(templates/games/_status_finished_row.html), made by games.pages.status: what they show, in the
reader's language and time zone, and that each is rendered once per thing it shows, then read
from the fragment cache."""

from __future__ import annotations

import zoneinfo

import pytest
from django.test.signals import template_rendered
from django.utils import timezone, translation

from games.models import Game
from games.pages.status import CARD_TEMPLATE, FINISHED_ROW_TEMPLATE, finished_rows, status_rows
from games.services import play, vacations
from tests.games.conftest import NOW


def _loaded(*games: Game) -> list[Game]:
    return [Game.objects.select_related("black", "white").get(pk=game.pk) for game in games]


@pytest.fixture
def rendered():
    """The names of the templates rendered during the test, in order."""
    names = []

    def note(sender, template, context, **kwargs):
        names.append(template.name)

    template_rendered.connect(note)
    yield names
    template_rendered.disconnect(note)


def _cards(games, viewer, **options) -> list[str]:
    options.setdefault("theme", "wood")
    return [row["card"] for row in status_rows(games=games, user=viewer, now=NOW, **options)]


@pytest.mark.parametrize(("zone", "offset"), [("UTC", "+00:00"), ("Asia/Tokyo", "+09:00")])
def test_a_card_shows_the_game_the_opponent_the_turn_and_the_deadline(
    game_factory, black, white, zone, offset
):
    white.display_name = "Shiro <the white>"
    white.save()
    [game] = _loaded(game_factory())
    with timezone.override(zoneinfo.ZoneInfo(zone)):
        [card] = _cards([game], black, labels={game.pk: "Ladder <A>"})
    url = f"/games/{game.pk}/"
    assert card.startswith('<li class="game-card your-turn">')
    # The thumbnail is an image of its own, named by the game's state (move 0, running).
    assert (
        f'<a class="game-thumb" href="{url}" tabindex="-1"><img class="bd-thumb" '
        f'src="{url}thumbnail/wood/0-playing-0-en.svg" width="96" height="96" loading="lazy" '
        'decoding="async" alt="Go 9×9, move 0"></a>'
    ) in card
    assert (
        f'<p class="game-card-title"><a href="{url}">Go 9×9</a> against '
        '<a href="/players/shiro/">shiro</a> <span class="muted">(Shiro &lt;the white&gt;)</span>'
        "</p>"
    ) in card
    assert '<p class="small muted">Ladder &lt;A&gt;</p>' in card
    assert '<p><span class="turn-yours">Your turn</span>, move 1; you play Black.</p>' in card
    deadline = timezone.localtime(game.deadline, zoneinfo.ZoneInfo(zone))
    assert f'You have 3 days: until <time datetime="{deadline.isoformat()}">' in card
    assert deadline.isoformat().endswith(offset)


def test_the_opponents_card_says_their_turn_and_a_stopped_clock(game_factory, black, white):
    black.is_bot = True
    black.save()
    game = game_factory()
    vacations.vacation_start(user=white, now=NOW)  # White's clock: stopped, but Black moves
    game = game_factory(moves=("E5",))  # started during the vacation: White to move
    [card] = _cards(_loaded(game), white)
    assert card.startswith('<li class="game-card your-turn">')
    assert '<span class="tag bot-tag">bot</span>' in card  # the opponent is a bot
    assert "you play White." in card
    assert "You have 3 days; the clock is stopped: you are on vacation" in card
    assert "<time" not in card
    [card] = _cards(_loaded(game), black)
    assert card.startswith('<li class="game-card">')
    assert "<p>Their turn, move 2; you play Black.</p>" in card
    assert "They have 3 days; the clock is stopped: they are on vacation" in card


def test_the_cards_sentences_are_the_catalogs(game_factory, black):
    """The template's sentences are the msgids translators already translated."""
    [game] = _loaded(game_factory())
    with translation.override("de"):
        [card] = _cards([game], black)
    assert f'<a href="/games/{game.pk}/">Go 9×9</a> gegen <a href="/players/shiro/">' in card
    assert '<span class="turn-yours">Du bist am Zug</span>, Zug 1; du spielst Schwarz.' in card
    assert "Du hast 3 Tage: bis <time" in card
    with translation.override("ja"):
        [card] = _cards([game], black)
    # The opponent's link is placed by the sentence, with no space of the template's around it.
    assert '<a href="/players/shiro/">shiro</a>さんとの' in card


def test_a_finished_row_shows_the_game_the_opponent_the_colour_and_the_result(
    game_factory, black, white
):
    game = game_factory()
    play.game_resign(game_id=game.pk, user=white, expected_move_number=0, now=NOW)
    [game] = _loaded(game)
    with timezone.override(zoneinfo.ZoneInfo("Asia/Tokyo")):
        [row] = finished_rows(games=[game], user=white)
    assert f'<td><a href="/games/{game.pk}/">Go 9×9</a></td>' in row
    assert '<td><a href="/players/kuro/">kuro</a>' in row
    assert "<td>White</td>" in row
    assert '<td>B+R <span class="muted small">(resignation)</span></td>' in row
    assert '<td class="wide-only">1 Mar 2026</td>' in row


def test_a_card_is_rendered_once_per_thing_it_shows(game_factory, black, white, rendered):
    games = _loaded(game_factory(), game_factory(moves=("E5",)))
    first = _cards(games, black)
    assert rendered.count(CARD_TEMPLATE) == 2
    assert _cards(games, black) == first
    assert rendered.count(CARD_TEMPLATE) == 2  # both from the cache
    _cards(games, black, theme="slate")
    assert rendered.count(CARD_TEMPLATE) == 4  # another look
    with translation.override("de"):
        _cards(games, black)
    assert rendered.count(CARD_TEMPLATE) == 6  # another language
    with timezone.override(zoneinfo.ZoneInfo("Asia/Tokyo")):
        _cards(games, black)
    assert rendered.count(CARD_TEMPLATE) == 8  # the deadline in another zone
    _cards(games, white)
    assert rendered.count(CARD_TEMPLATE) == 10  # the other player's side


def test_a_card_is_rendered_again_when_what_it_shows_changes(game_factory, black, white, rendered):
    game = game_factory()
    _cards(_loaded(game), black)
    white.display_name = "Shiro"
    white.save()
    [card] = _cards(_loaded(game), black)
    assert rendered.count(CARD_TEMPLATE) == 2 and "(Shiro)" in card  # the opponent's new name
    [card] = _cards(_loaded(game), black, labels={game.pk: "Spring cup, round 1"})
    assert rendered.count(CARD_TEMPLATE) == 3 and "Spring cup" in card
    game = play.game_move(
        game_id=game.pk,
        user=black,
        point=game.topology.parse("E5"),
        expected_move_number=0,
        now=NOW,
    )
    [card] = _cards(_loaded(game), black)
    assert rendered.count(CARD_TEMPLATE) == 4 and "Their turn, move 2" in card
    vacations.vacation_start(user=white, now=NOW)  # White is to move: their clock stops
    [card] = _cards(_loaded(game), black)
    assert rendered.count(CARD_TEMPLATE) == 5 and "they are on vacation" in card


def test_a_finished_row_is_rendered_once(game_factory, black, white, rendered):
    game = game_factory()
    play.game_resign(game_id=game.pk, user=white, expected_move_number=0, now=NOW)
    first = finished_rows(games=_loaded(game), user=black)
    assert finished_rows(games=_loaded(game), user=black) == first
    assert rendered.count(FINISHED_ROW_TEMPLATE) == 1
    white.username = "shiro2"
    white.save()
    [row] = finished_rows(games=_loaded(game), user=black)
    assert rendered.count(FINISHED_ROW_TEMPLATE) == 2 and "shiro2" in row
