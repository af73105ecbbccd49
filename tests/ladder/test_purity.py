"""The ladder maths stay pure: no Django, no clock, no other app (like rules/)."""

import ast
from pathlib import Path

import pytest

import ladder

ALLOWED = {
    "__future__",
    "bisect",
    "collections",
    "dataclasses",
    "itertools",
    "math",
    "re",
    "typing",
    "unicodedata",
}
ALLOWED |= {"networkx", "ladder"}
# Named, not globbed: the Django parts of each feature (models, services) sit beside these. The
# packages' __init__ run on import, so they are pure too.
PURE_MODULES = [
    Path(ladder.__file__).parent / name
    for name in (
        "__init__.py",
        "ratings/__init__.py",
        "ratings/glicko2.py",
        "ratings/ranks.py",
        "tournaments/__init__.py",
        "tournaments/pairing.py",
        "tournaments/standings.py",
        "tournaments/brackets.py",
    )
]


def _imported_roots(path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            yield (node.module or "").split(".")[0]


@pytest.mark.parametrize(
    "path", PURE_MODULES, ids=lambda p: str(p.relative_to(Path(ladder.__file__).parent))
)
def test_imports_only_the_standard_maths_and_networkx(path):
    """No django, games or accounts; no time, datetime or random (the caller passes days in)."""
    assert set(_imported_roots(path)) <= ALLOWED
