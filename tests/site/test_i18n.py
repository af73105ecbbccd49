"""Every word a reader sees can be translated, and the catalogs are sound.

- Templates: no visible text outside {% translate %} / {% blocktranslate %} (the scanner is
  tests/site/template_text.py), no `|pluralize` (plurals are {% blocktranslate count %}), no
  untranslated words passed to an {% include %}.
- Python: no bare string given to a reader through messages, form labels and help texts,
  ValidationError, mail subjects or notices (an AST check of the apps in CHECKED_PACKAGES).
- Catalogs (locale/<lang>/LC_MESSAGES/*.po): one per language of settings.LANGUAGES,
  `msgfmt --check` clean (placeholders as in the msgid), the committed .mo files compiled from
  the .po files as they are, and no untranslated or fuzzy entry in the languages of COMPLETE.
  The msgfmt checks need Debian's gettext (`make test` installs it) and skip without it.
"""

from __future__ import annotations

import ast
import gettext as python_gettext
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.utils.translation import to_locale

from tests.site.helpers import COMPLETE
from tests.site.template_text import runs, untranslated_include_literals

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
LOCALE = ROOT / "locale"
# Python packages whose user-facing strings must be marked (see _bare_strings).
CHECKED_PACKAGES = ("accounts", "baduxsite", "games", "messaging", "ladder")
DOMAINS = ("django", "djangojs")

msgfmt = shutil.which("msgfmt")
needs_msgfmt = pytest.mark.skipif(
    msgfmt is None, reason="msgfmt is missing: install Debian's gettext (`make test` does)"
)


def _templates() -> list[Path]:
    return sorted(p for p in TEMPLATES.rglob("*") if p.is_file())


def _line(source: str, offset: int) -> int:
    return source.count("\n", 0, offset) + 1


# --- templates ---------------------------------------------------------------------------------


def test_every_visible_word_in_the_templates_is_in_a_translation_tag():
    escaped = []
    for path in _templates():
        source = path.read_text()
        for run in runs(source, plain_text=path.suffix == ".txt"):
            words = " ".join(source[run.start : run.end].split())
            where = f"{path.relative_to(ROOT)}:{_line(source, run.start)}"
            escaped.append(f"{where}: {run.attribute or 'text'}: {words[:80]!r}")
        for literal in untranslated_include_literals(source):
            escaped.append(f'{path.relative_to(ROOT)}: include with {literal} (use _("..."))')
    assert not escaped, "Wrap these in {% translate %} / {% blocktranslate %}:\n" + "\n".join(
        escaped
    )


def test_templates_use_blocktranslate_count_not_pluralize():
    offenders = [
        str(path.relative_to(ROOT)) for path in _templates() if "|pluralize" in path.read_text()
    ]
    assert not offenders, f"Use {{% blocktranslate count %}} instead of |pluralize in {offenders}"


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("<p>Hello there</p>", ["Hello there"]),
        ('<p>{% translate "Hello" %}</p>', []),
        ("<p>{% blocktranslate %}Hi {{ name }}{% endblocktranslate %}</p>", []),
        ("<p>{{ count }} new</p>", ["{{ count }} new"]),
        ("<p>It is <strong>your</strong> turn</p>", ["It is <strong>your</strong> turn"]),
        ('<img src="x.png" alt="The board">', ["The board"]),
        ('<a title="{% translate "Unread" %}" href="/x">{{ n }}</a>', []),
        ('<span data-said="Copied to the clipboard"></span>', ["Copied to the clipboard"]),
        ('<g data-name="D4" class="stone black"></g>', []),
        ("<script>var x = 'Hello there';</script><style>p { color: red }</style>", []),
        ("{% comment %}Notes for us{% endcomment %}{# and this #}<!-- and this -->", []),
        ("{% block main_class %}narrow{% endblock %}<p>Badux · SGF</p><td>D4</td>", []),
    ],
)
def test_the_scanner_finds_visible_words_and_only_those(source, found):
    assert [source[r.start : r.end].strip() for r in runs(source)] == found


def test_the_scanner_reads_text_mails_line_by_line():
    source = '{% load i18n %}{% translate "Hello" %}\nYour move: {{ url }}\n{{ url }}\n'
    assert [r.text for r in runs(source, plain_text=True)] == ["Your move: {{ url }}"]


def test_the_scanner_finds_untranslated_include_arguments():
    source = (
        '{% include "b.html" with href=url label="Play your move" %}'
        '{% include "b.html" with href=url label=_("See the game") kind="wide" %}'
    )
    assert untranslated_include_literals(source) == ['label="Play your move"']


# --- Python ------------------------------------------------------------------------------------

GETTEXT_NAMES = frozenset(
    {
        "_",
        "gettext",
        "gettext_lazy",
        "ngettext",
        "ngettext_lazy",
        "pgettext",
        "pgettext_lazy",
        "npgettext",
        "npgettext_lazy",
        "format_lazy",
    }
)
MESSAGE_FUNCTIONS = frozenset({"debug", "info", "success", "warning", "error"})
# Keyword arguments that a reader sees (form fields, widgets' placeholders, mails, notices).
TEXT_KEYWORDS = frozenset(
    {"label", "help_text", "empty_label", "placeholder", "subject", "text", "message"}
)
LETTERS = re.compile(r"[^\W\d_]{2}")
# Exceptions whose message a player reads (a page's flash message, a form error, the API).
REFUSALS = frozenset(
    {
        "ValidationError",
        "GameActionError",
        "MoveRefused",
        "StalePage",
        "ChallengeClosed",
        "NotAPlayer",
        "TimeRanOut",
        "TournamentRefused",
        "LadderRefused",
        "NotInThread",
        "ContactRefused",
        "PermissionDenied",
        "Http404",
        "CommandError",
    }
)


def _is_bare(node: ast.AST) -> bool:
    """Whether `node` builds reader text from a literal without gettext around it."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and bool(LETTERS.search(node.value))
    if isinstance(node, ast.JoinedStr):
        return any(
            isinstance(v, ast.Constant) and LETTERS.search(str(v.value)) for v in node.values
        )
    if isinstance(node, ast.BinOp):
        return _is_bare(node.left) or (isinstance(node.op, ast.Add) and _is_bare(node.right))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        # "...".format(...), "".join([...])
        return node.func.attr == "format" and _is_bare(node.func.value)
    if isinstance(node, ast.IfExp):
        return _is_bare(node.body) or _is_bare(node.orelse)
    if isinstance(node, ast.Dict):
        return any(_is_bare(v) for v in node.values)
    return False


def _callee(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _bare_strings(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        # errors["field"] = "..." (collected, then raised as one ValidationError).
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Subscript) and getattr(t.value, "id", "") == "errors"
            for t in node.targets
        ):
            if _is_bare(node.value):
                found.append((node.lineno, "errors[...]"))
            continue
        if not isinstance(node, ast.Call) or _callee(node) in GETTEXT_NAMES:
            continue
        name = _callee(node)
        func = node.func
        receiver = (
            func.value.id
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
            else ""
        )
        candidates: list[ast.AST] = []
        if receiver == "messages" and name in MESSAGE_FUNCTIONS and len(node.args) >= 2:
            candidates.append(node.args[1])
        if receiver == "messages" and name == "add_message" and len(node.args) >= 3:
            candidates.append(node.args[2])
        if name in REFUSALS and node.args:
            candidates.append(node.args[0])
        if name == "InvalidSetting" and len(node.args) >= 2:
            candidates.append(node.args[1])
        if name == "add_error" and len(node.args) >= 2:
            candidates.append(node.args[1])
        if name == "MailContent" and node.args:
            candidates.append(node.args[0])
        candidates += [k.value for k in node.keywords if k.arg in TEXT_KEYWORDS]
        # A widget's attrs={"placeholder": "..."}.
        for keyword in node.keywords:
            if keyword.arg == "attrs" and isinstance(keyword.value, ast.Dict):
                for key, value in zip(keyword.value.keys, keyword.value.values, strict=True):
                    if isinstance(key, ast.Constant) and key.value in TEXT_KEYWORDS:
                        candidates.append(value)
        found += [(c.lineno, name) for c in candidates if _is_bare(c)]
    return found


def _python_files() -> list[Path]:
    files = []
    for package in CHECKED_PACKAGES:
        files += [
            p
            for p in (ROOT / package).rglob("*.py")
            # Django's admin and the management commands are for the staff, in English.
            if not {"migrations", "settings", "management"} & set(p.parts) and p.name != "admin.py"
        ]
    return sorted(files)


def test_python_gives_readers_no_string_without_gettext():
    bare = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path in _python_files()
        for line, name in _bare_strings(ast.parse(path.read_text()))
    ]
    assert not bare, "Wrap these in gettext (_ / gettext_lazy / ngettext):\n" + "\n".join(bare)


@pytest.mark.parametrize(
    ("code", "bare"),
    [
        ('messages.success(request, "Saved.")', True),
        ('messages.success(request, _("Saved."))', False),
        ('messages.error(request, f"Game {pk} is gone.")', True),
        ('forms.CharField(label="Name", help_text=_("Shown to all"))', True),
        (
            'forms.CharField(label=_("Name"), widget=TextInput(attrs={"placeholder": "D4 or"}))',
            True,
        ),
        ('raise ValidationError({"bio": "Too long."})', True),
        ('raise ValidationError(_("Too long: %(n)s.") % {"n": 3})', False),
        ('MailContent(subject="Your turn against " + name, template="x")', True),
        ('notify(user=u, text=ngettext("%(n)s day", "%(n)s days", n) % {"n": n})', False),
        ('log.warning("Mail refused: %s", exc)', False),
        ('errors["bio"] = f"Bio is too long (at most {most} characters)."', True),
        ('errors["bio"] = _("Bio is too long.")', False),
    ],
)
def test_the_python_check_finds_bare_strings(code, bare):
    assert bool(_bare_strings(ast.parse(code))) is bare


# --- catalogs ----------------------------------------------------------------------------------


def _languages() -> list[str]:
    return [to_locale(code) for code, _ in settings.LANGUAGES if code != "en"]


def _catalogs() -> list[Path]:
    return sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))


def test_every_language_has_its_catalog():
    for language in _languages():
        assert (LOCALE / language / "LC_MESSAGES" / "django.po").is_file(), language


@needs_msgfmt
@pytest.mark.parametrize("po", _catalogs(), ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_catalog_passes_msgfmt_check(po):
    result = subprocess.run(
        [msgfmt, "--check", "--output-file=/dev/null", str(po)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr


@needs_msgfmt
@pytest.mark.parametrize("po", _catalogs(), ids=lambda p: f"{p.parts[-3]}/{p.name}")
def test_committed_mo_is_compiled_from_its_po(po, tmp_path):
    committed = po.with_suffix(".mo")
    assert committed.is_file(), f"{committed} is missing: run `make compilemessages`"
    fresh = tmp_path / "fresh.mo"
    subprocess.run([msgfmt, f"--output-file={fresh}", str(po)], check=True, timeout=60)
    with committed.open("rb") as old, fresh.open("rb") as new:
        stale = python_gettext.GNUTranslations(old)._catalog
        current = python_gettext.GNUTranslations(new)._catalog
    assert stale == current, f"{committed} is stale: run `make compilemessages`"


@needs_msgfmt
@pytest.mark.parametrize("language", sorted(COMPLETE))
def test_complete_languages_have_no_untranslated_or_fuzzy_entry(language):
    for domain in DOMAINS:
        po = LOCALE / language / "LC_MESSAGES" / f"{domain}.po"
        if not po.exists():
            continue
        result = subprocess.run(
            [msgfmt, "--statistics", "--output-file=/dev/null", str(po)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert "fuzzy" not in result.stderr and "untranslated" not in result.stderr, (
            f"{po.relative_to(ROOT)}: {result.stderr.strip()}"
        )


_GETTEXTS = {"_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy", "pgettext", "npgettext"}


def test_no_gettext_inside_an_f_string():
    """makemessages (xgettext) does not look inside f-strings: a sentence marked there never
    reaches the catalogs and stays English in every language."""
    hidden = [
        f"{path.relative_to(ROOT)}:{call.lineno}"
        for path in _python_files()
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.JoinedStr)
        for call in ast.walk(node)
        if isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and call.func.id in _GETTEXTS
        and call.args
        and isinstance(call.args[0], ast.Constant)  # a literal, to be extracted
    ]
    assert not hidden, "Call gettext outside the f-string:\n" + "\n".join(hidden)
