"""The players' admin: staff find players, open their accounts and make another player staff
(who can then correct results) without a shell."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse

from games.models import Vacation


def test_staff_find_a_player_and_open_the_account(client, user_factory):
    admin = user_factory(username="sysop", is_staff=True, is_superuser=True)
    player = user_factory(username="honinbo", display_name="Honinbo Shusaku", country="JP")
    client.force_login(admin)
    found = client.get(reverse("admin:accounts_user_changelist"), {"q": "shusaku"})
    assert found.status_code == 200
    assert list(found.context["cl"].result_list) == [player]
    page = client.get(reverse("admin:accounts_user_change", args=[player.pk]))
    assert page.status_code == 200
    assert b"Honinbo Shusaku" in page.content
    assert b"Preferences" in page.content


def test_staff_make_a_player_staff_in_the_admin(client, user_factory):
    admin = user_factory(username="sysop", is_staff=True, is_superuser=True)
    player = user_factory(username="referee")
    client.force_login(admin)
    page = client.get(reverse("admin:accounts_user_change", args=[player.pk]))
    form = page.context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None and not isinstance(v, list)}
    data.update(
        username="referee",
        is_staff="on",
        is_active="on",
        date_joined_0=player.date_joined.strftime("%Y-%m-%d"),
        date_joined_1=player.date_joined.strftime("%H:%M:%S"),
        time_zone="UTC",
        **{
            "preferences-TOTAL_FORMS": "0",
            "preferences-INITIAL_FORMS": "0",
            "preferences-MIN_NUM_FORMS": "0",
            "preferences-MAX_NUM_FORMS": "1",
        },
    )
    data.pop("last_login", None)
    data.pop("password", None)
    response = client.post(reverse("admin:accounts_user_change", args=[player.pk]), data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    player.refresh_from_db()
    assert player.is_staff


def test_staff_read_vacation_balances(client, user_factory):
    admin = user_factory(username="sysop", is_staff=True, is_superuser=True)
    traveller = user_factory(username="traveller")
    now = dt.datetime(2026, 3, 1, tzinfo=dt.UTC)
    Vacation.objects.create(user=traveller, balance=dt.timedelta(days=7), balance_at=now)
    client.force_login(admin)
    page = client.get(reverse("admin:games_vacation_changelist"))
    assert page.status_code == 200
    assert b"traveller" in page.content
    assert client.get(reverse("admin:games_vacation_add")).status_code == 403
