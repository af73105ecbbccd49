"""The OpenAPI schema is the contract: the committed copy (docs/api/openapi.json) must equal
the live one, so a change to the API is deliberate (`make api-schema` rewrites it); every
operation says what it does and documents its errors; the docs page needs no CDN."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.utils import translation
from ninja import Schema
from ninja.responses import NinjaJSONEncoder

from baduxsite.api import api

COMMITTED = Path(__file__).resolve().parents[2] / "docs" / "api" / "openapi.json"
ERROR_REF = "#/components/schemas/ErrorOut"


def _live() -> dict:
    return json.loads(json.dumps(api.get_openapi_schema(), cls=NinjaJSONEncoder))


def _operations():
    for path, methods in _live()["paths"].items():
        for method, operation in methods.items():
            yield method.upper(), path, operation


def test_the_committed_schema_is_the_live_schema():
    committed = json.loads(COMMITTED.read_text())
    assert committed == _live(), (
        "The API changed: if that is meant, run `make api-schema` and commit docs/api/openapi.json"
    )


def test_the_schema_is_version_1_under_api_v1():
    schema = _live()
    assert schema["info"]["version"] == "1"
    assert all(path.startswith("/api/v1/") for path in schema["paths"])
    assert schema["components"]["securitySchemes"]["TokenAuth"] == {
        "type": "http",
        "scheme": "bearer",
    }


def _checked(schema: dict) -> bool:
    """Whether a parameter can fail validation (anything but free text)."""
    plain_text = schema.get("type") == "string" and not {"enum", "maxLength", "pattern"} & set(
        schema
    )
    return not plain_text


@pytest.mark.parametrize(("method", "path", "operation"), list(_operations()))
def test_every_operation_has_a_summary_a_description_and_documented_errors(method, path, operation):
    assert operation.get("summary"), f"{method} {path} has no summary"
    assert operation.get("description"), f"{method} {path} has no description"
    assert operation["security"] == [{"TokenAuth": []}]
    responses = operation["responses"]
    expected = {"401", "429"} | ({"403"} if method != "GET" else set())
    if "{" in path:
        expected.add("404")
    if method != "GET" or any(_checked(p["schema"]) for p in operation.get("parameters", [])):
        expected.add("422")
    for status in expected:
        assert status in responses, f"{method} {path} does not document {status}"
    for status, response in responses.items():
        if status.startswith(("4", "5")):
            ref = response["content"]["application/json"]["schema"]["$ref"]
            assert ref == ERROR_REF, f"{method} {path} {status}"


def test_the_schema_and_the_docs_are_served_without_a_token(client):
    served = client.get("/api/v1/openapi.json")
    assert served.status_code == 200
    assert served.json() == _live()
    docs = client.get("/api/v1/docs")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "/static/ninja/swagger-ui-bundle.js" in html
    assert "cdn" not in html.lower() and "https://" not in html
    assert "script-src 'self'" in docs["Content-Security-Policy"]


def test_the_docs_page_speaks_the_readers_language_around_the_english_reference(client):
    """Our bar and note follow the request's language; the reference (Swagger UI and the
    descriptions of the committed schema, which must not change) is marked English."""
    with translation.override("ja"):
        back = translation.gettext("← Back to Badux")
        note = translation.gettext(
            "The reference below is in English: its names, descriptions and error codes are "
            "the API's contract."
        )
    html = client.get("/api/v1/docs", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert '<html lang="ja">' in html
    assert back != "← Back to Badux" and back in html
    assert note in html
    assert '<div id="swagger-ui" lang="en"></div>' in html
    english = client.get("/api/v1/docs", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="en">' in english and "← Back to Badux" in english
    assert "api-docs-lang" not in english  # no note when the page is English already


def _schema_classes(base: type) -> Iterator[type]:
    for sub in base.__subclasses__():
        yield sub
        yield from _schema_classes(sub)


def test_no_two_schemas_of_the_api_share_a_name():
    """The document names each schema by its class: two of one name became one, and
    `GET /ladders/{slug}` documented the tournaments' standing rows instead of its own."""
    by_name: dict[str, set[str]] = defaultdict(set)
    for schema in _schema_classes(Schema):
        if schema.__module__.split(".")[0] in {"accounts", "games", "ladder", "messaging"}:
            by_name[schema.__name__].add(f"{schema.__module__}.{schema.__qualname__}")

    assert {name: where for name, where in by_name.items() if len(where) > 1} == {}
    ladder = _live()["components"]["schemas"]["StandingsOut"]["properties"]["standings"]
    assert ladder["items"]["$ref"] == "#/components/schemas/LadderStandingOut"
