"""\"Contact the site about this game\": the form on the game page, the staff's mail, the admin
list and answer, the answer mailed to the player once, the flood limit, odd input."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from core.limits import RateLimited
from core.mail import TransientMailError
from games.models import ContactStatus, GameContact
from games.services import contact
from games.tasks.contact import contact_answer_mail
from tests.games.conftest import NOW
from tests.messaging.conftest import smtp_server  # noqa: F401


@pytest.fixture
def game(game_factory):
    return game_factory(moves=("E5", "C3"))


@pytest.fixture
def staff_client(client, user_factory):
    staff = user_factory(username="referee", is_staff=True, is_superuser=True)
    client.force_login(staff)
    client.staff = staff
    return client


def test_the_game_page_links_the_form_and_the_form_reaches_the_staff(
    client, game, white, settings, mailoutbox, django_capture_on_commit_callbacks
):
    settings.ADMINS = [("Staff", "staff@example.org")]
    client.force_login(white)
    board = client.get(reverse("games:board", args=[game.pk])).content.decode()
    url = reverse("games:contact", args=[game.pk])
    assert f'href="{url}"' in board
    assert "Contact the site about this game" in board
    assert client.get(url).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"text": "My opponent <b>insults</b> me in the chat."})
    assert response.status_code == 302
    assert response["Location"] == reverse("games:board", args=[game.pk])
    (row,) = GameContact.objects.all()
    assert (row.game, row.author, row.status) == (game, white, ContactStatus.OPEN)
    (mail,) = mailoutbox
    assert mail.to == ["staff@example.org"]
    assert f"game {game.pk}" in mail.subject
    assert "<b>insults</b>" in mail.body
    assert f"/admin/games/gamecontact/{row.pk}/change/" in mail.body
    assert f"/games/{game.pk}/" in mail.body


def test_spectators_may_write_too_and_anonymous_visitors_log_in_first(client, game, user_factory):
    url = reverse("games:contact", args=[game.pk])
    assert "/accounts/login/" in client.get(url)["Location"]
    client.force_login(user_factory())
    assert client.post(url, {"text": "Is this clock right?"}).status_code == 302
    assert client.get(reverse("games:contact", args=[999999])).status_code == 404


def test_the_limit_is_a_clear_form_error(client, game, white, settings):
    settings.FLOOD_LIMITS = {"contact": (2, 86400)}
    client.force_login(white)
    url = reverse("games:contact", args=[game.pk])
    for _ in range(2):
        assert client.post(url, {"text": "hello"}).status_code == 302
    response = client.post(url, {"text": "hello"})
    assert response.status_code == 429  # the flood limit's status, as on every page
    assert "2 messages to the site staff in the last day" in response.content.decode()
    assert GameContact.objects.count() == 2


def test_the_default_limit_is_five_a_day(game, white):
    for _ in range(5):
        contact.game_contact_create(game_id=game.pk, user=white, text="x", now=NOW)
    with pytest.raises(RateLimited):
        contact.game_contact_create(game_id=game.pk, user=white, text="x", now=NOW)


@pytest.mark.parametrize("text", ["", "   ", "a\x00b", "x" * 3001])
def test_bad_text_is_refused(game, white, text):
    with pytest.raises(ValidationError):
        contact.game_contact_create(game_id=game.pk, user=white, text=text, now=NOW)
    assert not GameContact.objects.exists()


def test_staff_see_and_answer_it_in_the_admin_and_the_player_gets_it_once(
    staff_client, game, white, mailoutbox, django_capture_on_commit_callbacks
):
    row = contact.game_contact_create(game_id=game.pk, user=white, text="Clock?", now=NOW)
    listing = staff_client.get(reverse("admin:games_gamecontact_changelist")).content.decode()
    assert "shiro" in listing and "Open" in listing
    change = reverse("admin:games_gamecontact_change", args=[row.pk])
    page = staff_client.get(change).content.decode()
    assert "Clock?" in page and f"/games/{game.pk}/" in page
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(change, {"status": "open", "answer": "It is right & fine."})
    assert response.status_code == 302
    row.refresh_from_db()
    assert (row.status, row.answer, row.answered_by) == (
        ContactStatus.ANSWERED,
        "It is right & fine.",
        staff_client.staff,
    )
    assert row.answer_mailed is not None
    (mail,) = mailoutbox
    assert mail.to == ["shiro@example.org"]
    assert "It is right & fine." in mail.body and "Clock?" in mail.body
    assert contact_answer_mail(row.pk) is False  # run twice: one mail
    # Saving again without a change mails nothing; a changed answer is mailed again.
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(change, {"status": "answered", "answer": "It is right & fine."})
    assert len(mailoutbox) == 1
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(change, {"status": "answered", "answer": "Correction: it was wrong."})
    assert len(mailoutbox) == 2


def test_a_transient_mail_error_releases_the_claim(
    game,
    white,
    smtp_server,  # noqa: F811
    user_factory,
):
    server = smtp_server(failures=1)
    row = contact.game_contact_create(game_id=game.pk, user=white, text="Clock?", now=NOW)
    staff = user_factory(is_staff=True)
    contact.game_contact_answer(contact_id=row.pk, staff=staff, answer="Fine.", now=NOW)
    with pytest.raises(TransientMailError):
        contact.contact_answer_mail(contact_id=row.pk, now=timezone.now())
    row.refresh_from_db()
    assert row.answer_mailed is None
    assert contact.contact_answer_mail(contact_id=row.pk, now=timezone.now()) is True
    assert len(server.accepted) == 1


@hsettings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=400))
def test_odd_input_gets_a_form_error_never_a_500(
    client, game, white, settings, refuse_nul_like_postgresql, text
):
    settings.FLOOD_LIMITS = {"contact": (10**6, 86400)}
    client.force_login(white)
    response = client.post(reverse("games:contact", args=[game.pk]), {"text": text})
    assert response.status_code in (302, 400)


def test_without_contact_email_the_footer_links_the_site_contact_page(
    client, white, settings, mailoutbox, django_capture_on_commit_callbacks
):
    settings.CONTACT_EMAIL = ""
    settings.ADMINS = [("Staff", "staff@example.org")]
    url = reverse("site_contact")
    assert f'href="{url}"' in client.get(reverse("home")).content.decode()
    assert "/accounts/login/" in client.get(url)["Location"]  # signed-in players only
    client.force_login(white)
    page = client.get(url).content.decode()
    assert "You need to be signed in to write" in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"text": "How do ratings work?"})
    assert response.status_code == 302
    (row,) = GameContact.objects.all()
    assert (row.game, row.author, row.text) == (None, white, "How do ratings work?")
    (mail,) = mailoutbox
    assert mail.to == ["staff@example.org"]
    assert "wrote to the site staff" in mail.subject
    assert "How do ratings work?" in mail.body
    assert f"/admin/games/gamecontact/{row.pk}/change/" in mail.body


def test_with_contact_email_the_footer_keeps_the_mail_link(client, settings):
    settings.CONTACT_EMAIL = "help@example.org"
    page = client.get(reverse("home")).content.decode()
    assert 'href="mailto:help@example.org"' in page
    assert f'href="{reverse("site_contact")}"' not in page


def test_the_site_contact_page_shares_the_contact_limit_and_refuses_odd_text(
    client, game, white, settings
):
    settings.FLOOD_LIMITS = {"contact": (2, 86400)}
    client.force_login(white)
    url = reverse("site_contact")
    assert client.post(url, {"text": "   "}).status_code == 400
    assert client.post(url, {"text": "a\x00b"}).status_code == 400
    contact.game_contact_create(game_id=game.pk, user=white, text="x", now=timezone.now())
    assert client.post(url, {"text": "hello"}).status_code == 302
    response = client.post(url, {"text": "hello"})
    assert response.status_code == 429
    assert GameContact.objects.count() == 2


def test_staff_answer_a_site_message_and_the_player_gets_it_without_a_game(
    staff_client, white, mailoutbox, django_capture_on_commit_callbacks
):
    row = contact.site_contact_create(user=white, text="Ratings?", now=NOW)
    change = reverse("admin:games_gamecontact_change", args=[row.pk])
    assert "Ratings?" in staff_client.get(change).content.decode()
    assert staff_client.get(reverse("admin:games_gamecontact_changelist")).status_code == 200
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(change, {"status": "open", "answer": "Glicko-2."})
    (mail,) = mailoutbox
    assert mail.subject.endswith("Answer from the site staff")
    assert "Glicko-2." in mail.body and "Ratings?" in mail.body
    assert "The game:" not in mail.body
