"""The committed API contract (docs/api/openapi.json) as a check on answers: `conforms(value,
schema)` validates with jsonschema (Draft 2020-12), every object closed to undocumented
properties, "#/components/schemas/..." refs resolved in the document."""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "docs/api/openapi.json").read_text())


def _closed(node):
    """The document with every object that lists its properties closed to others, so that an
    undocumented field in an answer fails the check (JSON Schema allows them by default)."""
    if isinstance(node, dict):
        out = {k: _closed(v) for k, v in node.items()}
        if "properties" in out and "additionalProperties" not in out:
            out["additionalProperties"] = False
        return out
    if isinstance(node, list):
        return [_closed(v) for v in node]
    return node


# The committed document as one resource, so that "#/components/schemas/..." resolves in it.
CONTRACT = Registry().with_resource(
    "openapi.json", Resource.from_contents(_closed(SCHEMA), default_specification=DRAFT202012)
)


def conforms(value, schema: dict) -> None:
    """Raise ValidationError unless `value` is what `schema` (a part of the committed
    document, or a `$ref` into it) allows, undocumented properties included."""
    if "$ref" in schema:
        schema = {"$ref": "openapi.json" + schema["$ref"]}
    Draft202012Validator(schema, registry=CONTRACT).validate(value)
