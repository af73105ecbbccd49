"""Reading a player's reply mail: headers that matter and the command on its first line.

No database and no Django here. `reply_mail_parse` never raises on junk input: a message that
cannot be read yields empty fields, and `command_parse` then says what it expected. Every text
it returns can be stored as it is: no control characters (NUL), no lone surrogates, whatever
charset (idna, punycode, undefined, rot13 ...) the message names."""

from __future__ import annotations

import email
import email.policy
import hashlib
import re
import unicodedata
from dataclasses import dataclass
from email.message import EmailMessage, Message
from email.utils import getaddresses
from html.parser import HTMLParser

from django.utils.translation import gettext

PASS = "pass"  # noqa: S105  (a command, not a password)
RESIGN = "resign"
# Lines after which a mail is quoted history, not the player's text.
_HISTORY_MARKERS = re.compile(
    r"^(-- ?|_{5,}|-{3,} ?(original message|forwarded message|urspr\w+ nachricht).*-*)$",
    re.IGNORECASE,
)
_QUOTE_PREFIX = re.compile(r"^\s*(>|\|)")
_INVISIBLE = {"Cf", "Cc", "Cs", "Zl", "Zp"}
_MAX_LINE = 200


@dataclass(frozen=True)
class ReplyMail:
    """What the receiver needs from one message. Text fields are '' when missing."""

    message_id: str
    sender: str  # the From address, lower case
    subject: str
    first_line: str  # first line of the player's own text, up to 200 characters
    automatic: bool  # an auto-reply, bounce or list mail: never answered, never played
    # (authserv-id, result) of every dmarc result in the Authentication-Results headers, both
    # lower case; which server to believe is the caller's choice (anyone can write one).
    dmarc: tuple[tuple[str, str], ...] = ()
    # The writer's own text, every line (quoted history and signature left out), for replies
    # that are more than a command (private messages, `messaging.replies.services`).
    text: str = ""

    def dedup_key(self, *, recipient: str, raw: bytes) -> str:
        """Same message to the same address -> same key (the raw bytes when no Message-ID)."""
        source = self.message_id.encode() if self.message_id else b"raw:" + raw
        return hashlib.sha256(recipient.lower().encode() + b"\n" + source).hexdigest()


@dataclass(frozen=True)
class Command:
    """A parsed first line: `kind` is 'move' (with `coordinate`), 'pass' or 'resign'."""

    kind: str
    coordinate: str = ""


class CommandError(ValueError):
    """The first line is not a command; the message says what would have been."""


def reply_mail_parse(raw: bytes) -> ReplyMail:
    """Read a message (any MIME structure, charset or transfer encoding)."""
    try:
        message = email.message_from_bytes(raw, policy=email.policy.default)
    except Exception:  # the parser's failures are not a closed set
        message = EmailMessage()
    body = body_text(message)
    return ReplyMail(
        message_id=_header(message, "Message-ID")[:500],
        sender=_sender(message),
        subject=_header(message, "Subject")[:200],
        first_line=first_line(body),
        automatic=_is_automatic(message),
        dmarc=_dmarc_results(message),
        text=own_text(body),
    )


def _storable(text: str) -> str:
    """`text` with control characters (NUL ...) as spaces and lone surrogates (undecodable
    bytes) as U+FFFD, whitespace collapsed: safe for any database column."""
    kept = []
    for ch in text:
        category = unicodedata.category(ch)
        kept.append(" " if category == "Cc" else "\ufffd" if category == "Cs" else ch)
    return " ".join("".join(kept).split())


def _header_values(message: Message, name: str) -> list[str]:
    """Every `name` header as text, unfolded; [] when missing or unreadable."""
    try:
        values = message.get_all(name) or []
        return [" ".join(str(value).split()) for value in values]
    except Exception:  # a malformed header must not stop the mail
        return []


def _header(message: Message, name: str) -> str:
    values = _header_values(message, name)
    return _storable(values[0]) if values else ""


def _sender(message: Message) -> str:
    """The one address in From, lower case; '' when there is none, several, or the header
    holds control characters (a NUL is no part of an address, and not silently dropped)."""
    values = _header_values(message, "From")
    if len(values) != 1 or values[0] != _storable(values[0]):
        return ""
    pairs = getaddresses(values)
    addresses = [address for _, address in pairs if "@" in address]
    if len(addresses) != 1 or len(addresses[0]) > 254 or not addresses[0].isprintable():
        return ""
    return addresses[0].lower()


_COMMENT = re.compile(r"\([^()]*\)")
_RESULT = re.compile(r"^([a-z0-9_.-]+)(?:/[0-9]+)?\s*=\s*([a-z0-9_-]+)", re.IGNORECASE)


def authentication_results(value: str) -> tuple[str, list[tuple[str, str]]]:
    """One Authentication-Results header (RFC 8601) -> (authserv-id, [(method, result)]), lower
    case: 'mx.example.org; dmarc=fail (p=reject) header.from=x.org' ->
    ('mx.example.org', [('dmarc', 'fail')]). Comments are dropped; junk gives no results."""
    for _ in range(5):  # nested comments, innermost first
        value = _COMMENT.sub(" ", value)
    first, *resinfo = value.split(";")
    words = first.split()
    authserv_id = words[0].strip('"').lower() if words else ""
    results = []
    for part in resinfo:
        match = _RESULT.match(part.strip())
        if match:
            results.append((match.group(1).lower(), match.group(2).lower()))
    return authserv_id, results


def _dmarc_results(message: Message) -> tuple[tuple[str, str], ...]:
    found = []
    for value in _header_values(message, "Authentication-Results"):
        authserv_id, results = authentication_results(value)
        found += [(authserv_id, result) for method, result in results if method == "dmarc"]
    return tuple(found)


def _is_automatic(message: Message) -> bool:
    auto = _header(message, "Auto-Submitted").lower()
    precedence = _header(message, "Precedence").lower()
    return (
        (auto not in ("", "no"))
        or precedence in ("bulk", "junk", "list", "auto_reply")
        or bool(_header(message, "List-Id"))
        or _header(message, "Content-Type").lower().startswith("multipart/report")
    )


def body_text(message: Message) -> str:
    """The text of the message: its text/plain part, else its text/html part as text."""
    try:
        part = message.get_body(preferencelist=("plain", "html"))  # type: ignore[attr-defined]
    except Exception:  # a broken MIME tree reads as no body
        part = None
    if part is None:
        if message.is_multipart() or message.get_content_maintype() != "text":
            return ""
        part = message
    text = _decoded(part)
    if part.get_content_subtype() == "html":
        return html_to_text(text)
    return text


def _decoded(part: Message) -> str:
    try:
        payload = part.get_payload(decode=True)
    except Exception:  # a broken transfer encoding: fall back to the raw payload
        payload = None
    if not isinstance(payload, bytes):
        value = part.get_payload()
        return value if isinstance(value, str) else ""
    charset = part.get_content_charset() or "utf-8"
    try:
        return payload.decode(charset, errors="replace")
    except (LookupError, ValueError):
        # An unknown name, a codec that is no charset (rot13, base64: LookupError), or one that
        # refuses errors="replace" or the bytes themselves (idna, punycode, undefined:
        # UnicodeError, a ValueError): read the text as UTF-8 instead.
        return payload.decode("utf-8", errors="replace")


class _TextExtractor(HTMLParser):
    """HTML to lines: block elements break lines; scripts, styles and quotes are skipped."""

    _BLOCKS = {"br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "table"}
    _SKIPPED = {"script", "style", "head", "title", "blockquote"}
    _VOID = {"br", "hr", "img", "meta", "link", "input", "col", "area", "base", "wbr", "source"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip_depth = 0  # open elements inside a skipped one (quote, script ...)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._VOID:
            self.handle_startendtag(tag, attrs)
            return
        classes = " ".join(value or "" for name, value in attrs if name == "class")
        if self.skip_depth or tag in self._SKIPPED or "quote" in classes.lower():
            self.skip_depth += 1
        elif tag in self._BLOCKS:
            self.parts.append("\n")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self.skip_depth and tag in self._BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._VOID:
            return
        if self.skip_depth:
            self.skip_depth -= 1
        elif tag in self._BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skip_depth:
            self.parts.append(data)


def html_to_text(html: str) -> str:
    """Readable text of an HTML body, one line per block; quoted history left out."""
    parser = _TextExtractor()
    try:
        parser.feed(html)
        parser.close()
    except Exception:  # HTMLParser is lenient; this is a last resort
        return ""
    return "".join(parser.parts)


def _clean(line: str) -> str:
    line = unicodedata.normalize("NFKC", line)
    line = "".join(ch for ch in line if unicodedata.category(ch) not in _INVISIBLE)
    return " ".join(line.split())


def first_line(text: str) -> str:
    """The first non-empty line the player wrote: quoted lines ('>') are skipped, as is an
    attribution line ('On ... wrote:') before a quote; a signature ('-- ') or an
    'Original Message' marker ends the search."""
    lines = [_clean(line) for line in text.splitlines()]
    raw_lines = text.splitlines()
    for index, line in enumerate(lines):
        if not line:
            continue
        if _HISTORY_MARKERS.match(raw_lines[index].strip()) or raw_lines[index] == "-- ":
            return ""
        if _QUOTE_PREFIX.match(raw_lines[index]):
            continue
        if line.endswith(":") and _next_is_quote(raw_lines, index):
            continue
        return line[:_MAX_LINE]
    return ""


def own_text(text: str) -> str:
    """Everything the writer wrote above the quoted mail: quoted lines ('>') and the
    attribution line before a quote are left out, a signature ('-- ') or an 'Original Message'
    marker ends it. Each line is storable (see `_storable`); blank lines between paragraphs
    are kept, at most one in a row."""
    raw_lines = text.splitlines()
    kept: list[str] = []
    for index, raw in enumerate(raw_lines):
        if _HISTORY_MARKERS.match(raw.strip()) or raw == "-- ":
            break
        line = _storable(raw)
        if _QUOTE_PREFIX.match(raw) or (line.endswith(":") and _next_is_quote(raw_lines, index)):
            continue
        if line or (kept and kept[-1]):
            kept.append(line)
    return "\n".join(kept).strip()


def _next_is_quote(raw_lines: list[str], index: int) -> bool:
    for later in raw_lines[index + 1 :]:
        if later.strip():
            return bool(_QUOTE_PREFIX.match(later))
    return False


def command_parse(line: str) -> Command:
    """'D4' / 'd4' -> a move, 'pass' -> pass, 'resign' -> resign (whole words, any case; a
    trailing '.' or '!' is ignored). Resigning needs the full word: no abbreviation resigns.

    Raises CommandError for anything else. The coordinate is only checked for its form here;
    the board decides whether it exists.
    """
    word = line.strip().rstrip(".!").strip().lower()
    if word in (PASS, RESIGN):
        return Command(kind=word)
    if re.fullmatch(r"[a-z][0-9]{1,2}", word):
        return Command(kind="move", coordinate=word.upper())
    if not word:
        raise CommandError(
            gettext(
                "your reply has no text above the quoted mail. Write your move on the first line."
            )
        )
    shown = line if len(line) <= 40 else line[:40] + "…"
    raise CommandError(
        gettext(
            "the first line of your reply, '%(shown)s', is not a move. Write a coordinate "
            "such as D4, or the word pass, or the word resign, alone on the first line."
        )
        % {"shown": shown}
    )
