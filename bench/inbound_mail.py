"""Play by e-mail speed: reading reply mails, and a reply's round trip through the receiver.

Run: .venv/bin/python bench/inbound_mail.py [--replies N] [--database-url URL]

1. `reply_mail_parse` + `command_parse` on three typical replies (plain text with a quote,
   HTML-only from a webmail, multipart with the quoted board PNG), CPU time per mail.
2. A game played by mail: the SMTP (or LMTP) receiver on a free port, N replies sent one after
   the other with smtplib, each to the Reply-To address the game would put in the player's mail.
   The time is from the first byte sent until the 250 answer, which comes after the move is
   committed; the test settings run Celery tasks in-process, so the opponent's "your turn" mail
   (to Django's in-memory outbox) is inside that time too. A temporary SQLite file is used
   unless --database-url names another database (the bench migrates it and writes to it).
"""

from __future__ import annotations

import argparse
import os
import smtplib
import socket
import statistics
import sys
import tempfile
import time
from email.message import EmailMessage
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _reply(text: str, *, sender: str, to: str, number: int, html: bool, png: bytes) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = "Re: [Badux] Your turn against bench"
    message["Message-ID"] = f"<bench-{number}@example.org>"
    quote = "\n".join(f"> line {i} of the your-turn mail" for i in range(12))
    if html:
        message.set_content(
            f'<div dir="ltr">{text}</div><div class="gmail_quote"><blockquote>{quote}'
            "</blockquote></div>",
            subtype="html",
        )
    else:
        message.set_content(f"{text}\n\nOn Monday, Badux wrote:\n{quote}\n")
    if png:
        message.add_attachment(png, maintype="image", subtype="png", filename="board.png")
    return message.as_bytes()


def bench_parse(repeat: int) -> list[tuple[str, int, float]]:
    from games.inbound.parse import command_parse, reply_mail_parse
    from rules import Game, preset, square
    from rules.images.render import render_png

    game = Game.new(square(19), preset("go-area", square(19)))
    png = render_png(game.position, size=300)
    cases = {
        "plain + quote": _reply("D4", sender="a@x", to="b@y", number=1, html=False, png=b""),
        "html only": _reply("D4", sender="a@x", to="b@y", number=2, html=True, png=b""),
        "plain + board png": _reply("D4", sender="a@x", to="b@y", number=3, html=False, png=png),
    }
    rows = []
    for name, raw in cases.items():
        start = time.process_time()
        for _ in range(repeat):
            command_parse(reply_mail_parse(raw).first_line)
        rows.append((name, len(raw), (time.process_time() - start) / repeat * 1000))
    return rows


def bench_round_trip(replies: int, lmtp: bool) -> list[float]:
    from django.core.management import call_command
    from django.utils import timezone

    from accounts.models import User
    from games.game_settings import GameSettings
    from games.inbound.address import reply_address_for
    from games.inbound.receiver import receiver_start, receiver_stop
    from games.services import play
    from rules import square

    call_command("migrate", verbosity=0)
    now = timezone.now()
    tag = f"{int(time.time() * 1000)}{'l' if lmtp else 's'}"
    black = User.objects.create_user(username=f"b{tag}", email=f"b{tag}@example.org")
    white = User.objects.create_user(username=f"w{tag}", email=f"w{tag}@example.org")
    game = play.game_start(
        black=black,
        white=white,
        now=now,
        settings=GameSettings(board_kind="square", board_size=19, ruleset="go-area"),
    )
    points = list(square(19).points())
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = receiver_start(host="127.0.0.1", port=port, lmtp=lmtp)
    times = []
    try:
        client_class = smtplib.LMTP if lmtp else smtplib.SMTP
        with client_class("127.0.0.1", port) as client:
            for number in range(replies):
                game.refresh_from_db()
                player = game.player(game.to_move)
                to = reply_address_for(
                    user_id=player.pk, game_id=game.pk, move_number=game.move_number
                )
                name = square(19).name(points[(number * 7) % len(points)])
                raw = _reply(name, sender=player.email, to=to, number=number, html=False, png=b"")
                start = time.perf_counter()
                client.sendmail(player.email, [to], raw)
                times.append((time.perf_counter() - start) * 1000)
    finally:
        receiver_stop(controller)
    game.refresh_from_db()
    assert game.move_number == replies, f"only {game.move_number} of {replies} moves played"
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replies", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=300)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    workdir = tempfile.TemporaryDirectory()
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{workdir.name}/bench.sqlite3"
    os.environ["DJANGO_SETTINGS_MODULE"] = "baduxsite.settings.test"
    os.environ["INBOUND_MAIL_DOMAIN"] = "play.example.org"
    import django

    django.setup()
    import logging

    logging.disable(logging.WARNING)

    print("Reading a reply (reply_mail_parse + command_parse), CPU time per mail\n")
    print(f"{'mail':<20} {'bytes':>8} {'ms':>8}")
    for name, size, ms in bench_parse(args.repeat):
        print(f"{name:<20} {size:>8} {ms:>8.3f}")
    engine = "PostgreSQL" if args.database_url.startswith("postgres") else "SQLite"
    print(f"\nRound trip: reply sent -> move committed -> 250 ({args.replies} replies, {engine})\n")
    print(f"{'protocol':<10} {'median ms':>10} {'p90 ms':>8} {'max ms':>8}")
    for lmtp in (False, True):
        times = sorted(bench_round_trip(args.replies, lmtp))
        p90 = times[int(len(times) * 0.9) - 1]
        label = "LMTP" if lmtp else "SMTP"
        print(f"{label:<10} {statistics.median(times):>10.1f} {p90:>8.1f} {times[-1]:>8.1f}")
    workdir.cleanup()


if __name__ == "__main__":
    main()
