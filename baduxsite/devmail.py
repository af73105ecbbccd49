"""The development mail backend of `make run`: every mail is written whole to an .eml file
under `EMAIL_FILE_PATH` (var/mail/), and one line per mail goes to the terminal: recipient,
subject, the first link of the text and the file, so base64 board images never flood the log.
Open the file in any mail client (or read it) to see the mail as a player would.
"""

from __future__ import annotations

import itertools
import os
import re
import sys
import threading
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.core.mail.backends.base import BaseEmailBackend
from django.core.mail.message import EmailMessage

_LINK = re.compile(r"https?://[^\s<>\"']+")
_counter = itertools.count(1)
_lock = threading.Lock()


def first_link(text: str) -> str:
    """The first http(s) link of a mail's text, or "" when it has none."""
    found = _LINK.search(text or "")
    return found.group(0) if found else ""


class EmailBackend(BaseEmailBackend):
    """Writes each message to `<EMAIL_FILE_PATH>/<UTC time>-<pid>-<n>.eml` and prints a summary
    line to `stream`: by default the process's real stdout, since a Celery worker redirects
    `sys.stdout` into its log as warnings."""

    def __init__(self, *args, file_path: str | os.PathLike | None = None, stream=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.directory = Path(file_path or settings.EMAIL_FILE_PATH)
        self.stream = stream or sys.__stdout__ or sys.stdout

    def send_messages(self, email_messages: list[EmailMessage]) -> int:
        self.directory.mkdir(parents=True, exist_ok=True)
        sent = 0
        for message in email_messages:
            if not message.recipients():
                continue
            stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
            with _lock:
                number = next(_counter)
            path = self.directory / f"{stamp}-{os.getpid()}-{number}.eml"
            path.write_bytes(message.message().as_bytes(linesep="\n"))
            link = first_link(message.body)
            line = f"mail to {', '.join(message.recipients())}: {message.subject!r}"
            if link:
                line += f" {link}"
            self.stream.write(f"{line}  [{path}]\n")
            self.stream.flush()
            sent += 1
        return sent
