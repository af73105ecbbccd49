"""`manage.py mail_receiver`: listens, refuses strangers at RCPT, stops cleanly on SIGTERM."""

from __future__ import annotations

import signal
import smtplib
import socket
import subprocess
import sys

import pytest
from django.core.management import CommandError, call_command

from tests.site.helpers import ROOT, clean_env


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize("lmtp", [False, True], ids=["smtp", "lmtp"])
def test_the_command_serves_until_sigterm(lmtp):
    port = _free_port()
    command = [sys.executable, "manage.py", "mail_receiver", "--port", str(port)]
    env = clean_env(
        DJANGO_SETTINGS_MODULE="baduxsite.settings.test", INBOUND_MAIL_DOMAIN="play.example.org"
    )
    process = subprocess.Popen(  # noqa: S603
        [*command, "--lmtp"] if lmtp else command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        banner = ""
        while "receiver for" not in banner and process.poll() is None:
            banner = process.stdout.readline()
        assert f"{'LMTP' if lmtp else 'SMTP'} receiver for play+…@play.example.org" in banner
        client_class = smtplib.LMTP if lmtp else smtplib.SMTP
        with client_class("127.0.0.1", port) as client:
            client.ehlo_or_helo_if_needed()
            client.mail("someone@example.net")
            code, text = client.rcpt("postmaster@play.example.org")
        assert code == 550
        assert b"not a Badux reply address" in text
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=30)
        assert process.returncode == 0, output
        assert "Receiver stopped." in output
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_the_command_needs_the_domain(settings):
    settings.INBOUND_MAIL_DOMAIN = ""
    with pytest.raises(CommandError, match="INBOUND_MAIL_DOMAIN is not set"):
        call_command("mail_receiver", "--port", "0")


def test_a_busy_port_is_a_clear_error(settings):
    settings.INBOUND_MAIL_DOMAIN = "play.example.org"
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(CommandError, match=f"Cannot listen on 127.0.0.1:{port}"):
            call_command("mail_receiver", "--port", str(port))
