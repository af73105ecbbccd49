"""Refusals are answered in one place: the registry, core.refusals.

A refusal (an exception a service raises on purpose) maps to its HTTP status, stable code and
sentence only there, so that it answers the same on every page and in the API. Two scans of
the apps keep it so:

- no code joins a ValidationError's `messages` by hand (`core.refusals.validation_message`
  and `refusal_message` say them);
- the modules that answer requests (views, admin, API routers) answer a refusal they catch
  through the registry: the caught exception reaches a person only through a function of
  core.refusals (its stable `.code` may be read), a status they write is never a 4xx/5xx of
  their own, and they do not show a sentence of their own instead of the refusal's.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

import baduxsite.api  # noqa: F401 - the API loads every app's refusals, as a running site does
from core import refusals
from core.refusals import refusal_kinds

ROOT = Path(__file__).resolve().parents[2]
APPS = ("accounts", "messaging", "games", "ladder", "baduxsite", "core")
# The registry itself, and the API's one answer for every refusal.
REGISTRY = {"core/refusals.py", "baduxsite/api.py"}
# Thin names the pages use for the registry's functions.
REGISTRY_ALIASES = {"games.views.common.error_message"}
# Calls that answer a person: a message on the next page, a form error, a response.
ANSWERS = {"error", "warning", "info", "add_error", "message_user", "JsonResponse", "render"}
# Words written in place of the refusal's (a handler that says something of its own).
WORDS = {"_", "gettext", "gettext_lazy", "ngettext", "pgettext"}
# What a caught exception gives away besides its text: its stable code.
MAY_READ = {"code"}
# An exception's text, which a person reads only as the registry words it.
TEXT = {"messages", "message_dict", "message", "args"}


def _paths() -> list[Path]:
    return [
        path
        for app in APPS
        for path in sorted((ROOT / app).rglob("*.py"))
        if "migrations" not in path.parts and "settings" not in path.parts
    ]


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _answers_requests(path: Path) -> bool:
    """Views, admin and API modules: where a refusal becomes an answer."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return _name(path) not in REGISTRY and bool({"views", "admin", "api"} & set(parts))


def _module(path: Path) -> ModuleType:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return importlib.import_module(".".join(parts))


def _resolve(node: ast.AST, namespace: dict) -> object:
    if isinstance(node, ast.Name):
        return namespace.get(node.id)
    if isinstance(node, ast.Attribute):
        base = _resolve(node.value, namespace)
        return getattr(base, node.attr, None) if base is not None else None
    return None


def _is_refusal(kind: object) -> bool:
    """A registered refusal, or a base of one that is not Python's own (RulesError, not
    ValueError): catching it catches refusals."""
    if not inspect.isclass(kind) or not issubclass(kind, BaseException):
        return False
    kinds = refusal_kinds()
    if issubclass(kind, kinds):
        return True
    return kind.__module__ != "builtins" and any(issubclass(k, kind) for k in kinds)


def _is_registry(function: object) -> bool:
    if function is None:
        return False
    if getattr(function, "__module__", None) == refusals.__name__:
        return True
    return f"{function.__module__}.{function.__qualname__}" in REGISTRY_ALIASES


def _callee(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


@dataclass
class Handler:
    where: str
    node: ast.ExceptHandler
    refusal: bool  # it catches a refusal kind
    # In a form's own clean: what it catches becomes a form error, and the view answers the
    # form (a ValidationError from the form's clean is no refusal of a service).
    in_clean: bool


def _handlers(tree: ast.AST, namespace: dict, where: str) -> list[Handler]:
    """The `except ... as name:` handlers of `tree` (`namespace`: its module's names)."""
    in_clean = {
        id(sub)
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef)
        and (node.name == "clean" or node.name.startswith("clean_"))
        for sub in ast.walk(node)
    }
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ExceptHandler) or node.type is None:
            continue
        if isinstance(node.type, ast.Call):  # `except refusal_kinds() as error`
            refusal = _is_registry(_resolve(node.type.func, namespace))
        else:
            kinds = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            refusal = any(_is_refusal(_resolve(kind, namespace)) for kind in kinds)
        found.append(Handler(f"{where}:{node.lineno}", node, refusal, id(node) in in_clean))
    return found


def _parents(tree: ast.AST) -> dict[int, ast.AST]:
    return {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _text_of(node: ast.Name, parent: ast.AST | None) -> bool:
    """Whether `parent` reads the text of the exception `node` names."""
    if isinstance(parent, ast.FormattedValue):
        return True
    if isinstance(parent, ast.Attribute):
        return parent.attr in TEXT
    return isinstance(parent, ast.Call) and _callee(parent) in ("str", "repr", "format")


def _leaks(handler: Handler, namespace: dict) -> list[str]:
    """Why `handler` answers outside the registry (nothing when it does not): any handler
    that shows a caught exception's text itself; a handler of a refusal that gives the
    exception to anything but the registry (its `.code` may be read, it may be raised
    again), writes a 4xx/5xx status or answers without the registry."""
    if handler.in_clean:
        return []
    body = ast.Module(body=handler.node.body, type_ignores=[])
    parents = _parents(body)
    calls = [node for node in ast.walk(body) if isinstance(node, ast.Call)]
    registry_calls = [c for c in calls if _is_registry(_resolve(c.func, namespace))]
    through_registry = {id(arg) for c in registry_calls for arg in ast.walk(c) if arg is not c}
    leaks = []
    name = handler.node.name
    for node in ast.walk(body):
        if not isinstance(node, ast.Name) or node.id != name:
            continue
        parent = parents.get(id(node))
        said = f"uses the caught {name} itself: {ast.unparse(parent or node)}"
        if _text_of(node, parent):  # even inside the registry's sentence(): it takes errors
            leaks.append(said)
            continue
        if not handler.refusal or id(node) in through_registry or isinstance(parent, ast.Raise):
            continue
        if isinstance(parent, ast.Attribute) and parent.attr in MAY_READ:
            continue
        if (
            isinstance(parent, ast.Call)
            and _callee(parent) == "getattr"
            and len(parent.args) > 1
            and getattr(parent.args[1], "value", None) in MAY_READ
        ):
            continue
        leaks.append(said)
    if not handler.refusal:
        return leaks
    for node in ast.walk(body):
        statuses = []
        if isinstance(node, ast.keyword) and node.arg == "status":
            statuses = [node.value]
        elif isinstance(node, ast.Assign) and any("status" in ast.unparse(t) for t in node.targets):
            statuses = list(ast.walk(node.value))
        leaks += [
            f"writes a status of its own: {ast.unparse(node)}"
            for value in statuses
            if isinstance(value, ast.Constant)
            and isinstance(value.value, int)
            and 400 <= value.value < 600
        ]
    answers = [c for c in calls if _callee(c) in ANSWERS | WORDS]
    if answers and not registry_calls:
        leaks.append(f"answers with words of its own: {ast.unparse(answers[0])}")
    return leaks


def _hand_joins(source: str, where: str) -> list[str]:
    """`" ".join(error.messages)` and the like: a join over an exception's messages."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and _callee(node) == "join"):
            continue
        for sub in (sub for arg in node.args for sub in ast.walk(arg)):
            if (isinstance(sub, ast.Attribute) and sub.attr in ("messages", "message_dict")) or (
                isinstance(sub, ast.Constant) and sub.value in ("messages", "message_dict")
            ):
                found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
                break
    return found


def _scan(source: str, namespace: dict, where: str) -> list[str]:
    """Every leak in a module's `source`: hand joins, and (for a module that answers
    requests) refusals answered outside the registry."""
    tree = ast.parse(source)
    leaks = [
        f"{handler.where}: {leak}"
        for handler in _handlers(tree, namespace, where)
        for leak in _leaks(handler, namespace)
    ]
    return leaks + _hand_joins(source, where)


def test_the_scans_see_the_apps():
    paths = [_name(p) for p in _paths()]
    assert "games/reviews/views.py" in paths and "ladder/ratings/views.py" in paths
    answering = [_name(p) for p in _paths() if _answers_requests(p)]
    assert "games/views/board_words.py" in answering and "games/admin.py" in answering
    assert "baduxsite/api.py" not in answering
    reviews = ROOT / "games/reviews/views.py"
    handlers = _handlers(ast.parse(reviews.read_text()), vars(_module(reviews)), "reviews")
    assert sum(h.refusal for h in handlers) >= 5  # the refusals are recognised as such


def test_no_one_joins_error_messages_by_hand():
    joins = [
        found
        for path in _paths()
        if _name(path) not in REGISTRY
        for found in _hand_joins(path.read_text(), _name(path))
    ]
    assert joins == [], "say them with core.refusals.validation_message or refusal_message"


@pytest.mark.parametrize(
    "path", [p for p in _paths() if _answers_requests(p)], ids=lambda p: _name(p)
)
def test_refusals_are_answered_through_the_registry(path):
    leaks = _scan(path.read_text(), vars(_module(path)), _name(path))
    assert leaks == [], "answer refusals with core.refusals (refusal_message, refusal_form, ...)"


# The scans themselves, on the leaks they are there to catch.
LEAKY_VIEW = """
from django.http import JsonResponse
from django.contrib import messages
from django.core.exceptions import ValidationError
from core.refusals import refusal_message, sentence
from rules.errors import RulesError
from rules.topology import CoordinateError


def move(request, tree, text):
    try:
        tree.play(text)
    except CoordinateError:
        error = _("%(point)s is not a point on this board.") % {"point": text}
    except RulesError as exc:
        error = sentence(str(exc))
    else:
        return JsonResponse({})
    return JsonResponse({"error": error}, status=400)


def words(request, tree, point):
    try:
        tree.parse(point)
    except CoordinateError:
        return [_("Give a point of the board.")], False
    except RulesError as exc:
        return JsonResponse({"error": refusal_message(exc)}, status=400)


def declare(request, form):
    try:
        form.save()
    except ValueError as error:
        form.add_error(None, str(error))
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
"""
FIXED_VIEW = """
from django.http import JsonResponse
from django.contrib import messages
from core.refusals import refusal_kinds, refusal_message, refusal_of


def move(request, tree, text):
    try:
        tree.play(text)
    except refusal_kinds() as exc:
        refusal = refusal_of(exc)
        return JsonResponse({"error": refusal.message, "code": exc.code}, status=refusal.status)


def declare(request, form):
    try:
        form.save()
    except ValueError:
        messages.error(request, _("Choose a move to remove."))
"""


def _sample(source: str) -> list[str]:
    namespace: dict = {"_": str}
    exec(compile(source, "sample.py", "exec"), namespace)  # noqa: S102 - the samples above
    return _scan(source, namespace, "sample.py")


def test_the_scan_catches_the_leaks_it_is_for_and_passes_their_fixes():
    said = "\n".join(_sample(LEAKY_VIEW))
    # CoordinateError with a sentence of the view's (twice), a hand join shown as a message.
    assert said.count("answers with words of its own") == 3
    assert "writes a status of its own: status=400" in said  # where the registry says 409
    assert "uses the caught exc itself: str(exc)" in said  # the rules' English text
    assert "uses the caught error itself: str(error)" in said  # a ValueError shown as is
    assert "' '.join(error.messages)" in said
    assert _sample(FIXED_VIEW) == []
