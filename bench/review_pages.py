"""Uploaded SGF records (issue 21, finding 5): the cost of an upload and of each later view of
the review page, before (the record kept in the session and parsed again on every view) and
now (read once into a stored review; the page reads the stored tree).

Run: .venv/bin/python bench/review_pages.py [--repeat N]

Records (19×19, made here from seeded random play):
* "512 KB of moves": a 300-move main line and as many 10-move variations as fit in 512 KB
  (tens of thousands of nodes: the shape that cost 4.5 s per upload and 3.0 s per view in the
  outside probe, whose parser built every variation to read the main line);
* "largest accepted": REVIEW_MAX_NODES nodes the same way, a 216-character comment on every
  node (about 450 KB).

"before" runs what the old upload view did per request (rules.sgf.parse_sgf, the replay, the
review context and the template) in this process; "now" posts the file to the upload page and
fetches the stored review page with Django's test client. CPU is this process's time (median).
A temporary SQLite file holds the data.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LIMIT = 512 * 1024


def _random_moves(count: int, seed: int = 11) -> list[str]:
    from rules import EMPTY, Game, IllegalMove, preset, square

    t = square(19)
    rng = random.Random(seed)
    game = Game.new(t, preset("go-territory", t))
    codes: list[str] = []
    while len(codes) < count:
        empty = [p for p in t.points() if game.board.colour[p] == EMPTY]
        rng.shuffle(empty)
        for p in empty:
            if all(game.board.colour[q] == game.to_move for q in t.neighbours[p]):
                continue
            try:
                game.play(p)
            except IllegalMove:
                continue
            codes.append(t.sgf(p))
            break
        else:
            break
    return codes


def _record(nodes: int, comment: str = "", size: int = LIMIT) -> bytes:
    """A 300-move main line with 10-move variations after move 10 up to `nodes` nodes (or
    `size` bytes), `comment` on every node."""
    from rules import square

    t = square(19)
    codes = _random_moves(300)

    def node(i: int, code: str) -> str:
        return f";{'BW'[i % 2]}[{code}]" + (f"C[{comment}]" if comment else "")

    head = "(;GM[1]FF[4]SZ[19]RU[Japanese]KM[6.5]" + "".join(
        node(i, c) for i, c in enumerate(codes[:10])
    )
    main_line = "(" + "".join(node(i, c) for i, c in enumerate(codes[10:], start=10)) + ")"
    empty = sorted({t.sgf(p) for p in t.points()} - set(codes[:10]))
    rng = random.Random(5)
    left = nodes - 1 - len(codes)
    variations = []
    used = len(head) + len(main_line) + 1
    while left > 0:
        line = rng.sample(empty, min(10, left))
        text = "(" + "".join(node(10 + i, c) for i, c in enumerate(line)) + ")"
        if used + len(text) > size:
            break
        variations.append(text)
        used += len(text)
        left -= len(line)
    return (head + main_line + "".join(variations) + ")").encode()


def _cpu(fn) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def _before(data: bytes, repeat: int) -> tuple[float, float]:
    """Median CPU of the old upload and of the old view of `data` (parsed on every request)."""
    from django.template.loader import render_to_string

    from accounts.selectors import DEFAULT_BOARD
    from games.pages.replay import record_replay_context
    from rules.sgf import game_from_record, parse_sgf

    def old_upload():
        game_from_record(parse_sgf(data))

    def old_view():
        context = record_replay_context(record=parse_sgf(data), move=None, appearance=DEFAULT_BOARD)
        render_to_string("games/review_upload.html", {**context, "form": None})

    upload = statistics.median(_cpu(old_upload) for _ in range(repeat))
    return upload, statistics.median(_cpu(old_view) for _ in range(repeat))


def _now(client, user, data: bytes, repeat: int) -> tuple[float, float | None, str]:
    """Median CPU of posting `data` to the upload page and of a view of the stored review
    (None when refused), and what became of the upload."""
    from django.conf import settings
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    from games.reviews.models import Review

    url = reverse("games:review_upload")
    settings.FLOOD_LIMITS = {"review": (10_000, 3600)}
    answers = []

    def upload():
        file = SimpleUploadedFile("big.sgf", data, content_type="application/x-go-sgf")
        answers.append(client.post(url, {"sgf": file}))

    now_upload = statistics.median(_cpu(upload) for _ in range(repeat))
    answer = answers[-1]
    if answer.status_code != 302:
        found = re.search(rb"This file cannot be reviewed: ([^<]*)", answer.content)
        return now_upload, None, "refused: " + (found.group(1).decode() if found else "?")
    page = Review.objects.filter(owner=user).latest("pk").get_absolute_url()
    now_view = statistics.median(_cpu(lambda: client.get(page)) for _ in range(repeat))
    return now_upload, now_view, f"stored, {Review.objects.latest('pk').nodes} nodes"


def _table(rows: list[tuple]) -> None:
    print(
        f"{'record':<18}{'KB':>5}{'moves':>7}{'before upload s':>17}{'before view s':>15}"
        f"{'now upload s':>14}{'now view ms':>13}  outcome"
    )
    for label, size, moves, bu, bv, nu, nv, outcome in rows:
        view = f"{nv * 1000:>13.1f}" if nv is not None else f"{'-':>13}"
        print(
            f"{label:<18}{size // 1024:>5}{moves:>7}{bu:>17.2f}{bv:>15.2f}{nu:>14.2f}{view}"
            f"  {outcome}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    workdir = tempfile.TemporaryDirectory()
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir.name}/bench.sqlite3"
    os.environ["DJANGO_SETTINGS_MODULE"] = "baduxsite.settings.test"
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    from accounts.models import User
    from rules.sgf import parse_sgf

    setup_test_environment()
    logging.disable(logging.WARNING)
    call_command("migrate", verbosity=0)
    user = User.objects.create_user(username="bench-reviewer", email="r@example.org")
    client = Client()
    client.force_login(user)
    records = {
        "512 KB of moves": _record(10**6),
        "largest accepted": _record(settings.REVIEW_MAX_NODES, "lorem ipsum dolor sit amet " * 8),
    }
    rows = []
    for label, data in records.items():
        moves = len(parse_sgf(data).moves)
        before_upload, before_view = _before(data, args.repeat)
        now_upload, now_view, outcome = _now(client, user, data, args.repeat)
        rows.append(
            (label, len(data), moves, before_upload, before_view, now_upload, now_view, outcome)
        )
    _table(rows)
    workdir.cleanup()


if __name__ == "__main__":
    main()
