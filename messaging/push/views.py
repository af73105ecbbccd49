"""Pages and endpoints of Web Push and the installable site: subscribe and unsubscribe a
device (JSON from static/messaging/push/push_devices.js), remove a device and choose the kinds
(forms of the preferences page's push section), the service worker at the root, the web app
manifest and the offline page."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_POST

from accounts.selectors import board_appearance_get
from core.confirmations import confirmation_given, confirmation_page
from core.refusals import refusal_of
from messaging.push import selectors, services
from messaging.push.forms import PushChoicesForm
from messaging.push.icons import ICON_SIZES, icon_name
from rules.images.themes import THEMES

WORKER_STATIC = "messaging/push/sw.js"
# What the page may send: an endpoint and two short keys.
SUBSCRIPTION_MAX_BYTES = 4096


def _back() -> str:
    return f"{reverse('preferences_edit')}#push"


def _subscription_of(request: HttpRequest) -> dict[str, str]:
    """The endpoint and keys of the JSON body; ValidationError when it is not one."""
    bad = ValidationError(_("The browser sent a subscription that cannot be used."), "push_keys")
    if len(request.body) > SUBSCRIPTION_MAX_BYTES:
        raise bad
    try:
        body = json.loads(request.body)
        keys = body.get("keys") or {}
        found = {
            "endpoint": body["endpoint"],
            "p256dh": keys.get("p256dh", ""),
            "auth": keys.get("auth", ""),
        }
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise bad from exc
    if not all(isinstance(value, str) for value in found.values()):
        raise bad
    return found


@login_required
@require_POST
def push_subscribe(request: HttpRequest) -> HttpResponse:
    """Store this device's subscription (JSON: PushSubscription.toJSON()); 201 with its id."""
    if not selectors.push_enabled():
        return JsonResponse({"code": "push_off", "message": _("Push is off.")}, status=404)
    try:
        subscription = services.push_subscription_save(
            user=request.user,
            user_agent=request.headers.get("User-Agent", ""),
            now=timezone.now(),
            session_key=request.session.session_key,
            **_subscription_of(request),
        )
    except ValidationError as error:
        refusal = refusal_of(error)
        return JsonResponse(
            {"code": refusal.code, "message": refusal.message}, status=refusal.status
        )
    return JsonResponse({"id": subscription.pk}, status=201)


@login_required
@require_POST
def push_unsubscribe(request: HttpRequest) -> HttpResponse:
    """Forget this device (JSON with its endpoint), when the page turns push off; 204."""
    try:
        endpoint = json.loads(request.body[:SUBSCRIPTION_MAX_BYTES]).get("endpoint", "")
    except (ValueError, AttributeError):
        endpoint = ""
    # A NUL is in no stored endpoint (PostgreSQL cannot store one, nor compare with one).
    if isinstance(endpoint, str) and endpoint and "\x00" not in endpoint:
        services.push_subscription_remove_endpoint(user=request.user, endpoint=endpoint)
    return HttpResponse(status=204)


@login_required
@require_POST
def push_device_remove(request: HttpRequest, subscription_id: int) -> HttpResponse:
    """Remove one of your devices, after asking (core.confirmations)."""
    device = (
        selectors.push_subscriptions_list(user=request.user).filter(pk=subscription_id).first()
        if subscription_id < 2**63
        else None
    )
    if device is not None and not confirmation_given(request):
        label = selectors.device_label(user_agent=device.user_agent) or _("this device")
        return confirmation_page(
            request,
            question=_("Stop push notifications to %(device)s?") % {"device": label},
            consequences=[
                _("That device gets no more push notifications from the site."),
                _("You can turn push on again from that device's preferences page."),
            ],
            button=_("Yes, remove it"),
            back=_back(),
        )
    if services.push_subscription_remove(user=request.user, subscription_id=subscription_id):
        messages.success(request, _("The device was removed; it gets no more pushes."))
    else:
        messages.error(request, _("That device was not found or was already removed."))
    return redirect(_back())


@login_required
@require_POST
def push_choices_edit(request: HttpRequest) -> HttpResponse:
    """Save which kinds of notice come by push."""
    form = PushChoicesForm(request.POST, choices={})
    if form.is_valid():
        services.push_choices_set(user=request.user, choices=form.choices())
        messages.success(request, _("Your push choices were saved."))
    return redirect(_back())


@require_GET
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker (the static file messaging/push/sw.js) at the site's root, so its
    scope is the whole site: it must see the pushes and the page loads it answers offline."""
    path = finders.find(WORKER_STATIC)
    if path is None:
        with open(settings.STATIC_ROOT / WORKER_STATIC, encoding="utf-8") as found:
            script = found.read()
    else:
        with open(path, encoding="utf-8") as found:
            script = found.read()
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
@cache_control(private=True, max_age=60 * 60)
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest, in the colours and icons of the board theme of whoever asks (the
    page links it with credentials; anonymous: the default theme)."""
    theme = THEMES[board_appearance_get(user=request.user).theme]
    icons = [
        {
            "src": static(icon_name(theme=theme.code, size=size)),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "any maskable",
        }
        for size in ICON_SIZES
    ]
    body = {
        "name": "Badux",
        "short_name": "Badux",
        "description": _("Correspondence Go and Badux, Go on hexagonal boards."),
        "lang": request.LANGUAGE_CODE,
        "start_url": reverse("games:status"),
        "scope": "/",
        "display": "standalone",
        "theme_color": theme.background,
        "background_color": theme.page,
        "icons": icons,
    }
    return JsonResponse(body, content_type="application/manifest+json")


@require_GET
@cache_control(public=True, max_age=60 * 60)
def offline(request: HttpRequest) -> HttpResponse:
    """The page the service worker shows when a page cannot be loaded: it says so and holds
    nobody's data (it is cached on the device, whoever logs in after)."""
    return render(request, "messaging/push/offline.html")
