"""The words a template shows a reader: runs of literal text (and the variables inside them)
outside HTML tags, and the values of the attributes people read (title, alt, aria-label,
placeholder...), that no {% translate %} / {% blocktranslate %} wraps.

A run ends at an HTML tag (except the attribute-less inline ones: <strong>, <em>, <br>...,
which stay inside a sentence), at a block tag ({% if %}, {% url %}...) and, in plain-text mail
templates, at a line end. Script, style and <code ...> elements, {% comment %} blocks,
{# #} comments, HTML comments and the insides of translation blocks are skipped.

Used by tests/site/test_i18n.py; small enough to read in one sitting, not a template parser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Attributes whose values a person reads (or a screen reader says).
READ_ATTRIBUTES = frozenset({"title", "alt", "aria-label", "placeholder", "aria-description"})
# data-* attributes whose value is words (a space between letters) carry text for a script,
# e.g. data-copied="Copied to the clipboard".
DATA_SENTENCE = re.compile(r"[^\W\d_]\s+[^\W\d_]")
# Inline tags without attributes that may sit inside one translatable sentence.
INLINE_TAGS = re.compile(r"</?(strong|em|b|i|code|kbd|br|abbr|small)\s*/?>", re.IGNORECASE)
DJANGO_TOKEN = re.compile(r"({%.*?%}|{{.*?}}|{#.*?#})", re.DOTALL)
# Words that stay as they are in every language (the site's name, Go's SGF file format...).
UNTRANSLATED = frozenset({"Badux", "SGF", "API", "Glicko-2", "·", "×"})
LETTER = re.compile(r"[^\W\d_]")


def _is_read(attribute: str) -> bool:
    return attribute in READ_ATTRIBUTES or attribute.startswith("data-")


def _tag_name(token: str) -> str:
    return token[2:-2].strip().split(" ", 1)[0] if token.startswith("{%") else ""


@dataclass
class Run:
    """One stretch of reader-visible text: `pieces` alternate literal text and {{ }} tokens;
    `start`/`end` are offsets into the source; `attribute` names the HTML attribute it sits in
    (empty for element text)."""

    start: int
    end: int = 0
    attribute: str = ""
    pieces: list[str] = field(default_factory=list)

    @property
    def literal(self) -> str:
        return "".join(p for p in self.pieces if not p.startswith("{{"))

    def needs_translation(self) -> bool:
        """Whether its literal text holds words (letters) that are not in UNTRANSLATED or a
        board coordinate like "D4"."""
        words = [
            w.strip(".,:;()[]")
            for w in re.sub(r"<[^>]*>", " ", self.literal).split()
            if LETTER.search(w)
        ]
        if self.attribute.startswith("data-") and not DATA_SENTENCE.search(self.literal):
            return False
        return any(w not in UNTRANSLATED and not re.fullmatch(r"[A-HJ-Z]\d{0,2}", w) for w in words)

    @property
    def text(self) -> str:
        return "".join(self.pieces)


def runs(source: str, *, plain_text: bool = False) -> list[Run]:
    """Every untranslated run of `source` (see the module docstring), in order; `plain_text`
    for .txt templates (no HTML: the whole text is visible, runs end at line ends)."""
    found: list[Run] = []
    skip_until: str | None = None  # the end tag of a skipped block ({% endcomment %}...)
    in_tag = False  # inside <...>
    quote = ""  # inside a quoted attribute value: its quote char
    attr_name = ""
    pending_name = ""
    raw_element = ""  # inside <script> / <style>: its name
    html_comment = False
    run: Run | None = None

    def close(at: int) -> None:
        nonlocal run
        if run is not None:
            run.end = at
            # Trim whitespace from the ends: the run covers its words only.
            found.append(run)
        run = None

    def add(piece: str, at: int, attribute: str) -> None:
        nonlocal run
        if run is None:
            run = Run(start=at, attribute=attribute)
        run.pieces.append(piece)

    pos = 0
    for part in DJANGO_TOKEN.split(source):
        start = pos
        pos += len(part)
        if not part:
            continue
        if skip_until is not None:
            if part.startswith("{%") and _tag_name(part) == skip_until:
                skip_until = None
            continue
        if part.startswith("{#"):
            continue
        if part.startswith("{%"):
            name = _tag_name(part)
            if name == "comment":
                skip_until = "endcomment"
            elif name == "verbatim":
                skip_until = "endverbatim"
            elif name == "block" and part[2:-2].split()[1:2] == ["main_class"]:
                skip_until = "endblock"  # a CSS class name, not words
            elif name in ("blocktranslate", "blocktrans"):
                skip_until = "endblocktranslate" if name == "blocktranslate" else "endblocktrans"
            close(start)
            continue
        if part.startswith("{{"):
            if raw_element or html_comment:
                continue
            if in_tag and not (quote and _is_read(attr_name)):
                continue
            add(part, start, attr_name if in_tag else "")
            continue
        if plain_text:
            offset = start
            for line in part.splitlines(keepends=True):
                if line.strip():
                    add(line.rstrip("\n"), offset, "")
                if line.endswith("\n"):
                    close(offset + len(line.rstrip("\n")))
                offset += len(line)
            continue
        # HTML text: a small state machine over characters, literal text collected in chunks.
        i = 0
        chunk_start = None
        while i < len(part):
            ch = part[i]
            here = start + i
            if html_comment:
                if part.startswith("-->", i):
                    html_comment = False
                    i += 3
                    continue
                i += 1
                continue
            if raw_element:
                if part[i:].lower().startswith(f"</{raw_element}"):
                    raw_element = ""
                    in_tag = True
                    i += 2
                    continue
                i += 1
                continue
            if in_tag:
                if quote:
                    if ch == quote:
                        if chunk_start is not None:
                            add(part[chunk_start:i], start + chunk_start, attr_name)
                            chunk_start = None
                        close(here)
                        quote = ""
                        attr_name = ""
                    elif _is_read(attr_name) and chunk_start is None:
                        chunk_start = i
                    i += 1
                    continue
                if ch in "\"'":
                    quote = ch
                    attr_name = pending_name
                    if run is None and _is_read(attr_name):
                        run = Run(start=here + 1, attribute=attr_name)
                    i += 1
                    continue
                if ch == ">":
                    in_tag = False
                    i += 1
                    continue
                match = re.match(r"([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*", part[i:])
                if match:
                    pending_name = match.group(1).lower()
                    i += match.end()
                    continue
                i += 1
                continue
            if ch == "<":
                inline = INLINE_TAGS.match(part, i)
                if inline:
                    if chunk_start is None:
                        chunk_start = i
                    i = inline.end()
                    continue
                if chunk_start is not None:
                    add(part[chunk_start:i], start + chunk_start, "")
                    chunk_start = None
                close(here)
                if part.startswith("<!--", i):
                    html_comment = True
                    i += 4
                    continue
                # <code class=...> holds tokens and commands, not words (a bare <code> inside a
                # sentence stays in the run, as an inline tag).
                element = re.match(r"<\s*(script|style|code)\b", part[i:], re.IGNORECASE)
                if element:
                    raw_element = element.group(1).lower()
                in_tag = True
                pending_name = ""
                i += 1
                continue
            if chunk_start is None:
                chunk_start = i
            i += 1
        if chunk_start is not None:
            add(part[chunk_start:], start + chunk_start, attr_name if in_tag else "")
    close(len(source))
    return [r for r in found if r.needs_translation()]


# Names of {% include ... with %} arguments that carry words for the reader.
TEXT_ARGUMENTS = frozenset({"label", "empty", "title", "text", "heading", "caption", "message"})


def untranslated_include_literals(source: str) -> list[str]:
    """String literals with words passed as TEXT_ARGUMENTS to {% include ... with %} (e.g.
    a mail button's label="...") that are not wrapped in _(...)."""
    bad = []
    for tag in re.findall(r"{%\s*include\b.*?%}", source):
        if " with " not in tag:
            continue
        arguments = tag.split(" with ", 1)[1]
        for name, value in re.findall(r"\b([a-z_]+)=(\"[^\"]*\"|'[^']*')", arguments):
            if name in TEXT_ARGUMENTS and LETTER.search(value):
                bad.append(f"{name}={value}")
    return bad
