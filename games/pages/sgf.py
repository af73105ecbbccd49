"""A stored game as an SGF record (the game page's download and the API's export)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.counting import game_score
from games.models import Game
from games.moves import game_state
from rules.board import BLACK, WHITE
from rules.game import PASS, PLAY, Position
from rules.scoring import Score, territory_points
from rules.sgf import write_sgf


def game_sgf(*, game: Game) -> str:
    """The game's SGF record: players, date, rules, komi, handicap, moves and result. A
    counted game's last node carries the count: each player's territory as TB and TW (the
    points of dead stones included) and a comment that explains the result (`count_comment`)
    and whose marking of the dead stones it used (`marking_sentence`)."""
    state = game_state(game)
    counted = game_score(game=game, position=state.position)
    territory = None
    comments = None
    if counted is not None:
        territory = territory_points(state.position, counted)
        moves = sum(1 for m in state.moves if m.kind in (PLAY, PASS))
        agreed = game.score.get("agreed")
        comments = {moves: count_comment(position=state.position, counted=counted, agreed=agreed)}
    return write_sgf(
        state,
        territory=territory,
        black_player=game.black.username,
        white_player=game.white.username,
        date=game.created.date().isoformat(),
        result=game.result or None,
        comments=comments,
    )


def marking_sentence(*, agreed: bool | None) -> str:
    """Whose marking of the dead stones a count used, in the active language: agreed by both
    players, or the automatic count's estimate (counts stored before this was recorded say
    nothing: "")."""
    if agreed is None:
        return ""
    if agreed:
        return _("The dead stones were agreed by both players.")
    return _("The dead stones are the automatic count's estimate.")


def count_comment(*, position: Position, counted: Score, agreed: bool | None = None) -> str:
    """The count of `position` in words, in the active language: how each side's points add
    up, the dead stones, whose marking of them it used (`agreed`, `marking_sentence`), and the
    stones the automatic count was unsure of (it may be wrong
    there); points named as on the board (D4)."""
    names = position.topology.name
    stones = position.stones
    lines = [_("The count: %(result)s.") % {"result": counted.result}]
    method = "area" if counted.method == "area" else "territory"
    for colour, side in ((BLACK, counted.black), (WHITE, counted.white)):
        values = {
            "territory": side.territory,
            "stones": side.stones,
            "captured": _lost(counted, colour),
            "dead": side.dead,
            "komi": _points(side.komi),
            "total": _points(side.total),
        }
        if method == "area":
            text = _(
                "%(colour)s: %(territory)s points of territory + %(stones)s stones on the "
                "board + %(komi)s komi = %(total)s."
            )
        else:
            text = _(
                "%(colour)s: %(territory)s points of territory − %(captured)s stones "
                "captured − %(dead)s dead stones + %(komi)s komi = %(total)s."
            )
        colour_name = _("Black") if colour == BLACK else _("White")
        lines.append(text % {"colour": colour_name, **values})
    dead_said = (
        (BLACK, _("Dead black stones: %(points)s.")),
        (WHITE, _("Dead white stones: %(points)s.")),
    )
    for colour, text in dead_said:
        dead = [names(p) for p in sorted(counted.dead) if stones[p] == colour]
        if dead:
            lines.append(text % {"points": ", ".join(dead)})
    if marking := marking_sentence(agreed=agreed):
        lines.append(marking)
    if counted.uncertain:
        unsure = ", ".join(names(p) for p in sorted(counted.uncertain))
        lines.append(
            _("The automatic count was unsure of these stones and may be wrong there: %(points)s.")
            % {"points": unsure}
        )
    return "\n".join(lines)


def _lost(counted: Score, colour: int) -> int:
    """The stones of `colour` the other player took during the game."""
    other = counted.white if colour == BLACK else counted.black
    return other.prisoners


def _points(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)
