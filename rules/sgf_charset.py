"""Decoding an SGF file before it is tokenised.

sgfmill tokenises bytes and decodes property values afterwards, by CA. That is right for
charsets where every byte of a multi-byte character is outside ASCII (UTF-8, EUC-JP, EUC-KR,
GB2312), and wrong for Shift_JIS, Big5 and GBK/GB18030, whose trail bytes include 0x5C ('\\')
and 0x5D (']'): such a byte is taken for an escape or the end of a value, and a record comes
out with characters changed or its moves inside a comment. `decoded` decodes the whole file
first and gives sgfmill UTF-8, as sgfmill's own `Sgf_game.from_string` does.

The charset is the one the root's CA names (or a superset of it, for the characters Windows
programs add), else UTF-8 when the bytes are valid UTF-8, else a multi-byte charset that
charset-normalizer recognises, else Latin-1 (SGF's default). Pure: no Django.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

import charset_normalizer
from charset_normalizer.utils import is_multi_byte_encoding

# A character in UTF-8 (two to four bytes): a file holding one is not read as Latin-1.
_UTF8_SEQUENCE = re.compile(
    rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}"
)
# Codecs Python knows that cannot decode text with errors="replace" (idna, undefined) or that
# read an ASCII name as something else (punycode); transforms such as rot13, base64 and hex are
# refused by bytes.decode itself.
_NOT_CHARSETS = {"idna", "punycode", "undefined"}


class NotACharset(ValueError):
    """CA names a codec that is no charset for text; `ca` is the value as the file has it."""

    def __init__(self, ca: bytes) -> None:
        self.ca = ca
        super().__init__(f"CA[{ca.decode('ascii', 'replace')}] is not a character set for text")


@dataclass(frozen=True)
class SgfText:
    """A file decoded before it is tokenised: `data` is its text in UTF-8 (where no byte of a
    multi-byte character is a bracket or a backslash), `encoding` the codec it was read with,
    `declared` the codec its CA names (None when it names none or an unknown one), `how` one
    of "text" (given as a str), "declared", "utf-8" (no usable CA, valid UTF-8), "detected"
    (no usable CA: an East Asian charset recognised), "latin-1" (no usable CA: SGF's default),
    "not-declared" (the bytes are not in the declared charset; read in another one that fits
    them all) and "replaced" (in no charset tried: the characters that do not fit are
    replaced by U+FFFD, `replaced` of them)."""

    data: bytes
    encoding: str
    declared: str | None
    how: str
    replaced: int = 0


# Windows' and later supersets, tried when the bytes do not fit the named charset exactly
# (CA[Shift_JIS] files written by Windows programs hold cp932's extra characters).
_SUPERSETS = {
    "shift_jis": "cp932",
    "euc_jp": "euc_jis_2004",
    "gb2312": "gb18030",
    "gbk": "gb18030",
    "big5": "big5hkscs",
    "euc_kr": "cp949",
}
# The root's CA, found in the raw bytes before they are tokenised. A ']' inside a value is
# escaped, and the charset name has no backslash, so the pattern never matches inside a value.
_CA = re.compile(rb"(?<![A-Za-z])CA\s*\[([^\]\\]{0,60})\]")


def decoded(data: bytes | str) -> SgfText:
    """Decode an SGF file before it is tokenised (see `SgfText`). NotACharset when CA names
    a codec that is no charset for text (rot13, base64, hex, idna, punycode ...)."""
    if isinstance(data, str):
        return SgfText(data.encode("utf-8", "replace"), "utf-8", None, "text")
    declared = _declared_charset(data)
    tries: list[tuple[str | None, str]] = []
    if declared is not None:
        tries += [(declared, "declared"), (_SUPERSETS.get(declared), "declared")]
        tries += [("utf-8", "not-declared"), (_detected(data), "not-declared")]
        if not _UTF8_SEQUENCE.search(data):  # no UTF-8 text to spoil: SGF's default
            tries.append(("iso-8859-1", "not-declared"))
    else:
        tries += [("utf-8", "utf-8"), (_detected(data), "detected"), ("iso-8859-1", "latin-1")]
    for encoding, how in tries:
        if encoding is None:
            continue
        try:
            text = data.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            continue
        return SgfText(text.encode("utf-8"), encoding, declared, how)
    text = data.decode(declared or "utf-8", "replace")
    return SgfText(
        text.encode("utf-8"), declared or "utf-8", declared, "replaced", text.count("\ufffd")
    )


def _declared_charset(data: bytes) -> str | None:
    match = _CA.search(data)
    return None if match is None else _charset(match.group(1))


def _charset(ca: bytes) -> str | None:
    """The codec CA[ca] names; None for an unknown name; SgfError for a codec that is no
    charset for text."""
    try:
        name = codecs.lookup(ca.decode("ascii").strip()).name
    except (LookupError, UnicodeDecodeError, ValueError):
        return None  # an unknown charset only affects text; guessed instead
    try:
        ascii_compatible = b"CA[]".decode(name, "replace") == "CA[]"  # rot13 ... raise
    except (LookupError, ValueError):
        name, ascii_compatible = "undefined", True
    if name in _NOT_CHARSETS:
        raise NotACharset(ca)
    return name if ascii_compatible else None  # UTF-16 and such: SGF markup is ASCII


def _detected(data: bytes) -> str | None:
    """A multi-byte charset charset-normalizer recognises in `data`, else None: a guess at a
    single-byte charset from a few words is unreliable, and SGF's default is Latin-1."""
    best = charset_normalizer.from_bytes(data).best()
    if best is None or not is_multi_byte_encoding(best.encoding):
        return None
    return codecs.lookup(best.encoding).name


__all__ = ["NotACharset", "SgfText", "decoded"]
