"""Writes for messaging: record a notification, decide how it travels, send its mail once,
collect the daily digest, apply unsubscribe links.

Every function is keyword-only and takes the clock as `now`. None of them may run inside a
transaction that is still to commit when they send mail (callers are Celery tasks queued after
the commit). Mail is claimed before it is sent (`mailed` set by a conditional UPDATE), so a task
that runs twice, or two workers running the same task, send it once; a transient SMTP error
clears the claim again and re-raises so Celery retries."""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
import zoneinfo
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from typing import NamedTuple

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.db.models import CASCADE, Exists, OuterRef, Q, QuerySet
from django.db.models.deletion import Collector
from django.db.models.signals import post_delete, pre_delete
from django.urls import reverse
from django.utils.translation import ngettext

from accounts.locale import reader_locale
from accounts.models import User
from accounts.notifications import Notify, kind_exists, kind_get, kinds_list
from accounts.selectors import notify_mode_get, notify_modes_get, time_zones_used_list
from accounts.services import notify_modes_set
from core.mail import (
    MailContent,
    PermanentMailError,
    TransientMailError,
    message_build,
    message_send,
    site_url,
)
from core.metrics import NOTICE_LATENCY
from messaging.bounces.address import return_path_for
from messaging.bounces.selectors import address_failing
from messaging.notifications import tokens
from messaging.notifications.models import AdminMail, Channel, Digest, Event, Notification
from messaging.push.selectors import push_wanted
from messaging.push.services import push_queue

logger = logging.getLogger(__name__)

# A player seen on the site this recently gets no "your turn" mail: they are likely looking at
# the board already. last_seen is written at most every 5 minutes (accounts.services), so the
# window must be longer than that.
ACTIVE_WINDOW = dt.timedelta(minutes=10)
# The digest goes out at settings.MESSAGING_DIGEST_HOUR local time; when the hourly beat missed
# that hour (deploy, outage) it still goes out within this many hours, never later that day.
DIGEST_CATCH_UP = dt.timedelta(hours=3)


def user_is_active(*, user: User, now: dt.datetime) -> bool:
    """Whether the player was seen on the site within `ACTIVE_WINDOW` before `now`."""
    return user.last_seen is not None and user.last_seen >= now - ACTIVE_WINDOW


def notification_channel(*, user: User, event: str, now: dt.datetime) -> str:
    """How a new notification of `event` (a registered kind's name) reaches `user` (a `Channel`
    code); UnknownKindError naming `event` when no such kind is registered.

    Push first: a kind the player wants by push, with a device subscribed, goes to the devices
    (messaging.push; when that fails for good, the mail mode below applies then).
    Otherwise the player's mode for the kind, else the kind's default, decides. Off: the site
    list only.
    Digest: the next daily digest. Immediate: one mail now, except for "your turn" while the
    player is active on the site: then the next digest instead, which leaves it out if the
    player has played (or read it) by then. Players without an address, or whose address
    failed for good (messaging.bounces), get the site list only.
    """
    if push_wanted(user=user, event=event):
        return Channel.PUSH
    choice = notify_mode_get(user=user, event=event)
    if choice == Notify.OFF or not user.email or address_failing(user=user):
        return Channel.SITE
    if choice == Notify.DIGEST:
        return Channel.DIGEST
    if event == Event.YOUR_TURN and user_is_active(user=user, now=now):
        return Channel.DIGEST
    return Channel.IMMEDIATE


def notification_record(
    *, user: User, event: str, key: str, text: str, url: str, now: dt.datetime
) -> Notification:
    """The notification of `user` with dedupe `key`, created (channel decided) on first call;
    later calls with the same key return the stored row unchanged. `event` must name a
    registered kind (UnknownKindError naming it otherwise, and nothing is stored). `text` is
    stored as it reads in the active language (a lazy translation is resolved now)."""
    kind = kind_get(name=event)
    notification, _ = Notification.objects.get_or_create(
        user=user,
        key=key,
        defaults={
            "event": kind.name,
            "text": str(text)[:300],
            "url": url,
            "created": now,
            "channel": notification_channel(user=user, event=event, now=now),
        },
    )
    return notification


class Notified(NamedTuple):
    """What `notify` did: the stored notification, and whether this call mailed it (or, inside
    `mail_deferred`, left its mail to be sent)."""

    notification: Notification
    mailed: bool


# The ids of the notifications whose mail `notify` left unsent inside `mail_deferred`; None
# outside it (then `notify` sends).
_deferred_mail: ContextVar[list[int] | None] = ContextVar("deferred_mail", default=None)


@contextlib.contextmanager
def mail_deferred() -> Iterator[list[int]]:
    """Within this block `notify` records notifications and sends no mail: a mail it would send
    is counted as sent (`Notified.mailed`) and its notification's id appended to the list this
    yields, for the caller to have it sent elsewhere (messaging.notifications.notice_tasks: the
    mail half of a notice task, on the mail queue)."""
    ids: list[int] = []
    token = _deferred_mail.set(ids)
    try:
        yield ids
    finally:
        _deferred_mail.reset(token)


def notify(
    *,
    user: User,
    event: str,
    key: str,
    text: str | Callable[[], str],
    url: str,
    now: dt.datetime,
    mail: Callable[[], MailContent] | None = None,
    since: dt.datetime | None = None,
    expires: dt.datetime | None = None,
) -> Notified:
    """Record a notification and, when it travels by immediate mail and was not mailed yet,
    build the mail with `mail()` (only then: images are costly) and send it.

    The one place where a notice and its mail get their words: `text` (a string, a lazy
    translation such as `format_lazy(gettext_lazy(...), ...)`, or a function returning the
    text) and `mail()` run in `user`'s language and time zone (accounts.locale.reader_locale),
    whichever task or request calls this.

    Inside `mail_deferred` the mail is neither built nor sent: the notification's id is handed
    to the block instead.

    A notification recorded for push (channel PUSH) has its push queued through the outbox at
    every call (messaging.push; its deliveries are claimed, so a device gets it once) until it
    is read; `expires` (a deadline) bounds how long the push service keeps it.

    `since`: when the news happened (a move); the time from it to the notice recorded by this
    call, and to its mail sent by this call, is observed (core.metrics.NOTICE_LATENCY).

    Raises TransientMailError when the mail server asks to try again later, UnknownKindError
    naming `event` when no such kind is registered.
    """
    with reader_locale(user=user):
        said = text() if callable(text) else text
        notification = notification_record(
            user=user, event=event, key=key, text=said, url=url, now=now
        )
        notification.user = user
        mailed = False
        if (
            mail is not None
            and notification.channel == Channel.IMMEDIATE
            and not notification.mailed
        ):
            deferred = _deferred_mail.get()
            if deferred is not None:
                deferred.append(notification.pk)
                mailed = True
            else:
                mailed = notification_mail_send(notification=notification, content=mail(), now=now)
                if mailed and since is not None:
                    _latency_observe(event, "mailed", now - since)
        if notification.channel == Channel.PUSH and not notification.read:
            push_queue(notification=notification, expires=expires)
    if since is not None and notification.created == now:
        _latency_observe(event, "recorded", now - since)
    return Notified(notification, mailed)


def _latency_observe(event: str, stage: str, latency: dt.timedelta) -> None:
    NOTICE_LATENCY.labels(event=event, stage=stage).observe(max(latency.total_seconds(), 0.0))


def _base_context(user: User) -> dict[str, object]:
    return {
        "user": user,
        "site_url": site_url(),
        "preferences_url": site_url(reverse("preferences_edit")),
        "notifications_url": site_url(reverse("messaging:list")),
    }


def unsubscribe_url(*, user_id: int, event: str) -> str:
    """Absolute one-click unsubscribe URL for the kind `event` (or tokens.ALL_DIGEST)."""
    token = tokens.token_make(user_id=user_id, event=event)
    return site_url(reverse("messaging:unsubscribe", args=[token]))


def _send_claimed(model, pk: int, message) -> bool:
    """Send a message whose row `pk` of `model` the caller claimed; undo the claim on a
    transient error (and re-raise), record a permanent one."""
    try:
        message_send(message)
    except TransientMailError:
        model.objects.filter(pk=pk).update(mailed=None)
        raise
    except PermanentMailError as exc:
        logger.warning("Mail for %s %s refused: %s", model.__name__, pk, exc)
        model.objects.filter(pk=pk).update(mail_error=str(exc)[:200])
        return False
    return True


def notification_mail_send(
    *, notification: Notification, content: MailContent, now: dt.datetime
) -> bool:
    """Send the immediate mail of `notification` unless it was already sent (or is being
    sent). Returns whether this call sent it."""
    claimed = Notification.objects.filter(
        pk=notification.pk, channel=Channel.IMMEDIATE, mailed__isnull=True
    ).update(mailed=now)
    if not claimed:
        return False
    notification.mailed = now
    user = notification.user
    with reader_locale(user=user):
        message = message_build(
            to=user.email,
            content=content,
            unsubscribe_url=unsubscribe_url(user_id=user.pk, event=notification.event),
            extra_context={**_base_context(user), "event_label": notification.event_label},
            return_path=return_path_for(user_id=user.pk, email=user.email),
        )
    return _send_claimed(Notification, notification.pk, message)


def notifications_mark_read(
    *,
    user: User,
    ids: Iterable[int] | None = None,
    key_prefix: str | None = None,
    except_key: str | None = None,
) -> int:
    """Mark `user`'s unread notifications read: those with `ids`, those whose key starts with
    `key_prefix`, or all of them when neither is given; never the one keyed `except_key` (the
    newest of a kind that keeps one unread, e.g. "your turn" per game). Returns how many
    changed."""
    unread = Notification.objects.filter(user=user, read=False)
    if ids is not None:
        unread = unread.filter(pk__in=list(ids))
    if key_prefix is not None:
        unread = unread.filter(key__startswith=key_prefix)
    if except_key is not None:
        unread = unread.exclude(key=except_key)
    return unread.update(read=True)


# Read notifications deleted per batch by `notifications_prune`: short transactions.
PRUNE_BATCH = 5000


def notifications_prune(*, now: dt.datetime, keep_days: int, batch_size: int = PRUNE_BATCH) -> int:
    """Delete the read notifications made more than `keep_days` days before `now`, a batch at
    a time, oldest first (read by the index of read notices by age, notification_read_created:
    by id, the last, empty batch walked the whole table, 7 s among ten million notices);
    unread ones stay whatever their age. Returns how many went. Safe beside another run.

    A batch costs a fixed handful of statements, whatever its size (`_notices_delete`): the
    deletion collector took 50 DELETEs of 100 rows a batch (2.5-3.8 s for a day's 14,400
    notices at bench/pages_at_scale.py's full scale, issue 43)."""
    cutoff = now - dt.timedelta(days=keep_days)
    old = Notification.objects.filter(read=True, created__lt=cutoff)
    in_order = old.order_by("created", "pk").values_list("created", "pk")
    deleted = 0
    while True:
        # A batch is named by its last row, not listed: a list of 5,000 ids in the statements
        # cost more than the deletion. None: fewer are left, the last batch is all of them.
        last = in_order[batch_size - 1 : batch_size].first()
        if last is None:
            return deleted + _notices_delete(old)
        last_created, last_pk = last
        before_last = Q(created__lt=last_created) | Q(created=last_created, pk__lte=last_pk)
        deleted += _notices_delete(old.filter(before_last))


def _notices_delete(doomed: QuerySet[Notification]) -> int:
    """Delete `doomed` and what cascades from it in one transaction: one DELETE for each model
    whose rows point at a notification (push deliveries), selecting them by a subquery on
    `doomed`, then one for the notifications; returns how many notifications went. Only while
    those rows cascade and nothing listens for their deletion (so the collector would delete
    them unseen as well); otherwise, e.g. after a model change, the collector, slower."""
    using = doomed.db
    collector = Collector(using=using)
    dependents = []
    for relation in Notification._meta.related_objects:
        rows = relation.related_model._base_manager.using(using)
        dependents.append(rows.filter(**{f"{relation.field.name}__in": doomed.values("pk")}))
        if relation.on_delete is not CASCADE or not collector.can_fast_delete(dependents[-1]):
            return doomed.delete()[0]
    if any(signal.has_listeners(Notification) for signal in (pre_delete, post_delete)):
        return doomed.delete()[0]
    with transaction.atomic(using=using):
        for rows in dependents:
            rows.delete()  # fast-deletable: a single DELETE, checked above
        # The notifications need not be fetched, nor deleted 100 at a time, as the collector
        # would (their dependents are gone): QuerySet's own single DELETE, private but stable.
        # A notice read since the DELETEs above (`doomed` is read again) may still have some:
        # it waits for the next run.
        for relation in Notification._meta.related_objects:
            pointing = relation.related_model._base_manager.filter(
                **{relation.field.name: OuterRef("pk")}
            )
            doomed = doomed.filter(~Exists(pointing))
        return doomed._raw_delete(using)


def admin_mail_once(*, key: str, subject: str, body: str, now: dt.datetime) -> bool:
    """Mail settings.ADMINS once per `key`. Returns whether this call sent it.

    Raises TransientMailError (and forgets the record, so the retry sends it) when the mail
    server asks to try again later.
    """
    if not settings.ADMINS:
        return False
    try:
        with transaction.atomic():
            record = AdminMail.objects.create(key=key, subject=subject[:200], created=now)
    except IntegrityError:
        return False
    message = EmailMessage(
        subject=f"{settings.EMAIL_SUBJECT_PREFIX}{subject}",
        body=body,
        from_email=settings.SERVER_EMAIL,
        to=[address for _, address in settings.ADMINS],
    )
    try:
        message_send(message)
    except TransientMailError:
        record.delete()
        raise
    except PermanentMailError as exc:
        logger.warning("Admin mail %s refused: %s", key, exc)
        return False
    return True


# --- the daily digest --------------------------------------------------------------------------


def digest_hour() -> int:
    """Local hour at which digests go out: settings.MESSAGING_DIGEST_HOUR."""
    return settings.MESSAGING_DIGEST_HOUR


def _zone(name: str) -> dt.tzinfo:
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return dt.UTC


def digest_day(*, time_zone: str, now: dt.datetime) -> dt.date | None:
    """The local day whose digest is due at `now` for a player in `time_zone`, or None when
    `now` is not within `DIGEST_CATCH_UP` after that day's digest hour."""
    zone = _zone(time_zone)
    local = now.astimezone(zone)
    day = local.date()
    slot = dt.datetime.combine(day, dt.time(digest_hour()), tzinfo=zone)
    if local < slot:
        day -= dt.timedelta(days=1)
        slot = dt.datetime.combine(day, dt.time(digest_hour()), tzinfo=zone)
    return day if local - slot < DIGEST_CATCH_UP else None


def _digest_events_off(user: User) -> list[str]:
    return [name for name, mode in notify_modes_get(user=user).items() if mode == Notify.OFF]


def digest_pending(*, user: User, now: dt.datetime):
    """Notifications the next digest of `user` would list: routed to the digest, not in one
    yet, still unread, created by `now`, and of an event the player has not turned off since."""
    return (
        Notification.objects.filter(
            user=user, channel=Channel.DIGEST, digest__isnull=True, read=False, created__lte=now
        )
        .exclude(event__in=_digest_events_off(user))
        .order_by("created", "pk")
    )


def digest_due_user_ids(*, now: dt.datetime) -> list[int]:
    """Players with pending digest items whose digest hour is now and who got none today.

    Only players in a time zone whose digest is due are read: every player with pending
    items, 40,000 among a hundred thousand, took half a second an hour (bench/pages_at_scale.py).
    The zones are those in use (one index look-up each), due ones picked here, so a name
    that is not a known zone counts as UTC (`_zone`); asking the database for "a due zone or
    an unknown one" (NOT IN every known name) read every player (issue 43)."""
    due_zones = [name for name in time_zones_used_list() if digest_day(time_zone=name, now=now)]
    if not due_zones:
        return []
    candidates = (
        User.objects.filter(
            is_active=True,
            time_zone__in=due_zones,
            notifications__channel=Channel.DIGEST,
            notifications__digest__isnull=True,
            notifications__read=False,
        )
        .exclude(email="")
        .values_list("pk", "time_zone")
        .distinct()
    )
    due = {pk: day for pk, zone in candidates if (day := digest_day(time_zone=zone, now=now))}
    if not due:
        return []
    sent = set(
        Digest.objects.filter(user_id__in=due, day__gte=min(due.values())).values_list(
            "user_id", "day"
        )
    )
    return sorted(pk for pk, day in due.items() if (pk, day) not in sent)


def digest_send(*, user_id: int, now: dt.datetime) -> Digest | None:
    """Collect and mail the digest of `user_id` for the local day due at `now`.

    At most one digest per player and local day: a second call finds the day's digest and sends
    nothing (or, after a transient failure, sends that same digest). Returns the digest, or None
    when none is due or nothing is pending.
    """
    user = User.objects.filter(pk=user_id, is_active=True).first()
    if user is None or not user.email or address_failing(user=user):
        return None
    # A digest a transient error left unsent goes out first, whatever the hour now.
    digest = Digest.objects.filter(user=user, mailed__isnull=True).first()
    day = digest.day if digest else digest_day(time_zone=user.time_zone, now=now)
    if day is None:
        return None
    with transaction.atomic():
        digest = digest or Digest.objects.filter(user=user, day=day).first()
        if digest is None:
            pending = list(digest_pending(user=user, now=now).values_list("pk", flat=True))
            if not pending:
                return None
            try:
                with transaction.atomic():
                    digest = Digest.objects.create(user=user, day=day, created=now)
            except IntegrityError:
                return Digest.objects.get(user=user, day=day)
            Notification.objects.filter(pk__in=pending, digest__isnull=True).update(digest=digest)
    claimed = Digest.objects.filter(pk=digest.pk, mailed__isnull=True).update(mailed=now)
    if not claimed:
        return digest
    with reader_locale(user=user):
        message = message_build(
            to=user.email,
            content=_digest_content(user, digest),
            unsubscribe_url=unsubscribe_url(user_id=user.pk, event=tokens.ALL_DIGEST),
            extra_context=_base_context(user),
            return_path=return_path_for(user_id=user.pk, email=user.email),
        )
    _send_claimed(Digest, digest.pk, message)
    digest.refresh_from_db()
    return digest


def _digest_content(user: User, digest: Digest) -> MailContent:
    items = list(digest.items.order_by("created", "pk"))
    groups = []
    # Kinds in page order; a kind no longer registered comes last, without its own link.
    names = [kind.name for kind in kinds_list()]
    names += sorted({n.event for n in items} - set(names))
    for name in names:
        notes = [n for n in items if n.event == name]
        if notes:
            groups.append(
                {
                    "label": notes[0].event_label,
                    "items": [{"text": n.text, "url": site_url(n.url)} for n in notes],
                    "unsubscribe_url": (
                        unsubscribe_url(user_id=user.pk, event=name)
                        if kind_exists(name=name)
                        else ""
                    ),
                }
            )
    count = len(items)
    return MailContent(
        subject=ngettext(
            "Your daily digest: %(count)s notification",
            "Your daily digest: %(count)s notifications",
            count,
        )
        % {"count": count},
        template="messaging/mail/digest",
        context={"groups": groups, "count": count, "day": digest.day},
    )


# --- unsubscribe -------------------------------------------------------------------------------


def unsubscribe_apply(*, request: tokens.Unsubscribe) -> list[str]:
    """Turn off what an unsubscribe token names: one kind, or every kind the player gets in
    the digest. Returns the labels of the kinds now off (empty when the player is gone)."""
    user = User.objects.filter(pk=request.user_id).first()
    if user is None:
        return []
    if request.event == tokens.ALL_DIGEST:
        modes = notify_modes_get(user=user)
        events = [name for name, mode in modes.items() if mode == Notify.DIGEST]
    else:
        events = [request.event]
    notify_modes_set(user=user, modes=dict.fromkeys(events, Notify.OFF))
    return [kind_get(name=name).label for name in events]
