"""Fixtures for messaging tests: players, a tiny mail template, and a real SMTP server."""

from __future__ import annotations

import datetime as dt
import io
import socket
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from PIL import Image

from core.mail import InlineImage, MailContent

NOW = dt.datetime(2026, 3, 2, 9, 30, tzinfo=dt.UTC)
TEMPLATES = Path(__file__).parent / "templates"


@pytest.fixture
def note_templates(settings) -> None:
    """Make tests/messaging/templates (messaging_test/note.*) loadable."""
    engine = dict(settings.TEMPLATES[0])
    engine["DIRS"] = [*engine["DIRS"], TEMPLATES]
    settings.TEMPLATES = [engine]


def dot_png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 30, 30)).save(out, format="PNG")
    return out.getvalue()


@pytest.fixture
def note(note_templates) -> Callable[..., MailContent]:
    """Build a small mail with one inline image; keyword arguments override."""

    def build(**overrides) -> MailContent:
        values = {
            "subject": "A note",
            "template": "messaging_test/note",
            "context": {"greeting": "Hello from the test"},
            "images": (InlineImage(cid="dot", png=dot_png()),),
        }
        values.update(overrides)
        return MailContent(**values)

    return build


@dataclass
class FlakySMTP:
    """aiosmtpd handler: answers the first `failures` DATA commands with `reply`, then 250."""

    failures: int = 0
    reply: str = "451 4.3.0 Try again later"
    attempts: int = 0
    accepted: list = field(default_factory=list)

    async def handle_DATA(self, server, session, envelope) -> str:
        self.attempts += 1
        if self.attempts <= self.failures:
            return self.reply
        self.accepted.append(envelope)
        return "250 Message accepted"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def smtp_server(settings) -> Iterator[Callable[..., FlakySMTP]]:
    """Start a real SMTP server on localhost and point Django's SMTP backend at it."""
    controllers: list[Controller] = []

    def start(*, failures: int = 0, reply: str = "451 4.3.0 Try again later") -> FlakySMTP:
        handler = FlakySMTP(failures=failures, reply=reply)
        port = free_port()
        controller = Controller(handler, hostname="127.0.0.1", port=port)
        controller.start()
        controllers.append(controller)
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST = "127.0.0.1"
        settings.EMAIL_PORT = port
        settings.EMAIL_TIMEOUT = 5
        return handler

    yield start
    for controller in controllers:
        controller.stop()


@pytest.fixture
def eager_retries() -> Iterator[None]:
    """Let eager tasks retry the way a worker does: with `task_eager_propagates` on (the test
    settings), Celery raises its Retry to the caller instead of running the task again."""
    from baduxsite.celery import app

    saved = app.conf.task_eager_propagates
    app.conf.task_eager_propagates = False
    yield
    app.conf.task_eager_propagates = saved
