"""Reading a delivery status notification (RFC 3464) well enough to act on it.

A report is `multipart/report; report-type=delivery-status` whose `message/delivery-status`
part holds one block of per-message fields, then a block per recipient with `Action:` (failed,
delayed, delivered, relayed, expanded) and `Status:` (an RFC 3463 code, 5.x.x permanent, 4.x.x
transient). Servers that send plain text instead usually still quote the status code; an
auto-reply with neither is not a bounce at all."""

from __future__ import annotations

import email
import email.policy
import re
from dataclasses import dataclass
from email.message import Message
from enum import StrEnum

_STATUS = re.compile(r"\b([245])\.(\d{1,3})\.(\d{1,3})\b")


class BounceKind(StrEnum):
    """What a report says about the delivery. Stored codes."""

    HARD = "hard"  # failed for good: the address does not take mail
    SOFT = "soft"  # delayed or failed for now: a full mailbox, a server down
    NONE = "none"  # not a failure report (delivered, relayed, an auto-reply)


@dataclass(frozen=True)
class DeliveryReport:
    """The verdict on one returned mail: its kind, the status code and the server's words."""

    kind: BounceKind
    status: str = ""
    diagnostic: str = ""


def _status_kind(action: str, status: str) -> BounceKind:
    action = action.strip().lower()
    if action in {"delivered", "relayed", "expanded"}:
        return BounceKind.NONE
    if action == "delayed" or status.startswith("4."):
        return BounceKind.SOFT
    if status.startswith("5.") or action == "failed":
        return BounceKind.HARD
    return BounceKind.NONE


def _recipient_blocks(message: Message) -> list[Message]:
    for part in message.walk():
        if part.get_content_type() == "message/delivery-status":
            blocks = part.get_payload()
            if isinstance(blocks, list):
                # The first block is about the message, the others about one recipient each.
                return [b for b in blocks[1:] if isinstance(b, Message)] or blocks
    return []


def _text_of(message: Message) -> str:
    for part in message.walk():
        if part.get_content_maintype() == "text":
            try:
                return str(part.get_content())
            except (LookupError, UnicodeError, AssertionError):
                payload = part.get_payload(decode=True) or b""
                return payload.decode("utf-8", errors="replace")
    return ""


def _field(block: Message, name: str) -> str:
    """A header of a recipient block as text, without NUL (PostgreSQL cannot store one)."""
    return str(block.get(name, "")).replace("\x00", "").strip()


def delivery_report_read(raw: bytes) -> DeliveryReport:
    """The verdict on the returned mail `raw`. Never raises for bad input: what cannot be read
    is not a failure report (BounceKind.NONE)."""
    try:
        message = email.message_from_bytes(raw, policy=email.policy.default)
    except Exception:  # noqa: BLE001 (any malformed input is "not a report", never a crash)
        return DeliveryReport(BounceKind.NONE)
    worst = DeliveryReport(BounceKind.NONE)
    for block in _recipient_blocks(message):
        status = _field(block, "Status")[:20]
        kind = _status_kind(_field(block, "Action"), status)
        diagnostic = " ".join(_field(block, "Diagnostic-Code").split())[:300]
        if kind == BounceKind.HARD or (kind == BounceKind.SOFT and worst.kind == BounceKind.NONE):
            worst = DeliveryReport(kind, status, diagnostic)
    if worst.kind != BounceKind.NONE or _recipient_blocks(message):
        return worst
    match = _STATUS.search(_text_of(message))
    if match is None or match.group(1) == "2":
        return DeliveryReport(BounceKind.NONE)
    kind = BounceKind.HARD if match.group(1) == "5" else BounceKind.SOFT
    return DeliveryReport(kind, match.group(0), "")
