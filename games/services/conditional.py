"""Conditional moves: a player's answers, stored while their opponent thinks, played at once.

`conditional_moves_set` and `conditional_moves_clear` are what the owner does (the board page,
the API). The move service (`games.services.play`) calls the rest inside its locked
transaction: `conditional_answer_take` when a move leaves the turn to a player with a tree (it
returns their answer and moves the tree one level down, or clears the tree on a move off it),
`conditional_answer_refused` when that answer has become illegal, and `conditional_moves_end`
when the game ends. The answer itself is played by the move service, as any move.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

import rules
from accounts.models import User
from accounts.moderation.selectors import moderation_play_check
from core.outbox import enqueue_on_commit
from games.errors import GameActionError, MoveRefused, StalePage, rules_refusal
from games.models import PASS_TOKEN, ConditionalMoves, Game
from games.moves import game_state
from games.selectors.play import game_player_check
from games.services.conditional_tree import PASS, Line, code_name, line_label, tree_check
from games.services.locking import game_lock


def conditional_moves_set(
    *,
    game_id: int,
    user: User,
    tree: list[dict],
    expected_move_number: int,
    now: dt.datetime,
) -> ConditionalMoves:
    """Store `tree` (see `games.services.conditional_tree`) as `user`'s conditional moves in the
    game,
    replacing any they had.

    Allowed to a player of a running game while it is their opponent's turn, on the position of
    `expected_move_number`. Every move of every branch is replayed from the current position:
    a branch that is illegal where it would be played is refused, naming it. Raises
    Suspended (a moderator's suspension), Game.DoesNotExist, NotAPlayer, MoveRefused (game
    over), StalePage (the game moved on),
    GameActionError code "your_turn" (it is `user`'s turn: play instead) and ValidationError
    (bad shape, codes, limits, legality, an empty tree: use `conditional_moves_clear`). Writes
    nothing when it raises.
    """
    moderation_play_check(user=user, now=now)
    with transaction.atomic():
        game = game_lock(game_id=game_id)
        colour = game_player_check(
            game=game, user=user, refusal=gettext("Only the players of this game can do that.")
        )
        if game.is_over:
            raise MoveRefused(rules_refusal(rules.GameOver()), code=rules.GameOver.code)
        if expected_move_number != game.move_number:
            raise StalePage(
                gettext(
                    "The game has moved on since this page was loaded (move "
                    "%(move_number)s, the page showed move %(expected_move_number)s). Your "
                    "conditional moves were not saved; look at the board again."
                )
                % {"move_number": game.move_number, "expected_move_number": expected_move_number}
            )
        if game.to_move == colour:
            raise GameActionError(
                gettext(
                    "It is your turn: play your move. Conditional moves are left while your "
                    "opponent is to play."
                ),
                code="your_turn",
            )
        checked = tree_check(tree, topology=game.topology)
        if not checked:
            raise ValidationError(
                gettext("Give at least one answer (or clear your conditional moves).")
            )
        _check_legal(game, checked, owner=colour)
        stored, _ = ConditionalMoves.objects.update_or_create(
            game=game,
            owner=user,
            defaults={"tree": checked, "updated": now},
            create_defaults={"tree": checked, "updated": now, "created": now},
        )
        return stored


def conditional_moves_clear(*, game_id: int, user: User) -> None:
    """Delete `user`'s conditional moves in the game (nothing happens when there are none).
    Takes the game's lock so that it cannot cross an answer being played."""
    with transaction.atomic():
        game = game_lock(game_id=game_id)
        ConditionalMoves.objects.filter(game=game, owner_id=user.pk).delete()


def conditional_answer_take(*, game: Game, owner_id: int, played: str) -> str | None:
    """Called by the move service on the locked `game` after a move (`played`, the code it
    stored: an SGF point or PASS_TOKEN) that left the game running: the answer of the player
    now to move (`owner_id`), as a move-list code, when their tree has a branch for `played`;
    the tree then keeps that branch's "then" (deleted when empty). A move off the tree deletes
    it; no tree, None. A game locked by `game_lock_for_turn` says whether any tree exists,
    which spares the query when none does."""
    if getattr(game, "conditional_any", True) is False:
        return None
    stored = ConditionalMoves.objects.filter(game=game, owner_id=owner_id).first()
    if stored is None:
        return None
    try:
        tree = tree_check(stored.tree, topology=game.topology)
    except ValidationError:  # not written by conditional_moves_set: drop it
        tree = []
    move = PASS if played == PASS_TOKEN else played
    branch = next((node for node in tree if node["if"] == move), None)
    if branch is None or not branch["then"]:
        stored.delete()
    else:
        stored.tree = branch["then"]
        stored.save(update_fields=["tree"])
    if branch is None:
        return None
    return PASS_TOKEN if branch["play"] == PASS else branch["play"]


def conditional_answer_refused(*, game: Game, answer: str, reason: str) -> None:
    """Called by the move service when the answer of the player to move (`answer`, a
    move-list code) was refused by the rules (`reason`, an IllegalMove code): their tree is
    deleted and they are told, with the ordinary "your turn" notice."""
    ConditionalMoves.objects.filter(game=game, owner_id=game.player_to_move_id).delete()
    enqueue_on_commit("games.notify_conditional_refused", game.pk, game.move_number, answer, reason)


def conditional_moves_end(*, game: Game) -> None:
    """Delete every tree of a game that just ended (resignation, time, passes, move cap)."""
    ConditionalMoves.objects.filter(game=game).delete()


def _check_legal(game: Game, tree: list[dict], *, owner: int) -> None:
    """ValidationError naming the first branch whose move or answer the rules refuse where it
    would be played (each branch replayed from the current position)."""
    topology = game.topology
    opponent = rules.other(owner)

    def apply(state: rules.Game, code: str, colour: int, line: Line, *, answer: bool) -> None:
        try:
            if code == PASS:
                state.pass_turn(colour)
            else:
                state.play(topology.from_sgf(code), colour)
        except rules.IllegalMove as exc:
            if answer:
                refused = gettext(
                    "The line '%(line)s' cannot be played: your answer %(move)s is refused "
                    "(%(reason)s)."
                )
            else:
                refused = gettext(
                    "The line '%(line)s' cannot be played: their move %(move)s is refused "
                    "(%(reason)s)."
                )
            raise ValidationError(
                refused
                % {
                    "line": line_label(line, topology),
                    "move": code_name(code, topology),
                    "reason": rules_refusal(exc),
                }
            ) from exc

    def walk(state: rules.Game, nodes: list[dict], prefix: Line) -> None:
        # `state` is this call's own: the last branch plays on it, the others on copies.
        for index, node in enumerate(nodes):
            line = [*prefix, (node["if"], node["play"])]
            after = state if index == len(nodes) - 1 else state.copy()
            apply(after, node["if"], opponent, line, answer=False)
            if after.over:
                raise ValidationError(
                    gettext(
                        "The line '%(value)s' cannot be played: the game would be over "
                        "before your answer."
                    )
                    % {"value": line_label(line, topology)}
                )
            apply(after, node["play"], owner, line, answer=True)
            if node["then"] and after.over:
                raise ValidationError(
                    gettext("The line '%(value)s' goes on after the end of the game.")
                    % {"value": line_label(line, topology)}
                )
            walk(after, node["then"], line)

    walk(game_state(game), tree, [])
