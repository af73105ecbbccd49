"""The ladder maths stay pure: no Django, no clock, no other app (like rules/)."""

import ast
from pathlib import Path

import pytest

import ladder

ALLOWED = {"__future__", "collections", "dataclasses", "itertools", "math", "re", "typing"}
ALLOWED |= {"networkx", "ladder"}
# Named, not globbed: the Django parts of the app (models, services) will sit beside these.
PURE_MODULES = [
    Path(ladder.__file__).parent / f"{name}.py"
    for name in ("__init__", "glicko2", "ranks", "pairing", "standings", "brackets")
]


def _imported_roots(path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            yield (node.module or "").split(".")[0]


@pytest.mark.parametrize("path", PURE_MODULES, ids=lambda p: p.name)
def test_imports_only_the_standard_maths_and_networkx(path):
    """No django, games or accounts; no time, datetime or random (the caller passes days in)."""
    assert set(_imported_roots(path)) <= ALLOWED
