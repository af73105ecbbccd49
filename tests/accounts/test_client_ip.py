"""allauth's per-IP rate limits see each visitor behind the proxy, not the proxy.

Behind one reverse proxy every request comes from the proxy's address; the visitor's is the
last one the proxy appended to X-Forwarded-For. TRUSTED_PROXY_COUNT (settings
ALLAUTH_TRUSTED_PROXY_COUNT) says how many such proxies to trust.
"""

import pytest

PROXY = "10.0.0.1"


def _sign_up(client, visitor: str, forged: str = "") -> int:
    """An (empty, refused) sign-up by `visitor` through the proxy, which appends the address
    it sees to whatever X-Forwarded-For the visitor sent (`forged`)."""
    response = client.post(
        "/accounts/signup/",
        {"username": "", "email": "", "password1": "", "password2": ""},
        REMOTE_ADDR=PROXY,
        HTTP_X_FORWARDED_FOR=f"{forged}, {visitor}" if forged else visitor,
    )
    return response.status_code


@pytest.fixture
def two_sign_ups_a_minute(settings):
    settings.ACCOUNT_RATE_LIMITS = {"signup": "2/m/ip"}


@pytest.mark.django_db
def test_behind_one_proxy_each_visitor_has_a_bucket_of_their_own(
    client, settings, two_sign_ups_a_minute
):
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1

    assert [_sign_up(client, "203.0.113.7") for _ in range(3)] == [200, 200, 429]
    assert _sign_up(client, "203.0.113.7", forged="192.0.2.1") == 429  # no escape by a header
    assert _sign_up(client, "198.51.100.9") == 200


@pytest.mark.django_db
def test_counting_no_proxy_puts_every_visitor_in_the_proxys_bucket(
    client, settings, two_sign_ups_a_minute
):
    """What production did before TRUSTED_PROXY_COUNT was required (finding 8 of issue 21)."""
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 0

    assert [_sign_up(client, "203.0.113.7") for _ in range(2)] == [200, 200]
    assert _sign_up(client, "198.51.100.9") == 429
