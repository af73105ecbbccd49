"""Uploaded SGF records become reviews as the file has them (every node, moves as played, any
charset), the uploader told what the reading changed; an unusable file is refused with the
reason."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from core.refusals import refusal_of
from rules.board import BLACK
from rules.review.uploads import SgfRoundTrip
from rules.sgf_tree import MAX_LABEL, parse_sgf_tree
from tests.games.helpers import messages_of
from tests.rules.sgf_records import CHARSETS, facts, record, sgfmill_facts

pytestmark = pytest.mark.django_db


def _upload(client, data: bytes, **fields):
    upload = SimpleUploadedFile("g.sgf", data, content_type="application/x-go-sgf")
    return client.post(reverse("games:review_upload"), {"sgf": upload, **fields}, follow=True)


def _download(client, page) -> str:
    token = page.context["review"].token
    return client.get(reverse("games:review_sgf", args=[token])).content.decode()


@pytest.mark.parametrize(("ca", "codec", "words"), CHARSETS, ids=[c[0] for c in CHARSETS])
def test_an_upload_in_each_charset_is_kept_whole_and_its_download_reads_the_same(
    client, ca, codec, words
):
    text = record(ca, words)
    page = _upload(client, text.encode(codec))
    assert page.status_code == 200
    assert messages_of(page) == [
        "The whole record was read: every move, comment, mark and label is kept."
    ]
    downloaded = _download(client, page)
    # Node by node, as sgfmill reads them: every move, comment, mark, label and setup stone.
    assert sgfmill_facts(downloaded.encode()) == sgfmill_facts(text.encode(), "UTF-8")
    assert facts(parse_sgf_tree(downloaded).root) == facts(parse_sgf_tree(text).root)
    assert [(c["author"], c["text"]) for c in page.context["comments"]] == [("kuro", words[0])]


def test_the_reported_shift_jis_record_is_three_nodes_with_their_comments(client):
    data = "(;FF[4]GM[1]CA[Shift_JIS]SZ[9]C[ソ];B[ee]C[表];W[cc]C[AlphaGoが予想した手。])"
    page = _upload(client, data.encode("shift_jis"))
    nodes = page.context["tree_data"]["nodes"]
    assert [n["name"] for n in nodes] == ["", "E5", "C7"]
    comments = page.context["comments_data"]
    assert {k: [c["text"] for c in v] for k, v in comments.items()} == {
        "0": ["ソ"],
        "1": ["表"],
        "2": ["AlphaGoが予想した手。"],
    }
    assert "C[AlphaGoが予想した手。]" in _download(client, page)


def test_nodes_with_only_a_comment_or_setup_stones_stay_their_own_nodes(client):
    page = _upload(client, b"(;SZ[9];B[ee];C[think];AB[aa];W[cc])")
    nodes = page.context["tree_data"]["nodes"]
    assert [n["kind"] for n in nodes] == ["root", "play", "none", "none", "play"]
    setup_node = nodes[3]["id"]
    review = page.context["review"]
    shown = client.get(review.get_absolute_url(), {"node": setup_node})
    assert shown.context["here"] == "1. setup stones"
    assert shown.context["position"].stones[0] == BLACK  # A9, placed in that node
    assert "think" in _download(client, page)


def test_a_long_chat_comment_and_label_are_cut_and_the_uploader_told_why(client, settings):
    chat = "kuro: hello " * 300  # a KGS chat comment over the comment limit
    data = f"(;SZ[9]CA[UTF-8];B[ee]C[{chat}]LB[aa:LongLabel12][bb:{'y' * 30}];W[cc])"
    page = _upload(client, data.encode())
    assert page.status_code == 200
    most = settings.REVIEW_COMMENT_MAX_LENGTH
    assert messages_of(page) == [
        f"1 comment was longer than {most} characters, the most a comment here holds: it "
        f"was cut to {most}, ending in “…”.",
        f"1 label was longer than {MAX_LABEL} characters, the most a label here holds: it was "
        f"cut to {MAX_LABEL}.",
    ]
    labels = dict(page.context["tree_data"]["nodes"][1]["labels"])
    assert labels == {0: "LongLabel12", 10: "y" * MAX_LABEL}
    assert len(page.context["tree_data"]["nodes"]) == 3


def test_the_uploader_picks_a_game_of_a_multi_game_file_and_is_told_how_many(client):
    data = b"(;SZ[9]PB[One]PW[A];B[ee])(;SZ[13]PB[Two]PW[B];B[gg];W[cc])"
    first = _upload(client, data)
    assert first.context["review"].title == "One – A (game 1)"
    assert messages_of(first)[0] == (
        "The file holds 2 games; this review is game 1. To review another, upload the file "
        "again and choose its number."
    )
    second = _upload(client, data, game=2)
    assert second.context["review"].title == "Two – B (game 2)"
    assert len(second.context["tree_data"]["nodes"]) == 3
    missing = _upload(client, data, game=3)
    assert missing.status_code == 400
    assert "the file holds 2 games: choose one from 1 to 2" in str(
        missing.context["form"].errors["sgf"]
    )


@pytest.fixture
def client(client, black):
    """Uploads are for players who are logged in."""
    client.force_login(black)
    return client


def test_two_moves_of_one_colour_in_a_row_are_kept_as_played_with_no_pass_put_in(client):
    page = _upload(client, b"(;GM[1]SZ[9]PB[kuro];B[ee];W[cc];W[gg];B[cg])")
    assert page.status_code == 200
    nodes = page.context["tree_data"]["nodes"]
    assert [(n["colour"], n["name"]) for n in nodes] == [
        (None, ""),
        ("B", "E5"),
        ("W", "C7"),
        ("W", "G3"),
        ("B", "C3"),
    ]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        *[
            (f"(;CA[{ca}]SZ[9]PB[x];B[ee])".encode(), f"CA[{ca}] is not a character set")
            for ca in ("rot13", "hex", "base64", "idna", "punycode", "undefined")
        ],
        (b"(;SZ[9];B[ee]AW[aa])", "move 1 has setup stones (AW) in its node (B)"),
    ],
)
def test_an_unusable_upload_is_refused_with_the_reason(client, data, message):
    page = _upload(client, data)
    assert page.status_code == 400  # the form again, with the refusal (games/reviews/views.py)
    errors = str(page.context["form"].errors["sgf"])
    assert "This file cannot be reviewed" in errors and message in errors


def test_a_record_that_would_not_read_back_the_same_is_refused_through_the_registry():
    refusal = refusal_of(SgfRoundTrip("comment", 3))
    assert (refusal.status, refusal.code) == (400, "sgf_round_trip")
    assert refusal.message == (
        "This file cannot be reviewed: the record would not read back the same once saved: "
        "at move 3, the comment would change, so it is refused rather than changed"
    )
