"""Delivery reports as mail servers write them (RFC 3464), for the returned-mail tests."""

from __future__ import annotations

from email.message import EmailMessage

DOMAIN = "play.example.org"


def dsn_bytes(*, to: str, recipient: str, action: str = "failed", status: str = "5.1.1") -> bytes:
    """A `multipart/report` as Postfix sends it back to the envelope sender `to`."""
    text = f"""From: MAILER-DAEMON@mx.example.net (Mail Delivery System)
To: {to}
Subject: Undelivered Mail Returned to Sender
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="B0UND"

--B0UND
Content-Type: text/plain; charset=us-ascii

I'm sorry to have to inform you that your message could not be delivered.

--B0UND
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.net
Arrival-Date: Mon, 2 Mar 2026 09:30:00 +0000

Final-Recipient: rfc822; {recipient}
Action: {action}
Status: {status}
Diagnostic-Code: smtp; 550 {status} <{recipient}>: Recipient address rejected

--B0UND--
"""
    return text.replace("\n", "\r\n").encode("ascii")


def plain_bounce_bytes(*, to: str, text: str) -> bytes:
    """A bounce some servers send: plain text, no delivery-status part."""
    message = EmailMessage()
    message["From"] = "postmaster@old-host.example.net"
    message["To"] = to
    message["Subject"] = "Delivery failure"
    message.set_content(text)
    return message.as_bytes()
