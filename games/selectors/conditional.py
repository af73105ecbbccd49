"""Reads of conditional moves (the writes are games.services.conditional). Only the owner of a
tree ever sees it: every read takes the viewer and returns their own tree only."""

from __future__ import annotations

from accounts.models import User
from games.models import ConditionalMoves, Game
from games.services.conditional_tree import Line, line_label, line_text, tree_lines


def conditional_moves_get(*, game_id: int, user: User) -> list[dict] | None:
    """`user`'s tree in the game (see games.services.conditional_tree), None when they have none
    (or are
    not a player, or anonymous). One query."""
    if user is None or not user.is_authenticated:
        return None
    return (
        ConditionalMoves.objects.filter(game_id=game_id, owner_id=user.pk)
        .values_list("tree", flat=True)
        .first()
    )


def conditional_lines(*, game: Game, tree: list[dict] | None) -> list[dict]:
    """The lines of `tree` as the board page lists them: `label` ('if D4 → Q16, then if C3 →
    R4'), `text` (what the no-JavaScript form takes and the remove button sends)."""
    if not tree:
        return []
    return [_line(game, line) for line in tree_lines(tree)]


def _line(game: Game, line: Line) -> dict:
    return {"label": line_label(line, game.topology), "text": line_text(line, game.topology)}
