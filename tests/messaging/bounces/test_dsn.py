"""Reading delivery reports: what failed for good, what only for now, what is no report."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from messaging.bounces.dsn import BounceKind, delivery_report_read
from tests.messaging.bounces.helpers import dsn_bytes, plain_bounce_bytes


def test_a_failed_recipient_with_a_5xx_status_is_a_hard_bounce():
    report = delivery_report_read(dsn_bytes(to="x@y", recipient="kuro@example.org"))

    assert report.kind == BounceKind.HARD
    assert report.status == "5.1.1"
    assert "Recipient address rejected" in report.diagnostic


def test_a_delayed_delivery_is_a_soft_bounce():
    raw = dsn_bytes(to="x@y", recipient="kuro@example.org", action="delayed", status="4.2.2")

    assert delivery_report_read(raw).kind == BounceKind.SOFT


def test_a_failure_with_a_4xx_status_is_soft():
    raw = dsn_bytes(to="x@y", recipient="kuro@example.org", action="failed", status="4.4.7")

    assert delivery_report_read(raw).kind == BounceKind.SOFT


def test_a_success_report_is_no_bounce():
    raw = dsn_bytes(to="x@y", recipient="kuro@example.org", action="delivered", status="2.0.0")

    assert delivery_report_read(raw).kind == BounceKind.NONE


def test_a_plain_text_bounce_is_read_by_its_status_code():
    raw = plain_bounce_bytes(to="x@y", text="Your mail to kuro failed: 550 5.2.1 mailbox disabled")

    report = delivery_report_read(raw)

    assert report.kind == BounceKind.HARD
    assert report.status == "5.2.1"


def test_an_auto_reply_is_no_bounce():
    raw = plain_bounce_bytes(to="x@y", text="I am on holiday until Monday.")

    assert delivery_report_read(raw).kind == BounceKind.NONE


@given(st.binary(max_size=2000))
def test_any_bytes_give_a_verdict_and_never_raise(raw):
    assert delivery_report_read(raw).kind in set(BounceKind)


def test_a_nul_in_the_status_or_the_servers_words_is_dropped():
    """PostgreSQL cannot store a NUL: a report carrying one must still be recorded (else the
    receiver answers 451 and the sending server retries it for days)."""
    raw = dsn_bytes(to="x@y", recipient="kuro@example.org", status="5.1.1\x00")

    report = delivery_report_read(raw)

    assert report.kind == BounceKind.HARD
    assert "\x00" not in report.status and "\x00" not in report.diagnostic
    assert "Recipient address rejected" in report.diagnostic
