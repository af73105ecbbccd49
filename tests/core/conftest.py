"""The factories the restore drill fills its database with: games (tests/games) and
tournaments (tests/ladder)."""

from tests.games.conftest import game_factory, now  # noqa: F401
from tests.ladder.conftest import tournament_factory  # noqa: F401
