"""Every notice and mail is written in its reader's language and time zone, whichever task
or request calls messaging.notify (the one place that activates them)."""

from __future__ import annotations

from django.utils import timezone, translation

from core.mail import MailContent
from messaging.notifications import services
from messaging.notifications.models import Event
from tests.messaging.conftest import NOW


def _written_as(user, seen: list) -> services.Notified:
    def text() -> str:
        seen.append(("text", translation.get_language(), timezone.get_current_timezone_name()))
        return "A note"

    def mail() -> MailContent:
        seen.append(("mail", translation.get_language(), timezone.get_current_timezone_name()))
        return MailContent(subject="A note", template="games/mail/notice", context={})

    return services.notify(
        user=user, event=Event.GAME_OVER, key="k1", text=text, url="/", now=NOW, mail=mail
    )


def test_a_german_players_notice_and_mail_are_written_in_german_in_their_zone(user_factory):
    player = user_factory(username="klaus", language="de", time_zone="Europe/Berlin")
    seen: list = []
    with translation.override("ja"):
        notified = _written_as(player, seen)
        assert translation.get_language() == "ja"
    assert notified.mailed
    assert seen == [("text", "de", "Europe/Berlin"), ("mail", "de", "Europe/Berlin")]


def test_a_player_without_a_choice_reads_english_whoever_triggered_it(user_factory):
    player = user_factory(username="sam")
    seen: list = []
    with translation.override("ru"):
        _written_as(player, seen)
    assert {language for _, language, _ in seen} == {"en"}


def test_a_lazy_text_is_stored_as_it_reads_in_the_readers_language(user_factory):
    player = user_factory(username="jean", language="fr")
    with translation.override("fr"):
        expected = translation.gettext("Black")
    notified = services.notify(
        user=player,
        event=Event.GAME_OVER,
        key="k2",
        text=translation.gettext_lazy("Black"),
        url="/",
        now=NOW,
    )
    assert notified.notification.text == expected
