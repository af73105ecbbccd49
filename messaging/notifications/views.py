"""The notifications page and the unsubscribe links of mails."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext, ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from accounts.notifications import kind_get
from messaging.notifications import selectors, services, tokens
from messaging.notifications.forms import MarkReadForm

PAGE_SIZE = 25


@login_required
def notification_list(request: HttpRequest) -> HttpResponse:
    """Your notifications, newest first, unread ones marked. Pages are keyed by the notices
    around them (`?after=`, `?before=`: core.keyset), never counted: a player's last page of
    20,000 notices cost what the first costs."""
    page = selectors.notifications_page(
        user=request.user,
        after=request.GET.get("after"),
        before=request.GET.get("before"),
        size=PAGE_SIZE,
    )
    return render(request, "messaging/list.html", {"page": page})


@login_required
@require_POST
def notification_mark_read(request: HttpRequest) -> HttpResponse:
    """Mark one or all of your notifications read, then back to the list page you were on."""
    form = MarkReadForm(request.POST)
    target = reverse("messaging:list")
    if not form.is_valid():
        messages.error(
            request, " ".join(form.errors.get("__all__", [gettext("Nothing was changed.")]))
        )
        return redirect(target)
    data = form.cleaned_data
    if data["all"]:
        count = services.notifications_mark_read(user=request.user)
        messages.success(
            request,
            ngettext(
                "%(count)s notification marked read.", "%(count)s notifications marked read.", count
            )
            % {"count": count},
        )
    else:
        services.notifications_mark_read(user=request.user, ids=[data["notification"]])
    key = next((name for name in ("after", "before") if data.get(name)), None)
    if key:
        target = f"{target}?{urlencode({key: data[key]})}"
    return redirect(target)


@csrf_exempt  # mail clients post RFC 8058 one-click requests without a CSRF token
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET: ask to confirm. POST (the button, or a mail client's one-click request): turn that
    kind of mail off. Works without logging in; the signed token names the player."""
    try:
        wanted = tokens.token_read(token)
    except tokens.BadToken as error:
        return render(request, "messaging/unsubscribe_bad.html", {"error": error}, status=400)
    # The pages say "the daily digest" or "“<kind>” e-mails", each in a sentence of its own.
    digest = wanted.event == tokens.ALL_DIGEST
    context = {"digest": digest, "label": "" if digest else kind_get(name=wanted.event).label}
    if request.method == "POST":
        labels = services.unsubscribe_apply(request=wanted)
        return render(request, "messaging/unsubscribe_done.html", {**context, "labels": labels})
    return render(request, "messaging/unsubscribe.html", {**context, "token": token})
