"""Writes for Web Push: subscribe and remove devices, choose kinds, queue and send pushes, and
fall back to mail when a push failed for good.

Sending follows the mail's rules: a push task takes ids, claims each (notification, device)
before it sends (a run twice pushes once), retries only transient answers (a timeout, a
connection error, 5xx, 429), deletes a subscription the push service says is gone (404/410),
and when no device took the push, for good, the notice travels as the player's mail preference
for its kind says."""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import logging
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from typing import NamedTuple
from urllib.parse import urlsplit

import requests
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.templatetags.static import static
from django.utils.translation import gettext, gettext_lazy
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from accounts.locale import reader_locale
from accounts.models import User
from accounts.notifications import Notify, kind_exists, kind_get
from accounts.selectors import board_appearance_get, notify_mode_get
from core.mail import site_url
from core.metrics import PUSH_FAILED, PUSH_SENT
from core.outbox import enqueue_on_commit
from messaging.notifications.models import Channel, Event, Notification
from messaging.push.icons import icon_name
from messaging.push.keys import b64url_decode
from messaging.push.models import (
    ENDPOINT_MAX_LENGTH,
    USER_AGENT_MAX_LENGTH,
    PushChoice,
    PushDelivery,
    PushState,
    PushSubscription,
)

logger = logging.getLogger(__name__)

PUSH_TASK = "messaging.push_send"
# RFC 8030 Urgency by kind: the clock warning may wake a phone; news that waits, less so.
URGENCY = {
    Event.TIMEOUT_WARNING: "high",
    Event.YOUR_TURN: "normal",
    Event.CHALLENGE: "normal",
    "message": "normal",
    "tournament_round": "normal",
}
DEFAULT_URGENCY = "low"
# A push service keeps a message at most about four weeks; shorter is ours to choose.
TTL_MOST = 28 * 24 * 60 * 60
TTL_LEAST = 60


class TransientPushError(Exception):
    """A push service could not take a push now (timeout, connection, 5xx, 429): retry."""


# The mail half of the notice task running now (messaging.notifications.notice_tasks), with
# its arguments: what a push that failed for good queues to mail the notice instead.
_notice_mail: ContextVar[tuple[str, list] | None] = ContextVar("notice_mail", default=None)


@contextlib.contextmanager
def notice_mail_known(task: str, args: list) -> Iterator[None]:
    """Within this block a push queued by `notify` remembers that the notice's mail is sent by
    `task(*args)`, for the fallback to mail."""
    token = _notice_mail.set((task, list(args)))
    try:
        yield
    finally:
        _notice_mail.reset(token)


# --- devices and choices -------------------------------------------------------------------


def _endpoint_check(endpoint: str) -> None:
    insecure = settings.PUSH["INSECURE_ENDPOINTS"]
    try:
        parts = urlsplit(endpoint)
        port = parts.port  # ValueError for a port that is not a number in range
    except ValueError:
        parts, port = None, None
    schemes = ("https", "http") if insecure else ("https",)
    host = ((parts and parts.hostname) or "").lower()
    allowed = any(
        host == name or host.endswith(f".{name}") for name in settings.PUSH["SERVICE_HOSTS"]
    )
    # The service's own port only (no other port of its host), and no NUL (PostgreSQL).
    port_ok = insecure or port in (None, 443)
    if (
        parts is None
        or parts.scheme not in schemes
        or not allowed
        or not port_ok
        or "\x00" in endpoint
        or len(endpoint) > ENDPOINT_MAX_LENGTH
    ):
        raise ValidationError(
            gettext_lazy("This browser's push service is not one the site can reach."),
            code="push_endpoint",
        )


def _key_check(p256dh: str, auth: str) -> None:
    from cryptography.hazmat.primitives.asymmetric import ec

    try:
        point = b64url_decode(p256dh)
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
        secret = b64url_decode(auth)
    except (ValueError, TypeError) as exc:
        raise ValidationError(
            gettext_lazy("The browser sent a subscription that cannot be used."),
            code="push_keys",
        ) from exc
    if len(point) != 65 or len(secret) != 16:
        raise ValidationError(
            gettext_lazy("The browser sent a subscription that cannot be used."),
            code="push_keys",
        )


def session_digest(session_key: str | None) -> str:
    """What a subscription keeps of the session that made it: a SHA-256, never the key."""
    return hashlib.sha256(session_key.encode()).hexdigest() if session_key else ""


def push_subscription_save(
    *,
    user: User,
    endpoint: str,
    p256dh: str,
    auth: str,
    user_agent: str,
    now: dt.datetime,
    session_key: str | None = None,
) -> PushSubscription:
    """Store the subscription of one of `user`'s devices (a new endpoint, or one subscribed
    before: its keys renewed, and moved to `user` if another player had it). At
    settings.PUSH["DEVICES_MOST"] devices, the least recently used is removed to make room.
    `session_key`: the session subscribing (logging out of it removes the device).
    ValidationError (code push_endpoint or push_keys) for an endpoint on a host not in
    settings.PUSH["SERVICE_HOSTS"], not HTTPS, or keys that are not a P-256 point and 16 bytes."""
    endpoint = endpoint.strip()
    _endpoint_check(endpoint)
    _key_check(p256dh, auth)
    fields = {
        "user": user,
        "p256dh": p256dh,
        "auth": auth,
        "user_agent": user_agent.replace("\x00", "")[:USER_AGENT_MAX_LENGTH],
        "session": session_digest(session_key),
    }
    with transaction.atomic():
        subscription, _ = PushSubscription.objects.update_or_create(
            endpoint=endpoint, defaults=fields, create_defaults={**fields, "created": now}
        )
        others = PushSubscription.objects.filter(user=user).exclude(pk=subscription.pk)
        extra = others.count() - (settings.PUSH["DEVICES_MOST"] - 1)
        if extra > 0:
            oldest = others.order_by("last_used", "created", "pk").values_list("pk", flat=True)
            PushSubscription.objects.filter(pk__in=list(oldest[:extra])).delete()
    return subscription


def push_subscription_remove(*, user: User, subscription_id: int) -> bool:
    """Remove one of `user`'s devices; whether there was one with that id."""
    return PushSubscription.objects.filter(user=user, pk=subscription_id).delete()[0] > 0


def push_subscriptions_remove_session(*, user: User, session_key: str | None) -> int:
    """Remove `user`'s devices subscribed from the session `session_key` (at its log-out);
    returns how many."""
    if not session_key:
        return 0
    digest = session_digest(session_key)
    return PushSubscription.objects.filter(user=user, session=digest).delete()[0]


def push_subscriptions_remove_sessions(*, user: User, session_keys: list[str]) -> int:
    """Remove `user`'s devices subscribed from any of the sessions `session_keys` (ended from
    another browser, accounts.hooks); returns how many."""
    digests = [session_digest(key) for key in session_keys if key]
    if not digests:
        return 0
    return PushSubscription.objects.filter(user=user, session__in=digests).delete()[0]


def push_subscription_remove_endpoint(*, user: User, endpoint: str) -> bool:
    """Remove `user`'s device subscribed at `endpoint` (the page unsubscribing itself)."""
    return PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()[0] > 0


def push_choices_set(*, user: User, choices: Mapping[str, bool]) -> None:
    """Store whether each kind named in `choices` comes by push for `user`; other kinds keep
    theirs. ValidationError naming an unknown kind, and nothing written then."""
    unknown = sorted(name for name in choices if not kind_exists(name=name))
    if unknown:
        raise ValidationError(
            gettext_lazy("Unknown kind of notification: %(kinds)s."),
            code="push_kind",
            params={"kinds": ", ".join(unknown)},
        )
    with transaction.atomic():
        for name, push in choices.items():
            PushChoice.objects.update_or_create(user=user, event=name, defaults={"push": push})


# --- queueing and sending ------------------------------------------------------------------


def push_queue(*, notification: Notification, expires: dt.datetime | None) -> None:
    """Queue the push of `notification` (channel PUSH) through the outbox, in the caller's
    transaction. `expires`: when the news stops mattering (a deadline), for the push's TTL."""
    mail = _notice_mail.get()
    enqueue_on_commit(
        PUSH_TASK,
        notification.pk,
        expires.isoformat() if expires else None,
        mail[0] if mail else None,
        mail[1] if mail else None,
    )


class PushMessage(NamedTuple):
    """What goes to every device for one notification: the JSON `data` the service worker
    shows, and the RFC 8030 `headers` (Topic, Urgency) and `ttl`."""

    data: str
    headers: dict[str, str]
    ttl: int


def push_topic(*, notification: Notification) -> str:
    """The RFC 8030 Topic of `notification`'s push: one per kind and page (a game), so a newer
    "your turn" of a game replaces an older one still waiting at the push service. 32
    characters of the base64url alphabet, as the RFC allows."""
    return hashlib.sha256(f"{notification.event}:{notification.url}".encode()).hexdigest()[:32]


def push_message(
    *, notification: Notification, expires: dt.datetime | None, now: dt.datetime
) -> PushMessage:
    """The push of `notification`: its kind's label as the title and its stored text (both in
    the player's language), the absolute URL to open, a tag that collapses it per game on the
    device; TTL until `expires` (at least a minute), else settings.PUSH["TTL"]."""
    topic = push_topic(notification=notification)
    with reader_locale(user=notification.user):
        title = (
            str(kind_get(name=notification.event).label)
            if kind_exists(name=notification.event)
            else gettext("Badux")
        )
    data = json.dumps(
        {
            "title": title,
            "body": notification.text,
            "url": site_url(notification.url or "/"),
            "tag": topic,
            "icon": static(
                icon_name(theme=board_appearance_get(user=notification.user).theme, size=192)
            ),
        },
        ensure_ascii=False,
    )
    ttl = int((expires - now).total_seconds()) if expires is not None else settings.PUSH["TTL"]
    ttl = max(TTL_LEAST, min(ttl, TTL_MOST))
    urgency = URGENCY.get(notification.event, DEFAULT_URGENCY)
    return PushMessage(data=data, headers={"Topic": topic, "Urgency": urgency}, ttl=ttl)


class PushSent(NamedTuple):
    """What one run of `push_notification_send` did: devices that took the push (now or in an
    earlier run), devices gone or refusing for good, devices to try again (transient)."""

    delivered: int
    failed: int
    transient: int
    # Nothing to push: the notification is gone, read already (stale) or no longer PUSH.
    skipped: bool = False


def _vapid() -> Vapid:
    return Vapid.from_raw(settings.PUSH["VAPID_PRIVATE_KEY"].encode("ascii"))


def _claim(notification: Notification, subscription: PushSubscription, now: dt.datetime) -> bool:
    try:
        with transaction.atomic():
            PushDelivery.objects.create(
                notification=notification,
                subscription=subscription,
                state=PushState.SENDING,
                created=now,
            )
    except IntegrityError:
        return False
    return True


def _push_one(subscription: PushSubscription, message: PushMessage, vapid: Vapid) -> None:
    """POST one push; TransientPushError or WebPushException (its response's status) when the
    service did not take it."""
    try:
        webpush(
            subscription_info={
                "endpoint": subscription.endpoint,
                "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
            },
            data=message.data,
            vapid_private_key=vapid,
            vapid_claims={"sub": settings.PUSH["VAPID_SUBJECT"]},
            timeout=settings.PUSH["TIMEOUT"],
            ttl=message.ttl,
            headers=dict(message.headers),
        )
    except (requests.Timeout, requests.ConnectionError) as exc:
        raise TransientPushError(str(exc)) from exc
    except WebPushException as exc:
        status = exc.response.status_code if exc.response is not None else None
        if status is not None and (status == 429 or status >= 500):
            raise TransientPushError(f"push service answered {status}") from exc
        raise


def push_notification_send(
    *, notification_id: int, expires: dt.datetime | None, now: dt.datetime
) -> PushSent:
    """Push the notification `notification_id` to each of its player's devices not pushed yet.
    Nothing is sent for a notification gone, no longer PUSH, or already read (stale). A device
    the service says is gone (404/410) is deleted; another refusal marks its delivery failed.
    Returns the counts; the caller retries while `transient` > 0 and falls back to mail when
    nothing was delivered and nothing is left to retry (`push_fallback`), unless `skipped`."""
    notification = (
        Notification.objects.select_related("user")
        .filter(pk=notification_id, channel=Channel.PUSH, read=False)
        .first()
    )
    if notification is None:
        return PushSent(delivered=0, failed=0, transient=0, skipped=True)
    message = push_message(notification=notification, expires=expires, now=now)
    vapid = _vapid()
    delivered = failed = transient = 0
    for subscription in PushSubscription.objects.filter(user_id=notification.user_id):
        if not _claim(notification, subscription, now):
            state = (
                PushDelivery.objects.filter(notification=notification, subscription=subscription)
                .values_list("state", flat=True)
                .first()
            )
            delivered += state != PushState.FAILED
            failed += state == PushState.FAILED
            continue
        delivery = PushDelivery.objects.filter(notification=notification, subscription=subscription)
        try:
            _push_one(subscription, message, vapid)
        except TransientPushError as exc:
            logger.info("Push to %s failed for now: %s", subscription.pk, exc)
            PUSH_FAILED.labels(kind="transient").inc()
            delivery.delete()
            transient += 1
            continue
        except WebPushException as exc:
            status = exc.response.status_code if exc.response is not None else None
            failed += 1
            if status in (404, 410):
                PUSH_FAILED.labels(kind="gone").inc()
                subscription.delete()
            else:
                logger.warning("Push to %s refused: %s", subscription.pk, exc)
                PUSH_FAILED.labels(kind="permanent").inc()
                delivery.update(state=PushState.FAILED, error=str(exc)[:200])
            continue
        except (ValueError, TypeError) as exc:  # keys the encryption cannot use
            logger.warning("Push to %s could not be encrypted: %s", subscription.pk, exc)
            PUSH_FAILED.labels(kind="permanent").inc()
            delivery.update(state=PushState.FAILED, error=str(exc)[:200])
            failed += 1
            continue
        PUSH_SENT.inc()
        delivery.update(state=PushState.SENT)
        PushSubscription.objects.filter(pk=subscription.pk).update(last_used=now)
        delivered += 1
    return PushSent(delivered=delivered, failed=failed, transient=transient)


def push_fallback(
    *, notification_id: int, mail_task: str | None, mail_args: list | None
) -> str | None:
    """A push that reached no device, for good: the notice travels as the player's mail
    preference for its kind says. Off (or no address): the site list only. Daily digest: the
    next digest. Immediate: the notice task's mail half `mail_task(*mail_args)` is queued (it
    mails the notice unless stale); without one, the next digest. Returns the new channel, or
    None when the notification is gone or no longer PUSH (a fallback run twice acts once)."""
    notification = (
        Notification.objects.select_related("user")
        .filter(pk=notification_id, channel=Channel.PUSH)
        .first()
    )
    if notification is None:
        return None
    user = notification.user
    mode = (
        notify_mode_get(user=user, event=notification.event)
        if kind_exists(name=notification.event)
        else Notify.OFF
    )
    if mode == Notify.OFF or not user.email:
        channel = Channel.SITE
    elif mode == Notify.IMMEDIATE and mail_task:
        channel = Channel.IMMEDIATE
    else:
        channel = Channel.DIGEST
    with transaction.atomic():
        changed = Notification.objects.filter(pk=notification.pk, channel=Channel.PUSH).update(
            channel=channel
        )
        if not changed:
            return None
        if channel == Channel.IMMEDIATE:
            enqueue_on_commit(mail_task, *(mail_args or []))
    return channel
