"""games' models, one module per feature, re-exported here so Django and
`from games.models import ...` find them all:

* `games`: the game row (settings, moves, clocks, result) and its status codes;
* `challenges`: open challenges and invitations;
* `chat`: game chat;
* `conditional`: conditional moves;
* `vacations`: players' vacations;
* `disputes`: scoring reports, score disputes and result corrections;
* `inbound`: reply mails received (play by e-mail);
* `contact`: contact messages to the staff;
* `friends`: friend invitations and opt-outs;
* `games.learn.models`: the Learn exercises a player has solved;
* `games.reviews.models`: reviews with variations and comments, private notes, estimate series;
* `games.watching.models`: watched games, followed players, spectators' comments (kibitz).
"""

from games.choices import BoardKind, ClockKind, ColourChoice, RuleSetKey
from games.learn.models import LearnProgress
from games.models.challenges import Challenge, ChallengeStatus
from games.models.chat import GameChat
from games.models.conditional import ConditionalMoves
from games.models.contact import CONTACT_MAX_LENGTH, ContactStatus, GameContact
from games.models.disputes import (
    CorrectionKind,
    DisputeStatus,
    ReportStatus,
    ResultCorrection,
    ScoreDispute,
    ScoringReport,
)
from games.models.friends import FriendInvite, InviteOptOut
from games.models.games import (
    PASS_TOKEN,
    EndReason,
    Game,
    GameOrigin,
    GameSettingsColumns,
    GameSettingsLabels,
    GameStatus,
)
from games.models.inbound import InboundMail, InboundOutcome
from games.models.vacations import Vacation
from games.reviews.models import (
    GameEstimate,
    GameNote,
    Review,
    ReviewComment,
    ReviewUpload,
    ReviewVisibility,
)
from games.watching.models import GameWatch, Kibitz, KibitzHidden, PlayerFollow

__all__ = [
    "CONTACT_MAX_LENGTH",
    "PASS_TOKEN",
    "BoardKind",
    "Challenge",
    "ChallengeStatus",
    "ClockKind",
    "ColourChoice",
    "ConditionalMoves",
    "ContactStatus",
    "CorrectionKind",
    "DisputeStatus",
    "EndReason",
    "FriendInvite",
    "Game",
    "GameChat",
    "GameContact",
    "GameEstimate",
    "GameNote",
    "GameOrigin",
    "GameWatch",
    "GameSettingsColumns",
    "GameSettingsLabels",
    "GameStatus",
    "InboundMail",
    "LearnProgress",
    "InboundOutcome",
    "InviteOptOut",
    "Kibitz",
    "KibitzHidden",
    "PlayerFollow",
    "ReportStatus",
    "ResultCorrection",
    "Review",
    "ReviewComment",
    "ReviewUpload",
    "ReviewVisibility",
    "RuleSetKey",
    "ScoreDispute",
    "ScoringReport",
    "Vacation",
]
