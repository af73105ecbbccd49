"""Conditional moves on the game page: the "Plan answers" section and its three forms.

The section (templates/games/_conditional.html, static/games/conditional.js) shows while the
viewer waits for their opponent. A line is typed as board coordinates ("D4 Q16 C3 R4": their
move, your answer, ...) or clicked on the board, which fills in the same form; it is merged into
the player's tree (`games.services.conditional_tree.tree_add_line`) and the whole tree is stored
again
through `games.services.conditional`, which checks it.
"""

from __future__ import annotations

from functools import cache

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from core.refusals import refusal_kinds, sentence
from games.models import Game
from games.selectors.conditional import conditional_lines, conditional_moves_get
from games.services.conditional import conditional_moves_clear, conditional_moves_set
from games.services.conditional_tree import (
    MAX_LINE_TEXT,
    line_label,
    line_parse,
    tree_add_line,
    tree_remove_line,
)
from games.svg.geometry import num, svg_geometry
from games.views.common import error_message, player_game
from rules import Topology


class LineForm(forms.Form):
    """One line of the tree as typed ('D4 Q16 C3 R4'), for the page that showed `move_number`."""

    line = forms.CharField(max_length=MAX_LINE_TEXT, label=gettext_lazy("Line"), strip=True)
    move_number = forms.IntegerField(min_value=0, max_value=2**31 - 1, widget=forms.HiddenInput)


def conditional_section(*, game: Game, user, coordinates: bool) -> dict | None:
    """What the game page's "Plan answers" section shows, or None (no query) unless `user`
    plays this running game and waits for their opponent: their tree's lines, the form and the
    board points for conditional.js. One query."""
    colour = game.colour_of(user)
    if colour is None or game.is_over or game.to_move == colour:
        return None
    tree = conditional_moves_get(game_id=game.pk, user=user)
    return {
        "lines": conditional_lines(game=game, tree=tree),
        "form": LineForm(initial={"move_number": game.move_number}),
        "points": _points(game.topology, coordinates),
    }


@cache
def _points(topology: Topology, coordinates: bool) -> str:
    """Every point of the board as "NAME,X,Y" in the SVG's user units, space-separated."""
    geo = svg_geometry(topology, coordinates)
    return " ".join(
        f"{name},{num(x)},{num(y)}"
        for name, (x, y) in zip(geo.names, geo.geometry.centres, strict=True)
    )


def _only_players() -> str:
    return gettext("Only the players of this game can plan answers.")


def _back(game_id: int) -> HttpResponse:
    return redirect(f"{redirect('games:board', game_id=game_id).url}#conditional")


def _store(request: HttpRequest, game: Game, change) -> HttpResponse:
    """Apply `change(tree, topology) -> (new tree, message)` to the player's tree from the
    posted form and store the result (an empty tree clears it)."""
    form = LineForm(request.POST)
    if not form.is_valid():
        messages.error(
            request,
            gettext("Type the line as coordinates such as D4 Q16 C3 R4. Nothing was saved."),
        )
        return _back(game.pk)
    try:
        line = line_parse(form.cleaned_data["line"], topology=game.topology)
        tree = conditional_moves_get(game_id=game.pk, user=request.user) or []
        tree, done = change(tree, line)
        if tree:
            conditional_moves_set(
                game_id=game.pk,
                user=request.user,
                tree=tree,
                expected_move_number=form.cleaned_data["move_number"],
                now=timezone.now(),
            )
        else:
            conditional_moves_clear(game_id=game.pk, user=request.user)
    except refusal_kinds() as error:
        messages.error(
            request,
            gettext("%(value)s Nothing was saved.") % {"value": sentence(error_message(error))},
        )
    else:
        messages.success(request, done)
    return _back(game.pk)


@login_required
@require_POST
def conditional_add(request: HttpRequest, game_id: int) -> HttpResponse:
    """Add a line to the player's conditional moves (replacing a branch that answers one of
    its moves differently)."""
    game = player_game(request, game_id, refusal=_only_players())

    def add(tree: list[dict], line):
        return tree_add_line(tree, line), gettext("Saved: %(line)s.") % {
            "line": line_label(line, game.topology)
        }

    return _store(request, game, add)


@login_required
@require_POST
def conditional_remove(request: HttpRequest, game_id: int) -> HttpResponse:
    """Remove one line of the player's conditional moves."""
    game = player_game(request, game_id, refusal=_only_players())

    def remove(tree: list[dict], line):
        return tree_remove_line(tree, line), gettext("Removed: %(line)s.") % {
            "line": line_label(line, game.topology)
        }

    return _store(request, game, remove)


@login_required
@require_POST
def conditional_clear(request: HttpRequest, game_id: int) -> HttpResponse:
    """Remove all of the player's conditional moves."""
    game = player_game(request, game_id, refusal=_only_players())
    conditional_moves_clear(game_id=game.pk, user=request.user)
    messages.success(request, gettext("Your conditional moves were cleared."))
    return _back(game.pk)
