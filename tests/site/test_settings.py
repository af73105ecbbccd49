"""Settings: production refuses to start half-configured and passes Django's deploy checks."""

import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from baduxsite.settings import env
from tests.site.helpers import PROD_ENV, ROOT, clean_env, run_python, settings_values


def manage(*args: str, **variables: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=clean_env(DJANGO_SETTINGS_MODULE="baduxsite.settings.prod", **variables),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_deploy_check_is_clean_with_production_settings():
    completed = manage("check", "--deploy", "--fail-level", "WARNING", **PROD_ENV)

    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "System check identified no issues" in completed.stdout


@pytest.mark.parametrize("missing", sorted(PROD_ENV))
def test_production_refuses_to_start_without(missing):
    variables = {name: value for name, value in PROD_ENV.items() if name != missing}

    completed = manage("check", **variables)

    assert completed.returncode != 0
    assert "ImproperlyConfigured" in completed.stderr
    assert f"environment variable {missing} is required" in completed.stderr


def test_production_refuses_an_allowed_hosts_list_with_no_host():
    completed = manage("check", **{**PROD_ENV, "ALLOWED_HOSTS": " , "})

    assert completed.returncode != 0
    assert "ALLOWED_HOSTS is required" in completed.stderr


def test_production_security_settings_follow_the_environment():
    values = settings_values(
        "baduxsite.settings.prod",
        ["SECURE_PROXY_SSL_HEADER", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "CACHES",
         "CELERY_BROKER_URL", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "ALLOWED_HOSTS",
         "EMAIL_HOST", "EMAIL_PORT", "EMAIL_USE_TLS", "DATABASES"],
        **PROD_ENV,
        SECURE_PROXY_SSL_HEADER="HTTP_X_FORWARDED_PROTO",
        SECURE_SSL_REDIRECT="false",
        EMAIL_HOST="smtp.example.org",
        EMAIL_PORT="587",
        EMAIL_USE_TLS="yes",
    )  # fmt: skip

    assert values["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert values["SECURE_SSL_REDIRECT"] is False
    assert values["SECURE_HSTS_SECONDS"] == 31_536_000
    assert values["SESSION_COOKIE_SECURE"] and values["CSRF_COOKIE_SECURE"]
    assert values["ALLOWED_HOSTS"] == ["badux.example.org", "www.badux.example.org"]
    assert values["CACHES"]["default"]["LOCATION"] == PROD_ENV["REDIS_URL"]
    assert values["CELERY_BROKER_URL"] == PROD_ENV["REDIS_URL"]
    assert (values["EMAIL_HOST"], values["EMAIL_PORT"], values["EMAIL_USE_TLS"]) == (
        "smtp.example.org",
        587,
        True,
    )
    database = values["DATABASES"]["default"]
    assert (database["HOST"], database["NAME"]) == ("db.internal", "badux")


def test_base_settings_hold_no_secret_and_no_wildcard_host():
    completed = run_python(
        "from baduxsite.settings import base\nprint(repr((base.SECRET_KEY, base.ALLOWED_HOSTS)))",
        clean_env(),
    )

    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "(None, [])"


def test_dev_settings_default_to_sqlite_in_var_and_use_redis_url_everywhere():
    without_redis = settings_values("baduxsite.settings.dev", ["DATABASES", "CACHES"])
    assert without_redis["DATABASES"]["default"]["NAME"] == str(ROOT / "var" / "db.sqlite3")
    assert "locmem" in without_redis["CACHES"]["default"]["BACKEND"]

    url = "redis://127.0.0.1:6390/3"
    with_redis = settings_values(
        "baduxsite.settings.dev",
        ["CACHES", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND"],
        REDIS_URL=url,
    )
    assert with_redis["CACHES"]["default"]["LOCATION"] == url
    assert with_redis["CELERY_BROKER_URL"] == with_redis["CELERY_RESULT_BACKEND"] == url


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("1", True), ("TRUE", True), (" yes ", True), ("on", True), ("0", False), ("off", False)],
)
def test_env_booleans(monkeypatch, raw, expected):
    monkeypatch.setenv("BADUX_FLAG", raw)
    assert env.get_bool("BADUX_FLAG", not expected) is expected


def test_env_rejects_malformed_values_naming_the_variable(monkeypatch):
    monkeypatch.setenv("BADUX_FLAG", "maybe")
    monkeypatch.setenv("BADUX_NUMBER", "12a")
    with pytest.raises(ImproperlyConfigured, match="BADUX_FLAG='maybe' is not a boolean"):
        env.get_bool("BADUX_FLAG", False)
    with pytest.raises(ImproperlyConfigured, match="BADUX_NUMBER='12a' is not an integer"):
        env.get_int("BADUX_NUMBER", 0)


def test_env_lists_and_defaults(monkeypatch):
    monkeypatch.setenv("BADUX_LIST", " a.example, ,b.example ")
    monkeypatch.delenv("BADUX_UNSET", raising=False)
    assert env.get_list("BADUX_LIST") == ["a.example", "b.example"]
    assert env.get_list("BADUX_UNSET", ["x"]) == ["x"]
    assert env.get_str("BADUX_UNSET", "d") == "d"
    assert env.get_int("BADUX_UNSET", 7) == 7


@pytest.mark.django_db
@pytest.mark.postgres
def test_postgresql_connections_compile_no_plan_just_in_time():
    """A page's short statements never pay JIT compiling, however a plan is priced (a whole
    ladder's per-row lookups come close to jit_above_cost)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW jit")
        assert cursor.fetchone()[0] == "off"
