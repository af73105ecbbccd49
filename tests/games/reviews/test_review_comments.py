"""Review comments: only typed ones count toward the flood limits; visitors comment on a public
review when its owner lets them; a refused comment answers 403 through the refusal registry
with nothing logged; a comment can be reported to the staff through the contact path."""

from __future__ import annotations

import datetime as dt
import logging

import pytest
from django.urls import reverse

from core.limits import RateLimited
from games.models import GameContact
from games.reviews import selectors, services
from games.reviews.errors import ReviewCommentRefused
from games.reviews.models import ReviewComment

OPENING = ("E5", "C3", "G7", "C7", "G3", "D4", "F4", "E3", "F3", "E7", "F7", "D6")
POINTS = ("ee", "cc", "gg", "cg", "gc", "dd", "fe", "ec", "fc", "eg", "fg", "de")


def record_with_comments(count: int) -> bytes:
    """A 9×9 record with a comment on the start and on each of `count` - 1 moves."""
    nodes = [f";{'BW'[i % 2]}[{POINTS[i]}]C[note {i + 1}]" for i in range(count - 1)]
    return f"(;GM[1]FF[4]SZ[9]PB[kuro]PW[shiro]C[note 0]{''.join(nodes)})".encode()


@pytest.fixture
def finished(game_factory, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return game_factory(moves=(*OPENING, "pass", "pass"))


@pytest.fixture
def public(finished, black, now):
    review = services.review_create_from_game(game=finished, user=black, now=now)
    return services.review_update(
        review_id=review.pk, user=black, title="Lesson", visibility="public", now=now
    )


def test_imported_comments_do_not_count_toward_the_comment_limit(black, now):
    review, _notes = services.review_create_from_sgf(
        user=black, data=record_with_comments(12), now=now
    )
    imported = ReviewComment.objects.filter(review=review)
    assert imported.count() == 12 and not imported.filter(typed=True).exists()
    # The uploader's first ten typed comments in the minute are taken, the eleventh is not.
    for i in range(10):
        services.review_comment_add(review_id=review.pk, user=black, node=0, text=f"{i}", now=now)
    with pytest.raises(RateLimited):
        services.review_comment_add(review_id=review.pk, user=black, node=0, text="x", now=now)


def test_a_copy_does_not_count_against_the_comments_authors(public, black, white, now):
    for i in range(10):
        services.review_comment_add(review_id=public.pk, user=black, node=1, text=f"{i}", now=now)
    later = now + dt.timedelta(minutes=2)
    services.review_copy(review_id=public.pk, user=white, now=later)
    assert ReviewComment.objects.filter(author=black).count() == 20
    services.review_comment_add(review_id=public.pk, user=black, node=1, text="ok", now=later)


def test_signed_in_visitors_comment_on_a_public_review_unless_the_owner_turns_it_off(
    public, black, user_factory, now
):
    visitor = user_factory(username="kibitz")
    assert selectors.review_can_comment(review=public, user=visitor)
    comment = services.review_comment_add(
        review_id=public.pk, user=visitor, node=3, text="Why not C4?", now=now
    )
    assert comment.typed and comment.author == visitor
    # Flood-limited like the owner's.
    for i in range(9):
        services.review_comment_add(review_id=public.pk, user=visitor, node=3, text=f"{i}", now=now)
    with pytest.raises(RateLimited):
        services.review_comment_add(review_id=public.pk, user=visitor, node=3, text="x", now=now)
    services.review_update(
        review_id=public.pk,
        user=black,
        title="Lesson",
        visibility="public",
        visitor_comments=False,
        now=now,
    )
    public.refresh_from_db()
    assert not public.visitor_comments
    assert not selectors.review_can_comment(review=public, user=visitor)
    with pytest.raises(ReviewCommentRefused, match="turned visitors' comments off"):
        services.review_comment_add(review_id=public.pk, user=visitor, node=3, text="y", now=now)
    # The owner still comments; a link-only review is for the owner and the players.
    services.review_comment_add(review_id=public.pk, user=black, node=3, text="mine", now=now)
    services.review_update(
        review_id=public.pk,
        user=black,
        title="Lesson",
        visibility="link",
        visitor_comments=True,
        now=now,
    )
    public.refresh_from_db()
    assert not selectors.review_can_comment(review=public, user=visitor)
    assert not selectors.review_can_comment(review=public, user=None)


def test_the_settings_form_turns_visitors_comments_off_and_on(client, public, black):
    client.force_login(black)
    url = reverse("games:review_settings", args=[public.token])
    client.post(url, {"title": "Lesson", "visibility": "public", "node": "0"})
    public.refresh_from_db()
    assert not public.visitor_comments  # an unticked box is not sent
    client.post(url, {"title": "Lesson", "visibility": "public", "visitor_comments": "on"})
    public.refresh_from_db()
    assert public.visitor_comments
    page = client.get(public.get_absolute_url()).content.decode()
    assert 'name="visitor_comments" value="on" checked' in page


def test_a_visitor_comments_through_the_page(client, public, user_factory):
    visitor = user_factory(username="kibitz")
    url = reverse("games:review_comment", args=[public.token])
    page = client.get(public.get_absolute_url()).content.decode()
    assert "Log in to comment" in page
    client.force_login(visitor)
    assert 'id="review-comment-text"' in client.get(public.get_absolute_url()).content.decode()
    response = client.post(url, {"node": "3", "text": "Nice tesuji"})
    assert response.status_code == 302 and response["Location"].endswith(
        "?node=3#review-comments-title"
    )
    assert ReviewComment.objects.get(author=visitor).text == "Nice tesuji"


def test_a_refused_comment_answers_403_with_nothing_logged(
    client, public, black, user_factory, caplog
):
    services.review_update(
        review_id=public.pk,
        user=black,
        title="Lesson",
        visibility="public",
        visitor_comments=False,
        now=public.updated,
    )
    client.force_login(user_factory(username="kibitz"))
    url = reverse("games:review_comment", args=[public.token])
    with caplog.at_level(logging.DEBUG):
        response = client.post(url, {"node": "3", "text": "hello"})
    assert response.status_code == 403
    assert "turned visitors&#x27; comments off" in response.content.decode()
    # Django notes the status (one line, as for every 4xx); no traceback, nothing above it.
    assert not [r for r in caplog.records if r.exc_info or r.levelno > logging.WARNING]
    assert [r.getMessage() for r in caplog.records if r.name == "django.request"] == [
        f"Forbidden: {url}"
    ]
    assert not ReviewComment.objects.exists()


def test_a_comment_over_the_limit_is_said_on_the_review(client, public, black, settings):
    settings.FLOOD_LIMITS = {"review_comment": (1, 60)}
    client.force_login(black)
    url = reverse("games:review_comment", args=[public.token])
    assert client.post(url, {"node": "3", "text": "one"}).status_code == 302
    response = client.post(url, {"node": "3", "text": "two"}, follow=True)
    assert response.status_code == 200
    assert "1 review comment in the last minute" in response.content.decode()


def test_a_comment_is_reported_to_the_staff_through_the_contact_path(
    client,
    public,
    black,
    user_factory,
    now,
    django_capture_on_commit_callbacks,
    mailoutbox,
    settings,
):
    settings.ADMINS = [("Staff", "staff@example.org")]
    visitor = user_factory(username="kibitz")
    rude = services.review_comment_add(
        review_id=public.pk, user=visitor, node=3, text="You are all patzers", now=now
    )
    mailoutbox.clear()
    client.force_login(black)
    page = client.get(f"{public.get_absolute_url()}?node=3").content.decode()
    url = reverse("games:review_comment_report", args=[public.token, rude.pk])
    assert f'href="{url}"' in page and "Report this comment by kibitz" in page
    form = client.get(url)
    assert form.status_code == 200 and "You are all patzers" in form.content.decode()
    assert client.post(url, {"reason": ""}).status_code == 400
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"reason": "Insults"})
    assert response.status_code == 302 and response["Location"].endswith("?node=3")
    report = GameContact.objects.get(author=black)
    assert report.game_id == public.game_id
    assert "kibitz" in report.text and "You are all patzers" in report.text
    assert "Insults" in report.text and f"{public.get_absolute_url()}?node=3" in report.text
    (mail,) = mailoutbox  # the staff, as for any contact message
    assert mail.to == ["staff@example.org"]
    assert mail.subject.endswith(f"kuro about game {public.game_id}") and "Insults" in mail.body
    # One's own comment has no report link and cannot be reported.
    client.force_login(visitor)
    page = client.get(f"{public.get_absolute_url()}?node=3").content.decode()
    assert "Report this comment" not in page
    response = client.post(url, {"reason": "mine"})
    assert response.status_code == 403 and not GameContact.objects.filter(author=visitor)


def test_a_comment_of_a_review_one_cannot_open_cannot_be_reported(
    client, finished, black, user_factory, now
):
    review = services.review_create_from_game(game=finished, user=black, now=now)
    comment = services.review_comment_add(
        review_id=review.pk, user=black, node=1, text="private", now=now
    )
    client.force_login(user_factory(username="kibitz"))
    url = reverse("games:review_comment_report", args=[review.token, comment.pk])
    assert client.post(url, {"reason": "x"}).status_code == 404
    assert not GameContact.objects.exists()


def test_the_owner_plays_on_after_the_final_passes(client, public, black):
    tree = selectors.review_tree(review=public)
    end = tree.main_line()[-1]
    node = services.review_move_play(
        review_id=public.pk, user=black, parent=end, point=None, now=public.updated
    )
    assert node.parent == end and node.move.colour == 1
    client.force_login(black)
    url = reverse("games:review_move", args=[public.token])
    response = client.post(url, {"parent": end, "point": "B2"}, HTTP_ACCEPT="application/json")
    assert response.status_code == 200 and response.json()["node"]["name"] == "B2"
