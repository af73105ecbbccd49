"""`manage.py mail_receiver`: the SMTP/LMTP server for play-by-e-mail replies."""

import signal
import threading

from django.core.management.base import BaseCommand, CommandError

from core.heartbeats import HEARTBEAT_SECONDS
from games.inbound.receiver import receiver_heartbeat, receiver_start, receiver_stop
from messaging.replies.address import inbound_domain


class Command(BaseCommand):
    help = (
        "Receive replies to 'your turn' mails over SMTP (or LMTP with --lmtp) and play the "
        "moves they name. Runs until SIGINT or SIGTERM. See docs/play.md, 'Play by e-mail'."
    )

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
        parser.add_argument("--port", type=int, default=8025, help="port to listen on")
        parser.add_argument(
            "--lmtp", action="store_true", help="speak LMTP (Postfix 'lmtp:' transport)"
        )

    def handle(self, *args, host: str, port: int, lmtp: bool, **options):
        domain = inbound_domain()
        if not domain:
            raise CommandError(
                "INBOUND_MAIL_DOMAIN is not set: there is no reply address to receive mail for."
            )
        try:
            controller = receiver_start(host=host, port=port, lmtp=lmtp)
        except OSError as exc:
            raise CommandError(f"Cannot listen on {host}:{port}: {exc}") from exc
        stop = threading.Event()
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, lambda *_: stop.set())
        protocol = "LMTP" if lmtp else "SMTP"
        self.stdout.write(f"{protocol} receiver for play+…@{domain} on {host}:{port}")
        self.stdout.flush()
        # Its heartbeat, for the readiness check, while it listens (core.heartbeats).
        receiver_heartbeat()
        while not stop.wait(HEARTBEAT_SECONDS):
            receiver_heartbeat()
        receiver_stop(controller)
        self.stdout.write("Receiver stopped.")
