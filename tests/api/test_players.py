"""The token's player, players' profiles and ratings, notifications, ladders and standings."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from ladder.ladders.models import Ladder, LadderEntry
from ladder.ladders.services import ladder_challenge, ladder_join
from ladder.ratings.models import Rating
from messaging.notifications.models import Notification
from messaging.notifications.services import notification_record
from tests.api.contract import conforms

pytestmark = pytest.mark.django_db


def test_me_names_the_player_and_the_token(api_for, user_factory):
    user = user_factory(username="aki", display_name="Aki", country="JP", time_zone="Asia/Tokyo")
    body = api_for(user, "read").get("/me").json()
    assert body == {
        "id": user.pk,
        "username": "aki",
        "display_name": "Aki",
        "country": "JP",
        "time_zone": "Asia/Tokyo",
        "is_bot": False,
        "token": {"name": "bot", "scope": "read"},
    }


def test_a_player_s_profile_and_ratings(api_for, black, white):
    Rating.objects.create(
        user=white,
        family="square",
        rating=1650.0,
        deviation=60.0,
        volatility=0.06,
        games=12,
        board_size=19,
        updated=timezone.now(),
    )
    client = api_for(black, "read")
    profile = client.get("/players/Shiro").json()
    assert profile["username"] == "shiro" and profile["online"] is False
    assert profile["is_bot"] is False
    ratings = client.get("/players/shiro/ratings").json()
    assert len(ratings) == 1
    assert ratings[0]["family"] == "square" and ratings[0]["games"] == 12
    assert ratings[0]["rank"] and ratings[0]["provisional"] is False
    assert client.get("/players/kuro/ratings").json() == []
    for path in ("/players/nobody", "/players/nobody/ratings"):
        response = client.get(path)
        assert response.status_code == 404 and response.json()["code"] == "not_found"


def test_notifications_are_listed_newest_first_and_marked_read(api_for, black, white):
    now = timezone.now()
    notes = [
        notification_record(
            user=black,
            event="your_turn",
            key=f"turn:{i}",
            text=f"Your move {i}",
            url="/games/1/",
            now=now + dt.timedelta(minutes=i),
        )
        for i in range(3)
    ]
    theirs = notification_record(
        user=white, event="your_turn", key="turn:9", text="Theirs", url="/games/1/", now=now
    )
    client = api_for(black)
    listed = client.get("/notifications").json()
    assert [n["id"] for n in listed["items"]] == [n.pk for n in reversed(notes)]
    assert listed["items"][0]["event"] == "your_turn" and listed["items"][0]["read"] is False

    marked = client.post("/notifications/read", {"ids": [notes[0].pk, theirs.pk]}).json()
    assert marked == {"marked": 1}
    assert client.get("/notifications", unread="true").json()["count"] == 2
    assert client.post("/notifications/read", {}).json() == {"marked": 2}
    assert Notification.objects.get(pk=theirs.pk).read is False


def test_ladders_and_their_standings(api_for, black, white, user_factory):
    now = timezone.now()
    ladder = Ladder.objects.create(
        name="Go 9",
        slug="go-9",
        board_kind="square",
        board_size=9,
        ruleset="go-area",
        komi="7.5",
        vacation_allowed=False,
        created=now,
    )
    ladder_join(ladder_id=ladder.pk, user=white, now=now)
    ladder_join(ladder_id=ladder.pk, user=black, now=now)
    client = api_for(black, "read")
    listed = client.get("/ladders").json()
    assert [(entry["slug"], entry["players"], entry["your_position"]) for entry in listed] == [
        ("go-9", 2, 2)
    ]
    table = client.get("/ladders/go-9").json()
    assert [(row["position"], row["username"]) for row in table["standings"]] == [
        (1, "shiro"),
        (2, "kuro"),
    ]
    assert table["standings"][0]["can_challenge"] is True
    assert table["standings"][1]["can_challenge"] is False  # yourself
    outsider = api_for(user_factory(), "read").get("/ladders/go-9").json()
    assert not any(row["can_challenge"] for row in outsider["standings"])
    for slug in ("nope", "x" * 300, "go%00-9"):
        assert client.get(f"/ladders/{slug}").status_code == 404


def _go9_ladder(user_factory, size: int, now) -> tuple[Ladder, list]:
    """A 9x9 ladder "go-9" joined by `size` new players l00, l01, ... in that order."""
    ladder = Ladder.objects.create(
        name="Go 9", slug="go-9", board_kind="square", board_size=9, ruleset="go-area",
        komi="7.5", vacation_allowed=False, created=now,
    )  # fmt: skip
    players = [user_factory(username=f"l{i:02}") for i in range(size)]
    for player in players:
        ladder_join(ladder_id=ladder.pk, user=player, now=now)
    return ladder, players


@pytest.mark.parametrize("size", [6, 30])
def test_a_ladder_s_standings_come_a_page_at_a_time_on_request(
    api_for, user_factory, size, django_assert_max_num_queries
):
    """`page`/`page_size` as every list of the API pages; without them the whole table, as
    before they existed. A page costs the same statements however long the ladder."""
    now = timezone.now()
    ladder, players = _go9_ladder(user_factory, size, now)
    client = api_for(players[-1], "read")
    whole = client.get("/ladders/go-9").json()
    assert whole["count"] == size and len(whole["standings"]) == size
    with django_assert_max_num_queries(16):
        second = client.get("/ladders/go-9", page=2, page_size=4).json()
    assert second["count"] == size
    assert [row["position"] for row in second["standings"]] == list(range(5, min(size, 8) + 1))
    assert second["standings"] == whole["standings"][4:8]
    assert len(client.get("/ladders/go-9", page=2).json()["standings"]) == max(0, size - 20)
    assert client.get("/ladders/go-9", page=99).json()["standings"] == []
    for bad in ({"page": 0}, {"page_size": 101}, {"page": "x"}):
        assert client.get("/ladders/go-9", **bad).status_code == 422


@pytest.mark.parametrize("size", [8, 40])
def test_a_whole_ladder_costs_the_same_statements_at_any_size_and_keeps_its_schema(
    api_for, user_factory, size, django_assert_max_num_queries
):
    """Without `page`, every row, read as values (no query per row, no model) and written as
    the committed document says, its fields in the schema's order; a page is written alike."""
    from ladder.ladders.api import LadderOut, LadderStandingOut, StandingsOut

    now = timezone.now()
    ladder, players = _go9_ladder(user_factory, size, now)
    for i, player in enumerate(players[::2]):
        Rating.objects.create(user=player, family="square", rating=1500.0 + i, deviation=90,
                              volatility=0.06)  # fmt: skip
    LadderEntry.objects.filter(ladder=ladder).update(
        last_result="won against l01", last_opponent=players[1]
    )
    me = players[-1]
    ladder_challenge(ladder_id=ladder.pk, challenger=me, defender_id=players[-2].pk, now=now)
    players[-3].is_active = False
    players[-3].save()
    client = api_for(me, "read")
    with django_assert_max_num_queries(14):
        response = client.get("/ladders/go-9")
    body = response.json()
    assert response["Content-Type"] == "application/json; charset=utf-8"
    conforms(body, {"$ref": "#/components/schemas/StandingsOut"})
    assert StandingsOut.model_validate(body).model_dump() == body
    assert list(body) == list(StandingsOut.model_fields)
    assert list(body["ladder"]) == list(LadderOut.model_fields)
    assert all(list(row) == list(LadderStandingOut.model_fields) for row in body["standings"])
    assert body["count"] == len(body["standings"]) == size
    rows = {row["username"]: row for row in body["standings"]}
    assert rows["l00"]["rating"] == 1500.0 and rows["l00"]["rank"] == "6k"
    assert rows["l01"]["rating"] is None and rows["l01"]["rank"] is None
    assert rows[players[-2].username]["running"] == 1
    assert rows[players[-2].username]["reason"] == "you are already playing them"
    assert rows[players[-3].username]["reason"] == "their account is closed"
    assert rows[me.username]["reason"] == "that's you"
    assert rows[me.username]["can_challenge"] is False
    assert all(row["last_result"] == "won against l01" for row in body["standings"])
    page = client.get("/ladders/go-9", page=2, page_size=3)
    conforms(page.json(), {"$ref": "#/components/schemas/StandingsOut"})
    assert page.json()["standings"] == body["standings"][3:6]


def test_a_bot_says_it_is_one(api_for, user_factory):
    robot = user_factory(username="robot", is_bot=True)
    assert api_for(robot, "read").get("/me").json()["is_bot"] is True
    assert api_for(user_factory(), "read").get("/players/robot").json()["is_bot"] is True
