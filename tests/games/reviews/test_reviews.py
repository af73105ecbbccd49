"""Reviews: start from a game or an uploaded record, play variations judged by the rules,
comment, share, copy, the SGF with the tree, private notes, the estimate graph."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from sgfmill import sgf as sgfmill_sgf

from core.limits import RateLimited
from games.models import Game
from games.reviews import selectors, services
from games.reviews.models import GameEstimate, GameNote, Review, ReviewComment, ReviewUpload
from messaging.notifications.models import Notification
from rules.errors import Occupied
from rules.review.variations import TreeFull

DATA = Path(__file__).resolve().parents[2] / "rules" / "data"
OPENING = ("E5", "C3", "G7", "C7", "G3", "D4", "F4", "E3", "F3", "E7", "F7", "D6")


@pytest.fixture
def finished(game_factory, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):  # the estimate task, queued at the end
        return game_factory(moves=(*OPENING, "pass", "pass"))


def review_of(game, user, now):
    return services.review_create_from_game(game=game, user=user, now=now)


def test_a_review_of_a_finished_game_holds_its_moves_and_takes_a_variation(finished, black, now):
    review = review_of(finished, black, now)
    tree = selectors.review_tree(review=review)
    assert len(tree.main_line()) == len(OPENING) + 3  # the root, the moves, two passes
    ten = tree.main_line()[10]
    a = services.review_move_play(
        review_id=review.pk, user=black, parent=ten, point=tree.topology.parse("H5"), now=now
    )
    assert a.move.colour == 1 and a.number == 11
    with pytest.raises(Occupied):
        services.review_move_play(
            review_id=review.pk, user=black, parent=a.id, point=tree.topology.parse("H5"), now=now
        )
    review.refresh_from_db()
    tree = selectors.review_tree(review=review)
    assert tree.node(ten).children[1] == a.id
    assert review.nodes == len(OPENING) + 4


def test_only_the_owner_plays_and_a_running_game_is_analysed_by_its_players_only(
    game_factory, black, white, user_factory, now
):
    game = game_factory(moves=OPENING[:4])
    stranger = user_factory(username="kibitz")
    with pytest.raises(PermissionDenied):
        review_of(game, stranger, now)
    analysis = review_of(game, white, now)
    assert analysis.title == f"Analysis of game {game.pk}"
    with pytest.raises(PermissionDenied):
        services.review_move_play(review_id=analysis.pk, user=black, parent=0, point=None, now=now)
    with pytest.raises(ValidationError, match="once the game is over"):
        services.review_update(
            review_id=analysis.pk, user=white, title="x", visibility="public", now=now
        )
    services.review_move_play(review_id=analysis.pk, user=white, parent=4, point=0, now=now)
    game.refresh_from_db()
    assert game.move_number == 4  # the analysis never touches the game
    assert not selectors.review_can_view(review=analysis, user=black)


def test_publishing_tells_the_other_player_once_and_lists_the_review(
    finished, black, white, now, django_capture_on_commit_callbacks
):
    review = review_of(finished, black, now)
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(2):
            services.review_update(
                review_id=review.pk, user=black, title="My lesson", visibility="public", now=now
            )
    told = Notification.objects.filter(user=white, event="review_published")
    assert told.count() == 1
    assert "My lesson" in told.get().text
    assert not Notification.objects.filter(user=black, event="review_published").exists()
    assert list(selectors.reviews_public_for_game(game=finished)) == [review]


def test_a_review_of_a_private_game_is_for_its_players_only(
    game_factory, black, white, user_factory, now
):
    game = game_factory(moves=(*OPENING, "pass", "pass"))
    Game.objects.filter(pk=game.pk).update(public=False)
    game.refresh_from_db()
    review = review_of(game, black, now)
    services.review_update(review_id=review.pk, user=black, title="t", visibility="link", now=now)
    review.refresh_from_db()
    stranger = user_factory(username="kibitz")
    assert selectors.review_can_view(review=review, user=white)
    assert not selectors.review_can_view(review=review, user=stranger)


def test_comments_by_owner_and_players_are_limited_escaped_in_the_page(
    client, finished, black, white, user_factory, now, settings
):
    review = review_of(finished, black, now)
    with pytest.raises(PermissionDenied):
        services.review_comment_add(review_id=review.pk, user=white, node=3, text="hi", now=now)
    services.review_update(review_id=review.pk, user=black, title="t", visibility="link", now=now)
    services.review_comment_add(
        review_id=review.pk, user=white, node=3, text="<script>alert(1)</script>", now=now
    )
    with pytest.raises(ValidationError, match="at most 2000 characters"):
        services.review_comment_add(
            review_id=review.pk, user=black, node=3, text="x" * 2001, now=now
        )
    with pytest.raises(ValidationError, match="no longer in this review") as refused:
        services.review_comment_add(review_id=review.pk, user=black, node=999, text="x", now=now)
    assert "999" not in str(refused.value)  # the tree's node ids are not the player's moves
    stranger = user_factory(username="kibitz")
    with pytest.raises(PermissionDenied):
        services.review_comment_add(review_id=review.pk, user=stranger, node=3, text="x", now=now)
    for i in range(9):
        services.review_comment_add(review_id=review.pk, user=black, node=3, text=f"{i}", now=now)
    services.review_comment_add(review_id=review.pk, user=black, node=4, text="tenth", now=now)
    with pytest.raises(RateLimited):
        services.review_comment_add(review_id=review.pk, user=black, node=3, text="x", now=now)
    later = now + dt.timedelta(minutes=2)
    services.review_comment_add(review_id=review.pk, user=black, node=3, text="ok", now=later)
    client.force_login(white)
    page = client.get(f"{review.get_absolute_url()}?node=3").content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script>alert(1)" not in page


def test_the_sgf_holds_the_variation_and_the_comments(client, finished, black, now):
    review = review_of(finished, black, now)
    tree = selectors.review_tree(review=review)
    node = tree.main_line()[10]
    for name in ("H5", "J5", "H4"):
        node = services.review_move_play(
            review_id=review.pk,
            user=black,
            parent=getattr(node, "id", node),
            point=tree.topology.parse(name),
            now=now,
        )
    services.review_comment_add(
        review_id=review.pk, user=black, node=node.id, text="Better: H4!", now=now
    )
    client.force_login(black)
    response = client.get(reverse("games:review_sgf", args=[review.token]))
    assert response["Content-Type"].startswith("application/x-go-sgf")
    game = sgfmill_sgf.Sgf_game.from_bytes(response.content)
    at = game.get_root()
    for _ in range(10):
        at = at[0]
    assert len(at) == 2
    variation = [at[1], at[1][0], at[1][0][0]]
    assert [n.get_move()[0] for n in variation] == ["b", "w", "b"]
    assert variation[-1].get("C") == "Better: H4!"
    assert game.get_root().get("PB") == "kuro"


def test_uploads_need_a_login_keep_the_tree_and_refuse_big_files_plainly(client, black, settings):
    url = reverse("games:review_upload")
    response = client.post(url, {"sgf": _file("review_kgs.sgf")})
    assert response.status_code == 302 and "login" in response["Location"]
    client.force_login(black)
    response = client.post(url, {"sgf": _file("review_kgs.sgf")})
    review = Review.objects.get(owner=black)
    assert response["Location"] == review.get_absolute_url()
    assert review.nodes == 23 and review.visibility == "private"
    assert ReviewComment.objects.filter(review=review).count() == 10
    assert review.title == "kuroneko – sente42"
    settings.REVIEW_SGF_MAX_BYTES = 500
    page = client.post(url, {"sgf": _file("review_kgs.sgf")}).content.decode()
    assert "That file is larger than 0 KB; SGF records are small." in page
    settings.REVIEW_SGF_MAX_BYTES = 512 * 1024
    settings.REVIEW_MAX_NODES = 10
    page = client.post(url, {"sgf": _file("review_kgs.sgf")}).content.decode()
    assert "more than 10 moves and comments" in page
    assert Review.objects.filter(owner=black).count() == 1


def test_uploads_are_flood_limited(black, now, settings):
    settings.FLOOD_LIMITS = {"review": (2, 3600)}
    data = (DATA / "review_shift_jis.sgf").read_bytes()
    services.review_create_from_sgf(user=black, data=data, now=now)
    services.review_create_from_sgf(user=black, data=data, now=now)
    with pytest.raises(RateLimited):
        services.review_create_from_sgf(user=black, data=data, now=now)


def test_upload_tries_are_forgotten_once_the_limit_no_longer_counts_them(black, now, settings):
    settings.FLOOD_LIMITS = {"review": (2, 3600)}
    services.review_upload_attempt(user=black, now=now - dt.timedelta(hours=2))
    kept = services.review_upload_attempt(user=black, now=now - dt.timedelta(minutes=30))

    assert services.review_uploads_prune(now=now) == 1
    assert list(ReviewUpload.objects.all()) == [kept]
    assert settings.CELERY_BEAT_SCHEDULE["games-review-uploads-prune"]["task"] == (
        "games.review_uploads_prune"
    )


def test_bad_files_get_a_plain_message_never_a_500(client, black):
    client.force_login(black)
    url = reverse("games:review_upload")
    for body in (
        b"not sgf",
        b"(;SZ[9];B[ee];W[ee])",
        b"(;GM[2])",
        b"(;SZ[9]CA[rot13];B[aa])",
        b"\xff\xfe(",
    ):
        response = client.post(url, {"sgf": _upload(body)})
        assert response.status_code == 400
        assert "This file cannot be reviewed" in response.content.decode()


FOUR_MARKS = "CR[aa:ss]TR[aa:ss]SQ[aa:ss]MA[aa:ss]"


def test_a_record_of_marks_beyond_any_commentary_is_refused_with_a_sentence(client, black):
    client.force_login(black)
    url = reverse("games:review_upload")
    body = ("(;SZ[19]" + (";" + FOUR_MARKS) * 1999 + ")").encode()
    response = client.post(url, {"sgf": _upload(body)})
    assert response.status_code == 400
    assert (
        "This file cannot be reviewed: a move has more than 200 marks (circles, triangles, "
        "squares, crosses); leave some out" in response.content.decode()
    )
    assert not Review.objects.filter(owner=black).exists()


def test_refused_uploads_count_against_the_upload_limit(client, black, settings):
    settings.FLOOD_LIMITS = {"review": (2, 3600)}
    client.force_login(black)
    url = reverse("games:review_upload")
    points = [f"{x}{y}" for x in "abcdefghijklmnopqrs" for y in "abcdefghijklmnopqrs"]
    variations = "".join(f"(;B[{points[i % 361]}]{FOUR_MARKS})" for i in range(1999))
    hostile = f"(;SZ[19]{variations})".encode()
    for _ in range(2):
        assert client.post(url, {"sgf": _upload(hostile)}).status_code == 400
    fine = client.post(url, {"sgf": _file("review_kgs.sgf")})
    assert fine.status_code == 429
    assert "2 new reviews and uploaded records" in fine.content.decode()
    assert not Review.objects.filter(owner=black).exists()


def test_the_move_endpoint_answers_json_and_plain_forms(client, finished, black, white, now):
    review = review_of(finished, black, now)
    url = reverse("games:review_move", args=[review.token])
    client.force_login(black)
    answer = client.post(url, {"parent": 10, "point": "H5"}, HTTP_ACCEPT="application/json")
    assert answer.status_code == 200
    node = answer.json()["node"]
    assert node["name"] == "H5" and node["parent"] == 10 and node["label"] == "11. B H5"
    bad = client.post(url, {"parent": node["id"], "point": "H5"}, HTTP_ACCEPT="application/json")
    # A move the rules refuse answers as the registry says (core.refusals), as in the API.
    assert bad.status_code == 409 and "occupied" in bad.json()["error"].lower()
    for body in (
        {"parent": 10, "point": "Z99"},
        {"parent": "x", "point": "D4"},
        {"parent": 9999, "point": "A1"},
        {},
    ):
        response = client.post(url, body, HTTP_ACCEPT="application/json")
        assert response.status_code == 400 and response.json()["error"]
    plain = client.post(url, {"parent": 10, "point": "pass"})
    assert plain.status_code == 302 and re.search(r"\?node=\d+$", plain["Location"])
    services.review_update(review_id=review.pk, user=black, title="t", visibility="link", now=now)
    client.force_login(white)
    refused = client.post(url, {"parent": 10, "point": "J9"}, HTTP_ACCEPT="application/json")
    assert refused.status_code == 403


def test_the_board_is_read_in_words_at_the_node_shown(client, finished, black, user_factory, now):
    review = review_of(finished, black, now)
    node = services.review_move_play(
        review_id=review.pk, user=black, parent=10, point=finished.topology.parse("B2"), now=now
    )
    url = reverse("games:review_words", args=[review.token])
    client.force_login(black)
    page = client.get(review.get_absolute_url()).content.decode()
    # The keyboard cursor of the owner plays variation moves; its keys are on the page.
    assert f'data-cursor data-words-url="{url}" data-cursor-mode="variation"' in page
    assert "play a variation move at the cursor" in page

    def ask(**params):
        return client.get(url, params)

    answer = ask(node=node.id, ask="chain", point="b2").json()
    assert answer == {
        "text": "Black chain of 1 stone: B2; 4 liberties: B3, A2, C2 and B1.",
        "lines": ["Black chain of 1 stone: B2; 4 liberties: B3, A2, C2 and B1."],
        "answered": True,
        "node": node.id,
    }
    assert ask(node=1, ask="status").json()["text"] == (
        "White to play, move 2. Black played E5. Captures: Black 0, White 0."
    )
    assert ask(node=1, ask="chain", point="C3").json()["text"] == "C3 is empty."
    # What a move would do there; at the end of the game (two passes) too: a review goes on.
    assert ask(node=10, ask="preview", point="B2").json()["text"].startswith("B2: a new chain")
    end = ask(ask="preview", point="B2")
    assert end.status_code == 200 and end.json()["text"].startswith("B2: a new chain")
    for params in (
        {"ask": "count"},
        {"ask": "chain"},
        {"ask": "row", "point": "<b>"},
        {"node": "x", "ask": "nonsense"},
        {},
    ):
        response = ask(**params)
        assert response.status_code == 400 and response.json()["answered"] is False
    # Only those who may open the review may ask about it.
    client.force_login(user_factory(username="kibitz"))
    assert ask(node=1, ask="status").status_code == 404


def test_the_tree_size_limit_has_a_plain_message(client, finished, black, now, settings):
    settings.REVIEW_MAX_NODES = 5
    review = review_of(finished, black, now)  # a game's own moves always fit
    with pytest.raises(TreeFull):
        services.review_move_play(review_id=review.pk, user=black, parent=3, point=0, now=now)
    client.force_login(black)
    url = reverse("games:review_move", args=[review.token])
    full = client.post(url, {"parent": 3, "point": "A1"}, HTTP_ACCEPT="application/json")
    assert full.status_code == 409
    assert re.fullmatch(
        r"This review already holds \d+ moves, the most one review can hold: "
        r"remove a variation first\.",
        full.json()["error"],
    )
    # The start stays; the page says why in a sentence of the registry's.
    remove = reverse("games:review_remove", args=[review.token])
    client.post(remove, {"node": 0})
    page = client.get(review.get_absolute_url()).content.decode()
    assert "The start of the review cannot be removed." in page


def test_copy_into_ones_own(finished, black, white, now):
    review = review_of(finished, black, now)
    services.review_comment_add(review_id=review.pk, user=black, node=2, text="note", now=now)
    services.review_update(
        review_id=review.pk, user=black, title="Lesson", visibility="link", now=now
    )
    copy = services.review_copy(review_id=review.pk, user=white, now=now)
    assert copy.owner == white and copy.visibility == "private" and copy.title == "Copy of Lesson"
    assert copy.comments.get().text == "note"
    services.review_move_play(review_id=copy.pk, user=white, parent=2, point=0, now=now)
    review.refresh_from_db()
    assert review.tree != Review.objects.get(pk=copy.pk).tree


def test_private_notes_are_their_writers_only(
    client, game_factory, black, white, user_factory, now
):
    game = game_factory(moves=OPENING[:2])
    services.game_note_save(game=game, user=black, text="Attack the C3 stone", now=now)
    with pytest.raises(PermissionDenied):
        services.game_note_save(game=game, user=user_factory(username="kibitz"), text="x", now=now)
    assert GameNote.objects.get(game=game, author=black).text == "Attack the C3 stone"
    client.force_login(white)
    assert (
        "Attack the C3 stone"
        not in client.get(reverse("games:board", args=[game.pk])).content.decode()
    )
    client.force_login(black)
    assert (
        "Attack the C3 stone" in client.get(reverse("games:board", args=[game.pk])).content.decode()
    )


def test_a_finished_game_gets_its_estimate_once_and_the_pages_show_it(client, finished, black, now):
    estimate = GameEstimate.objects.get(game=finished)  # eager Celery: queued when it ended
    assert len(estimate.series) == len(OPENING) + 3
    assert (
        services.game_estimate_compute(game_id=finished.pk, now=now).computed == estimate.computed
    )
    page = client.get(reverse("games:review", args=[finished.pk])).content.decode()
    assert 'class="estimate-chart"' in page and 'href="?move=5"' in page
    review = review_of(finished, black, now)
    client.force_login(black)
    page = client.get(review.get_absolute_url()).content.decode()
    assert 'class="estimate-chart"' in page


def test_an_uploaded_record_gets_its_estimate_on_request(
    client, black, now, django_capture_on_commit_callbacks
):
    review, _notes = services.review_create_from_sgf(
        user=black, data=(DATA / "review_kgs.sgf").read_bytes(), now=now
    )
    client.force_login(black)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("games:review_estimate", args=[review.token]))
    review.refresh_from_db()
    assert len(review.estimate) == 16  # the main line: 15 moves and the start


def _file(name):
    return _upload((DATA / name).read_bytes(), name)


def _upload(data, name="game.sgf"):
    return SimpleUploadedFile(name, data, content_type="application/x-go-sgf")


def test_hex_games_get_reviews_variations_sgf_and_their_estimate(
    client, game_factory, black, now, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = game_factory(board_kind="hex", board_size=6, moves=("F6", "E5", "pass", "pass"))
    assert len(GameEstimate.objects.get(game=game).series) == 5
    review = review_of(game, black, now)
    t = game.topology
    node = services.review_move_play(
        review_id=review.pk, user=black, parent=1, point=t.parse("G7"), now=now
    )
    services.review_comment_add(review_id=review.pk, user=black, node=node.id, text="hex!", now=now)
    client.force_login(black)
    text = client.get(reverse("games:review_sgf", args=[review.token])).content.decode()
    assert "HX[6]" in text and "SZ[11]" in text and "C[hex!]" in text
    page = client.get(f"{review.get_absolute_url()}?node={node.id}").content.decode()
    assert "2. W G7" in page and "bd-hex" in page


def test_a_player_has_one_analysis_board_per_running_game(game_factory, white, now):
    game = game_factory(moves=OPENING[:3])
    first = review_of(game, white, now)
    assert review_of(game, white, now).pk == first.pk
    assert Review.objects.filter(game=game).count() == 1
