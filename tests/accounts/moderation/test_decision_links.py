"""A ban mail's link to its decision (accounts.moderation.links): a banned player, who cannot
log in, opens it logged out, reads the decision, its reason and end date, and answers it once;
only a valid, unexpired token of that decision opens it; answers are flood-limited."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.core import signing
from django.urls import reverse
from django.utils import timezone
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from accounts.models import User
from accounts.moderation import links
from accounts.moderation.models import Report, ReportKind, Sanction, SanctionKind
from accounts.moderation.services import appeal_file, sanction_take
from core.limits import RateLimited
from core.refusals import refusal_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator(user_factory) -> User:
    return user_factory(username="judge", is_staff=True)


@pytest.fixture
def troll(user_factory) -> User:
    return user_factory(username="troll", email="troll@example.org")


def _ban(moderator, troll, **options) -> Sanction:
    options.setdefault("ends_at", timezone.now() + dt.timedelta(days=30))
    return sanction_take(
        moderator=moderator,
        user=troll,
        kind=SanctionKind.BAN,
        reason="Cheating with an engine.",
        now=timezone.now(),
        **options,
    )


def _link(sanction: Sanction) -> str:
    return reverse("moderation_decision_link", args=[links.decision_token_make(sanction=sanction)])


# --- The token ---------------------------------------------------------------------------------


def test_a_token_names_its_decision_and_nothing_else(moderator, troll, user_factory):
    ban = _ban(moderator, troll)
    assert links.decision_from_token(token=links.decision_token_make(sanction=ban)) == ban
    other = _ban(moderator, user_factory())
    forged = signing.dumps({"s": other.pk, "u": troll.pk}, salt="accounts.moderation.links")
    with pytest.raises(links.DecisionLinkInvalid):
        links.decision_from_token(token=forged)  # the decision is not troll's
    with pytest.raises(links.DecisionLinkInvalid):
        links.decision_from_token(token=signing.dumps({"s": ban.pk, "u": troll.pk}))  # salt
    assert refusal_of(links.DecisionLinkInvalid()).status == 403


def test_a_token_expires(moderator, troll, monkeypatch):
    ban = _ban(moderator, troll)
    token = links.decision_token_make(sanction=ban)
    later = timezone.now().timestamp() + links.APPEAL_LINK_DAYS * 86400 + 60
    monkeypatch.setattr(signing.time, "time", lambda: later)
    with pytest.raises(links.DecisionLinkInvalid):
        links.decision_from_token(token=token)


@hypothesis_settings(max_examples=40, deadline=None)
@given(token=st.text(max_size=120))
def test_any_other_text_is_refused_never_an_error(token):
    with pytest.raises(links.DecisionLinkInvalid):
        links.decision_from_token(token=token)


def test_appeals_are_flood_limited(moderator, troll, settings):
    settings.FLOOD_LIMITS = {"appeal": (2, 86400)}
    decisions = [
        sanction_take(
            moderator=moderator, user=troll, kind=SanctionKind.WARN, reason="x", now=timezone.now()
        )
        for _ in range(3)
    ]
    for sanction in decisions[:2]:
        appeal_file(user=troll, sanction_id=sanction.pk, text="No.", now=timezone.now())
    with pytest.raises(RateLimited):
        appeal_file(user=troll, sanction_id=decisions[2].pk, text="No.", now=timezone.now())
    assert Report.objects.filter(kind=ReportKind.APPEAL).count() == 2


# --- The mail ----------------------------------------------------------------------------------


def test_the_ban_mail_links_to_the_decision_without_logging_in(
    moderator, troll, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        ban = _ban(moderator, troll)
    (mail,) = mailoutbox
    url = re.search(r"https?://\S+/moderation/decision/\S+/", mail.body).group(0)
    assert links.decision_from_token(token=url.rstrip("/").rsplit("/", 1)[1]) == ban
    assert f"for {links.APPEAL_LINK_DAYS} days" in mail.body


def test_a_suspension_mail_keeps_the_players_page(
    moderator, troll, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        sanction_take(
            moderator=moderator,
            user=troll,
            kind=SanctionKind.SUSPEND,
            reason="x",
            now=timezone.now(),
        )
    (mail,) = mailoutbox
    assert "/players/troll/moderation/" in mail.body and "/decision/" not in mail.body


# --- The page ----------------------------------------------------------------------------------


def test_the_decision_is_named_as_a_noun_in_the_reader_s_language(client, moderator, troll):
    ban = _ban(moderator, troll)
    text = client.get(_link(ban), headers={"accept-language": "fr"}).content.decode()
    assert '<h2 id="decision">Bannissement' in text
    assert "Bannir" not in text


def test_the_banned_player_reads_the_decision_logged_out_and_answers_once(client, moderator, troll):
    ban = _ban(moderator, troll)
    troll.refresh_from_db()
    assert not troll.is_active
    page = client.get(_link(ban))
    text = page.content.decode()
    assert page.status_code == 200
    assert "Cheating with an engine." in text and "Ban" in text and 'name="text"' in text
    answered = client.post(_link(ban), {"text": "I never used an engine."}, follow=True)
    assert "Your answer was sent to the moderators." in answered.content.decode()
    assert "I never used an engine." in answered.content.decode()
    assert 'name="text"' not in answered.content.decode()
    appeal = Report.objects.get(kind=ReportKind.APPEAL)
    assert appeal.appeal_of == ban and appeal.reporter == troll
    again = client.post(_link(ban), {"text": "Please!"})
    assert again.status_code == 409 and "already answered" in again.content.decode()
    assert Report.objects.filter(kind=ReportKind.APPEAL).count() == 1


def test_an_empty_answer_is_shown_in_the_form(client, moderator, troll):
    ban = _ban(moderator, troll)
    answer = client.post(_link(ban), {"text": "  "})
    assert answer.status_code == 400 and 'name="text"' in answer.content.decode()
    assert not Report.objects.exists()


@pytest.mark.parametrize("token", ["nonsense", "a" * 300, "x:y:z", "%00"])
def test_a_bad_link_shows_nothing_and_is_refused(client, moderator, troll, token):
    _ban(moderator, troll)
    for method in (client.get, client.post):
        answer = method(f"/moderation/decision/{token}/")
        assert answer.status_code in (403, 404)
        assert "Cheating" not in answer.content.decode()
    assert not Report.objects.exists()


def test_the_link_refuses_past_the_limit(client, moderator, troll, settings):
    settings.FLOOD_LIMITS = {"appeal": (0, 86400)}
    ban = _ban(moderator, troll)
    answer = client.post(_link(ban), {"text": "Let me back."})
    assert answer.status_code == 429 and "wait a little" in answer.content.decode()
    assert not Report.objects.exists()
