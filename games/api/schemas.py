"""The public API's game and challenge schemas (the contract of `games.api`) and the functions
that fill them from stored rows.

Points: a point is given and returned as the coordinate label players see on the board
("D4"; on a hexagonal Badux board the same letter-and-number labels the site shows). Each
returned point also carries its SGF code ("dd"; the hex SGF convention of `rules.sgf`).
Durations are whole seconds."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from ninja import Field, Schema
from pydantic import field_validator

import rules
from games.clock import PlayerTime
from games.counting import COUNTED_END_REASONS, JUDGE_STATES
from games.models import PASS_TOKEN, Challenge, ClockKind, Game
from games.moves import game_moves
from games.selectors.play import clock_time_left, game_clocks
from rules import BLACK, EMPTY, WHITE
from rules.game import PLAY

Colour = Literal["black", "white"]
COLOUR_NAMES: dict[int, Colour] = {BLACK: "black", WHITE: "white"}
ROW_CHARS = {EMPTY: ".", BLACK: "X", WHITE: "O"}
OFF_BOARD = " "


def _seconds(value: dt.timedelta | None) -> int | None:
    return None if value is None else int(value.total_seconds())


def _no_nul(value: str | None) -> str | None:
    if value is not None and "\x00" in value:
        raise ValueError("text may not contain NUL characters")
    return value


# Settings ---------------------------------------------------------------------------------


class SettingsIn(Schema):
    """A game's settings (as the new-game page offers them); left out, the defaults. The
    limits are checked by the site's settings rules: a bad value is 400 `invalid_setting`."""

    board_kind: Literal["square", "hex"] = Field(..., description="`square` (Go) or `hex` (Badux).")
    board_size: int = Field(..., ge=1, le=99, description="Go 9, 13, 19; Badux 6, 8, 12.")
    ruleset: Literal["go-area", "go-territory", "badux"] | None = None
    komi: float | None = Field(None, ge=-50, le=50, allow_inf_nan=False)
    handicap: int = Field(0, ge=0, le=99)
    clock_kind: Literal["per_move", "fischer", "absolute", "japanese", "canadian"] = "per_move"
    clock_days: int = Field(
        3,
        ge=0,
        le=999,
        description="Days per move; Fischer: the initial bank; absolute and byo-yomi: the "
        "main time.",
    )
    clock_increment_days: int = Field(0, ge=0, le=999)
    clock_cap_days: int = Field(0, ge=0, le=999)
    clock_periods: int = Field(0, ge=0, le=99, description="Japanese byo-yomi: the periods.")
    clock_period_moves: int = Field(
        0, ge=0, le=999, description="Canadian byo-yomi: the moves to play in each period."
    )
    clock_period_days: int = Field(
        0, ge=0, le=999, description="Byo-yomi: the length of one period in days."
    )
    weekend_pause: bool = False
    vacation_allowed: bool = True
    rated: bool = True


class SettingsOut(Schema):
    board_kind: str
    board_size: int
    ruleset: str
    komi: float
    handicap: int
    clock_kind: str
    clock_days: int
    clock_increment_days: int
    clock_cap_days: int
    clock_periods: int
    clock_period_moves: int
    clock_period_days: int
    weekend_pause: bool
    vacation_allowed: bool
    rated: bool
    clock_label: str = Field(..., description="E.g. `3 days per move`.")


def settings_out(row: Game | Challenge) -> SettingsOut:
    return SettingsOut(
        board_kind=row.board_kind,
        board_size=row.board_size,
        ruleset=row.ruleset,
        komi=float(row.komi),
        handicap=row.handicap,
        clock_kind=row.clock_kind,
        clock_days=row.clock_days,
        clock_increment_days=row.clock_increment_days,
        clock_cap_days=row.clock_cap_days,
        clock_periods=row.clock_periods,
        clock_period_moves=row.clock_period_moves,
        clock_period_days=row.clock_period_days,
        weekend_pause=row.weekend_pause,
        vacation_allowed=row.vacation_allowed,
        rated=row.rated,
        clock_label=row.clock_label,
    )


# Games -------------------------------------------------------------------------------------


class GameOut(Schema):
    """A game as lists show it."""

    id: int
    black: str = Field(..., description="Black's username.")
    white: str
    status: Literal["playing", "finished"]
    public: bool
    settings: SettingsOut
    move_number: int
    to_move: Colour | None = Field(..., description="Null once the game is over.")
    your_colour: Colour | None
    your_turn: bool
    deadline: dt.datetime | None = Field(
        ..., description="When the player to move runs out of time; null when over or stopped."
    )
    time_left: int | None = Field(..., description="Seconds the player to move has left.")
    result: str = Field(
        ..., description="SGF result (`B+3.5`, `W+R`, `B+T`, `0`, `Void` when annulled); empty."
    )
    end_reason: str
    adjourned: dt.datetime | None = Field(
        None,
        description=(
            "When the moderators adjourned the running game while a player is suspended: the "
            "clocks are stopped and nobody may move until it resumes; null otherwise."
        ),
    )
    created: dt.datetime
    last_move_at: dt.datetime | None
    finished: dt.datetime | None
    url: str = Field(..., description="The game's page on the site (a path).")


def game_out(game: Game, *, viewer_id: int, now: dt.datetime) -> GameOut:
    """`game` (players loaded) as `viewer_id` sees it at `now`."""
    colour = BLACK if viewer_id == game.black_id else WHITE if viewer_id == game.white_id else None
    running = not game.is_over
    return GameOut(
        id=game.pk,
        black=game.black.username,
        white=game.white.username,
        status=game.status,
        public=game.public,
        settings=settings_out(game),
        move_number=game.move_number,
        to_move=COLOUR_NAMES[game.to_move] if running else None,
        your_colour=COLOUR_NAMES[colour] if colour else None,
        your_turn=running and colour == game.to_move and game.adjourned is None,
        deadline=game.deadline if running else None,
        time_left=(
            _seconds(clock_time_left(game=game, colour=game.to_move, now=now)) if running else None
        ),
        result=game.result,
        end_reason=game.end_reason,
        adjourned=game.adjourned if running else None,
        created=game.created,
        last_move_at=game.last_move_at,
        finished=game.finished,
        url=game.get_absolute_url(),
    )


class PointOut(Schema):
    point: str = Field(..., description="Coordinate label, e.g. `D4`.")
    sgf: str = Field(..., description="SGF point, e.g. `dd`.")


class StoneOut(PointOut):
    colour: Colour


class MoveOut(Schema):
    number: int
    colour: Colour
    point: str | None = Field(..., description="Coordinate label; null for a pass.")
    sgf: str = Field(..., description="SGF point; `..` for a pass.")


class PositionOut(Schema):
    rows: list[str] = Field(
        ...,
        description=(
            "The board top row first, one character per SGF column: `.` empty, `X` black, "
            "`O` white, space off the board (the corners of a hexagon)."
        ),
    )
    stones: list[StoneOut]
    captures_black: int = Field(..., description="Stones Black has captured.")
    captures_white: int
    ko_point: PointOut | None


class ClockOut(Schema):
    running: bool
    stopped: bool = Field(..., description="To move, but the clock is stopped by a vacation.")
    time_left: int | None = Field(
        ...,
        description="Seconds; null once the game is over. A byo-yomi clock's counts all of it: "
        "main time and periods.",
    )
    deadline: dt.datetime | None
    main_time_left: int | None = Field(
        None, description="Byo-yomi clocks: seconds of main time left."
    )
    periods_left: int | None = Field(
        None, description="Japanese byo-yomi: the periods left, counting the current one."
    )
    period_time_left: int | None = Field(
        None, description="Byo-yomi, once the main time is used: seconds left in this period."
    )
    period_moves_left: int | None = Field(
        None, description="Canadian byo-yomi: the moves still to play in this period."
    )


class ColourCountOut(Schema):
    territory: float
    area: float
    stones: float
    prisoners: float
    dead: float
    komi: float
    total: float


# `score["judge"]` (games.counting.JUDGE_STATES).
JudgeState = Literal["pending", "agrees", "disagrees", "failed", "skipped"]


class DoubtOut(Schema):
    """A chain the automatic count was unsure of when it counted."""

    stones: list[PointOut] = Field(..., description="The chain's stones.")
    reason: str = Field(
        ...,
        description=(
            "Why it was unsure: `close` (the playouts were split), `estimate` (a possible "
            "seki or race, a doubtful eye space), `boundary` (dead stones in an unsettled "
            "territory); other reasons may be added."
        ),
    )
    confidence: float = Field(
        ..., description="The share of the playouts that agree with the count (0 to 1)."
    )


class CountOut(Schema):
    """The count of a game ended by passes or at the move cap."""

    result: str
    method: str = Field(..., description="`area` or `territory`.")
    winner: Literal["B", "W"] | None
    margin: float
    dead: list[PointOut]
    uncertain: list[PointOut] = Field(
        ..., description="Stones the dead-stone estimate was unsure of: check the count there."
    )
    agreed: bool | None = Field(
        None,
        description=(
            "Whether both players agreed on the dead stones in a marking phase (false: the "
            "automatic estimate); null for counts stored before this was recorded."
        ),
    )
    black: ColourCountOut
    white: ColourCountOut
    judge: JudgeState | None = Field(
        None,
        description=(
            "The judge engine's second opinion (square boards, where the site has one): "
            "`pending` while the count waits for it (the result is not final: the verdict may "
            "open a marking phase), then `agrees` (the close calls it agrees with are no "
            "longer uncertain), `disagrees` (a marking phase opened), `failed` (no answer: a "
            "marking phase opened with the count's own doubts) or `skipped` (a player opened "
            "the marking phase before the verdict); null when the count waited for no judge "
            "and none contradicted it, or it was recounted."
        ),
    )
    doubts: list[DoubtOut] = Field(
        ...,
        description=(
            "The chains the automatic count was unsure of when it counted, largest first; "
            "`uncertain` says which stones are still unsure (a judge that agrees clears close "
            "calls). Empty for counts stored before doubts were kept, and after a recount."
        ),
    )


class GameDetailOut(GameOut):
    """A game with its position, moves, clocks and count."""

    position: PositionOut
    moves: list[MoveOut]
    clocks: dict[Colour, ClockOut]
    count: CountOut | None = Field(..., description="Null until a counted game has its count.")


def _point(topology: rules.Topology, point: int) -> PointOut:
    return PointOut(point=topology.name(point), sgf=topology.sgf(point))


def _sgf_point(topology: rules.Topology, code: str) -> PointOut:
    return _point(topology, topology.from_sgf(code))


def _position(game: Game, state: rules.Game) -> PositionOut:
    topology = game.topology
    position = state.position
    rows = []
    for y in range(topology.sgf_size):
        row = []
        for x in range(topology.sgf_size):
            point = topology.point_at(x, y)
            row.append(OFF_BOARD if point is None else ROW_CHARS[position.stones[point]])
        rows.append("".join(row))
    stones = [
        StoneOut(point=topology.name(p), sgf=topology.sgf(p), colour=COLOUR_NAMES[c])
        for p, c in enumerate(position.stones)
        if c != EMPTY
    ]
    ko = position.ko_point
    return PositionOut(
        rows=rows,
        stones=stones,
        captures_black=game.black_captures,
        captures_white=game.white_captures,
        ko_point=_point(topology, ko) if ko is not None and not game.is_over else None,
    )


def _count(game: Game) -> CountOut | None:
    if not game.score or game.end_reason not in COUNTED_END_REASONS:
        return None
    topology = game.topology
    score = game.score
    return CountOut(
        result=score["result"],
        method=score["method"],
        winner=score["winner"],
        margin=score["margin"],
        dead=[_sgf_point(topology, p) for p in score.get("dead", [])],
        uncertain=[_sgf_point(topology, p) for p in score.get("uncertain", [])],
        agreed=score.get("agreed"),
        black=ColourCountOut(**score["black"]),
        white=ColourCountOut(**score["white"]),
        judge=score.get("judge") if score.get("judge") in JUDGE_STATES else None,
        doubts=[
            DoubtOut(
                stones=[_sgf_point(topology, p) for p in doubt["stones"]],
                reason=doubt["reason"],
                confidence=doubt["confidence"],
            )
            for doubt in score.get("doubts", [])
        ],
    )


def _byoyomi_out(game: Game, now: PlayerTime | None) -> dict[str, int | None]:
    """ClockOut's byo-yomi fields for a clock that stands at `now` (None: no byo-yomi)."""
    if now is None:
        return {}
    japanese = game.clock_kind == ClockKind.JAPANESE
    return {
        "main_time_left": _seconds(now.main),
        "periods_left": now.periods if japanese else None,
        "period_time_left": _seconds(now.period_left) if now.in_byoyomi else None,
        "period_moves_left": now.moves_left if not japanese and now.in_byoyomi else None,
    }


def game_detail_out(game: Game, state: rules.Game, *, viewer_id: int, now: dt.datetime):
    """`game` with everything the board page shows; `state` is its replay."""
    topology = game.topology
    moves = [
        MoveOut(
            number=number,
            colour=COLOUR_NAMES[move.colour],
            point=topology.name(move.point) if move.kind == PLAY else None,
            sgf=topology.sgf(move.point) if move.kind == PLAY else PASS_TOKEN,
        )
        for number, move in enumerate(game_moves(game), start=1)
    ]
    clocks = {
        COLOUR_NAMES[colour]: ClockOut(
            running=clock.running,
            stopped=clock.stopped,
            time_left=_seconds(clock.left),
            deadline=clock.deadline,
            **_byoyomi_out(game, clock.byoyomi),
        )
        for colour, clock in game_clocks(game=game, now=now).items()
    }
    return GameDetailOut(
        **game_out(game, viewer_id=viewer_id, now=now).model_dump(),
        position=_position(game, state),
        moves=moves,
        clocks=clocks,
        count=_count(game),
    )


class MoveIn(Schema):
    """A stone to play."""

    point: str = Field(..., max_length=8, description="Coordinate label as on the board: `D4`.")
    expected_move_number: int = Field(
        ...,
        ge=0,
        le=1_000_000,
        description="The game's `move_number` you answer; another gives 409 `stale_move_number`.",
    )

    _no_nul = field_validator("point")(_no_nul)


class TurnIn(Schema):
    """A pass or a resignation."""

    expected_move_number: int = Field(..., ge=0, le=1_000_000)


class ConditionalIn(Schema):
    """A whole tree of conditional moves, replacing the one you had."""

    tree: list[dict] = Field(
        ...,
        max_length=200,
        description=(
            'Branches `{"if": CODE, "play": CODE, "then": [branches]}`: "if" is your '
            "opponent's move, \"play\" your answer, CODE an SGF point as the game's `sgf` codes "
            'write it (`"dd"`) or `"pass"`. At most 20 levels and 200 answers; one branch per '
            "move on each level. Every answer is checked against the current position."
        ),
        examples=[[{"if": "dd", "play": "pp", "then": [{"if": "cc", "play": "qq", "then": []}]}]],
    )
    expected_move_number: int = Field(
        ...,
        ge=0,
        le=1_000_000,
        description="The game's `move_number` the tree answers; another gives 409.",
    )


class ConditionalLineOut(Schema):
    """One path of the tree, as the board page lists it."""

    label: str = Field(..., description="`if D4 → Q16, then if C3 → R4`")
    text: str = Field(..., description="The same line as coordinates: `D4 Q16 C3 R4`.")


class ConditionalOut(Schema):
    """Your conditional moves in a game (nobody else ever sees them)."""

    tree: list[dict] = Field(..., description="The stored tree; `[]` when you have none.")
    lines: list[ConditionalLineOut]


# Challenges --------------------------------------------------------------------------------


class ChallengeIn(SettingsIn):
    """An open challenge (no `recipient`) or an invitation to one player."""

    creator_colour: Literal["black", "white", "random"] = "random"
    message: str = Field("", max_length=500)
    recipient: str | None = Field(None, max_length=150, description="Username to invite.")

    _no_nul = field_validator("message", "recipient")(_no_nul)


class AutoMatchIn(SettingsIn):
    creator_colour: Literal["black", "white", "random"] = "random"


class AcceptIn(Schema):
    colour: Literal["black", "white"] | None = Field(
        None, description="The colour you would like when the challenger left it random."
    )


class ChallengeOut(Schema):
    id: int
    creator: str
    recipient: str | None
    creator_colour: str
    message: str
    status: Literal["open", "accepted", "declined", "expired", "cancelled"]
    settings: SettingsOut
    created: dt.datetime
    expires: dt.datetime
    game_id: int | None


def challenge_out(challenge: Challenge) -> ChallengeOut:
    """`challenge` with its creator (and recipient, if any) loaded."""
    return ChallengeOut(
        id=challenge.pk,
        creator=challenge.creator.username,
        recipient=challenge.recipient.username if challenge.recipient_id else None,
        creator_colour=challenge.creator_colour,
        message=challenge.message,
        status=challenge.status,
        settings=settings_out(challenge),
        created=challenge.created,
        expires=challenge.expires,
        game_id=challenge.game_id,
    )


class AutoMatchOut(Schema):
    """Either the game that started (paired at once) or your place in the queue."""

    game: GameOut | None
    challenge: ChallengeOut | None
