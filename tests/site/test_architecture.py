"""The shape of the code: imports point one way and never in a circle.

Layers, lowest first: `rules` <- `core` <- `accounts` <- `messaging` <- `games` <- `ladder`;
`demo` and `baduxsite` sit on top. A module may import its own layer and the layers below it,
never one above. The pure modules (`rules`, and the rating and pairing maths in `ladder`) import
nothing from Django. An import inside a function is allowed only with a comment saying why, on
its line or the line above. Hand-written SQL is core's alone (core.sql): no other app runs a
statement of its own or holds SQL text. Modules, functions and folders keep their sizes.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import networkx
import pytest

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("rules", "core", "accounts", "messaging", "games", "ladder", "demo", "baduxsite")
PURE_LADDER = ("glicko2", "ranks", "pairing", "standings", "brackets")


@dataclass(frozen=True)
class Import:
    module: str  # the importing module
    target: str  # the project module imported
    line: int
    in_function: bool
    type_only: bool  # under `if TYPE_CHECKING:`, never run


def _modules() -> dict[str, Path]:
    found = {}
    for package in LAYERS:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = _modules()


def _resolve(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _inside(tree: ast.AST, holds) -> set[int]:
    """Ids of the nodes found under a node for which `holds(node)` is true."""
    ids = set()
    for node in ast.walk(tree):
        if holds(node):
            ids.update(id(sub) for sub in ast.walk(node) if sub is not node)
    return ids


def _is_function(node: ast.AST) -> bool:
    return isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports_of(module: str, path: Path) -> list[Import]:
    tree = ast.parse(path.read_text(), filename=str(path))
    in_function = _inside(tree, _is_function)
    type_only = _inside(tree, _is_type_checking)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            names = [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            target = _resolve(name)
            if target is not None and target != module:
                found.append(
                    Import(
                        module, target, node.lineno, id(node) in in_function, id(node) in type_only
                    )
                )
    return found


IMPORTS = [imp for module, path in MODULES.items() for imp in _imports_of(module, path)]


def _layer(module: str) -> int:
    return LAYERS.index(module.split(".")[0])


def test_the_walk_finds_the_project():
    assert {"rules.board", "games.services.play", "core.outbox"} <= set(MODULES)
    assert any(i.module == "games.services.play" and i.target == "rules" for i in IMPORTS)


def test_no_module_imports_another_in_a_circle():
    graph = networkx.DiGraph()
    graph.add_nodes_from(MODULES)
    graph.add_edges_from((i.module, i.target) for i in IMPORTS if not i.type_only)
    cycles = [sorted(c) for c in networkx.strongly_connected_components(graph) if len(c) > 1]
    assert cycles == []


def test_imports_point_down_the_layers():
    upward = [
        f"{i.module}:{i.line} imports {i.target}"
        for i in IMPORTS
        if _layer(i.target) > _layer(i.module)
    ]
    assert upward == []


def _pure(module: str) -> bool:
    parts = module.split(".")
    return parts[0] == "rules" or (parts[0] == "ladder" and parts[-1] in PURE_LADDER)


@pytest.mark.parametrize("module", [m for m in MODULES if _pure(m)])
def test_pure_modules_import_no_django(module):
    tree = ast.parse(MODULES[module].read_text())
    names = [alias.name for n in ast.walk(tree) if isinstance(n, ast.Import) for alias in n.names]
    names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert [n for n in names if n.split(".")[0] in ("django", "celery")] == []
    if module.startswith("ladder"):
        assert all(_pure(i.target) for i in IMPORTS if i.module == module)


def test_an_import_inside_a_function_says_why():
    silent = []
    for imp in IMPORTS:
        if not imp.in_function:
            continue
        lines = MODULES[imp.module].read_text().splitlines()
        here, above = lines[imp.line - 1], lines[imp.line - 2] if imp.line > 1 else ""
        if "#" not in here and not above.strip().startswith("#"):
            silent.append(f"{imp.module}:{imp.line}")
    assert silent == []


MAX_TOP_LEVEL_MODULES = 20


@pytest.mark.parametrize(
    "folder",
    sorted(
        {path.parent for package in LAYERS for path in (ROOT / package).rglob("*.py")}
        - {path for path in ROOT.rglob("migrations") if path.is_dir()},
        key=str,
    ),
    ids=lambda folder: str(folder.relative_to(ROOT)),
)
def test_no_app_folder_holds_more_than_twenty_modules(folder):
    """A feature is a folder or a file name in every layer; a folder that grows past this is
    split by feature (issue 20), so that a newcomer finds any feature in one guess."""
    assert len(list(folder.glob("*.py"))) <= MAX_TOP_LEVEL_MODULES


def test_tests_share_helpers_through_helper_modules_not_through_other_tests():
    """A test module imports fixtures and helpers from conftest or helper modules, never from
    another test module (which would run its tests twice and tie them together)."""
    found = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] if node.level == 0 else [f".{node.module}"]
            if any(name.rpartition(".")[2].startswith("test_") for name in names):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80


def test_no_module_is_over_six_hundred_lines():
    """A module a newcomer can read through; a longer one is split by what it holds (bench/
    included)."""
    paths = list(_modules().values()) + sorted((ROOT / "bench").rglob("*.py"))
    long = {
        str(path.relative_to(ROOT)): lines
        for path in paths
        if (lines := len(path.read_text().splitlines())) > MAX_MODULE_LINES
    }
    assert long == {}


def test_no_function_is_over_eighty_lines():
    """A function fits on a screen; a longer one is split into named steps (bench/ included)."""
    paths = list(_modules().values()) + sorted((ROOT / "bench").rglob("*.py"))
    long = {}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long[f"{path.relative_to(ROOT)}:{node.name}"] = lines
    assert long == {}


# Hand-written SQL: core is its one seam (core.sql's builders; the apps declare their statements
# with them, in no SQL of their own). Migrations (RunSQL) and bench/ are not app code.
_RUNS_SQL = {"execute", "executemany", "executescript", "raw", "extra", "cursor"}
_SQL_NAMES = {"RawSQL", "RunSQL", "statement_cursor"}
_SQL_TEXT = re.compile(
    r"\b(SELECT\b.+\bFROM|INSERT INTO|UPDATE\b.+\bSET|DELETE FROM|ORDER BY|GROUP BY)\b"
)


def _outside_core() -> list[tuple[str, ast.AST]]:
    return [
        (name, ast.parse(path.read_text()))
        for name, path in MODULES.items()
        if not name.startswith("core.") and name != "core"
    ]


def test_only_core_runs_a_statement_of_its_own():
    """No cursor, execute, raw(), extra(), RawSQL or statement_cursor outside core."""
    found = []
    for name, tree in _outside_core():
        for node in ast.walk(tree):
            called = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            if called and node.func.attr in _RUNS_SQL:
                found.append(f"{name}:{node.lineno} {ast.unparse(node.func)}")
            named = node.id if isinstance(node, ast.Name) else getattr(node, "attr", None)
            if named in _SQL_NAMES or (isinstance(node, ast.alias) and node.name in _SQL_NAMES):
                found.append(f"{name}:{node.lineno} {named or node.name}")
    assert found == []


def _docstrings(tree: ast.AST) -> set[int]:
    kinds = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, kinds) and node.body and isinstance(node.body[0], ast.Expr)
    }


def test_no_sql_text_outside_core():
    """No string outside core (docstrings aside) holds SQL, whole or in f-string pieces."""
    found = []
    for name, tree in _outside_core():
        docstrings = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = "" if id(node) in docstrings else node.value
            else:
                continue
            if _SQL_TEXT.search(text):
                found.append(f"{name}:{node.lineno} {text[:60]!r}")
    assert found == []
