"""Web Push's settings: production refuses push on without its VAPID key pair, the key command
makes a pair pywebpush and the page can use, and only the public key reaches a page."""

from __future__ import annotations

import io
import subprocess
import sys

from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management import call_command
from py_vapid import Vapid

from messaging.push.keys import b64url_decode
from tests.site.helpers import PROD_ENV, ROOT, clean_env, settings_values


def _prod_check(**variables: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=clean_env(DJANGO_SETTINGS_MODULE="baduxsite.settings.prod", **PROD_ENV, **variables),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_production_refuses_push_on_without_keys():
    completed = _prod_check(PUSH_ENABLED="true", PUSH_VAPID_PUBLIC_KEY="BPublic")

    assert completed.returncode != 0
    assert "ImproperlyConfigured" in completed.stderr
    assert "PUSH_VAPID_PRIVATE_KEY is not set" in completed.stderr


def test_production_starts_with_push_off_or_with_both_keys():
    assert _prod_check().returncode == 0
    values = settings_values(
        "baduxsite.settings.prod",
        ["PUSH"],
        **PROD_ENV,
        PUSH_ENABLED="on",
        PUSH_VAPID_PUBLIC_KEY="BPublic",
        PUSH_VAPID_PRIVATE_KEY="secret",
    )
    assert values["PUSH"]["ENABLED"] is True
    assert values["PUSH"]["VAPID_PUBLIC_KEY"] == "BPublic"


def test_the_key_command_prints_a_pair_that_signs_and_verifies():
    out = io.StringIO()
    call_command("push_vapid_keys", stdout=out, stderr=io.StringIO())
    lines = dict(line.split("=", 1) for line in out.getvalue().split())
    public, private = lines["PUSH_VAPID_PUBLIC_KEY"], lines["PUSH_VAPID_PRIVATE_KEY"]

    point = b64url_decode(public)
    assert len(point) == 65 and point[0] == 4
    vapid = Vapid.from_raw(private.encode())
    derived = vapid.public_key.public_numbers()
    given = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point).public_numbers()
    assert derived == given
    headers = vapid.sign({"sub": "mailto:a@b.test", "aud": "https://push.test"})
    assert headers["Authorization"].startswith("vapid t=")
