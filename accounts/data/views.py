"""Pages of the players' data: the data page (ask for an archive, see how far it is, download
it), closing the account, and the privacy page. Thin: services write, selectors read."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from accounts.data import closures, exports
from accounts.data.forms import AccountCloseForm
from accounts.data.models import ExportStatus
from core.confirmations import confirmation_given
from core.refusals import refusal_answer, refusal_kinds


@login_required
def data_page(request: HttpRequest) -> HttpResponse:
    """Your data: the newest archive's state (the page shows it; reloading it shows progress)
    and the way to ask for a new one, and the way to close the account."""
    export = exports.data_export_latest(user=request.user)
    context = {
        "export": export,
        "building": export is not None
        and export.status in (ExportStatus.QUEUED, ExportStatus.BUILDING),
        "download_token": (
            exports.data_export_token(export=export)
            if export is not None and export.status == ExportStatus.READY
            else ""
        ),
        "keep_hours": settings.DATA_EXPORT_KEEP_HOURS,
        "next_allowed": exports.data_export_next_allowed(user=request.user, now=timezone.now()),
    }
    return render(request, "accounts/data/data_page.html", context)


@login_required
@require_POST
def data_export_request(request: HttpRequest) -> HttpResponse:
    """Ask for an archive; back to the data page, which shows its progress (or, within the
    cooldown, says when a new one may be asked for)."""
    try:
        exports.data_export_request(user=request.user, now=timezone.now())
    except refusal_kinds() as error:
        return refusal_answer(request, error, back="data_page")
    return redirect("data_page")


@login_required
def data_export_download(request: HttpRequest, token: str) -> HttpResponse:
    """The archive a signed link names, streamed from its file; 404 for a link that expired,
    was altered or is someone else's."""
    export = exports.data_export_by_token(token=token, user=request.user, now=timezone.now())
    if export is None:
        raise Http404
    path = exports.data_export_path(export=export)
    if not path.exists():
        raise Http404
    return FileResponse(path.open("rb"), as_attachment=True, filename=export.file_name)


@login_required
def account_close(request: HttpRequest) -> HttpResponse:
    """Close your account: the page says what happens and asks for the password; a POST with
    the confirmation field and the right password closes it, logs out and says until when
    logging in restores it. A POST without the field changes nothing (the page asks)."""
    form = AccountCloseForm(request.POST if confirmation_given(request) else None, request=request)
    if form.is_bound and form.is_valid():
        closure = closures.account_close(user=request.user, now=timezone.now())
        logout(request)
        return render(request, "accounts/data/account_closed.html", {"closure": closure})
    context = {
        "form": form,
        "grace_days": settings.ACCOUNT_CLOSE_GRACE_DAYS,
        "closure": closures.account_closure_get(user=request.user),
    }
    return render(request, "accounts/data/account_close.html", context)


def privacy(request: HttpRequest) -> HttpResponse:
    """What the site keeps about a player and for how long, the numbers read from settings."""
    context = {
        "grace_days": settings.ACCOUNT_CLOSE_GRACE_DAYS,
        "export_hours": settings.DATA_EXPORT_KEEP_HOURS,
        "notifications_days": settings.NOTIFICATIONS_KEEP_DAYS,
        "inbound_days": settings.INBOUND_MAIL_KEEP_DAYS,
        "outbox_days": settings.OUTBOX_KEEP_DAYS,
        "session_days": settings.SESSION_COOKIE_AGE // (24 * 60 * 60),
        "backup_keep": settings.BACKUP_KEEP,
        "backup_nightly": settings.BACKUP_NIGHTLY,
    }
    return render(request, "accounts/data/privacy.html", context)
