"""The tournament pairing notice and mail are in the player's language, every sentence of them:
"Your game has started." was written inside an f-string, where makemessages never found it, so
no catalog had it and Japanese mails kept it in English."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from django.core import mail
from django.utils.translation import trans_real

from ladder.tournaments import tasks
from ladder.tournaments.models import TournamentPairing
from messaging.notifications.models import Notification

STARTED = "Your game has started."
MOVE = "Your game has started, and it is your move."
JOIN = "%(pairing)s %(started)s"
JA = {
    STARTED: "対局が始まりました。",
    MOVE: "対局が始まりました。あなたの番です。",
    JOIN: "%(pairing)s%(started)s",
}


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="needs GNU gettext")
def test_makemessages_finds_every_sentence_of_the_notice():
    found = subprocess.run(
        ["xgettext", "--language=Python", "--keyword=gettext", "--output=-",
         tasks.__file__],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    for msgid in (STARTED, MOVE, JOIN):
        assert f'msgid "{msgid}"' in found


@pytest.fixture
def japanese_sentences():
    """The ja catalog with the notice's new sentences (until the catalogs are filled)."""
    catalog = trans_real.translation("ja")._catalog
    for msgid, msgstr in JA.items():
        catalog[msgid] = msgstr
    yield
    for msgid in JA:
        for part in catalog._catalogs:
            part.pop(msgid, None)


@pytest.mark.django_db(transaction=True)
def test_a_japanese_player_reads_the_whole_pairing_mail_in_japanese(
    tournament_factory, user_factory, japanese_sentences
):
    ja = user_factory(username="taro", language="ja")
    en = user_factory(username="anna")
    tournament_factory(players=[ja, en], fmt="swiss", rounds=1, start=True)
    pairing = TournamentPairing.objects.get(white__isnull=False)
    colour = "黒" if pairing.black_id == ja.pk else "白"
    (note,) = Notification.objects.filter(event="tournament_round", user=ja)
    assert f"あなたは{colour}。対局が始まりました。" in note.text
    assert "started" not in note.text
    (english,) = Notification.objects.filter(event="tournament_round", user=en)
    assert "Your game has started" in english.text
    (to_ja,) = [m for m in mail.outbox if m.to == [ja.email]]
    assert "次の対局" in to_ja.subject and "対局が始まりました。" in to_ja.body
    assert "Your game has started" not in to_ja.body
