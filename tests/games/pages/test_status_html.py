"""games.pages.status_html: the status page's cards and finished rows built in Python give the
markup the template loop gave (compared with that loop, whitespace aside)."""

from __future__ import annotations

import re
import zoneinfo

import pytest
from django.template import Context, Template
from django.utils import timezone

from games.pages.status import finished_rows, status_rows
from games.services import play, vacations
from tests.games.conftest import NOW

CARD_TEMPLATE = Template(
    """<li class="game-card{% if row.my_turn %} your-turn{% endif %}">
  <a class="game-thumb" href="{% url 'games:board' row.game.pk %}" tabindex="-1">{{ row.thumbnail }}</a>
  <div class="game-card-text">
    <p class="game-card-title"><a href="{% url 'games:board' row.game.pk %}">{{ row.game.board_label }}</a> against {% with player=row.opponent %}{% include "includes/player_name.html" %}{% endwith %}</p>
    <p>{% if row.my_turn %}<span class="turn-yours">Your turn</span>{% else %}Their turn{% endif %}, move {{ row.game.move_number|add:1 }}; you play {{ row.colour_name }}.</p>
    <p class="small">{% if row.my_turn %}You have{% else %}They have{% endif %} {{ row.left }}{% if row.stopped %}; the clock is stopped: {% if row.my_turn %}you are{% else %}they are{% endif %} on vacation{% else %}: until <time datetime="{{ row.deadline|date:'c' }}">{{ row.deadline|date:"D j M, H:i T" }}</time>{% endif %}</p>
  </div>
</li>"""  # noqa: E501 - the template as it was
)
FINISHED_TEMPLATE = Template(
    """<tr>
  <td><a href="{% url 'games:board' game.pk %}">{{ game.board_label }}</a></td>
  <td>{% with player=game.opponent %}{% include "includes/player_name.html" %}{% endwith %}</td>
  <td>{% if game.my_colour == 1 %}Black{% else %}White{% endif %}</td>
  <td>{{ game.result }} <span class="muted small">({{ game.get_end_reason_display|lower }})</span></td>
  <td class="wide-only">{{ game.finished|date:"j M Y" }}</td>
</tr>"""  # noqa: E501 - the template as it was
)


def squeeze(html: str) -> str:
    return re.sub(r">\s+", ">", re.sub(r"\s+<", "<", html)).strip()


@pytest.mark.parametrize("zone", ["UTC", "Asia/Tokyo"])
def test_cards_and_rows_are_the_templates_markup(game_factory, black, white, user_factory, zone):
    white.display_name = "Shiro <the white>"
    white.save()
    games = [
        game_factory(),
        game_factory(moves=("E5",)),
        game_factory(board_kind="hex", board_size=6, ruleset="badux"),
    ]
    vacations.vacation_start(user=white, now=NOW)
    games = [type(g).objects.select_related("black", "white").get(pk=g.pk) for g in games]
    done = game_factory()
    play.game_resign(game_id=done.pk, user=white, expected_move_number=0, now=NOW)
    done = type(done).objects.select_related("black", "white").get(pk=done.pk)
    with timezone.override(zoneinfo.ZoneInfo(zone)):
        for viewer in (black, white):
            rows = status_rows(games=games, user=viewer, now=NOW, theme="wood")
            assert {row["stopped"] for row in rows} == {True, False}
            assert {row["my_turn"] for row in rows} == {True, False}
            for row in rows:
                expected = CARD_TEMPLATE.render(Context({"row": row}))
                assert squeeze(row["html"]) == squeeze(expected)
            done.my_colour = done.colour_of(viewer)
            done.opponent = done.player(3 - done.my_colour)
            [html] = finished_rows(games=[done], user=viewer)
            assert squeeze(html) == squeeze(FINISHED_TEMPLATE.render(Context({"game": done})))
