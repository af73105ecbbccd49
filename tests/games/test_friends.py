"""\"Tell a friend\": the invitation by e-mail with the inviter's game, the signed links, the
opt-out list, the flood limit, and the challenge waiting once the friend has signed up."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from allauth.account.models import EmailAddress
from django.core.exceptions import ValidationError
from django.urls import reverse
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from accounts.models import RelationKind, User
from accounts.services import relation_set
from core.limits import RateLimited
from games.game_settings import GameSettings
from games.models import Challenge, ChallengeStatus, FriendInvite, InviteOptOut
from games.services import friends
from games.tasks.friends import friend_invite_mail
from tests.conftest import PASSWORD
from tests.games.conftest import NOW

SETTINGS = GameSettings(board_kind="hex", board_size=6, clock_days=5, weekend_pause=True)


def invite(inviter, email="friend@example.net", note="Come and play!", **options):
    return friends.friend_invite_send(
        inviter=inviter, email=email, note=note, settings=SETTINGS, now=NOW, **options
    )


def links(mail) -> tuple[str, str]:
    join = re.search(r"https?://[^/\s]+(/games/invitation/[^/\s]+/)\s", mail.body)
    never = re.search(r"https?://[^/\s]+(/games/invitation/never/[^/\s]+/)", mail.body)
    assert join and never, mail.body
    return join.group(1), never.group(1)


def sign_up(client, captured, *, email, username="newbie"):
    with captured(execute=True):
        return client.post(
            reverse("account_signup"),
            {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD},
        )


def test_the_invitation_is_mailed_with_the_note_and_two_signed_links(
    black, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        row = invite(black, note="<b>Rematch</b> on hexes?", creator_colour="black")
    assert GameSettings.of(row) == SETTINGS
    (mail,) = mailoutbox
    assert mail.to == ["friend@example.net"]
    assert "kuro invites you" in mail.subject
    assert "<b>Rematch</b> on hexes?" in mail.body
    assert "&lt;b&gt;Rematch&lt;/b&gt;" in mail.alternatives[0][0]
    join, never = links(mail)
    assert mail.extra_headers["List-Unsubscribe"].endswith(f"{never}>")
    assert friends.invite_from_token(join.split("/")[-2]) == row
    assert friend_invite_mail(row.pk) is False  # once only
    assert len(mailoutbox) == 1


def test_signing_up_from_the_link_finds_the_challenge_waiting(
    client, black, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        row = invite(black, creator_colour="white")
    join, _ = links(mailoutbox[0])
    landing = client.get(join)
    assert landing.status_code == 200
    page = landing.content.decode()
    assert "kuro invites you to play" in page and "Come and play!" in page
    signup = client.get(reverse("account_signup") + "?email=friend%40example.net")
    assert 'value="friend@example.net"' in signup.content.decode()

    response = sign_up(client, django_capture_on_commit_callbacks, email="friend@example.net")
    assert response.status_code == 302
    newbie = User.objects.get(username="newbie")
    # The link was mailed to that address: no second confirmation needed.
    assert EmailAddress.objects.get(user=newbie).verified
    challenge = Challenge.objects.get(recipient=newbie)
    assert (challenge.creator, challenge.status) == (black, ChallengeStatus.OPEN)
    assert GameSettings.of(challenge) == SETTINGS
    assert challenge.creator_colour == "white"
    assert challenge.message == "Come and play!"
    row.refresh_from_db()
    assert (row.invitee, row.challenge) == (newbie, challenge)
    status = client.get(reverse("games:status")).content.decode()
    assert f"/games/challenges/{challenge.pk}/" in status
    assert "already taken up" in client.get(join).content.decode()


def test_signing_up_elsewhere_the_challenge_waits_for_the_verified_address(
    client, black, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        invite(black, email="Friend@Example.net")
    mailoutbox.clear()
    sign_up(client, django_capture_on_commit_callbacks, email="friend@example.net")
    newbie = User.objects.get(username="newbie")
    assert not Challenge.objects.filter(recipient=newbie).exists()  # not verified yet
    confirm = re.search(r"https?://testserver(/\S+)", mailoutbox[0].body).group(1)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(confirm)
    assert Challenge.objects.filter(recipient=newbie, creator=black).count() == 1
    # A repeat of the signal creates nothing more.
    assert friends.friend_invites_accept(user=newbie, now=NOW) == []
    assert Challenge.objects.filter(recipient=newbie).count() == 1


def test_an_inviter_the_friend_cannot_play_leaves_no_challenge(black, user_factory):
    row = invite(black, email="late@example.net")
    friend = user_factory(username="late", email="late@example.net")
    relation_set(owner=friend, target=black, kind=RelationKind.IGNORE, now=NOW)
    assert friends.friend_invites_accept(user=friend, now=NOW) == []
    row.refresh_from_db()
    assert row.invitee == friend and row.challenge is None


def test_never_invite_me_again(
    client, black, white, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        invite(black)
    _, never = links(mailoutbox[0])
    page = client.get(never)
    assert page.status_code == 200 and "friend@example.net" in page.content.decode()
    assert not InviteOptOut.objects.exists()
    done = client.post(never)  # no CSRF token: mail clients' one-click POST
    assert done.status_code == 200
    assert InviteOptOut.objects.get().email == "friend@example.net"
    client.post(never)
    assert InviteOptOut.objects.count() == 1
    with pytest.raises(ValidationError, match="asked not to get invitations"):
        invite(white, email="FRIEND@example.net")
    # An invitation queued before the opt-out is not mailed either.
    assert friend_invite_mail(FriendInvite.objects.get().pk) is False


def test_bad_links_are_a_clear_400(client):
    for url in ("/games/invitation/nonsense/", "/games/invitation/never/x%00y/"):
        response = client.get(url)
        assert response.status_code == 400
        assert "damaged" in response.content.decode()


@pytest.mark.parametrize(
    ("email", "note", "words"),
    [
        ("not-an-address", "", "valid email"),
        ("kuro@example.org", "", "belongs to a Badux player"),
        ("friend@example.net", "a\x00b", "NUL"),
        ("friend@example.net", "x" * 501, "at most 500"),
    ],
)
def test_bad_invitations_are_refused(black, email, note, words):
    with pytest.raises(ValidationError) as error:
        invite(black, email=email, note=note)
    assert words in " ".join(error.value.messages)
    assert not FriendInvite.objects.exists()


def test_the_same_address_once_and_the_daily_limit(black, settings):
    invite(black)
    with pytest.raises(ValidationError, match="already invited"):
        invite(black, email="FRIEND@example.net")
    settings.FLOOD_LIMITS = {"tell_a_friend": (2, 86400)}
    invite(black, email="two@example.net")
    with pytest.raises(RateLimited, match="2 invitations by e-mail in the last day"):
        invite(black, email="three@example.net")


def test_the_form_page(client, black, mailoutbox, django_capture_on_commit_callbacks):
    client.force_login(black)
    url = reverse("games:invite_friend")
    assert client.get(url).status_code == 200
    data = {
        "email": "pal@example.net",
        "note": "Try it!",
        "game": "square-9",
        "ruleset": "",
        "komi": "",
        "handicap": "0",
        "colour": "random",
        "clock_kind": "per_move",
        "clock_days": "3",
        "rated": "on",
        "vacation_allowed": "on",
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()
    row = FriendInvite.objects.get()
    assert (row.board_kind, row.board_size, row.komi) == ("square", 9, Decimal("7.5"))
    assert len(mailoutbox) == 1
    listed = client.get(url).content.decode()
    assert "pal@example.net" in listed and "waiting" in listed
    response = client.post(url, {**data, "email": "kuro@example.org"})
    assert response.status_code == 400
    assert "belongs to a Badux player" in response.content.decode()


@hsettings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(email=st.text(max_size=60), note=st.text(max_size=80))
def test_odd_input_gets_a_form_error_never_a_500(
    client, black, settings, refuse_nul_like_postgresql, email, note
):
    settings.FLOOD_LIMITS = {"tell_a_friend": (10**6, 86400)}
    client.force_login(black)
    response = client.post(
        reverse("games:invite_friend"),
        {
            "email": email,
            "note": note,
            "game": "square-9",
            "colour": "random",
            "clock_kind": "per_move",
            "clock_days": "3",
            "handicap": "0",
        },
    )
    assert response.status_code in (302, 400)


def test_a_forwarded_link_verifies_only_the_invited_address(
    client, black, mailoutbox, django_capture_on_commit_callbacks
):
    """Whoever opens the link and signs up with another address gets that address to verify
    as usual: the invited address is never given to someone else's account."""
    with django_capture_on_commit_callbacks(execute=True):
        invite(black)
    join, _ = links(mailoutbox[0])
    client.get(join)
    response = sign_up(client, django_capture_on_commit_callbacks, email="someone@example.org")
    assert response.status_code == 302
    newbie = User.objects.get(username="newbie")
    assert list(EmailAddress.objects.filter(user=newbie).values_list("email", "verified")) == [
        ("someone@example.org", False)
    ]
    assert not Challenge.objects.filter(recipient=newbie).exists()


def test_an_old_invitation_link_is_refused_plainly(
    client, black, mailoutbox, django_capture_on_commit_callbacks, monkeypatch
):
    with django_capture_on_commit_callbacks(execute=True):
        invite(black)
    join, _ = links(mailoutbox[0])
    monkeypatch.setattr(friends, "INVITE_LINK_DAYS", 0)
    page = client.get(join)
    assert page.status_code == 400
    assert "older than 0 days" in page.content.decode()
