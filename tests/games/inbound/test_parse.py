"""Reading reply mails: MIME structure, charsets, HTML, quotes, signatures and the command."""

from __future__ import annotations

import unicodedata
from email.message import EmailMessage

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from games.inbound.parse import (
    Command,
    CommandError,
    authentication_results,
    command_parse,
    first_line,
    html_to_text,
    reply_mail_parse,
)

GMAIL_HTML = (
    '<div dir="ltr">q16<br></div><br><div class="gmail_quote"><div dir="ltr" '
    'class="gmail_attr">On Mon, 1 Mar 2026, Badux &lt;noreply@example.org&gt; wrote:<br></div>'
    '<blockquote class="gmail_quote" style="margin:0"><div>shiro has played move 3.</div>'
    "</blockquote></div>"
)


def _mail(body: str | None = None, *, html: str | None = None, charset: str = "utf-8", **headers):
    message = EmailMessage()
    message["From"] = headers.pop("sender", "Kuro <kuro@example.org>")
    message["To"] = "play+x@play.example.org"
    message["Subject"] = "Re: [Badux] Your turn against shiro"
    message["Message-ID"] = "<reply-1@example.org>"
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    if body is not None:
        message.set_content(body, charset=charset)
    if html is not None:
        if body is None:
            message.set_content(html, subtype="html", charset=charset)
        else:
            message.add_alternative(html, subtype="html", charset=charset)
    return message.as_bytes()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("D4\n", "D4"),
        ("\n\n   d4  \n\nthanks", "d4"),
        # Bottom-posting: the attribution line and the quote come first.
        ("On Mon, Badux wrote:\n> Your turn\n> move 3\n\nk10\n", "k10"),
        ("> quoted\n>> more\npass\n", "pass"),
        # Top-posting with a signature.
        ("resign\n-- \nKuro\n", "resign"),
        ("-- \nKuro\n", ""),
        ("-----Original Message-----\nFrom: Badux\n", ""),
        ("\ufeff\u200bD4\u200b\n", "D4"),  # BOM and zero-width spaces from phones
        ("\uff24\uff14\n", "D4"),  # full-width letters (NFKC)
        ("\u00a0\u00a0c3\u00a0\n", "c3"),
        ("", ""),
    ],
)
def test_first_line(text, expected):
    assert first_line(text) == expected


def test_plain_text_with_quoted_printable_latin1():
    raw = _mail("ü and more\n", charset="iso-8859-1")
    assert reply_mail_parse(raw).first_line == "ü and more"


def test_html_only_mail_uses_the_text_above_the_gmail_quote():
    mail = reply_mail_parse(_mail(html=GMAIL_HTML))
    assert mail.first_line == "q16"


def test_multipart_alternative_prefers_the_plain_part():
    raw = _mail("C3\n\n> old text", html="<p>not this</p>")
    assert reply_mail_parse(raw).first_line == "C3"


def test_html_text_breaks_blocks_and_skips_scripts_and_entities():
    html = "<html><head><title>T</title><style>p{}</style></head><body><p>A&amp;B</p>x<br>y</body>"
    assert [line for line in html_to_text(html).splitlines() if line] == ["A&B", "x", "y"]


def test_attachment_and_base64_body():
    message = EmailMessage()
    message["From"] = "kuro@example.org"
    message.set_content("pass\n", cte="base64")
    message.add_attachment(b"\x89PNG...", maintype="image", subtype="png", filename="board.png")
    assert reply_mail_parse(message.as_bytes()).first_line == "pass"


def test_unknown_charset_falls_back_to_utf8():
    raw = (
        b"From: kuro@example.org\r\nContent-Type: text/plain; charset=x-no-such-charset\r\n\r\n"
        b"D4\r\n"
    )
    assert reply_mail_parse(raw).first_line == "D4"


@pytest.mark.parametrize(
    "charset", ["idna", "punycode", "undefined", "rot13", "base64", "hex", "zlib", "uu"]
)
@pytest.mark.parametrize("subtype", ["plain", "html"])
def test_a_codec_that_is_no_mail_charset_falls_back_to_utf8(charset, subtype):
    body = b"<p>D4</p>" if subtype == "html" else b"D4"
    raw = (
        (
            f"From: kuro@example.org\r\nContent-Type: text/{subtype}; charset={charset}\r\n"
            "Content-Transfer-Encoding: 8bit\r\n\r\n"
        ).encode()
        + body
        + b"\r\n\xff\xfe\r\n"
    )
    assert reply_mail_parse(raw).first_line == "D4"


def test_nul_bytes_and_raw_bytes_in_headers_are_dropped_or_replaced():
    raw = (
        b"From: kuro@example.org\r\nSubject: Re: \x00hi\x07 caf\xe9\r\n"
        b"Message-ID: <a\x00b@example.org>\r\n\r\nD4\r\n"
    )
    mail = reply_mail_parse(raw)
    assert (mail.subject, mail.message_id) == ("Re: hi caf\ufffd", "<a b@example.org>")
    assert mail.sender == "kuro@example.org"


@pytest.mark.parametrize(
    "sender",
    [b"kuro\x00@example.org", b"Kuro\x00 <kuro@example.org>", b"=?utf-8?q?K=00?= <kuro@x.org>"],
)
def test_a_from_header_with_a_nul_names_no_sender(sender):
    mail = reply_mail_parse(b"From: " + sender + b"\r\n\r\nD4\r\n")
    assert mail.sender == ""


@pytest.mark.parametrize(
    ("header", "parsed"),
    [
        (
            "mx.example.org; dkim=pass header.d=x.org; dmarc=fail (p=reject) header.from=x.org",
            ("mx.example.org", [("dkim", "pass"), ("dmarc", "fail")]),
        ),
        (
            "MX.Example.ORG 1; spf=pass (a comment; with (nested) parts) smtp.mailfrom=x;"
            " DMARC/1 = Pass",
            ("mx.example.org", [("spf", "pass"), ("dmarc", "pass")]),
        ),
        ('"quoted.example"; dmarc=none', ("quoted.example", [("dmarc", "none")])),
        ("mx.example.org; none", ("mx.example.org", [])),
        ("", ("", [])),
        ("; ;; = ;dmarc", ("", [])),
    ],
)
def test_authentication_results(header, parsed):
    assert authentication_results(header) == parsed


def test_every_dmarc_result_is_kept_with_its_server():
    raw = (
        b"From: kuro@example.org\r\n"
        b"Authentication-Results: mx.badux.example;\r\n dmarc=fail header.from=example.org\r\n"
        b"Authentication-Results: forged.example; dkim=pass; dmarc=pass\r\n\r\nD4\r\n"
    )
    assert reply_mail_parse(raw).dmarc == (("mx.badux.example", "fail"), ("forged.example", "pass"))


def test_headers():
    mail = reply_mail_parse(_mail("D4"))
    assert mail.message_id == "<reply-1@example.org>"
    assert mail.sender == "kuro@example.org"
    assert mail.subject == "Re: [Badux] Your turn against shiro"
    assert mail.automatic is False


@pytest.mark.parametrize(
    "header",
    [
        {"Auto_Submitted": "auto-replied"},
        {"Precedence": "bulk"},
        {"List_Id": "<go.lists.example.org>"},
    ],
)
def test_auto_replies_and_list_mail_are_automatic(header):
    assert reply_mail_parse(_mail("I am on holiday", **header)).automatic is True


def test_auto_submitted_no_is_a_person():
    assert reply_mail_parse(_mail("D4", Auto_Submitted="no")).automatic is False


def test_two_from_addresses_give_no_sender():
    raw = _mail("D4", sender="a@example.org, b@example.org")
    assert reply_mail_parse(raw).sender == ""


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("D4", Command("move", "D4")),
        ("d4", Command("move", "D4")),
        ("q16.", Command("move", "Q16")),
        ("PASS", Command("pass")),
        ("Pass!", Command("pass")),
        ("resign", Command("resign")),
        ("I5", Command("move", "I5")),  # the board explains there is no column I
    ],
)
def test_commands(line, command):
    assert command_parse(line) == command


@pytest.mark.parametrize(
    "line", ["res", "resign please", "d4 thanks", "play d4", "4d", "dd", "D 4", "D123"]
)
def test_anything_else_is_refused_with_what_to_write(line):
    with pytest.raises(CommandError, match="D4, or the word pass, or the word resign"):
        command_parse(line)


def test_an_empty_first_line_says_where_to_write():
    with pytest.raises(CommandError, match="first line"):
        command_parse("")


def test_a_long_line_is_shortened_in_the_message():
    with pytest.raises(CommandError) as error:
        command_parse("x" * 150)
    assert "x" * 40 + "…" in str(error.value)
    assert "x" * 41 not in str(error.value)


@hypothesis_settings(deadline=None)  # a busy machine must not fail the test
@given(st.binary(max_size=3000))
def test_any_bytes_parse_without_error(raw):
    mail = reply_mail_parse(raw)
    for text in (mail.first_line, mail.subject, mail.message_id, mail.sender):
        # Storable in any database: no NUL or other control character, no lone surrogate.
        assert not {unicodedata.category(ch) for ch in text} & {"Cc", "Cs"}
    assert isinstance(mail.first_line, str)
    assert len(mail.first_line) <= 200
    assert "\n" not in mail.first_line
    try:
        command_parse(mail.first_line)
    except CommandError as error:
        assert "first line" in str(error)


@hypothesis_settings(deadline=None)  # a busy machine must not fail the test
@given(
    body=st.text(max_size=500),
    html=st.booleans(),
    charset=st.sampled_from(["utf-8", "iso-8859-1", "utf-16", "koi8-r", "shift_jis"]),
)
def test_any_text_in_any_charset_parses_without_error(body, html, charset):
    try:
        body.encode(charset)
    except UnicodeEncodeError:
        charset = "utf-8"
    try:
        raw = (
            _mail(html=f"<p>{body}</p>", charset=charset) if html else _mail(body, charset=charset)
        )
    except (ValueError, TypeError):
        # The stdlib refuses to build some messages (e.g. lone surrogates); nothing to parse.
        return
    mail = reply_mail_parse(raw)
    assert len(mail.first_line) <= 200
