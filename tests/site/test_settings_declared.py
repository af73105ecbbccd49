"""Settings are declared once: every setting the code reads is declared in
baduxsite/settings/base.py (or is one of Django's own), and no code carries a second default."""

from __future__ import annotations

import ast

from django.conf import global_settings

from tests.site.helpers import ROOT

APPS = ("rules", "accounts", "messaging", "games", "ladder", "demo", "baduxsite")
BASE = ROOT / "baduxsite" / "settings" / "base.py"


def _code_files():
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" not in path.parts and "settings" not in path.parts:
                yield path


def _declared() -> set[str]:
    tree = ast.parse(BASE.read_text())
    names = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        names.update(t.id for t in targets if isinstance(t, ast.Name) and t.id.isupper())
    return names


def _reads(path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text())
    return [
        (node.attr, node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "settings"
        and node.attr.isupper()
    ]


def test_no_code_reads_a_setting_with_a_default_of_its_own():
    found = []
    for path in _code_files():
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "getattr"
                and node.args
                and isinstance(node.args[0], ast.Name)
                and node.args[0].id == "settings"
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_every_setting_read_is_declared_in_base():
    known = _declared() | {name for name in dir(global_settings) if name.isupper()}
    undeclared = [
        f"{path.relative_to(ROOT)}:{line} settings.{name}"
        for path in _code_files()
        for name, line in _reads(path)
        if name not in known
    ]
    assert undeclared == []
