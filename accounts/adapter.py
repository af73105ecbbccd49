"""allauth customised through its adapter: only where Badux differs from allauth's defaults."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context as allauth_context
from django.contrib.sites.shortcuts import get_current_site
from django.core.exceptions import ValidationError
from django.db import transaction

# Path segments under /players/ that a username must not shadow.
RESERVED_USERNAMES = frozenset({"online", "search"})


class AccountAdapter(DefaultAccountAdapter):
    """Mail after commit, and usernames that cannot be mistaken for e-mail addresses."""

    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        """Render the mail now; send it only once the surrounding transaction commits.

        A sign-up or e-mail change that rolls back must not leave a link in someone's inbox.
        """
        request = allauth_context.request
        ctx = {"request": request, "email": email, "current_site": get_current_site(request)}
        ctx.update(context)
        message = self.render_mail(template_prefix, email, ctx)
        transaction.on_commit(message.send)

    def clean_username(self, username: str, shallow: bool = False) -> str:
        """allauth's checks, no "@" (it would read as an e-mail address) and no reserved names."""
        if "@" in username:
            raise ValidationError(
                "Usernames cannot contain “@”: you log in with your username or your e-mail "
                "address, and “@” would make the two ambiguous."
            )
        if username.lower() in RESERVED_USERNAMES:
            raise ValidationError(f"The username “{username}” is reserved; please choose another.")
        return super().clean_username(username, shallow=shallow)
