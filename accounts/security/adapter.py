"""allauth.usersessions' adapter (settings.USERSESSIONS_ADAPTER): the one way sessions end.
Every ending goes through `end_sessions`: the security page (one or all the others), a password
or e-mail change, allauth's own list page and headless API, an account closed or erased
(accounts.data.closures). Each session row and its stored session go, then the apps hear of
the ended sessions (accounts.hooks: messaging removes the push devices subscribed from them)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from allauth.usersessions.adapter import DefaultUserSessionsAdapter
from allauth.usersessions.models import UserSession

from accounts.hooks import sessions_ended_run
from accounts.models import User


class UserSessionsAdapter(DefaultUserSessionsAdapter):
    def end_sessions(self, sessions: Iterable[UserSession]) -> None:
        """End `sessions` (their browsers are logged out at their next request), then run the
        sessions-ended receivers once per player. Ending a session already gone is harmless."""
        sessions = list(sessions)
        super().end_sessions(sessions)
        keys: dict[int, list[str]] = defaultdict(list)
        for session in sessions:
            keys[session.user_id].append(session.session_key)
        users = User.objects.in_bulk(list(keys))
        for user_id, session_keys in keys.items():
            if user_id in users:
                sessions_ended_run(user=users[user_id], session_keys=session_keys)
