"""Games, challenges and game chat.

Every stored code (status, end reason, board kind, colour choice, clock kind) is a stable string,
never an enum position.

The move list is one text column (`Game.moves`): the SGF point of each turn, two letters, with
`..` for a pass, e.g. ``"ddpp..cc"``. Colours alternate from `first_to_move`, resignations and
timeouts live in `end_reason`/`result`. One row therefore holds everything a board page needs,
so the page costs the same few queries at move 5 and at move 500, and replaying the list through
`rules` is cheap (about 100k moves a second). A row per move would cost an insert per move and a
growing read per page for no benefit: nothing queries single moves.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import models
from django.urls import reverse

import rules
from rules import BLACK, WHITE, RuleSet, Topology

from .choices import BoardKind, ClockKind, ColourChoice, RuleSetKey
from .game_settings import GameSettings, settings_columns

PASS_TOKEN = ".."  # noqa: S105  (a move code, not a password)


class GameStatus(models.TextChoices):
    """Stored codes."""

    PLAYING = "playing", "Playing"
    FINISHED = "finished", "Finished"


class EndReason(models.TextChoices):
    """Why a game ended; the codes are those of `rules.game`. Stored codes."""

    PASSES = rules.game.END_PASSES, "Both players passed"
    RESIGN = rules.game.END_RESIGN, "Resignation"
    MOVE_CAP = rules.game.END_MOVE_CAP, "Move limit reached"
    TIMEOUT = rules.game.END_TIMEOUT, "Time ran out"


class ChallengeStatus(models.TextChoices):
    """Stored codes."""

    OPEN = "open", "Open"
    ACCEPTED = "accepted", "Accepted"
    DECLINED = "declined", "Declined"
    EXPIRED = "expired", "Expired"
    CANCELLED = "cancelled", "Cancelled"


class GameSettingsLabels:
    """What pages say about the settings of a challenge or game (mixed into both models)."""

    @property
    def settings(self) -> GameSettings:
        """The settings as one value (checked again: stored rows always pass)."""
        return GameSettings.of(self)

    @property
    def topology(self) -> Topology:
        """The board shape."""
        return rules.topology_for(self.board_kind, self.board_size)

    @property
    def rule_set(self) -> RuleSet:
        """The rule set with this game's komi."""
        base = rules.preset(self.ruleset, self.topology, handicap=self.handicap)
        return base.with_komi(float(self.komi))

    @property
    def board_label(self) -> str:
        """E.g. 'Go 19×19' or 'Badux hex 12'."""
        return f"{BoardKind(self.board_kind).label} {self.topology.label}"

    @property
    def clock_label(self) -> str:
        """E.g. '3 days per move' or 'Fischer 7 d + 1 d (max 14 d), weekends free, no
        vacation'."""
        if self.clock_kind == ClockKind.FISCHER:
            label = (
                f"Fischer {self.clock_days} d + {self.clock_increment_days} d "
                f"(max {self.clock_cap_days} d)"
            )
        else:
            label = f"{self.clock_days} day{'s' if self.clock_days != 1 else ''} per move"
        if self.weekend_pause:
            label += ", weekends free"
        if not self.vacation_allowed:
            label += ", no vacation"
        return label

    @property
    def komi_label(self) -> str:
        """Komi without a trailing '.0'."""
        value = self.komi
        return str(int(value)) if value == value.to_integral() else str(value)


# The columns of every setting, one per GameSettings attribute (games.game_settings), shared by
# challenges and games: adding a setting there adds its column here.
GameSettingsColumns = type(
    "GameSettingsColumns",
    (GameSettingsLabels, models.Model),
    {
        "__module__": __name__,
        "__doc__": "What a challenge proposes and a game is played with (abstract).",
        "Meta": type("Meta", (), {"abstract": True}),
        **settings_columns(),
    },
)


class Challenge(GameSettingsColumns):
    """An offer to play: open in the Waiting Room (`recipient` is None) or to one player."""

    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_made"
    )
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="challenges_received",
    )
    creator_colour = models.CharField(
        max_length=8, choices=ColourChoice.choices, default=ColourChoice.RANDOM
    )
    message = models.CharField(max_length=500, blank=True)
    status = models.CharField(
        max_length=12, choices=ChallengeStatus.choices, default=ChallengeStatus.OPEN
    )
    created = models.DateTimeField()
    expires = models.DateTimeField(db_index=True)
    closed = models.DateTimeField(null=True, blank=True)
    game = models.OneToOneField(
        "Game", on_delete=models.SET_NULL, null=True, blank=True, related_name="challenge"
    )

    class Meta:
        indexes = [models.Index(fields=["status", "board_kind", "board_size"])]

    def __str__(self) -> str:
        return f"Challenge {self.pk} by {self.creator_id} ({self.status})"

    @property
    def is_open_challenge(self) -> bool:
        """True for a Waiting Room challenge anyone may accept."""
        return self.recipient_id is None


class Game(GameSettingsColumns):
    """A correspondence game between two players."""

    black = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_as_black"
    )
    white = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_as_white"
    )
    status = models.CharField(
        max_length=12, choices=GameStatus.choices, default=GameStatus.PLAYING, db_index=True
    )
    first_to_move = models.PositiveSmallIntegerField(default=BLACK)  # 1 black, 2 white
    moves = models.TextField(blank=True, default="")
    move_number = models.PositiveIntegerField(default=0)
    to_move = models.PositiveSmallIntegerField(default=BLACK)
    black_captures = models.PositiveIntegerField(default=0)  # stones Black has captured
    white_captures = models.PositiveIntegerField(default=0)
    # When the player to move runs out of time; None once the game is over and while the mover's
    # clock is stopped by their vacation. The clock sweep ends games whose deadline has passed.
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    # The mover's clock (re)started at `clock_started` (their turn began or their vacation ended)
    # with `clock_left` counted time (see games.clock); while stopped, `clock_left` is what is
    # left. The deadline follows from these two, the weekend pause and the mover's time zone.
    clock_started = models.DateTimeField(null=True, blank=True)
    clock_left = models.DurationField(null=True, blank=True)
    # When the mover will have used 80 % of this move's time; None once warned (or over).
    warn_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # The move number the last time-out warning was sent for (once per move).
    warned_move = models.PositiveIntegerField(null=True, blank=True)
    # Fischer banks after the last move of each player (per-move clocks leave them None).
    black_bank = models.DurationField(null=True, blank=True)
    white_bank = models.DurationField(null=True, blank=True)
    public = models.BooleanField(default=True)
    result = models.CharField(max_length=16, blank=True)  # SGF RE: 'B+3.5', 'W+R', 'B+T', '0'
    end_reason = models.CharField(max_length=12, choices=EndReason.choices, blank=True)
    score = models.JSONField(null=True, blank=True)
    created = models.DateTimeField()
    last_move_at = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True, db_index=True)

    class Meta:
        indexes = [
            models.Index(fields=["black", "status"]),
            models.Index(fields=["white", "status"]),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("games:board", args=[self.pk])

    @property
    def is_over(self) -> bool:
        return self.status == GameStatus.FINISHED

    def player(self, colour: int):
        """The player of `colour` (BLACK or WHITE)."""
        return self.black if colour == BLACK else self.white

    def colour_of(self, user) -> int | None:
        """BLACK or WHITE for a player of this game, None for anyone else."""
        if user is None or not user.is_authenticated:
            return None
        if user.pk == self.black_id:
            return BLACK
        if user.pk == self.white_id:
            return WHITE
        return None

    @property
    def player_to_move_id(self) -> int | None:
        if self.is_over:
            return None
        return self.black_id if self.to_move == BLACK else self.white_id

    def move_codes(self) -> list[str]:
        """The stored move list as two-letter codes ('..' = pass)."""
        text = self.moves
        return [text[i : i + 2] for i in range(0, len(text), 2)]

    def bank_of(self, colour: int) -> dt.timedelta | None:
        return self.black_bank if colour == BLACK else self.white_bank

    def turn_budget(self, colour: int) -> dt.timedelta:
        """The time `colour` has for a move when it starts: their Fischer bank, or the days per
        move."""
        if self.clock_kind == ClockKind.FISCHER:
            return self.bank_of(colour) or dt.timedelta(days=self.clock_days)
        return dt.timedelta(days=self.clock_days)

    @property
    def clock_stopped(self) -> bool:
        """True while the game runs but the mover's clock is stopped by their vacation."""
        return not self.is_over and self.deadline is None

    @property
    def awaiting_count(self) -> bool:
        """True for a game ended at the move cap whose count the scoring task has not written."""
        return self.is_over and self.end_reason == EndReason.MOVE_CAP and not self.result


class Vacation(models.Model):
    """A player's vacation balance and current vacation (one row once they first start one;
    players without a row have the initial balance accrued since they joined).

    `balance` is what they had at `balance_at`; while on vacation (`started` set) nothing
    accrues and the vacation ends by itself at `until` (= started + balance) at the latest.
    Read through games.selectors.vacation_state, written by games.services.vacation_*.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacation"
    )
    balance = models.DurationField()
    balance_at = models.DateTimeField()
    started = models.DateTimeField(null=True, blank=True)
    until = models.DateTimeField(null=True, blank=True, db_index=True)

    def __str__(self) -> str:
        return f"Vacation of user {self.user_id}"

    @property
    def active(self) -> bool:
        return self.started is not None


class GameChat(models.Model):
    """One chat line on a game, seen by both players (and spectators of public games)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat_lines")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    move_number = models.PositiveIntegerField()
    text = models.CharField(max_length=1000)
    created = models.DateTimeField()

    class Meta:
        ordering = ["created", "pk"]

    def __str__(self) -> str:
        return f"Chat {self.pk} on game {self.game_id}"


class ReportStatus(models.TextChoices):
    """Stored codes."""

    OPEN = "open", "Open"
    RESOLVED = "resolved", "Resolved"


class ScoringReport(models.Model):
    """A player reports that a finished game's result is wrong (e.g. a resignation by mistake or
    a count the marking phase could not fix). The site staff answer it in the admin, where they
    may correct the result (`services.result_correct`, one `ResultCorrection` row each)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="scoring_reports")
    raised_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    reason = models.TextField(max_length=2000)
    status = models.CharField(
        max_length=12, choices=ReportStatus.choices, default=ReportStatus.OPEN
    )
    created = models.DateTimeField()
    resolved = models.DateTimeField(null=True, blank=True)
    staff_note = models.TextField(blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "raised_by"],
                condition=models.Q(status="open"),
                name="scoring_report_one_open_per_player",
            )
        ]

    def __str__(self) -> str:
        return f"Report {self.pk} on game {self.game_id} ({self.status})"


class DisputeStatus(models.TextChoices):
    """Stored codes."""

    MARKING = "marking", "Marking dead stones"
    AGREED = "agreed", "Both players accepted the marking"
    EXPIRED = "expired", "Not agreed in time: the automatic result stands"
    STAFF = "staff", "Closed by the site staff, who set the result"


class ScoreDispute(models.Model):
    """A player disputes the automatic count of a game; both players mark dead stones until
    both accept the same marking. The exact rule is in `games.services` (Disputes section).

    `dead` is the current marking (sorted SGF points), starting from the automatic estimate;
    `version` counts the toggles, so an accept or toggle sent from an older page is refused.
    The game's result only changes when both accept (status AGREED)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="score_dispute")
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    opened = models.DateTimeField()
    deadline = models.DateTimeField()
    status = models.CharField(
        max_length=12, choices=DisputeStatus.choices, default=DisputeStatus.MARKING
    )
    dead = models.JSONField(default=list, blank=True)
    version = models.PositiveIntegerField(default=0)
    black_accepted = models.BooleanField(default=False)
    white_accepted = models.BooleanField(default=False)
    closed = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "deadline"])]

    def __str__(self) -> str:
        return f"Score dispute on game {self.game_id} ({self.status})"

    def accepted_by(self, colour: int) -> bool:
        """Whether the player of `colour` accepts the current marking."""
        return self.black_accepted if colour == BLACK else self.white_accepted

    def is_open(self, now: dt.datetime) -> bool:
        """Still marking at `now` (the sweep may not have closed an overdue phase yet)."""
        return self.status == DisputeStatus.MARKING and now < self.deadline


class CorrectionKind(models.TextChoices):
    """Who changed a result. Stored codes."""

    AGREED = "agreed", "Dead stones agreed by both players"
    STAFF = "staff", "Corrected by the site staff"


class ResultCorrection(models.Model):
    """Audit row: one change of a finished game's result after the automatic count, with the
    result and count before and after. Written only by services; never edited."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="result_corrections")
    kind = models.CharField(max_length=8, choices=CorrectionKind.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="The staff member (empty when the players agreed).",
    )
    report = models.ForeignKey(
        ScoringReport,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="corrections",
    )
    created = models.DateTimeField()
    old_result = models.CharField(max_length=16, blank=True)
    new_result = models.CharField(max_length=16, blank=True)
    old_score = models.JSONField(null=True, blank=True)
    new_score = models.JSONField(null=True, blank=True)
    note = models.TextField(blank=True)

    class Meta:
        ordering = ["created", "pk"]

    def __str__(self) -> str:
        return f"Game {self.game_id}: {self.old_result} -> {self.new_result} ({self.kind})"


class InboundOutcome(models.TextChoices):
    """What a reply mail did. Stored codes."""

    PLAYED = "played", "Move played"
    PASSED = "passed", "Passed"
    RESIGNED = "resigned", "Resigned"
    ILLEGAL = "illegal", "Refused by the rules"
    NOT_YOUR_TURN = "not_your_turn", "Not the player's turn"
    GAME_OVER = "game_over", "Game already over"
    MOVED_ON = "moved_on", "Game had moved on"
    UNREADABLE = "unreadable", "First line is not a move"
    NO_GAME = "no_game", "Game or player no longer exists"


class InboundMail(models.Model):
    """A reply mail the receiver handled: one row per message and reply address, so a message
    delivered twice acts once. `detail` is the sentence the player was sent back (empty when
    no answer was needed); `replied` is set once that answer went out (or the mail server refused
    it for good, which is logged)."""

    dedup_key = models.CharField(max_length=64, unique=True)  # sha256 hex, see ReplyMail
    message_id = models.CharField(max_length=500, blank=True)
    sender = models.CharField(max_length=254)
    subject = models.CharField(max_length=200, blank=True)
    first_line = models.CharField(max_length=200, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    game = models.ForeignKey(Game, on_delete=models.SET_NULL, null=True, related_name="+")
    token_move_number = models.PositiveIntegerField()
    outcome = models.CharField(max_length=16, choices=InboundOutcome.choices)
    detail = models.TextField(blank=True)
    received = models.DateTimeField()
    replied = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Reply mail {self.pk} on game {self.game_id} ({self.outcome})"


__all__ = [
    "PASS_TOKEN",
    "BoardKind",
    "Challenge",
    "ChallengeStatus",
    "ClockKind",
    "ColourChoice",
    "ConditionalMoves",
    "CorrectionKind",
    "DisputeStatus",
    "EndReason",
    "Game",
    "GameChat",
    "GameSettingsColumns",
    "GameStatus",
    "InboundMail",
    "InboundOutcome",
    "ReportStatus",
    "ResultCorrection",
    "RuleSetKey",
    "ScoreDispute",
    "ScoringReport",
    "Vacation",
]


CONTACT_MAX_LENGTH = 3000


class ContactStatus(models.TextChoices):
    """Where staff are with a player's question about a game. Stored codes."""

    OPEN = "open", "Open"
    ANSWERED = "answered", "Answered"
    CLOSED = "closed", "Closed without answer"


class GameContact(models.Model):
    """ "Contact the site about this game": a player's question or complaint to the staff,
    with the game linked. Staff answer it in the admin; the answer is mailed to the player
    once (`answer_mailed` is claimed before sending, cleared when the answer changes)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="contacts")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_contacts"
    )
    text = models.TextField(max_length=CONTACT_MAX_LENGTH)
    created = models.DateTimeField()
    status = models.CharField(
        max_length=12, choices=ContactStatus.choices, default=ContactStatus.OPEN
    )
    answer = models.TextField(blank=True)
    answered = models.DateTimeField(null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    answer_mailed = models.DateTimeField(null=True, blank=True)
    mail_error = models.CharField(max_length=200, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["author", "created"], name="game_contact_author_created"),
            models.Index(fields=["status", "created"], name="game_contact_status"),
        ]

    def __str__(self) -> str:
        return f"Contact {self.pk} about game {self.game_id} ({self.status})"


class FriendInvite(GameSettingsColumns):
    """ "Tell a friend": a player invites someone by e-mail to join and play. It keeps the game
    the inviter chose (the settings columns, like a challenge); once the friend has an account
    with this address verified, that invitation becomes a `Challenge` to them."""

    inviter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="friend_invites"
    )
    email = models.EmailField()
    note = models.CharField(max_length=500, blank=True)
    creator_colour = models.CharField(
        max_length=8, choices=ColourChoice.choices, default=ColourChoice.RANDOM
    )
    created = models.DateTimeField()
    mailed = models.DateTimeField(null=True, blank=True)  # claimed just before sending
    mail_error = models.CharField(max_length=200, blank=True)
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    accepted = models.DateTimeField(null=True, blank=True)
    challenge = models.ForeignKey(
        Challenge, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        indexes = [
            models.Index(fields=["inviter", "created"], name="friend_invite_inviter"),
            models.Index(fields=["email"], name="friend_invite_email"),
        ]

    def __str__(self) -> str:
        return f"Invitation {self.pk} from {self.inviter_id}"


class InviteOptOut(models.Model):
    """An address that asked never to be invited again (the link in every invitation mail).
    Stored lower-case; checked before every invitation."""

    email = models.EmailField(unique=True)
    created = models.DateTimeField()

    def __str__(self) -> str:
        return self.email


# Registered with the games app from its own module (this one is near the size limit).
from .models_conditional import ConditionalMoves  # noqa: E402
