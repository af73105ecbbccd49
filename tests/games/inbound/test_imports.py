"""Play by e-mail's modules import one way (no circle, no import hidden in a function), and a
fresh worker process still knows both of its tasks."""

from __future__ import annotations

import ast
from pathlib import Path

from django.conf import settings

from tests.site.helpers import ROOT, clean_env, run_python

INBOUND = ROOT / "games" / "inbound"
INBOUND_MODULES = tuple(
    sorted(path.stem for path in INBOUND.glob("*.py") if path.stem != "__init__")
)


def _inbound_imports(module: str) -> tuple[set[str], list[int]]:
    """The games.inbound modules `module` imports, and the lines of imports inside functions."""
    tree = ast.parse((INBOUND / f"{module}.py").read_text())
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "") == "games.inbound":
            imported.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("games.inbound."):
            imported.add(node.module.removeprefix("games.inbound."))
    nested = [
        inner.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        for inner in ast.walk(node)
        if isinstance(inner, ast.Import | ast.ImportFrom)
    ]
    return imported, nested


def test_the_inbound_modules_import_each_other_one_way_only():
    graph = {module: _inbound_imports(module)[0] for module in INBOUND_MODULES}
    assert {"receiver", "services", "tasks", "sweeps", "parse"} <= set(graph)
    assert "services" in graph["sweeps"]
    assert "tasks" in graph["services"]
    assert "services" not in graph["tasks"]
    for module, imported in graph.items():
        for other in imported & set(INBOUND_MODULES):
            assert module not in graph[other], f"games.inbound.{module} <-> {other}"


def test_no_inbound_module_hides_an_import_inside_a_function():
    for module in INBOUND_MODULES:
        assert _inbound_imports(module)[1] == [], f"games/inbound/{module}.py"


def test_a_fresh_worker_registers_both_play_by_mail_tasks():
    code = (
        "from baduxsite.celery import app\n"
        "app.loader.import_default_modules()\n"
        "print(sorted(name for name in app.tasks if name.startswith('games.inbound')))\n"
    )
    env = clean_env(DJANGO_SETTINGS_MODULE="baduxsite.settings.test")
    completed = run_python(code, env)
    assert completed.returncode == 0, completed.stderr
    assert (
        completed.stdout.split("\n")[-2]
        == "['games.inbound_mail_prune', 'games.inbound_reply_send']"
    )


def test_the_task_modules_exist_where_the_settings_say():
    for dotted in settings.CELERY_IMPORTS:
        module = Path(ROOT, *dotted.split("."))
        assert module.with_suffix(".py").is_file() or (module / "__init__.py").is_file(), dotted
