"""settings.CELERY_BEAT_SCHEDULE, the periodic tasks, built in base.py (as LOGGING is built by
logs.py): run by exactly one `celery beat` process (baduxsite/beat.py). Apps add their sweeps
here; base.py adds the heartbeats and, when asked, the nightly backup."""

from __future__ import annotations


def beat_schedule() -> dict[str, dict]:
    """The periodic tasks by entry name: task name and interval in seconds."""
    return {
        # Publishes tasks recorded in the outbox that were not published at their commit (broker
        # down): see core/outbox.py.
        "messaging-outbox-relay": {"task": "messaging.outbox_relay", "schedule": 60.0},
        # Closes the challenges whose expiry passed (games.services.challenges.challenges_expire).
        "games-expire-challenges": {"task": "games.expire_challenges", "schedule": 60 * 60},
        # Close score-dispute marking phases past their deadline (games.services.disputes_expire).
        "games-sweep-disputes": {"task": "games.sweep_disputes", "schedule": 15 * 60},
        # Ends overdue games on time, sends the 80 % warnings, ends used-up vacations.
        "games-sweep-clocks": {"task": "games.sweep_clocks", "schedule": 60.0},
        # Ends the mutes, suspensions and bans whose end date passed (accounts.moderation).
        "accounts-moderation-sweep": {"task": "accounts.moderation_sweep", "schedule": 60.0},
        # Hourly: each player's digest goes out at MESSAGING_DIGEST_HOUR in their own time zone.
        "messaging-digest-sweep": {"task": "messaging.digest_sweep", "schedule": 60 * 60},
        # Daily: forget play-by-e-mail records past INBOUND_MAIL_KEEP_DAYS.
        "games-prune-inbound-mail": {"task": "games.inbound_mail_prune", "schedule": 24 * 60 * 60},
        # Daily: players without a ladder game for their ladder's inactive_days leave it.
        "ladder-remove-inactive": {"task": "ladder.remove_inactive", "schedule": 24 * 60 * 60},
        # Every 2 minutes: re-queues the round advance of every running tournament (a safety net:
        # the game-finished hook queues it; a task lost with a killed worker or failed would
        # otherwise stall a round until Redis redelivers it).
        "ladder-tournaments-sweep": {"task": "ladder.tournaments_sweep", "schedule": 2 * 60},
        # Every 2 minutes: re-queues the "your turn" and game-over notices that should exist by now
        # and do not (their task lost with a killed worker), of the games moved or ended since
        # the last run (its watermark in the cache): games.services.notices.notices_requeue.
        "games-notices-sweep": {"task": "games.notices_sweep", "schedule": 2 * 60},
        # Daily: delete read notifications older than NOTIFICATIONS_KEEP_DAYS.
        "messaging-prune": {"task": "messaging.prune", "schedule": 24 * 60 * 60},
        # Daily: delete outbox rows older than OUTBOX_KEEP_DAYS (tasks that could never be
        # published, e.g. renamed since).
        "core-outbox-prune": {"task": "core.outbox_prune", "schedule": 24 * 60 * 60},
        # Daily: forget review upload tries older than the "review" flood limit's window.
        "games-review-uploads-prune": {
            "task": "games.review_uploads_prune",
            "schedule": 24 * 60 * 60,
        },
        # Daily: delete expired sessions (accounts.sessions.sessions_prune).
        "accounts-sessions-prune": {"task": "accounts.sessions_prune", "schedule": 24 * 60 * 60},
        # Every 2 minutes: queues again the moves of bots left to move (lost task, failed engine).
        "bots-sweep": {"task": "bots.sweep", "schedule": 2 * 60},
        # Hourly: delete expired data archives; erase closed accounts past their grace period.
        "accounts-data-export-sweep": {"task": "accounts.data_export_sweep", "schedule": 60 * 60},
        "accounts-account-erase-sweep": {
            "task": "accounts.account_erase_sweep",
            "schedule": 60 * 60,
        },
    }
