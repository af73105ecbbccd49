"""Private message pages: the inbox and archive, a new conversation, a thread with its reply
form, archiving and spam reports. Thin: the writes are in `messaging.messages.services`."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from accounts.selectors import contact_refusal_reason, user_get_by_username
from core.refusals import (
    refusal_form,
    refusal_kinds,
    refusal_message,
)
from messaging.messages import selectors
from messaging.messages import services as threads
from messaging.messages.forms import ReplyForm, ThreadForm
from messaging.messages.models import Message

PAGE_SIZE = 25
THREAD_PAGE_SIZE = 50


@login_required
def inbox(request: HttpRequest) -> HttpResponse:
    """Your conversations, the most recent first, unread counts marked; `?archived=1` for
    the ones you archived."""
    archived = request.GET.get("archived") == "1"
    # Keyed by the conversations around the page (`?after=`, `?before=`: core.keyset), never
    # counted nor skipped by OFFSET.
    page = selectors.inbox_page(
        user=request.user,
        archived=archived,
        after=request.GET.get("after"),
        before=request.GET.get("before"),
        size=PAGE_SIZE,
    )
    return render(request, "messaging/inbox.html", {"page": page, "archived": archived})


@login_required
def thread_new(request: HttpRequest, username: str) -> HttpResponse:
    """Start a conversation with the player `username`."""
    recipient = user_get_by_username(username=username)
    refusal = contact_refusal_reason(sender=request.user, recipient=recipient)
    form = ThreadForm(request.POST or None)
    if request.method == "POST" and refusal is None and form.is_valid():
        try:
            thread = threads.thread_start(
                sender=request.user,
                recipient=recipient,
                subject=form.cleaned_data["subject"],
                body=form.cleaned_data["body"],
                now=timezone.now(),
            )
        except refusal_kinds() as error:
            refusal_form(form, error)
        else:
            messages.success(
                request,
                gettext("Message sent to %(recipient_username)s.")
                % {"recipient_username": recipient.username},
            )
            return redirect("messages:thread", thread.pk)
    context = {"form": form, "recipient": recipient, "refusal": refusal}
    status = 403 if refusal else (400 if form.errors else 200)
    return render(request, "messaging/thread_new.html", context, status=status)


def _thread_page(request: HttpRequest, member, form: ReplyForm, status: int = 200) -> HttpResponse:
    thread = member.thread
    other = threads.thread_other_member(thread=thread, user=request.user)
    # Oldest first, in pages; without ?page= the last page, where the newest messages are.
    paginator = Paginator(selectors.thread_messages(thread=thread), THREAD_PAGE_SIZE)
    page = paginator.get_page(request.GET.get("page") or paginator.num_pages)
    context = {
        "thread": thread,
        "member": member,
        "other": other,
        "page": page,
        "reported": selectors.thread_reported_ids(thread=thread, user=request.user),
        "form": form,
        "refusal": contact_refusal_reason(sender=request.user, recipient=other),
    }
    return render(request, "messaging/thread.html", context, status=status)


def _member_or_404(request: HttpRequest, thread_id: int):
    member = selectors.thread_get_for(thread_id=thread_id, user=request.user)
    if member is None:
        raise Http404(gettext("There is no such conversation of yours."))
    return member


@login_required
def thread_detail(request: HttpRequest, thread_id: int) -> HttpResponse:
    """A conversation, oldest message first, with the reply form; reading it marks it read."""
    member = _member_or_404(request, thread_id)
    threads.thread_mark_read(thread_id=thread_id, user=request.user)
    return _thread_page(request, member, ReplyForm())


@login_required
@require_POST
def thread_reply(request: HttpRequest, thread_id: int) -> HttpResponse:
    """Send a reply in your conversation."""
    member = _member_or_404(request, thread_id)
    form = ReplyForm(request.POST)
    if form.is_valid():
        try:
            threads.message_send(
                thread_id=thread_id,
                sender=request.user,
                body=form.cleaned_data["body"],
                now=timezone.now(),
            )
        except refusal_kinds() as error:
            refusal_form(form, error)
        else:
            messages.success(request, gettext("Reply sent."))
            return redirect("messages:thread", thread_id)
    return _thread_page(request, member, form, status=400)


@login_required
@require_POST
def thread_archive(request: HttpRequest, thread_id: int) -> HttpResponse:
    """Archive the conversation for yourself (`restore=1`: back to the inbox)."""
    _member_or_404(request, thread_id)
    restore = request.POST.get("restore") == "1"
    threads.thread_archive(thread_id=thread_id, user=request.user, archived=not restore)
    if restore:
        messages.success(request, gettext("The conversation is back in your inbox."))
        return redirect("messages:thread", thread_id)
    messages.success(request, gettext("Conversation archived. A new message brings it back."))
    return redirect("messages:inbox")


@login_required
@require_POST
def message_report(request: HttpRequest, message_id: int) -> HttpResponse:
    """Report a message you received as spam; the site staff are told."""
    try:
        report = threads.message_report_spam(
            message_id=message_id, reporter=request.user, now=timezone.now()
        )
    except (Message.DoesNotExist, threads.NotInThread) as error:
        refusal_message(error)  # both are "not found": raises the 404 page
        raise
    messages.success(request, gettext("Thank you: the site staff will look at this message."))
    return redirect("messages:thread", report.message.thread_id)
