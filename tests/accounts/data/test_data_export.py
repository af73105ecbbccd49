"""The archive of a player's data: asked for on the data page, built by the task (through the
outbox), read back whole (zip, JSON, SGF parsed by sgfmill), mailed as a link that expires, and
deleted by the sweep."""

from __future__ import annotations

import datetime as dt
import io
import json
import re
import zipfile

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone
from sgfmill import sgf

from accounts.data import exports
from accounts.data.models import DataExport, ExportStatus
from core.refusals import refusal_of

pytestmark = pytest.mark.django_db


def _archive(client) -> zipfile.ZipFile:
    export = DataExport.objects.get()
    token = exports.data_export_token(export=export)
    response = client.get(reverse("data_export_download", args=[token]))
    assert response.status_code == 200
    return zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))


def test_the_archive_holds_every_game_and_message_of_a_player_with_200_games(
    client, user_factory, history, django_capture_on_commit_callbacks
):
    player = user_factory(display_name="Ann")
    made = history(player, games=200)
    client.force_login(player)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("data_export_request"))
    assert response.status_code == 302
    archive = _archive(client)
    names = set(archive.namelist())
    assert {f"games/badux-{g.pk}.sgf" for g in made["games"]} <= names
    assert len([n for n in names if n.endswith(".sgf")]) == 200
    for game in made["games"][::20]:
        root = sgf.Sgf_game.from_bytes(archive.read(f"games/badux-{game.pk}.sgf")).get_root()
        assert {root.get("PB"), root.get("PW")} == {game.black.username, game.white.username}
    record = sgf.Sgf_game.from_bytes(archive.read(f"games/badux-{made['games'][0].pk}.sgf"))
    assert [node.get_move()[1] for node in record.get_main_sequence()[1:]] == [(3, 3), (4, 4)]
    messages = json.loads(archive.read("messages.json"))
    assert sorted(m["id"] for m in messages) == sorted(m.pk for m in made["messages"])
    assert {m["body"] for m in messages} == {"Good game?", "Yes, thanks!"}
    profile = json.loads(archive.read("profile.json"))
    assert profile["username"] == player.username and profile["display_name"] == "Ann"
    assert json.loads(archive.read("game_notes.json"))[0]["text"] == "My plan"
    assert [n["text"] for n in json.loads(archive.read("notifications.json"))] == ["A game ended"]
    assert json.loads(archive.read("preferences.json"))["board_theme"] == "wood"
    assert json.loads(archive.read("rating_history.json")) == []
    assert json.loads(archive.read("board_posts.json")) == []


def test_the_page_shows_the_state_and_the_mail_links_the_archive(
    client, user_factory, history, django_capture_on_commit_callbacks
):
    player = user_factory()
    history(player, games=2)
    client.force_login(player)
    page = client.get(reverse("data_page"))
    assert b"Ask for an archive" in page.content
    client.post(reverse("data_export_request"))
    export = DataExport.objects.get()
    assert export.status == ExportStatus.QUEUED
    assert b"Waiting to be built" in client.get(reverse("data_page")).content
    export.delete()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("data_export_request"))
    export = DataExport.objects.get()
    assert export.status == ExportStatus.READY and export.done == export.total == 2 + 4 + 2 + 2 + 3
    page = client.get(reverse("data_page")).content.decode()
    assert "Download the archive" in page
    (message,) = [m for m in mail.outbox if "data is ready" in m.subject]
    assert message.to == [player.email]
    link = re.search(r"http\S+/settings/data/export/\S+/", message.body).group(0)
    path = link.split("://", 1)[1].partition("/")[2]
    response = client.get("/" + path)
    assert response.status_code == 200
    assert zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content))).testzip() is None


def test_a_link_is_refused_when_altered_expired_or_someone_elses(
    client, user_factory, history, settings, django_capture_on_commit_callbacks
):
    player, other = user_factory(), user_factory()
    history(player, games=1)
    client.force_login(player)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("data_export_request"))
    token = exports.data_export_token(export=DataExport.objects.get())
    assert client.get(reverse("data_export_download", args=[token + "x"])).status_code == 404
    client.force_login(other)
    assert client.get(reverse("data_export_download", args=[token])).status_code == 404
    client.force_login(player)
    settings.DATA_EXPORT_KEEP_HOURS = 0
    assert client.get(reverse("data_export_download", args=[token])).status_code == 404


def test_the_sweep_deletes_expired_archives_and_their_files(
    user_factory, history, export_dir, django_capture_on_commit_callbacks
):
    player = user_factory()
    history(player, games=1)
    now = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        export = exports.data_export_request(user=player, now=now)
    export.refresh_from_db()
    path = exports.data_export_path(export=export)
    assert path.exists()
    crashed = path.with_name(f"{path.name}.0a1b2c3d.part")  # a build that died half way
    crashed.write_bytes(b"PK")
    assert exports.data_export_sweep(now=now) == 0
    assert exports.data_export_sweep(now=export.expires + dt.timedelta(seconds=1)) == 1
    assert not path.exists() and not crashed.exists() and not DataExport.objects.exists()
    assert list(export_dir.iterdir()) == []


def test_building_twice_builds_once_and_asking_twice_while_building_makes_one(
    user_factory, history
):
    player = user_factory()
    history(player, games=1)
    now = timezone.now()
    export = DataExport.objects.create(user=player, requested=now, expires=now)
    assert exports.data_export_request(user=player, now=now) == export
    assert exports.data_export_build(export_id=export.pk, now=now) is True
    assert exports.data_export_build(export_id=export.pk, now=now) is False
    assert exports.data_export_build(export_id=export.pk + 99, now=now) is False
    assert DataExport.objects.get().status == ExportStatus.READY


def test_asking_again_replaces_the_older_archives(
    user_factory, settings, django_capture_on_commit_callbacks
):
    """One archive per player on disk: asking anew (after the last one was built and the
    cooldown passed) deletes the
    older ones' files and rows once the new one is queued, so repeated asking cannot fill the
    disk during DATA_EXPORT_KEEP_HOURS."""
    player = user_factory()
    now = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        first = exports.data_export_request(user=player, now=now)
    first.refresh_from_db()
    assert first.status == ExportStatus.READY
    old_file = exports.data_export_path(export=first)
    assert old_file.exists()

    with django_capture_on_commit_callbacks(execute=False):
        later = now + dt.timedelta(hours=settings.DATA_EXPORT_COOLDOWN_HOURS, minutes=10)
        second = exports.data_export_request(user=player, now=later)

    assert list(DataExport.objects.values_list("pk", flat=True)) == [second.pk]
    assert not old_file.exists()


def test_a_new_archive_waits_for_the_cooldown_and_a_failed_one_does_not_count(
    user_factory, settings, django_capture_on_commit_callbacks
):
    settings.DATA_EXPORT_COOLDOWN_HOURS = 24
    player = user_factory()
    now = timezone.now()
    assert exports.data_export_next_allowed(user=player, now=now) is None
    with django_capture_on_commit_callbacks(execute=True):
        first = exports.data_export_request(user=player, now=now)
    allowed = now + dt.timedelta(hours=24)
    assert exports.data_export_next_allowed(user=player, now=now) == allowed
    with pytest.raises(exports.ExportTooSoon) as refused:
        exports.data_export_request(user=player, now=allowed - dt.timedelta(seconds=1))
    assert refused.value.allowed == allowed
    assert refusal_of(refused.value).status == 429
    assert refusal_of(refused.value).code == "export_too_soon"
    assert list(DataExport.objects.values_list("pk", flat=True)) == [first.pk]  # kept
    assert exports.data_export_next_allowed(user=player, now=allowed) is None
    DataExport.objects.filter(pk=first.pk).update(status=ExportStatus.FAILED)
    assert exports.data_export_next_allowed(user=player, now=now) is None  # ask again at once
    with django_capture_on_commit_callbacks(execute=False):
        assert exports.data_export_request(user=player, now=now).pk != first.pk


def test_the_page_says_when_a_new_archive_may_be_asked_for_and_refuses_before(
    client, user_factory, settings, django_capture_on_commit_callbacks
):
    settings.DATA_EXPORT_COOLDOWN_HOURS = 24
    player = user_factory()
    client.force_login(player)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("data_export_request"))
    page = client.get(reverse("data_page")).content.decode()
    assert "You can ask for a new archive after" in page
    assert "Ask for a new archive</button>" not in page
    answer = client.post(reverse("data_export_request"), follow=True)
    assert answer.status_code == 200
    # Said twice: the refusal's message, and the page's own sentence.
    assert answer.content.decode().count("You can ask for a new archive after") == 2
    assert DataExport.objects.count() == 1
