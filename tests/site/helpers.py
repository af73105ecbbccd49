"""Run manage.py or Python in a child process with an exact environment."""

import json
import os
import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest
import redis
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]

# What production must provide; the values are well-formed but point nowhere.
PROD_ENV = {
    "SECRET_KEY": "k3V9-pL2q_Zr8sWx4Ty7Ua1Bc6Dd0Ee5Ff9Gg2Hh8Jj4Kk7Ll1Mm3Nn6Pp0Qq",
    "ALLOWED_HOSTS": "badux.example.org,www.badux.example.org",
    "DATABASE_URL": "postgres://badux:secret@db.internal:5432/badux",
    "REDIS_URL": "redis://redis.internal:6379/0",
    "TRUSTED_PROXY_COUNT": "1",
}


# A Redis the tests may use when REDIS_URL names none (a database of its own).
LOCAL_REDIS_URL = "redis://127.0.0.1:6379/15"
# Languages whose translation is finished: every entry translated, none fuzzy. A translator adds
# their language here when they are done, and tests/site/test_i18n.py keeps it complete from
# then on (tests/site/test_forms_i18n.py checks every form in each of them).
COMPLETE: frozenset[str] = frozenset({"de", "es", "ko", "zh_Hans", "ru", "ja", "fr"})


def real_redis_url() -> str:
    """REDIS_URL, else a Redis on this machine; skips the test when neither answers."""
    url = os.environ.get("REDIS_URL")
    if not url:
        url = LOCAL_REDIS_URL
        try:
            redis.Redis.from_url(url, socket_connect_timeout=1).ping()
        except redis.ConnectionError:
            pytest.skip(f"no REDIS_URL and no Redis at {url}")
    return url


def clean_env(**variables: str) -> dict[str, str]:
    """Only PATH/HOME from this process, plus `variables`: no leak of the test's own settings."""
    base = {name: os.environ[name] for name in ("PATH", "HOME") if name in os.environ}
    return {**base, "PYTHONDONTWRITEBYTECODE": "1", **variables}


def run_python(code: str, env: dict[str, str], timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def settings_values(module: str, names: list[str], **variables: str) -> dict:
    """Load settings `module` in a child process under `variables`; return the named values."""
    code = (
        "import json, django\n"
        "django.setup()\n"
        "from django.conf import settings\n"
        f"print(json.dumps({{n: getattr(settings, n, None) for n in {names!r}}}, default=str))\n"
    )
    completed = run_python(code, clean_env(DJANGO_SETTINGS_MODULE=module, **variables))
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout.strip().splitlines()[-1])


def child_database_url() -> str:
    """The URL of the test database this process uses (not the one DATABASE_URL names), for
    child processes (a worker, a web server) that must share it."""
    s = connection.settings_dict
    auth = urllib.parse.quote(s["USER"] or "")
    if s["PASSWORD"]:
        auth += ":" + urllib.parse.quote(s["PASSWORD"])
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"
