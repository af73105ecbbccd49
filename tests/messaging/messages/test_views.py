"""Private message pages: inbox, new conversation, thread, reply, archive, spam report, the
menu's unread count; odd input gets a clear 4xx, never a 500."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from accounts.models import RelationKind
from accounts.services import relation_set
from messaging.messages import services as threads
from messaging.messages.models import Message, SpamReport, Thread


@pytest.fixture
def kuro(user_factory):
    return user_factory(username="kuro")


@pytest.fixture
def shiro(user_factory):
    return user_factory(username="shiro")


def start(sender, recipient, subject="Hello", body="Good game!"):
    return threads.thread_start(
        sender=sender, recipient=recipient, subject=subject, body=body, now=timezone.now()
    )


def test_pages_need_a_login(client, kuro, shiro):
    thread = start(kuro, shiro)
    for url in (
        reverse("messages:inbox"),
        reverse("messages:new", args=["kuro"]),
        reverse("messages:thread", args=[thread.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 302
        assert "/accounts/login/" in response["Location"]


def test_start_a_thread_from_the_form(client, kuro, shiro):
    client.force_login(kuro)
    page = client.get(reverse("messages:new", args=["shiro"]))
    assert page.status_code == 200
    response = client.post(
        reverse("messages:new", args=["Shiro"]),
        {"subject": "Rematch?", "body": "<script>alert(1)</script> shall we?"},
    )
    thread = Thread.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("messages:thread", args=[thread.pk])
    client.force_login(shiro)
    inbox = client.get(reverse("messages:inbox")).content.decode()
    assert "Rematch?" in inbox
    assert "1 new" in inbox
    page = client.get(reverse("messages:thread", args=[thread.pk])).content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt; shall we?" in page
    assert "<script>alert" not in page
    # Reading marks it read: the menu count is gone.
    assert 'aria-label="1 unread"' not in client.get(reverse("messages:inbox")).content.decode()


def test_the_menu_shows_the_unread_count(client, kuro, shiro):
    start(kuro, shiro)
    start(kuro, shiro, subject="Two")
    client.force_login(shiro)
    page = client.get(reverse("home")).content.decode()
    assert 'href="/messages/"' in page
    assert 'aria-label="2 unread">2</span>' in page


def test_the_inbox_is_cheap(client, kuro, user_factory, django_assert_max_num_queries):
    for _ in range(15):
        start(user_factory(), kuro)
    client.force_login(kuro)
    with django_assert_max_num_queries(8):
        response = client.get(reverse("messages:inbox"))
    assert response.content.decode().count("1 new") == 15


def test_reply_archive_and_restore(client, kuro, shiro):
    thread = start(kuro, shiro)
    client.force_login(shiro)
    response = client.post(reverse("messages:reply", args=[thread.pk]), {"body": "Yes!"})
    assert response.status_code == 302
    assert list(thread.messages.values_list("body", flat=True)) == ["Good game!", "Yes!"]
    client.post(reverse("messages:archive", args=[thread.pk]))
    assert "Hello" not in client.get(reverse("messages:inbox")).content.decode()
    assert "Hello" in client.get(reverse("messages:inbox") + "?archived=1").content.decode()
    client.post(reverse("messages:archive", args=[thread.pk]), {"restore": "1"})
    assert "Hello" in client.get(reverse("messages:inbox")).content.decode()


def test_others_threads_are_not_found(client, kuro, shiro, user_factory):
    thread = start(kuro, shiro)
    client.force_login(user_factory())
    assert client.get(reverse("messages:thread", args=[thread.pk])).status_code == 404
    assert (
        client.post(reverse("messages:reply", args=[thread.pk]), {"body": "x"}).status_code == 404
    )
    assert client.post(reverse("messages:archive", args=[thread.pk])).status_code == 404
    message = thread.messages.get()
    assert client.post(reverse("messages:report", args=[message.pk])).status_code == 404
    assert client.post(reverse("messages:report", args=[99999])).status_code == 404
    assert Message.objects.count() == 1


def test_the_ignore_list_shows_a_clear_refusal(client, kuro, shiro):
    thread = start(kuro, shiro)
    relation_set(owner=shiro, target=kuro, kind=RelationKind.IGNORE, now=timezone.now())
    client.force_login(kuro)
    page = client.get(reverse("messages:new", args=["shiro"]))
    assert page.status_code == 403
    assert "does not accept messages" in page.content.decode()
    post = client.post(reverse("messages:new", args=["shiro"]), {"subject": "a", "body": "b"})
    assert post.status_code == 403
    reply = client.post(reverse("messages:reply", args=[thread.pk]), {"body": "b"})
    assert reply.status_code == 400
    assert "does not accept messages" in reply.content.decode()
    assert Message.objects.count() == 1


def test_the_limit_is_a_form_error(client, kuro, shiro, settings):
    settings.FLOOD_LIMITS = {"message_thread": (1, 86400)}
    start(kuro, shiro)
    client.force_login(kuro)
    response = client.post(reverse("messages:new", args=["shiro"]), {"subject": "a", "body": "b"})
    assert response.status_code == 400
    assert "1 new conversation in the last day" in response.content.decode()


def test_report_as_spam(client, kuro, shiro, settings, mailoutbox):
    settings.ADMINS = [("Staff", "staff@example.org")]
    thread = start(kuro, shiro)
    client.force_login(shiro)
    message = thread.messages.get()
    page = client.get(reverse("messages:thread", args=[thread.pk])).content.decode()
    assert "Report as spam" in page
    response = client.post(reverse("messages:report", args=[message.pk]), follow=True)
    assert "the site staff will look" in response.content.decode()
    assert "Reported as spam" in response.content.decode()
    assert "Report as spam</button>" not in response.content.decode()
    assert SpamReport.objects.get().reporter == shiro


def test_unknown_players_are_not_found(client, kuro):
    client.force_login(kuro)
    assert client.get(reverse("messages:new", args=["nobody"])).status_code == 404
    assert client.get("/messages/new/a%00b/").status_code == 404


@hsettings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(subject=st.text(max_size=200), body=st.text(max_size=200))
def test_odd_input_gets_a_form_error_never_a_500(
    client, kuro, shiro, settings, refuse_nul_like_postgresql, subject, body
):
    settings.FLOOD_LIMITS = {"message_thread": (10**6, 86400), "message": (10**6, 3600)}
    client.force_login(kuro)
    response = client.post(
        reverse("messages:new", args=["shiro"]), {"subject": subject, "body": body}
    )
    assert response.status_code in (302, 400)


def test_the_thread_page_is_cheap(client, kuro, shiro, settings, django_assert_max_num_queries):
    settings.FLOOD_LIMITS = {"message": (10**6, 3600)}
    thread = start(kuro, shiro)
    for i in range(30):
        sender = (kuro, shiro)[i % 2]
        threads.message_send(thread_id=thread.pk, sender=sender, body=f"m{i}", now=timezone.now())
    client.force_login(shiro)
    with django_assert_max_num_queries(12):
        response = client.get(reverse("messages:thread", args=[thread.pk]))
    page = response.content.decode()
    assert page.count('class="message-body"') == 31
    for i in range(40):
        threads.message_send(thread_id=thread.pk, sender=kuro, body=f"n{i}", now=timezone.now())
    with django_assert_max_num_queries(12):
        last = client.get(reverse("messages:thread", args=[thread.pk])).content.decode()
    assert last.count('class="message-body"') == 21 and ">n39<" in last
    assert "Page 2 of 2" in last
    first = client.get(reverse("messages:thread", args=[thread.pk]) + "?page=1").content.decode()
    assert first.count('class="message-body"') == 50 and ">Good game!<" in first
    odd = client.get(reverse("messages:thread", args=[thread.pk]) + "?page=x%00")
    assert odd.status_code == 200


def test_staff_see_spam_reports_in_the_admin(client, kuro, shiro, user_factory):
    thread = start(kuro, shiro, body="Buy stones cheap")
    threads.message_report_spam(
        message_id=thread.messages.get().pk, reporter=shiro, now=timezone.now()
    )
    report = SpamReport.objects.get()
    client.force_login(user_factory(is_staff=True, is_superuser=True))
    listing = client.get(reverse("admin:messaging_spamreport_changelist")).content.decode()
    assert "shiro" in listing and "kuro" in listing and "Open" in listing
    change = reverse("admin:messaging_spamreport_change", args=[report.pk])
    assert "Buy stones cheap" in client.get(change).content.decode()
    response = client.post(change, {"status": "done", "staff_note": "Account closed."})
    assert response.status_code == 302
    report.refresh_from_db()
    assert (report.status, report.staff_note) == ("done", "Account closed.")
    assert client.get(reverse("admin:messaging_message_changelist")).status_code == 200


def test_inbox_pages_are_keyed_by_the_conversations_around_them(
    client, kuro, user_factory, monkeypatch, django_assert_max_num_queries
):
    monkeypatch.setattr("messaging.messages.views.PAGE_SIZE", 2)
    made = [start(user_factory(), kuro, subject=f"s{i}") for i in range(5)][::-1]  # newest first
    client.force_login(kuro)
    seen, query, pages = [], {}, []
    while True:
        with django_assert_max_num_queries(8):
            page = client.get(reverse("messages:inbox"), query).context["page"]
        pages.append([member.thread for member in page])
        seen += pages[-1]
        if page.older is None:
            break
        query = {"after": page.older}
    assert seen == made
    assert [len(p) for p in pages] == [2, 2, 1]
    back = client.get(reverse("messages:inbox"), {"before": page.newer}).context["page"]
    assert [member.thread for member in back] == pages[1]


@hsettings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(after=st.text(max_size=90), before=st.text(max_size=90), archived=st.sampled_from(["", "1"]))
def test_an_odd_inbox_key_is_never_an_error(client, kuro, after, before, archived):
    client.force_login(kuro)
    query = {"after": after, "before": before, "archived": archived}
    assert client.get(reverse("messages:inbox"), query).status_code == 200
