"""A game: setup, moves in order, the ko rule, the end of the game.

`Game` replays and extends a move list; `Game.position` is an immutable `Position` snapshot that
the scorer and the renderer read. Moves that the rules refuse raise an `IllegalMove` subclass
and leave the game exactly as it was.
"""

from __future__ import annotations

import copy
import struct
from array import array
from collections.abc import Iterable
from dataclasses import dataclass, field

from rules.board import BLACK, COLOUR_LETTERS, EMPTY, WHITE, Board, other
from rules.errors import GameOver, InvalidSetup, NotYourTurn, OffBoard
from rules.ruleset import RuleSet
from rules.topology import Topology

PLAY, PASS, RESIGN = "play", "pass", "resign"

# Stable end-reason codes (stored by the site).
END_PASSES = "passes"
END_RESIGN = "resign"
END_MOVE_CAP = "move_cap"
END_TIMEOUT = "timeout"
END_REASONS = (END_PASSES, END_RESIGN, END_MOVE_CAP, END_TIMEOUT)

# `Game.snapshot`'s layout: version, moves, to move, ko point (-1: none), consecutive passes,
# prisoners (black's, white's), has a history, last captures count, history count; then the
# colour of every point (a byte each), the last captures (u16 each), the history (u64 each).
_SNAPSHOT = struct.Struct("<BIBiBIIBII")
_SNAPSHOT_VERSION = 1


@dataclass(frozen=True)
class Move:
    """One turn: a stone at `point`, a pass, or a resignation, by `colour` (BLACK or WHITE)."""

    colour: int
    kind: str = PLAY
    point: int | None = None

    def describe(self, topology: Topology) -> str:
        """Human text, e.g. 'B D4', 'W pass'."""
        who = COLOUR_LETTERS[self.colour]
        if self.kind == PLAY:
            return f"{who} {topology.name(self.point)}"
        return f"{who} {self.kind}"


@dataclass(frozen=True)
class Position:
    """An immutable snapshot of a game at one moment."""

    topology: Topology
    stones: tuple[int, ...]  # per point: EMPTY, BLACK or WHITE
    to_move: int
    prisoners: tuple[int, int]  # stones captured BY black, BY white
    ko_point: int | None
    move_number: int  # turns played so far (stones and passes)
    last_move: Move | None = None
    hash: int = 0

    def points_of(self, colour: int) -> list[int]:
        """The points holding stones of one colour, in index order."""
        return [p for p, c in enumerate(self.stones) if c == colour]

    def captured_by(self, colour: int) -> int:
        """How many stones `colour` has captured."""
        return self.prisoners[0] if colour == BLACK else self.prisoners[1]


@dataclass
class Game:
    """A game in progress or finished. Create with `Game.new`."""

    topology: Topology
    rules: RuleSet
    handicap: int = 0
    board: Board = field(init=False)
    moves: list[Move] = field(default_factory=list)
    to_move: int = BLACK
    ko_point: int | None = None
    prisoners: list[int] = field(default_factory=lambda: [0, 0])
    consecutive_passes: int = 0
    end_reason: str | None = None
    winner: int | None = None  # set for resign and timeout; scoring decides the others
    history: set[int] | None = None
    last_captures: list[int] = field(default_factory=list)
    # The stones on the board before the first move (handicap included), for SGF AB/AW.
    black_setup: tuple[int, ...] = ()
    white_setup: tuple[int, ...] = ()

    @classmethod
    def new(
        cls,
        topology: Topology,
        rules: RuleSet,
        *,
        handicap: int = 0,
        black_setup: Iterable[int] = (),
        white_setup: Iterable[int] = (),
        to_move: int | None = None,
    ) -> Game:
        """A fresh game. Handicap stones (2-9) go on their fixed points and White moves first;
        explicit setup stones (SGF AB/AW) are placed as given.

        Raises InvalidSetup (a ValueError) for a point off the board, a point given twice or to
        both colours, a group left without liberties, or a `to_move` that is not a colour;
        ValueError for a handicap the board cannot take.
        """
        game = cls(topology=topology, rules=rules, handicap=handicap)
        game.board = Board(topology)
        black = list(black_setup) + _handicap_points(topology, handicap)
        white = list(white_setup)
        _check_setup(topology, black, white)
        if black:
            game.board.place_setup(black, BLACK)
        if white:
            game.board.place_setup(white, WHITE)
        _check_liberties(game.board)
        if to_move is not None:
            if to_move not in (BLACK, WHITE):
                raise InvalidSetup(f"to_move must be BLACK (1) or WHITE (2), not {to_move!r}")
            game.to_move = to_move
        elif handicap >= 2:
            game.to_move = WHITE
        game.black_setup = tuple(black)
        game.white_setup = tuple(white)
        game.history = {game.board.hash} if rules.superko else None
        return game

    @property
    def over(self) -> bool:
        """True once the game has ended, for whatever reason."""
        return self.end_reason is not None

    @property
    def move_number(self) -> int:
        """Turns played so far (stones and passes; resignations excluded)."""
        moves = self.moves
        if moves and moves[-1].kind == RESIGN:
            return len(moves) - 1
        return len(moves)

    @property
    def full_moves(self) -> int:
        """Moves as the move cap counts them: one stone (or pass) by each player."""
        return len(self.moves) // 2

    def _check_turn(self, colour: int | None) -> int:
        if self.end_reason is not None:
            raise GameOver()
        if colour is None:
            return self.to_move
        if colour != self.to_move:
            raise NotYourTurn()
        return colour

    def play(self, point: int, colour: int | None = None) -> list[int]:
        """Place a stone for the player to move (or check that `colour` is to move).

        Returns the captured points. Raises an IllegalMove subclass and changes nothing when
        the move is refused.
        """
        c = self._check_turn(colour)
        if type(point) is not int or not 0 <= point < self.topology.size:
            raise OffBoard(point if type(point) is int else None)
        history = self.history
        captured, ko = self.board.play(
            point, c, None if history is not None else self.ko_point, history
        )
        if history is not None:
            history.add(self.board.hash)
        self.ko_point = ko
        if captured:
            self.prisoners[c - 1] += len(captured)
        self.last_captures = captured
        self.moves.append(_PLAYS[c][point])
        self.consecutive_passes = 0
        self.to_move = 3 - c
        self._check_move_cap()
        return captured

    def pass_turn(self, colour: int | None = None) -> None:
        """Pass. Two passes in a row end the game."""
        c = self._check_turn(colour)
        self.moves.append(_PASSES[c])
        self.ko_point = None
        self.last_captures = []
        self.consecutive_passes += 1
        self.to_move = other(c)
        if self.consecutive_passes >= 2:
            self.end_reason = END_PASSES
        else:
            self._check_move_cap()

    def resign(self, colour: int) -> None:
        """`colour` resigns; the opponent wins. May be done on either player's turn."""
        _check_colour(colour)
        if self.end_reason is not None:
            raise GameOver()
        self.moves.append(Move(colour, RESIGN))
        self.end_reason = END_RESIGN
        self.winner = other(colour)

    def timeout(self, colour: int) -> None:
        """`colour` ran out of time (the site decides when); the opponent wins."""
        _check_colour(colour)
        if self.end_reason is not None:
            raise GameOver()
        self.end_reason = END_TIMEOUT
        self.winner = other(colour)

    def apply(self, move: Move) -> None:
        """Apply a recorded Move (play, pass or resign)."""
        if move.kind == PLAY:
            self.play(move.point, move.colour)
        elif move.kind == PASS:
            self.pass_turn(move.colour)
        elif move.kind == RESIGN:
            self.resign(move.colour)
        else:
            raise ValueError(f"unknown move kind '{move.kind}'")

    def _check_move_cap(self) -> None:
        if self.full_moves >= self.rules.move_cap and self.end_reason is None:
            self.end_reason = END_MOVE_CAP

    def is_legal(self, point: int, colour: int | None = None) -> bool:
        """Whether a stone at `point` would be accepted now."""
        if self.end_reason is not None:
            return False
        c = self.to_move if colour is None else colour
        if c != self.to_move:
            return False
        if type(point) is not int or not 0 <= point < self.topology.size:
            return False
        ko = None if self.history is not None else self.ko_point
        return self.board.is_legal(point, c, ko, self.history)

    def legal_points(self) -> list[int]:
        """Every point where the player to move may place a stone."""
        return [p for p in self.topology.points() if self.is_legal(p)]

    def copy(self) -> Game:
        """An independent copy: moves played on it leave this game as it was (the topology and
        the rules, which never change, are shared)."""
        twin = copy.copy(self)
        twin.board = self.board.copy()
        twin.moves = list(self.moves)
        twin.prisoners = list(self.prisoners)
        twin.history = set(self.history) if self.history is not None else None
        twin.last_captures = list(self.last_captures)
        return twin

    def snapshot(self) -> bytes:
        """The state after the last move in a few bytes, for `Game.restore`: the stones, the
        superko history, the ko point, whose turn, passes, prisoners and the last captures
        (about 1 + 1/8 bytes per point and 8 per position in the history). Not the moves."""
        history = self.history
        captures = self.last_captures
        head = _SNAPSHOT.pack(
            _SNAPSHOT_VERSION,
            len(self.moves),
            self.to_move,
            -1 if self.ko_point is None else self.ko_point,
            min(self.consecutive_passes, 255),
            self.prisoners[0],
            self.prisoners[1],
            history is not None,
            len(captures),
            len(history) if history is not None else 0,
        )
        return b"".join(
            (
                head,
                bytes(self.board.colour),
                array("H", captures).tobytes(),
                array("Q", history).tobytes() if history else b"",
            )
        )

    @classmethod
    def restore(
        cls,
        topology: Topology,
        rules: RuleSet,
        data: bytes,
        moves: list[Move],
        *,
        handicap: int = 0,
    ) -> Game:
        """The game that `Game.new(topology, rules, handicap=handicap)` followed by `moves`
        would be, rebuilt from `data`, the `snapshot()` taken after those moves, without
        replaying them: the same stones, hash, superko history, ko point, turn, prisoners, last
        captures and end by passes or move cap (resignation and time-out are not in `moves`).

        Raises ValueError when `data` is not a snapshot of this board and ruleset after
        len(moves) moves (another version, board or length, or cut short): replay instead.
        """
        data = bytes(data)
        try:
            (version, count, to_move, ko, passes, black_prisoners, white_prisoners, has_history,
             n_captures, n_history) = _SNAPSHOT.unpack_from(data)  # fmt: skip
        except struct.error as exc:
            raise ValueError("not a game snapshot") from exc
        size = topology.size
        start = _SNAPSHOT.size
        if (
            version != _SNAPSHOT_VERSION
            or count != len(moves)
            or bool(has_history) != bool(rules.superko)
            or to_move not in (BLACK, WHITE)
            or not -1 <= ko < size
            or len(data) != start + size + 2 * n_captures + 8 * n_history
        ):
            raise ValueError("the snapshot does not fit this game")
        colours = data[start : start + size]
        if any(c not in (EMPTY, BLACK, WHITE) for c in set(colours)):
            raise ValueError("the snapshot does not fit this game")
        # Not through `new`: its empty board would be built only to be replaced.
        game = cls(topology=topology, rules=rules, handicap=handicap)
        game.black_setup = tuple(_handicap_points(topology, handicap))
        game.board = Board(topology, colours)
        game.moves = list(moves)
        game.to_move = to_move
        game.ko_point = None if ko < 0 else ko
        game.consecutive_passes = passes
        game.prisoners = [black_prisoners, white_prisoners]
        at = start + size
        game.last_captures = list(array("H", data[at : at + 2 * n_captures]))
        at += 2 * n_captures
        if has_history:
            game.history = set(array("Q", data[at:]))
        if passes >= 2:
            game.end_reason = END_PASSES
        else:
            game._check_move_cap()
        return game

    @property
    def position(self) -> Position:
        """An immutable snapshot of the current position."""
        return Position(
            topology=self.topology,
            stones=tuple(self.board.colour),
            to_move=self.to_move,
            prisoners=(self.prisoners[0], self.prisoners[1]),
            ko_point=None if self.rules.superko else self.ko_point,
            move_number=self.move_number,
            last_move=self.moves[-1] if self.moves else None,
            hash=self.board.hash,
        )

    @property
    def result_code(self) -> str | None:
        """SGF result for resignation or timeout ('B+R', 'W+T'); None otherwise."""
        if self.winner is None:
            return None
        suffix = "R" if self.end_reason == END_RESIGN else "T"
        return f"{COLOUR_LETTERS[self.winner]}+{suffix}"


class _PlayMoves(dict):
    """Shared immutable `Move`s per colour and point (a frozen dataclass costs a microsecond
    to build, a tenth of a whole move)."""

    def __init__(self, colour: int) -> None:
        super().__init__()
        self.colour = colour

    def __missing__(self, point: int) -> Move:
        move = self[point] = Move(self.colour, PLAY, point)
        return move


_PLAYS = {BLACK: _PlayMoves(BLACK), WHITE: _PlayMoves(WHITE)}
_PASSES = {BLACK: Move(BLACK, PASS), WHITE: Move(WHITE, PASS)}


def shared_move(colour: int, point: int | None) -> Move:
    """The `Move` of `colour` at `point` (None: a pass), one object per colour and point: a Move
    is immutable, so whoever decodes many (a stored game's move list) shares them instead of
    building each."""
    return _PASSES[colour] if point is None else _PLAYS[colour][point]


def _handicap_points(topology: Topology, handicap: int) -> list[int]:
    """The fixed points of `handicap` stones (none for 0 or 1); InvalidSetup for a count that
    is no handicap, ValueError for one the board cannot take."""
    if handicap >= 2:
        return list(topology.handicap_points(handicap))
    if handicap not in (0, 1):
        raise InvalidSetup(f"handicap is 0 or 2 to 9 stones, not {handicap}")
    return []


def _check_colour(colour: object) -> None:
    if colour not in (BLACK, WHITE):
        raise ValueError(f"colour must be BLACK (1) or WHITE (2), not {colour!r}")


def _check_setup(topology: Topology, black: list[int], white: list[int]) -> None:
    seen: set[int] = set()
    for p in black + white:
        if type(p) is not int or not 0 <= p < topology.size:
            raise InvalidSetup(f"setup point {p!r} is not on the {topology.label} board")
        if p in seen:
            where = topology.name(p)
            raise InvalidSetup(f"setup point {where} is given twice (or is a handicap point)")
        seen.add(p)


def _check_liberties(board: Board) -> None:
    for p, c in enumerate(board.colour):
        if c != EMPTY and not board.chain[p].libs:
            where = board.topology.name(p)
            raise InvalidSetup(f"setup leaves the group at {where} without liberties")


def replay(
    topology: Topology,
    rules: RuleSet,
    moves: Iterable[Move],
    *,
    handicap: int = 0,
    to_move: int | None = None,
) -> Game:
    """A new game with `moves` applied in order (raises on the first illegal one); `to_move`
    as for `Game.new` (default: White after handicap stones, else Black)."""
    game = Game.new(topology, rules, handicap=handicap, to_move=to_move)
    for move in moves:
        game.apply(move)
    return game


__all__ = ["BLACK", "EMPTY", "WHITE", "Game", "Move", "Position", "replay", "shared_move"]
