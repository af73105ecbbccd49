"""The `make run` mail backend: one line per mail on the terminal, the whole mail in a file."""

import email
import io
from email import policy
from email.mime.image import MIMEImage

from django.core.mail import EmailMultiAlternatives

from baduxsite.devmail import EmailBackend

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 4000


def test_each_mail_is_one_line_with_its_link_and_a_file_holding_all_of_it(tmp_path):
    stream = io.StringIO()
    backend = EmailBackend(file_path=tmp_path / "mail", stream=stream)
    message = EmailMultiAlternatives(
        subject="[Badux] Your turn against bob",
        body="bob played D4.\n\nYour move: http://127.0.0.1:8800/games/7/\n",
        to=["alice@example.com"],
    )
    message.attach_alternative("<p>bob played <b>D4</b></p>", "text/html")
    message.mixed_subtype = "related"
    image = MIMEImage(PNG, "png")
    image.add_header("Content-ID", "<board>")
    message.attach(image)
    second = EmailMultiAlternatives(subject="No link", body="plain", to=["bob@example.com"])

    assert backend.send_messages([message, second]) == 2

    lines = stream.getvalue().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(
        "mail to alice@example.com: '[Badux] Your turn against bob' "
        "http://127.0.0.1:8800/games/7/  ["
    )
    assert lines[1].startswith("mail to bob@example.com: 'No link'  [")
    assert all(len(line) < 300 for line in lines)
    files = sorted((tmp_path / "mail").glob("*.eml"))
    assert len(files) == 2
    stored = [email.message_from_bytes(f.read_bytes(), policy=policy.default) for f in files]
    first = next(m for m in stored if m["To"] == "alice@example.com")
    assert first["Subject"] == "[Badux] Your turn against bob"
    parts = {part.get_content_type(): part for part in first.walk()}
    assert parts["image/png"].get_content() == PNG
    assert "http://127.0.0.1:8800/games/7/" in parts["text/plain"].get_content()


def test_a_mail_without_recipients_is_not_written(tmp_path):
    stream = io.StringIO()
    backend = EmailBackend(file_path=tmp_path, stream=stream)
    assert backend.send_messages([EmailMultiAlternatives(subject="x", body="y", to=[])]) == 0
    assert stream.getvalue() == ""
    assert list(tmp_path.iterdir()) == []
