"""Account security (accounts.security over allauth.mfa and allauth.usersessions): staff must
have a second factor, a TOTP log-in, security notices by mail through the outbox, sessions
listed and ended one by one or all at once, and a password or e-mail change that logs out
every other browser."""

from __future__ import annotations

import re

import pyotp
import pytest
from allauth.mfa.models import Authenticator
from allauth.mfa.totp.internal.auth import TOTP, generate_totp_secret
from allauth.usersessions.models import UserSession
from django.contrib.auth.models import Group, Permission
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from accounts.security.devices import COOKIE_NAME
from accounts.security.selectors import second_factor_required, user_agent_parts
from core.models import OutboxTask
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
CHROME_PHONE = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0 Mobile Safari/537.36"
)


def _log_in(client: Client, username: str, *, agent: str = FIREFOX) -> object:
    """Log in through allauth's form from a browser that says it is `agent` (on every request
    from now on, as a browser does)."""
    client.defaults["HTTP_USER_AGENT"] = agent
    return client.post(reverse("account_login"), {"login": username, "password": PASSWORD})


def _totp(user) -> pyotp.TOTP:
    secret = generate_totp_secret()
    TOTP.activate(user, secret)
    return pyotp.TOTP(secret)


def _reauthenticate(client: Client) -> None:
    """allauth.mfa asks for the password again before a second factor is added or removed."""
    client.post(reverse("account_reauthenticate"), {"password": PASSWORD})


def _logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


# --- Who must have a second factor ------------------------------------------------------------


def test_nobody_needs_a_second_factor_while_the_rule_is_off(settings, user_factory):
    settings.ACCOUNTS_STAFF_MFA_REQUIRED = False
    assert not second_factor_required(user=user_factory(is_staff=True))


def test_staff_superusers_and_holders_of_the_named_permissions_need_one(settings, user_factory):
    settings.ACCOUNTS_STAFF_MFA_REQUIRED = True
    settings.ACCOUNTS_MFA_REQUIRED_PERMISSIONS = ["accounts.view_user"]
    player, moderator = user_factory(), user_factory()
    moderator.user_permissions.add(Permission.objects.get(codename="view_user"))
    assert second_factor_required(user=user_factory(is_staff=True))
    assert second_factor_required(user=user_factory(is_superuser=True))
    assert second_factor_required(user=type(moderator).objects.get(pk=moderator.pk))
    assert not second_factor_required(user=player)


def test_production_requires_it():
    from pathlib import Path

    prod = Path(__file__).resolve().parents[2] / "baduxsite" / "settings" / "prod.py"
    assert "ACCOUNTS_STAFF_MFA_REQUIRED = True" in prod.read_text()


def test_staff_without_a_second_factor_reach_only_its_set_up(settings, client, user_factory):
    settings.ACCOUNTS_STAFF_MFA_REQUIRED = True
    user_factory(username="boss", is_staff=True)
    answer = _log_in(client, "boss")
    assert answer.status_code == 302
    for url in ("/", reverse("preferences_edit"), "/admin/"):
        answer = client.get(url)
        assert answer.status_code == 302 and answer["Location"] == reverse("mfa_activate_totp")
    answer = client.post(reverse("profile_edit"), {"display_name": "Boss"})
    assert answer["Location"] == reverse("mfa_activate_totp")
    page = client.get(reverse("mfa_activate_totp"), follow=True)  # allauth asks the password
    assert page.status_code == 200
    assert page.redirect_chain[-1][0].startswith(reverse("account_reauthenticate"))
    assert "staff or moderator rights" in page.content.decode()
    _reauthenticate(client)
    assert client.get(reverse("mfa_activate_totp")).status_code == 200
    assert client.get(reverse("mfa_index")).status_code == 200


def test_staff_with_a_second_factor_and_players_go_anywhere(settings, client, user_factory):
    settings.ACCOUNTS_STAFF_MFA_REQUIRED = True
    user_factory(username="plain")
    _log_in(client, "plain")
    assert client.get(reverse("preferences_edit")).status_code == 200
    boss = user_factory(username="boss2", is_staff=True)
    code = _totp(boss)
    staff = Client()
    answer = _log_in(staff, "boss2")
    assert answer["Location"] == reverse("mfa_authenticate")
    staff.post(reverse("mfa_authenticate"), {"code": code.now()})
    assert _logged_in(staff)
    assert staff.get(reverse("preferences_edit")).status_code == 200


def _permission_reads(client: Client, url: str) -> list[str]:
    """The statements of one GET of `url` that read permissions or groups."""
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return [q["sql"] for q in captured if "auth_permission" in q["sql"] or "auth_group" in q["sql"]]


def test_a_players_pages_read_their_permissions_once(settings, client, user_factory):
    """The rule asks on every page whether a player holds a moderator's permission: the answer
    is kept in the cache, so only the first page reads the permissions (two queries)."""
    settings.ACCOUNTS_STAFF_MFA_REQUIRED = True
    client.force_login(user_factory())
    url = reverse("preferences_edit")
    assert _permission_reads(client, url)
    assert _permission_reads(client, url) == []
    assert _permission_reads(client, url) == []


@pytest.mark.parametrize("route", ["permission", "group", "group permission"])
def test_a_player_made_moderator_is_asked_for_a_second_factor_at_the_next_page(
    settings, client, user_factory, django_capture_on_commit_callbacks, route
):
    settings.ACCOUNTS_STAFF_MFA_REQUIRED = True
    settings.ACCOUNTS_MFA_REQUIRED_PERMISSIONS = ["accounts.moderate"]
    player = user_factory()
    client.force_login(player)
    url = reverse("preferences_edit")
    assert client.get(url).status_code == 200  # known not to be one, and kept
    moderate = Permission.objects.get(codename="moderate")
    group = Group.objects.create(name="Moderators")
    with django_capture_on_commit_callbacks(execute=True):
        if route == "permission":
            player.user_permissions.add(moderate)
        elif route == "group":
            group.permissions.add(moderate)
            player.groups.add(group)
        else:
            player.groups.add(group)
            group.permissions.add(moderate)
    answer = client.get(url)
    assert answer.status_code == 302 and answer["Location"] == reverse("mfa_activate_totp")
    with django_capture_on_commit_callbacks(execute=True):
        player.user_permissions.clear()
        group.delete()
    assert client.get(url).status_code == 200


def test_with_the_cache_down_every_page_reads_the_permissions(
    settings, client, user_factory, cache_down
):
    settings.ACCOUNTS_STAFF_MFA_REQUIRED = True
    settings.ACCOUNTS_MFA_REQUIRED_PERMISSIONS = ["accounts.moderate"]
    player = user_factory()
    client.force_login(player)
    url = reverse("preferences_edit")
    assert _permission_reads(client, url) and _permission_reads(client, url)
    player.user_permissions.add(Permission.objects.get(codename="moderate"))  # no commit hook
    assert client.get(url)["Location"] == reverse("mfa_activate_totp")


def test_the_admin_log_in_cannot_skip_the_second_factor(client, user_factory):
    """The admin's own log-in form checks only the password: it sends to allauth's log-in
    (which asks for the second factor) instead of logging in by itself."""
    boss = user_factory(username="boss3", is_staff=True, is_superuser=True)
    _totp(boss)
    login = reverse("admin:login")
    form = client.get(login)
    assert form.status_code == 302 and form["Location"].startswith(reverse("account_login"))
    answer = client.post(login, {"username": "boss3", "password": PASSWORD, "next": "/admin/"})
    assert not _logged_in(client)
    assert answer.status_code == 302 and answer["Location"].startswith(reverse("account_login"))


# --- Second factor at log-in ------------------------------------------------------------------


def test_a_totp_code_completes_the_log_in_and_a_wrong_one_does_not(client, user_factory):
    code = _totp(user_factory(username="tess"))
    answer = _log_in(client, "tess")
    assert answer["Location"] == reverse("mfa_authenticate")
    assert not _logged_in(client)
    wrong = f"{(int(code.now()) + 1) % 1_000_000:06d}"
    page = client.post(reverse("mfa_authenticate"), {"code": wrong})
    assert page.status_code == 200 and not _logged_in(client)
    client.post(reverse("mfa_authenticate"), {"code": code.now()})
    assert _logged_in(client)


def test_wrong_codes_are_rate_limited(client, user_factory):
    code = _totp(user_factory(username="guess"))
    _log_in(client, "guess")
    wrong = f"{(int(code.now()) + 1) % 1_000_000:06d}"
    for _attempt in range(5):
        client.post(reverse("mfa_authenticate"), {"code": wrong})
    page = client.post(reverse("mfa_authenticate"), {"code": code.now()})
    assert "Too many failed login attempts" in page.content.decode()
    assert not _logged_in(client)


def test_the_rate_limits_cover_log_in_codes_and_resets():
    from allauth.account import app_settings

    limits = app_settings.RATE_LIMITS
    for action in ("login", "login_failed", "reset_password", "reset_password_from_key"):
        assert limits[action]


# --- Notices by mail ----------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_log_in_from_a_new_browser_is_mailed_once_through_the_outbox(
    client, user_factory, mailoutbox
):
    user_factory(username="nora")
    _log_in(client, "nora")
    assert [m.subject for m in mailoutbox] == ["[Badux] Log-in from a new browser"]
    assert mailoutbox[0].to == ["nora@example.org"]
    assert "/accounts/sessions/" in mailoutbox[0].body
    assert client.cookies[COOKIE_NAME].value
    client.post(reverse("account_logout"))
    _log_in(client, "nora")  # the same browser: known
    assert len(mailoutbox) == 1
    _log_in(Client(), "nora")  # another browser
    assert len(mailoutbox) == 2


def test_the_notice_is_an_outbox_row_sent_after_the_commit(
    client, user_factory, mailoutbox, django_capture_on_commit_callbacks
):
    user_factory(username="nina")
    with django_capture_on_commit_callbacks(execute=False):
        _log_in(client, "nina")
        assert mailoutbox == []
        row = OutboxTask.objects.get(task="messaging.account_mail_send")
        assert row.args[0]["subject"] == "[Badux] Log-in from a new browser"


@pytest.mark.django_db(transaction=True)
def test_a_forged_browser_cookie_counts_as_new(client, user_factory, mailoutbox):
    nora = user_factory(username="nora2")
    client.cookies[COOKIE_NAME] = f"{nora.pk}"
    _log_in(client, "nora2")
    assert len(mailoutbox) == 1


@pytest.mark.django_db(transaction=True)
def test_a_password_reset_logs_out_every_browser(client, user_factory, mailoutbox):
    user_factory(username="rex")
    phone = Client()
    _log_in(phone, "rex", agent=CHROME_PHONE)
    client.post(reverse("account_reset_password"), {"email": "rex@example.org"})
    link = re.search(r"https?://\S+/accounts/password/reset/key/\S+", mailoutbox[-1].body).group(0)
    form = client.get(link, follow=True)
    client.post(
        form.redirect_chain[-1][0],
        {"password1": "A-new-pass-2026!", "password2": "A-new-pass-2026!"},
    )
    assert "[Badux] Your password was reset" in [m.subject for m in mailoutbox]
    assert phone.get(reverse("preferences_edit")).status_code == 302
    assert not UserSession.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_adding_and_removing_a_second_factor_is_mailed(client, user_factory, mailoutbox):
    user_factory(username="adda")
    _log_in(client, "adda")
    mailoutbox.clear()
    _reauthenticate(client)
    page = client.get(reverse("mfa_activate_totp"))
    secret = page.context["form"].secret
    client.post(reverse("mfa_activate_totp"), {"code": pyotp.TOTP(secret).now()})
    assert Authenticator.objects.filter(type="totp").count() == 1
    subjects = [m.subject for m in mailoutbox]
    assert "[Badux] Authenticator app turned on" in subjects
    client.post(reverse("mfa_deactivate_totp"))
    assert "[Badux] Authenticator app turned off" in [m.subject for m in mailoutbox]


# --- Sessions ---------------------------------------------------------------------------------


def test_the_list_shows_each_browser_with_its_device_and_last_use(client, user_factory):
    user_factory(username="lisa")
    _log_in(client, "lisa")
    _log_in(Client(), "lisa", agent=CHROME_PHONE)
    page = client.get(reverse("usersessions_list")).content.decode()
    assert "Firefox on Linux" in page and "Chrome on Android" in page
    assert "This browser" in page
    assert page.count('action="/settings/security/sessions/') == 3  # two ends, end-others


def test_an_end_button_s_name_begins_with_its_visible_word_in_any_language(client, user_factory):
    """axe's label-content-name-mismatch: the words that say which session are hidden text
    after the visible word, not an aria-label that a translation may word apart from it."""
    user_factory(username="lisa3")
    _log_in(client, "lisa3")
    _log_in(Client(), "lisa3", agent=CHROME_PHONE)
    page = client.get(reverse("usersessions_list"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    buttons = re.findall(r"<button[^>]*class=\"danger small\"[^>]*>.*?</button>", page, re.S)
    assert len(buttons) == 2 and not any("aria-label" in b for b in buttons)
    assert any('<span class="visually-hidden"> (' in b and "Android" in b for b in buttons)


def test_ending_one_session_asks_first_then_logs_that_browser_out(client, user_factory):
    lisa = user_factory(username="lisa2")
    _log_in(client, "lisa2")
    phone = Client()
    _log_in(phone, "lisa2", agent=CHROME_PHONE)
    other = UserSession.objects.get(user=lisa, user_agent=CHROME_PHONE)
    url = reverse("user_session_end", args=[other.pk])
    asked = client.post(url)
    assert asked.status_code == 200 and "End this session?" in asked.content.decode()
    assert phone.get(reverse("preferences_edit")).status_code == 200
    client.post(url, {"confirm": "yes"})
    assert phone.get(reverse("preferences_edit")).status_code == 302
    assert client.get(reverse("preferences_edit")).status_code == 200


def test_nobody_ends_another_players_session(client, user_factory):
    owner = user_factory(username="owner")
    user_factory(username="thief")
    victim = Client()
    _log_in(victim, "owner")
    _log_in(client, "thief")
    session = UserSession.objects.get(user=owner)
    client.post(reverse("user_session_end", args=[session.pk]), {"confirm": "yes"})
    assert victim.get(reverse("preferences_edit")).status_code == 200


def test_ending_the_current_session_logs_out_here(client, user_factory):
    me = user_factory(username="selfie")
    _log_in(client, "selfie")
    session = UserSession.objects.get(user=me)
    answer = client.post(reverse("user_session_end", args=[session.pk]), {"confirm": "yes"})
    assert answer["Location"] == reverse("account_login")
    assert not _logged_in(client)


def test_ending_all_other_sessions_keeps_this_one(client, user_factory):
    user_factory(username="many")
    _log_in(client, "many")
    others = [Client(), Client()]
    for other in others:
        _log_in(other, "many", agent=CHROME_PHONE)
    assert client.post(reverse("user_sessions_end_others")).status_code == 200  # asks
    client.post(reverse("user_sessions_end_others"), {"confirm": "yes"})
    assert all(o.get(reverse("preferences_edit")).status_code == 302 for o in others)
    assert client.get(reverse("preferences_edit")).status_code == 200
    assert UserSession.objects.count() == 1


def test_a_password_change_logs_out_the_other_browsers_only(client, user_factory):
    user_factory(username="pat")
    _log_in(client, "pat")
    other = Client()
    _log_in(other, "pat", agent=CHROME_PHONE)
    client.post(
        reverse("account_change_password"),
        {"oldpassword": PASSWORD, "password1": "A-new-pass-2026!", "password2": "A-new-pass-2026!"},
    )
    assert client.get(reverse("preferences_edit")).status_code == 200
    assert other.get(reverse("preferences_edit")).status_code == 302
    assert UserSession.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_an_email_change_is_verified_tells_the_old_address_and_logs_out_the_others(
    client, user_factory, mailoutbox
):
    user = user_factory(username="em", email="old@example.org")
    _log_in(client, "em")
    other = Client()
    _log_in(other, "em", agent=CHROME_PHONE)
    mailoutbox.clear()
    client.post(reverse("account_email"), {"action_add": "", "email": "new@example.org"})
    user.refresh_from_db()
    assert user.email == "old@example.org"  # not before the new address is verified
    assert [m.to for m in mailoutbox] == [["new@example.org"]]
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+", mailoutbox[0].body).group(0)
    client.post(link)
    user.refresh_from_db()
    assert user.email == "new@example.org"
    notice = [m for m in mailoutbox if m.to == ["old@example.org"]]
    assert [m.subject for m in notice] == ["[Badux] Your e-mail address was changed"]
    assert "new@example.org" in notice[0].body and "If it was not you" in notice[0].body
    assert other.get(reverse("preferences_edit")).status_code == 302
    assert client.get(reverse("preferences_edit")).status_code == 200


# --- Pages --------------------------------------------------------------------------------------


def test_the_preferences_page_links_the_security_overview(client, user_factory):
    user_factory(username="pref")
    _log_in(client, "pref")
    assert reverse("security_overview") in client.get(reverse("preferences_edit")).content.decode()
    page = client.get(reverse("security_overview")).content.decode()
    for url in ("mfa_index", "usersessions_list", "account_email", "account_change_password"):
        assert reverse(url) in page


def test_the_totp_page_draws_the_qr_code_inline_without_a_data_image(client, user_factory):
    user_factory(username="qr")
    _log_in(client, "qr")
    _reauthenticate(client)
    page = client.get(reverse("mfa_activate_totp")).content.decode()
    assert "<svg" in page and "data:image" not in page
    assert re.search(r'value="[A-Z2-7]{32}"', page)


# --- Devices ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("agent", "parts"),
    [
        (FIREFOX, ("Firefox", "Linux")),
        (CHROME_PHONE, ("Chrome", "Android")),
        (
            "Mozilla/5.0 (Windows NT 10.0) AppleWebKit Chrome/126 Safari Edg/126",
            ("Edge", "Windows"),
        ),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1", ("Safari", "iOS")),
        ("curl/8.5", ("", "")),
    ],
)
def test_user_agent_parts_names_common_browsers(agent, parts):
    assert user_agent_parts(user_agent=agent) == parts


@given(st.text(max_size=300))
def test_user_agent_parts_takes_any_header(agent):
    browser, system = user_agent_parts(user_agent=agent)
    assert isinstance(browser, str) and isinstance(system, str)
