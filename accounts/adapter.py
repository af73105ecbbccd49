"""allauth customised through its adapter: only where Badux differs from allauth's defaults."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context as allauth_context
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.sites.shortcuts import get_current_site
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.mail import account_mail_queue
from accounts.security.devices import browser_known, browser_remember

# Path segments under /players/ that a username must not shadow.
RESERVED_USERNAMES = frozenset({"online", "search"})


class AccountAdapter(DefaultAccountAdapter):
    """Mail after commit, and usernames that cannot be mistaken for e-mail addresses."""

    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        """Render the mail now, in the request's language and with its links; hand it to the
        outbox (accounts.mail.account_mail_queue), which sends it from a task once the
        surrounding transaction commits and retries while the mail server fails for the
        moment. No SMTP conversation happens in the request: a slow or refusing mail server
        neither holds the web worker nor loses the mail, and a sign-up or e-mail change that
        rolls back leaves no link in anyone's inbox."""
        request = allauth_context.request
        ctx = {"request": request, "email": email, "current_site": get_current_site(request)}
        ctx.update(context)
        message = self.render_mail(template_prefix, email, ctx)
        account_mail_queue(message)

    def post_login(
        self, request: HttpRequest, user: AbstractBaseUser, **kwargs: Any
    ) -> HttpResponse:
        """allauth's redirect after a log-in (once every stage, the second factor included, is
        passed), and a security notice by mail when the browser has not logged in to this
        account before (accounts.security.devices). Not at sign-up: the new player is the one
        who just proved the address."""
        response = super().post_login(request, user, **kwargs)
        if not browser_known(request=request, user=user):
            if not kwargs.get("signup"):
                sessions_url = request.build_absolute_uri(reverse("usersessions_list"))
                self.send_notification_mail(
                    "account/email/login_new_browser", user, {"sessions_url": sessions_url}
                )
            browser_remember(request=request, response=response, user=user)
        return response

    def unstash_verified_email(self, request: HttpRequest) -> str | None:
        """The address an invitation link verified (games' tell-a-friend), only when it is
        the address typed at sign-up: a forwarded link or a shared browser must not give
        someone else's address to a new account."""
        stashed = super().unstash_verified_email(request)
        typed = request.POST.get("email", "") if request is not None else ""
        if stashed and typed.strip().lower() == stashed.strip().lower():
            return stashed
        return None

    def clean_username(self, username: str, shallow: bool = False) -> str:
        """allauth's checks, no "@" (it would read as an e-mail address) and no reserved names."""
        if "@" in username:
            raise ValidationError(
                _(
                    "Usernames cannot contain “@”: you log in with your username or your e-mail "
                    "address, and “@” would make the two ambiguous."
                )
            )
        if username.lower() in RESERVED_USERNAMES:
            raise ValidationError(
                _("The username “%(name)s” is reserved; please choose another.")
                % {"name": username}
            )
        return super().clean_username(username, shallow=shallow)
