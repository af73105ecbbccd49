"""Private messages, the services: threads, replies, unread counts, archive, the ignore list,
the flood limits, notifications by preference, spam reports reaching the staff once."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from accounts.models import RelationKind
from accounts.notifications import Notify
from accounts.selectors import ContactRefused
from accounts.services import notify_modes_set, relation_set
from core.limits import RateLimited
from messaging import unread as unread_selectors
from messaging.messages import selectors
from messaging.messages import services as threads
from messaging.messages.models import BODY_MAX_LENGTH, Message, SpamReport, Thread, ThreadMember
from messaging.messages.notifications import MESSAGE
from messaging.messages.tasks import notify_message
from messaging.notifications.models import AdminMail, Channel, Notification
from tests.messaging.conftest import NOW


@pytest.fixture
def kuro(user_factory):
    return user_factory(username="kuro")


@pytest.fixture
def shiro(user_factory):
    return user_factory(username="shiro")


def start(sender, recipient, *, subject="Hello", body="Good game yesterday!", now=NOW):
    return threads.thread_start(
        sender=sender, recipient=recipient, subject=subject, body=body, now=now
    )


def test_a_thread_and_replies_count_unread_for_the_other_player_only(kuro, shiro):
    thread = start(kuro, shiro)
    assert unread_selectors.unread_counts(user=shiro).messages == 1
    assert unread_selectors.unread_counts(user=kuro).messages == 0
    threads.message_send(thread_id=thread.pk, sender=kuro, body="And another", now=NOW)
    assert unread_selectors.unread_counts(user=shiro).messages == 2

    assert threads.thread_mark_read(thread_id=thread.pk, user=shiro) == 2
    assert unread_selectors.unread_counts(user=shiro).messages == 0
    threads.message_send(thread_id=thread.pk, sender=shiro, body="Thanks!", now=NOW)
    assert unread_selectors.unread_counts(user=kuro).messages == 1
    bodies = list(selectors.thread_messages(thread=thread).values_list("body", flat=True))
    assert bodies == ["Good game yesterday!", "And another", "Thanks!"]


def test_the_inbox_lists_threads_newest_first_with_counts_in_one_query(
    kuro, shiro, user_factory, django_assert_num_queries
):
    ao = user_factory(username="ao")
    old = start(kuro, shiro, subject="Old", now=NOW)
    new = start(ao, shiro, subject="New", now=NOW + dt.timedelta(hours=1))
    with django_assert_num_queries(1):
        rows = [
            (m.thread.subject, m.other_name, m.unread) for m in selectors.inbox_list(user=shiro)
        ]
    assert rows == [("New", "ao", 1), ("Old", "kuro", 1)]
    assert [m.thread_id for m in selectors.inbox_list(user=kuro)] == [old.pk]
    assert new.pk not in [m.thread_id for m in selectors.inbox_list(user=kuro)]


def test_a_reply_brings_an_older_thread_to_the_top_of_both_inboxes(kuro, shiro):
    old = start(kuro, shiro, subject="Old", now=NOW)
    new = start(shiro, kuro, subject="New", now=NOW + dt.timedelta(hours=1))
    assert [m.thread_id for m in selectors.inbox_list(user=kuro)] == [new.pk, old.pk]
    threads.message_send(
        thread_id=old.pk, sender=shiro, body="Still there?", now=NOW + dt.timedelta(hours=2)
    )
    for user in (kuro, shiro):
        assert [m.thread_id for m in selectors.inbox_list(user=user)] == [old.pk, new.pk]
    assert set(ThreadMember.objects.filter(thread=old).values_list("last_message", flat=True)) == {
        NOW + dt.timedelta(hours=2)
    }


def test_archive_is_for_oneself_and_a_new_message_brings_it_back(kuro, shiro):
    thread = start(kuro, shiro)
    threads.thread_archive(thread_id=thread.pk, user=shiro)
    assert not selectors.inbox_list(user=shiro).exists()
    assert selectors.inbox_list(user=shiro, archived=True).count() == 1
    assert selectors.inbox_list(user=kuro).count() == 1
    threads.message_send(thread_id=thread.pk, sender=kuro, body="Still there?", now=NOW)
    assert selectors.inbox_list(user=shiro).count() == 1


def test_only_members_may_reply_archive_or_report(kuro, shiro, user_factory):
    stranger = user_factory(username="stranger")
    thread = start(kuro, shiro)
    with pytest.raises(threads.NotInThread):
        threads.message_send(thread_id=thread.pk, sender=stranger, body="hi", now=NOW)
    with pytest.raises(threads.NotInThread):
        threads.thread_archive(thread_id=thread.pk, user=stranger)
    message = thread.messages.get()
    with pytest.raises(threads.NotInThread):
        threads.message_report_spam(message_id=message.pk, reporter=stranger, now=NOW)
    with pytest.raises(threads.NotInThread):
        threads.message_report_spam(message_id=message.pk, reporter=kuro, now=NOW)


@pytest.mark.parametrize("owner_is_recipient", [True, False])
def test_the_ignore_list_blocks_new_threads_and_replies(kuro, shiro, owner_is_recipient):
    thread = start(kuro, shiro)
    owner, target = (shiro, kuro) if owner_is_recipient else (kuro, shiro)
    relation_set(owner=owner, target=target, kind=RelationKind.IGNORE, now=NOW)
    with pytest.raises(ContactRefused):
        start(kuro, shiro)
    with pytest.raises(ContactRefused):
        threads.message_send(thread_id=thread.pk, sender=kuro, body="hi", now=NOW)
    assert Message.objects.count() == 1
    assert Thread.objects.count() == 1


def test_no_thread_with_oneself_or_a_closed_account(kuro, user_factory):
    gone = user_factory(username="gone", is_active=False)
    with pytest.raises(ContactRefused):
        start(kuro, kuro)
    with pytest.raises(ContactRefused):
        start(kuro, gone)


@pytest.mark.parametrize(
    ("subject", "body"),
    [
        ("", "text"),
        ("Hi", "   "),
        ("Hi", "a\x00b"),
        ("a\x00", "text"),
        ("x" * 121, "text"),
        ("Hi", "x" * (BODY_MAX_LENGTH + 1)),
    ],
)
def test_bad_subjects_and_bodies_are_refused_with_a_message(kuro, shiro, subject, body):
    with pytest.raises(ValidationError) as error:
        start(kuro, shiro, subject=subject, body=body)
    assert error.value.messages[0]
    assert not Thread.objects.exists()


def test_new_threads_are_limited_per_day(kuro, user_factory, settings):
    settings.FLOOD_LIMITS = {"message_thread": (2, 86400)}
    others = [user_factory() for _ in range(3)]
    start(kuro, others[0])
    start(kuro, others[1], now=NOW + dt.timedelta(hours=1))
    with pytest.raises(RateLimited, match="2 new conversations in the last day"):
        start(kuro, others[2], now=NOW + dt.timedelta(hours=2))
    assert Thread.objects.count() == 2
    start(kuro, others[2], now=NOW + dt.timedelta(days=1, minutes=1))


def test_messages_are_limited_per_hour(kuro, shiro, settings):
    settings.FLOOD_LIMITS = {"message": (3, 3600)}
    thread = start(kuro, shiro)
    for _ in range(2):
        threads.message_send(thread_id=thread.pk, sender=kuro, body="more", now=NOW)
    with pytest.raises(RateLimited, match="3 messages in the last hour"):
        threads.message_send(thread_id=thread.pk, sender=kuro, body="more", now=NOW)
    # The other player's own count is separate.
    threads.message_send(thread_id=thread.pk, sender=shiro, body="stop", now=NOW)


@pytest.mark.parametrize(
    ("mode", "channel", "mails"),
    [
        (Notify.OFF, Channel.SITE, 0),
        (Notify.IMMEDIATE, Channel.IMMEDIATE, 1),
        (Notify.DIGEST, Channel.DIGEST, 0),
    ],
)
def test_the_recipient_is_told_by_their_message_preference(
    kuro, shiro, mode, channel, mails, mailoutbox, django_capture_on_commit_callbacks
):
    notify_modes_set(user=shiro, modes={MESSAGE: mode})
    with django_capture_on_commit_callbacks(execute=True):
        thread = start(kuro, shiro, subject="Rematch?", body="<b>Shall we</b> play again?")
    note = Notification.objects.get(user=shiro)
    assert (note.event, note.channel) == (MESSAGE, channel)
    assert note.url == f"/messages/{thread.pk}/"
    assert "kuro" in note.text
    assert not Notification.objects.filter(user=kuro).exists()
    assert len(mailoutbox) == mails
    if mails:
        mail = mailoutbox[0]
        assert mail.to == ["shiro@example.org"]
        assert "<b>Shall we</b> play again?" in mail.body  # plain text part as written
        html = mail.alternatives[0][0]
        assert "&lt;b&gt;Shall we&lt;/b&gt;" in html
        assert mail.extra_headers["List-Unsubscribe"]
    threads.thread_mark_read(thread_id=thread.pk, user=shiro)
    assert Notification.objects.get(user=shiro).read


def test_the_notice_task_is_safe_to_run_twice_and_skips_ignored_senders(
    kuro, shiro, mailoutbox, django_capture_on_commit_callbacks
):
    thread = start(kuro, shiro)
    message = thread.messages.get()
    with django_capture_on_commit_callbacks(execute=True):
        assert notify_message(message.pk) is True
    with django_capture_on_commit_callbacks(execute=True):
        assert notify_message(message.pk) is False
    assert len(mailoutbox) == 1
    second = threads.message_send(thread_id=thread.pk, sender=kuro, body="again", now=NOW)
    relation_set(owner=shiro, target=kuro, kind=RelationKind.IGNORE, now=NOW)
    assert notify_message(second.pk) is False
    assert notify_message(999999) is False
    assert Notification.objects.filter(user=shiro).count() == 1


def test_a_spam_report_reaches_the_staff_once(
    kuro, shiro, user_factory, settings, mailoutbox, django_capture_on_commit_callbacks
):
    settings.ADMINS = [("Staff", "staff@example.org")]
    thread = start(kuro, shiro, body="Buy cheap stones at example.com")
    message = thread.messages.get()
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        report = threads.message_report_spam(message_id=message.pk, reporter=shiro, now=NOW)
        again = threads.message_report_spam(message_id=message.pk, reporter=shiro, now=NOW)
    assert report.pk == again.pk
    assert SpamReport.objects.count() == 1
    assert [m.to for m in mailoutbox] == [["staff@example.org"]]
    assert "Buy cheap stones" in mailoutbox[0].body
    assert "kuro" in mailoutbox[0].subject
    assert AdminMail.objects.filter(key=f"spam:{message.pk}").exists()


@hsettings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.text(max_size=300))
def test_any_body_is_stored_as_written_or_refused_with_a_validation_error(
    kuro, shiro, settings, refuse_nul_like_postgresql, body
):
    settings.FLOOD_LIMITS = {"message_thread": (10**6, 86400), "message": (10**6, 3600)}
    try:
        thread = start(kuro, shiro, body=body)
    except ValidationError as error:
        assert not isinstance(error, RateLimited)
        return
    assert thread.messages.get().body == body.strip()
    assert ThreadMember.objects.filter(thread=thread).count() == 2


def test_the_header_counts_come_from_one_query(kuro, shiro, django_assert_num_queries):
    thread = start(kuro, shiro)
    start(kuro, shiro, subject="Two")
    threads.message_send(thread_id=thread.pk, sender=kuro, body="more", now=NOW)
    Notification.objects.create(
        user=shiro, event=MESSAGE, key="x", text="t", created=NOW, channel=Channel.SITE
    )
    with django_assert_num_queries(1):
        counts = unread_selectors.unread_counts(user=shiro)
    assert counts == (1, 3)
    assert unread_selectors.unread_counts(user=kuro) == (0, 0)


def test_a_subject_is_one_line(kuro, shiro, mailoutbox, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        thread = start(kuro, shiro, subject="Two\r\nlines\tand  more")
    assert thread.subject == "Two lines and more"
    assert mailoutbox[0].subject.endswith("Two lines and more")


def test_replying_marks_the_repliers_notices_of_the_thread_read(
    kuro, shiro, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        thread = start(kuro, shiro)
    assert Notification.objects.filter(user=shiro, read=False).count() == 1
    threads.message_send(thread_id=thread.pk, sender=shiro, body="Thanks", now=NOW)
    assert not Notification.objects.filter(user=shiro, read=False).exists()
    assert unread_selectors.unread_counts(user=shiro).messages == 0
