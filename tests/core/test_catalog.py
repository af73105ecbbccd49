"""The JavaScript catalog is kept per language and per release (core.http_cache.catalog)."""

from django.http import HttpResponse
from django.test import RequestFactory

from core.http_cache import catalog
from core.http_cache.tags import code_version


def test_a_release_renders_the_catalog_again_and_a_kept_one_is_not(monkeypatch, settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    rendered = []

    def fake_catalog(request):
        rendered.append(request.path)
        return HttpResponse("catalog", content_type="text/javascript")

    monkeypatch.setattr(catalog, "_catalog", fake_catalog)
    catalog._kept.cache_clear()
    factory = RequestFactory()
    for version in ("release-1", "release-1", "release-2", "release-2"):
        monkeypatch.setattr(catalog, "code_version", lambda v=version: v)
        assert catalog.javascript_catalog(factory.get("/i18n/js/")).status_code == 200
    catalog._kept.cache_clear()  # built around the fake: never kept for later tests
    assert len(rendered) == 2


def test_the_japanese_catalog_holds_the_move_lists_words(client):
    said = client.get("/i18n/js/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "\\u30d1\\u30b9" in said or "パス" in said  # "pass"


def test_each_page_asks_for_the_catalog_of_its_language_and_release(client, user_factory):
    player = user_factory(username="kuro", language="ja")
    client.force_login(player)
    page = client.get("/").content.decode()
    assert f'/i18n/js/?l=ja&amp;v={code_version()}"' in page
