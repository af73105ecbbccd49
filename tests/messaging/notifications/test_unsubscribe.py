"""Unsubscribe links: signed per player and event, confirmed by POST, one-click per RFC 8058."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from accounts.notifications import KINDS, kinds_list
from accounts.selectors import notify_modes_get
from accounts.services import notify_modes_set
from messaging.notifications import services, tokens
from messaging.notifications.models import Event
from tests.messaging.conftest import NOW


def _path(url: str) -> str:
    return url.removeprefix("http://testserver")


@pytest.fixture
def mailed_link(user_factory, note, mailoutbox):
    """A player and the unsubscribe link of a real "Game over" mail sent to them."""
    player = user_factory(username="kuro")
    services.notify(
        user=player, event=Event.GAME_OVER, key="k", text="t", url="/", now=NOW, mail=note
    )
    header = mailoutbox[0].extra_headers["List-Unsubscribe"].strip("<>")
    assert header in mailoutbox[0].body
    return player, _path(header)


def test_get_asks_first_and_changes_nothing(client, mailed_link):
    player, link = mailed_link

    page = client.get(link)

    assert page.status_code == 200
    assert "Stop “Game over” e-mails?" in page.content.decode()
    assert notify_modes_get(user=player)["game_over"] == "immediate"


def test_the_confirm_button_turns_that_event_off_without_login(mailed_link):
    player, link = mailed_link
    browser = Client(enforce_csrf_checks=True)  # logged out, CSRF enforced like a real site

    page = browser.post(link)

    assert page.status_code == 200
    assert "no more e-mail for Game over" in page.content.decode()
    modes = notify_modes_get(user=player)
    assert modes["game_over"] == "off"
    assert modes["your_turn"] == "immediate"


def test_one_click_post_from_a_mail_client(mailed_link):
    player, link = mailed_link
    mail_client = Client(enforce_csrf_checks=True)

    response = mail_client.post(
        link,
        data="List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )

    assert response.status_code == 200
    assert notify_modes_get(user=player)["game_over"] == "off"
    # Posting again is harmless.
    assert mail_client.post(link).status_code == 200


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_tampered_token_is_refused_and_changes_nothing(client, mailed_link, method):
    player, link = mailed_link
    token = link.rstrip("/").rsplit("/", 1)[1]
    forged = tokens.signing.dumps({"u": player.pk, "e": "your_turn"}, salt="another-salt")
    for bad in (token[:-3] + "abc", forged, "not-a-token"):
        response = getattr(client, method)(f"/notifications/unsubscribe/{bad}/")
        assert response.status_code == 400
        assert "damaged or was not made by this site" in response.content.decode()
    modes = notify_modes_get(user=player)
    assert (modes["game_over"], modes["your_turn"]) == ("immediate", "immediate")


def test_a_token_for_one_player_cannot_be_edited_to_another(user_factory, client):
    kuro, shiro = user_factory(), user_factory()
    token = tokens.token_make(user_id=kuro.pk, event="chat")
    payload, rest = token.split(":", 1)
    other = tokens.token_make(user_id=shiro.pk, event="chat").split(":", 1)[0]

    response = client.post(f"/notifications/unsubscribe/{other}:{rest}/")

    assert response.status_code == 400
    assert notify_modes_get(user=shiro)["chat"] == "digest"


def test_the_digest_link_turns_every_digest_event_off(user_factory, client):
    player = user_factory()
    notify_modes_set(user=player, modes={"challenge": "digest"})
    url = services.unsubscribe_url(user_id=player.pk, event=tokens.ALL_DIGEST)

    page = client.post(_path(url))

    assert "Challenge received, Chat" in page.content.decode()
    modes = notify_modes_get(user=player)
    assert (modes["challenge"], modes["chat"]) == ("off", "off")
    assert modes["game_over"] == "immediate"


def test_every_registered_kind_has_a_working_link(user_factory, client):
    player = user_factory()
    for kind in kinds_list():
        url = services.unsubscribe_url(user_id=player.pk, event=kind.name)
        assert re.fullmatch(r"http://testserver/notifications/unsubscribe/[\w:-]+/", url)
        assert client.post(_path(url)).status_code == 200
    assert set(notify_modes_get(user=player).values()) == {"off"}


def test_a_kind_registered_later_unsubscribes_like_the_others(user_factory, client, ladder_kind):
    player = user_factory()
    link = _path(services.unsubscribe_url(user_id=player.pk, event="ladder_position"))

    assert "Stop “Ladder position changed” e-mails?" in client.get(link).content.decode()
    assert notify_modes_get(user=player)["ladder_position"] == "digest"
    client.post(link)
    assert notify_modes_get(user=player)["ladder_position"] == "off"


def test_the_digest_link_also_turns_off_a_kind_registered_later(user_factory, client, ladder_kind):
    player = user_factory()

    page = client.post(_path(services.unsubscribe_url(user_id=player.pk, event=tokens.ALL_DIGEST)))

    assert "Chat, Review published, Games you watch, Ladder position changed" in (
        page.content.decode()
    )
    assert notify_modes_get(user=player)["ladder_position"] == "off"


def test_a_link_to_a_kind_no_longer_registered_is_refused(user_factory, client, ladder_kind):
    player = user_factory()
    link = _path(services.unsubscribe_url(user_id=player.pk, event="ladder_position"))
    KINDS.unregister("ladder_position")
    try:
        response = client.post(link)
    finally:
        KINDS.register(ladder_kind)

    assert response.status_code == 400
    assert "unknown kind of mail" in response.content.decode()


def test_a_token_cannot_be_made_for_an_unknown_kind():
    with pytest.raises(ValueError, match="'no_such_kind'"):
        tokens.token_make(user_id=1, event="no_such_kind")
