"""Writes for demo data: a few players with known passwords and verified e-mail addresses, a
few games between them (some running, one finished and counted) and three ladders they are in."""

import datetime as dt
from dataclasses import dataclass

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.db import transaction

from games.game_settings import GameSettings
from games.models import Game
from games.services import play
from ladder.ladders.models import Ladder
from ladder.ladders.services import ladder_join

# Printed by `make run` and written in README.md; never loaded outside DEBUG without --force.
DEMO_PASSWORD = "badux-demo-pass"  # noqa: S105


@dataclass(frozen=True)
class DemoPlayer:
    username: str
    display_name: str
    country: str
    time_zone: str
    bio: str

    @property
    def email(self) -> str:
        return f"{self.username}@example.com"


DEMO_PLAYERS: tuple[DemoPlayer, ...] = (
    DemoPlayer("alice", "Alice", "FR", "Europe/Paris", "Plays Badux on the 9-hex board."),
    DemoPlayer("bob", "Bob", "JP", "Asia/Tokyo", "Square 19x19, slow games welcome."),
    DemoPlayer("carol", "Carol", "BR", "America/Sao_Paulo", "Learning both games."),
    DemoPlayer("dmitri", "Dmitri", "DE", "Europe/Berlin", ""),
)


def demo_users_load(*, password: str = DEMO_PASSWORD) -> list[str]:
    """Create or reset the demo players; return their usernames. Safe to run repeatedly.

    Each player ends with the given password, an active account and exactly one primary,
    verified e-mail address `<username>@example.com`, so allauth lets them log in at once.
    """
    user_model = get_user_model()
    usernames = []
    with transaction.atomic():
        for player in DEMO_PLAYERS:
            user, _created = user_model.objects.update_or_create(
                username=player.username,
                defaults={
                    "email": player.email,
                    "display_name": player.display_name,
                    "country": player.country,
                    "time_zone": player.time_zone,
                    "bio": player.bio,
                    "is_active": True,
                },
            )
            user.set_password(password)
            user.save(update_fields=["password"])
            EmailAddress.objects.filter(user=user).exclude(email=player.email).delete()
            EmailAddress.objects.update_or_create(
                user=user,
                email=player.email,
                defaults={"verified": True, "primary": True},
            )
            usernames.append(user.username)
    return usernames


@dataclass(frozen=True)
class DemoGame:
    """A demo game, played through the real game services from `minutes_ago` on, one move
    every `step` minutes ("pass" passes). Two passes in a row end and count it."""

    black: str
    white: str
    settings: GameSettings
    moves: tuple[str, ...]
    minutes_ago: int
    step: int = 30


def _walls_9x9() -> tuple[str, ...]:
    # Black walls column E, White column F; White's C5 invasion dies in Black's area, both pass.
    walls = tuple(p for row in range(1, 9) for p in (f"E{row}", f"F{row}"))
    return (*walls, "E9", "C5", "D5", "F9", "pass", "pass")


DEMO_GAMES: tuple[DemoGame, ...] = (
    # Running: alice's turn on 9×9, alice's turn on hex 6 too, bob's on 19×19, carol's on hex 8.
    DemoGame(
        "alice",
        "bob",
        GameSettings(board_kind="square", board_size=9),
        ("C3", "G7", "G3", "C7", "E5", "E3", "D3", "E4", "D4", "F4"),
        minutes_ago=600,
    ),
    DemoGame(
        "carol",
        "alice",
        GameSettings(board_kind="hex", board_size=6),
        ("F6", "H8", "D4", "G4", "E8"),
        minutes_ago=300,
    ),
    DemoGame(
        "bob",
        "dmitri",
        GameSettings(board_kind="square", board_size=19),
        ("Q16", "D4", "Q4", "D16", "R10", "K17"),
        minutes_ago=1500,
        step=200,
    ),
    DemoGame(
        "dmitri",
        "carol",
        GameSettings(board_kind="hex", board_size=8),
        ("H8", "M12", "D4"),
        minutes_ago=2000,
        step=500,
    ),
    # Finished by two passes and counted: alice (Black) wins by 1.5 points.
    DemoGame(
        "alice",
        "carol",
        GameSettings(board_kind="square", board_size=9),
        _walls_9x9(),
        minutes_ago=4000,
        step=60,
    ),
)


def demo_games_load(*, now: dt.datetime) -> tuple[int, int]:
    """Create the demo games that do not exist yet (a game between the same players, colours
    and board counts as existing, whatever became of it); return (created, already there).

    Needs the demo players (`demo_users_load`). Every move goes through `games.services.play`, so
    the games hold real clocks, captures and, for the finished one, the automatic count. All
    in one transaction: the move mails are queued for its commit, when only the last move of
    each game is still news (see games.tasks).
    """
    users = {u.username: u for u in get_user_model().objects.filter(username__in=_demo_names())}
    created = existing = 0
    with transaction.atomic():
        for spec in DEMO_GAMES:
            black, white = users[spec.black], users[spec.white]
            if Game.objects.filter(
                black=black,
                white=white,
                board_kind=spec.settings.board_kind,
                board_size=spec.settings.board_size,
            ).exists():
                existing += 1
                continue
            _play(spec, black, white, now)
            created += 1
    return created, existing


def _demo_names() -> list[str]:
    return [player.username for player in DEMO_PLAYERS]


def _play(spec: DemoGame, black, white, now: dt.datetime) -> Game:
    at = now - dt.timedelta(minutes=spec.minutes_ago)
    game = play.game_start(black=black, white=white, settings=spec.settings, now=at)
    for move in spec.moves:
        at += dt.timedelta(minutes=spec.step)
        player = game.player(game.to_move)
        if move == "pass":
            game = play.game_pass(
                game_id=game.pk, user=player, expected_move_number=game.move_number, now=at
            )
        else:
            game = play.game_move(
                game_id=game.pk,
                user=player,
                point=game.topology.parse(move),
                expected_move_number=game.move_number,
                now=at,
            )
    return game


@dataclass(frozen=True)
class DemoLadder:
    name: str
    slug: str
    settings: GameSettings
    players: tuple[str, ...]  # top first


DEMO_LADDERS: tuple[DemoLadder, ...] = (
    DemoLadder(
        "Go 19×19",
        "go-19",
        GameSettings(board_kind="square", board_size=19, clock_days=5, vacation_allowed=False),
        ("bob", "dmitri", "carol", "alice"),
    ),
    DemoLadder(
        "Go 9×9",
        "go-9",
        GameSettings(board_kind="square", board_size=9, vacation_allowed=False),
        ("alice", "bob", "carol", "dmitri"),
    ),
    DemoLadder(
        "Badux 6",
        "badux-6",
        GameSettings(board_kind="hex", board_size=6, vacation_allowed=False),
        ("alice", "carol", "dmitri", "bob"),
    ),
)


def demo_ladders_load(*, now: dt.datetime) -> tuple[int, int]:
    """Create the demo ladders that do not exist yet (by slug) with the default rules, and put
    the demo players in them, top first (players already in a ladder keep their place);
    return (ladders created, already there). Needs the demo players."""
    users = {u.username: u for u in get_user_model().objects.filter(username__in=_demo_names())}
    created = existing = 0
    for spec in DEMO_LADDERS:
        ladder = Ladder.objects.filter(slug=spec.slug).first()
        if ladder is None:
            ladder = Ladder.objects.create(
                name=spec.name, slug=spec.slug, created=now, **spec.settings.columns()
            )
            created += 1
        else:
            existing += 1
        for name in spec.players:
            ladder_join(ladder_id=ladder.pk, user=users[name], now=now)
    return created, existing
