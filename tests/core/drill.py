"""The restore drill's parts, shared by its SQLite and PostgreSQL runs: a filled database, a
player making moves on another thread while the backup is taken, a checksum of every game's
moves, and the site served from another database."""

from __future__ import annotations

import hashlib
import io
import itertools
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from django.core.management import call_command
from django.db import OperationalError, connection, connections
from django.urls import reverse

from core.backups import BackupResult, RestoreResult, backup_create, backup_restore
from games.models import Game
from games.reviews.services import review_create_from_game
from messaging.messages.services import message_send, thread_start
from tests.games.conftest import NOW, play
from tests.samples import samples_dir

# Black fills rows 2, 4, 6 and 8, White rows 12, 14, 16 and 18 of a 19×19 board: every move is
# legal and nothing is ever captured, so a game's moves are known in advance.
COLUMNS = "ABCDEFGHJKLMNOPQRST"
WRITER_MOVES = tuple(
    text
    for black_row, white_row in ((2, 12), (4, 14), (6, 16), (8, 18))
    for column in COLUMNS
    for text in (f"{column}{black_row}", f"{column}{white_row}")
)
OPENING = ("D4", "F6", "F4", "D6", "C3", "G7")


def database_fill(*, user_factory, game_factory, tournament_factory, games: int) -> dict:
    """The demo (through its command), `games` generated games with moves, message threads,
    reviews, two started tournaments and, last, an empty 19×19 game for the Writer; returns what
    was made, by kind."""
    call_command("load_demo", force=True, stdout=io.StringIO())
    players = [user_factory() for _ in range(8)]
    made = []
    for number, (black, white) in zip(range(games), itertools.cycle(itertools.pairwise(players))):
        moves = OPENING[: number % len(OPENING) + 1]
        made.append(game_factory(black=black, white=white, moves=moves))
    threads = 0
    for sender, recipient in itertools.pairwise(players):
        thread = thread_start(
            sender=sender, recipient=recipient, subject="Drill", body="First.", now=NOW
        )
        message_send(thread_id=thread.pk, sender=recipient, body="Second.", now=NOW)
        threads += 1
    for game in made[:5]:
        review_create_from_game(game=game, user=game.black, now=NOW)
    for fmt in ("round_robin", "swiss"):
        tournament_factory(players=players[:4], fmt=fmt, start=True)
    # The last game, on 19×19, is the one the Writer plays in.
    game_factory(black=players[0], white=players[1], board_size=19)
    return {"games": len(made) + 1, "threads": threads, "reviews": 5, "tournaments": 2}


def moves_checksums() -> dict[int, str]:
    """sha256 of each game's move number and moves, by game id, on the default connection."""
    return {
        pk: hashlib.sha256(f"{number}:{moves}".encode()).hexdigest()
        for pk, number, moves in Game.objects.order_by("pk").values_list(
            "pk", "move_number", "moves"
        )
    }


@dataclass
class Writer:
    """Plays WRITER_MOVES in `game` on its own thread and connection. `ready` is set after three
    moves; once `done` is set it plays one more move, begun after it saw `done`, and stops. Each
    committed state (move number, moves) is in `states`, the first being the state before."""

    game: Game
    ready: threading.Event = field(default_factory=threading.Event)
    done: threading.Event = field(default_factory=threading.Event)
    states: list[tuple[int, str]] = field(default_factory=list)
    errors: list[BaseException] = field(default_factory=list)
    moved_after_done: bool = False

    def run(self) -> None:
        game = self.game
        self.states.append((game.move_number, game.moves))
        try:
            for text in WRITER_MOVES:
                finishing = self.done.is_set()
                game = _play_retrying(game, text)
                self.states.append((game.move_number, game.moves))
                if len(self.states) == 4:
                    self.ready.set()
                if finishing:
                    self.moved_after_done = True
                    return
        except BaseException as error:  # reported by the test after join
            self.errors.append(error)
        finally:
            self.ready.set()
            connection.close()


def _play_retrying(game: Game, text: str) -> Game:
    # SQLite's in-memory test database is shared between connections at table level: a write
    # finding the backup reading gets "table is locked" at once, where a file database would
    # wait its busy timeout. The move was rolled back, so playing it again is the same move.
    for _ in range(1000):
        try:
            return play(game, text, NOW)
        except OperationalError as error:
            if "locked" not in str(error):
                raise
    return play(game, text, NOW)


@contextmanager
def writing(game: Game) -> Iterator[Writer]:
    """A Writer running while the block runs; the block begins after its third move and it
    stops after one more move once the block ends."""
    writer = Writer(game=game)
    thread = threading.Thread(target=writer.run, name="drill-writer")
    thread.start()
    try:
        assert writer.ready.wait(timeout=60)
        yield writer
    finally:
        writer.done.set()
        thread.join(timeout=60)
    assert not thread.is_alive()
    assert writer.errors == []


@contextmanager
def served_from(name: str) -> Iterator[None]:
    """Django's default connection talks to the database `name` inside the block (the test
    database's own connection is put aside, not closed: an in-memory SQLite dies with its last
    connection), then back."""
    default = connections["default"]
    kept, kept_name = default.connection, default.settings_dict["NAME"]
    default.connection = None
    default.settings_dict["NAME"] = name
    try:
        yield
    finally:
        default.close()
        default.settings_dict["NAME"] = kept_name
        default.connection = kept


def pages_served(client, game_ids: list[int]) -> list[int]:
    """The status of each game's page, fetched by a visitor."""
    return [client.get(reverse("games:board", args=[pk])).status_code for pk in game_ids]


def figures_save(name: str, figures: dict) -> Path:
    """The drill's figures as JSON in the samples folder (for the operator's documentation)."""
    path = samples_dir("backups") / f"{name}.json"
    path.write_text(json.dumps(figures, indent=2, sort_keys=True) + "\n")
    return path


def folders_make(root: Path) -> dict[str, str]:
    """A media folder with an image and a mail folder with two mails under `root`."""
    media, mail = root / "media", root / "mail"
    (media / "avatars").mkdir(parents=True)
    (media / "avatars" / "1.png").write_bytes(b"\x89PNG drill")
    mail.mkdir()
    for number in (1, 2):
        (mail / f"{number}.eml").write_text(f"Subject: drill {number}\n\nBody.\n")
    return {"media": str(media), "mail": str(mail)}


def folder_files(folder: str) -> dict[str, bytes]:
    root = Path(folder)
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@dataclass
class Drill:
    """One run: the backup, the writer's states, the restore, the checksums on both sides."""

    backup: BackupResult
    restore: RestoreResult
    writer: Writer
    before: dict[int, str]
    restored: dict[int, str]
    pages: list[int]
    figures: dict


def drill_run(
    *, client, source: dict, target: dict, folders: dict, restored_folders: dict, tmp_path: Path
) -> Drill:
    """Back up `source` (the test database) while a Writer plays in its last game, restore into
    `target` and `restored_folders`, and read the restored games and their pages."""
    writer_game = Game.objects.order_by("pk").last()
    with writing(writer_game) as writer:
        moves_at_start = len(writer.states)
        backup = backup_create(
            database=source, folders=folders, destination=tmp_path / "backups", now=NOW
        )
        moves_at_end = len(writer.states)
    before = moves_checksums()
    restore = backup_restore(source=backup.path, database=target, folders=restored_folders)
    with served_from(target["NAME"]):
        restored = moves_checksums()
        pages = pages_served(client, sorted(restored))
    figures = {
        "tables": len(restore.counts),
        "rows": sum(restore.counts.values()),
        "games": restore.counts["games_game"],
        "backup_seconds": round(backup.seconds, 3),
        "restore_seconds": round(restore.seconds, 3),
        "moves_during_backup": moves_at_end - moves_at_start,
        "files": len(backup.manifest["files"]),
    }
    return Drill(backup, restore, writer, before, restored, pages, figures)


def writer_state_checksums(writer: Writer) -> set[str]:
    """The checksums the writer's game had at each of its commits."""
    return {hashlib.sha256(f"{n}:{moves}".encode()).hexdigest() for n, moves in writer.states}
