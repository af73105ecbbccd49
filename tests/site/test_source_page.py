"""The footer's "open source": a link to SOURCE_URL when the operator set it, else to the
site's /source/ page, which says the code is open and where to ask for its address."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_without_source_url_the_footer_links_the_source_page(client, settings):
    settings.SOURCE_URL = ""
    settings.CONTACT_EMAIL = ""
    home = client.get(reverse("home")).content.decode()
    assert f'<a href="{reverse("source")}">open source</a>' in home
    page = client.get(reverse("source"))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Badux is open source" in text
    assert "have not published the address of its code" in text
    assert f'href="{reverse("site_contact")}">contact page</a>' in text


def test_with_source_url_the_footer_and_the_page_link_the_code(client, settings):
    settings.SOURCE_URL = "https://example.org/badux"
    home = client.get(reverse("home")).content.decode()
    assert '<a href="https://example.org/badux">open source</a>' in home
    text = client.get(reverse("source")).content.decode()
    assert "Its code, with its license, is at" in text
    assert text.count('href="https://example.org/badux"') == 2  # the page and the footer


def test_with_contact_email_the_page_names_the_address(client, settings):
    settings.SOURCE_URL = ""
    settings.CONTACT_EMAIL = "help@example.org"
    text = client.get(reverse("source")).content.decode()
    assert "Ask them for it at" in text and 'href="mailto:help@example.org"' in text


def test_the_page_speaks_the_visitors_language(client, settings):
    settings.SOURCE_URL = ""
    response = client.get(reverse("source"), HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200
    assert '<html lang="de"' in response.content.decode()
