"""Dates in the reader's language: the pages name Django's per-language formats (English ones of
our own, day first with a 24-hour clock), so one moment reads "26 November 2026", "26. November
2026" or "2026年11月26日"; a date and time with its zone is `moment_text` / `|moment`."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import formats, timezone, translation

from accounts.api.tokens import api_token_create
from accounts.locale import moment_text

MOMENT = dt.datetime(2026, 11, 26, 14, 5, tzinfo=dt.UTC)  # a Thursday
BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")
TOKYO = zoneinfo.ZoneInfo("Asia/Tokyo")


@pytest.mark.parametrize(
    ("language", "name", "said"),
    [
        ("en", "DATE_FORMAT", "26 November 2026"),
        ("en", "SHORT_DATE_FORMAT", "26 Nov 2026"),
        ("en", "DATETIME_FORMAT", "Thu 26 Nov 2026, 14:05"),
        ("en", "SHORT_DATETIME_FORMAT", "Thu 26 Nov, 14:05"),
        ("en", "MONTH_DAY_FORMAT", "26 Nov"),
        ("de", "DATE_FORMAT", "26. November 2026"),
        ("de", "SHORT_DATE_FORMAT", "26.11.2026"),
        ("ja", "DATE_FORMAT", "2026年11月26日"),
        ("ko", "DATE_FORMAT", "2026년 11월 26일"),
        ("zh-hans", "DATE_FORMAT", "2026年11月26日"),
        ("fr", "DATE_FORMAT", "26 novembre 2026"),
        ("es", "DATE_FORMAT", "26 de noviembre de 2026"),
        ("ru", "DATE_FORMAT", "26 ноября 2026 г."),
    ],
)
def test_each_language_writes_dates_its_own_way(language, name, said):
    with translation.override(language):
        assert formats.date_format(MOMENT, name) == said


def test_a_moment_carries_its_zone_in_the_readers_language():
    with translation.override("en"):
        assert moment_text(value=MOMENT) == "Thu 26 Nov 2026, 14:05 UTC"
        assert moment_text(value=MOMENT, short=True) == "Thu 26 Nov, 14:05 UTC"
        assert moment_text(value=MOMENT, zone=False) == "Thu 26 Nov 2026, 14:05"
    with translation.override("de"):
        assert moment_text(value=MOMENT.astimezone(BERLIN)) == "26. November 2026 15:05 CET"
    with translation.override("ja"):
        assert moment_text(value=MOMENT.astimezone(TOKYO)) == "2026年11月26日23:05 JST"


def test_the_moment_filter_shows_the_pages_time_zone_and_language():
    template = Template('{% load accounts_tags %}{{ when|moment }} | {{ when|moment:"short" }}')
    with translation.override("de"), timezone.override(BERLIN):
        said = template.render(Context({"when": MOMENT}))
    assert said == "26. November 2026 15:05 CET | 26.11.2026 15:05 CET"
    with translation.override("ja"), timezone.override(TOKYO):
        said = template.render(Context({"when": MOMENT}))
    assert said == "2026年11月26日23:05 JST | 2026/11/26 23:05 JST"
    assert Template("{% load accounts_tags %}{{ when|moment }}").render(Context({})) == ""


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "joined"),
    [("en", "26 November 2026"), ("de", "26. November 2026"), ("ja", "2026年11月26日")],
)
def test_the_profile_page_says_when_a_player_joined_in_the_readers_language(
    client, user_factory, language, joined
):
    player = user_factory(username="aki", date_joined=MOMENT)
    page = client.get(
        reverse("profile_detail", args=[player.username]), HTTP_ACCEPT_LANGUAGE=language
    )
    assert f"<dd>{joined}</dd>" in page.content.decode()


@pytest.mark.django_db
def test_a_players_chosen_language_and_zone_date_their_api_tokens(client, user_factory):
    player = user_factory(username="hans", language="de", time_zone="Europe/Berlin")
    api_token_create(user=player, name="script", scope="read", now=MOMENT)
    client.force_login(player)
    page = client.get(reverse("preferences_edit"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "26.11.2026" in page
    assert "26 Nov 2026" not in page
