"""What an operator copies from deploy/: the environment file passes Django's deploy checks as
it is, every unit runs a command that exists, and the nginx site parses."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.deploy.cluster import nginx_binary
from tests.site.helpers import ROOT, clean_env

DEPLOY = ROOT / "deploy"
UNITS = sorted((DEPLOY / "systemd").glob("*.service"))


def env_example() -> dict[str, str]:
    """deploy/badux.env.example as systemd's EnvironmentFile reads it (KEY=VALUE lines, a value
    in double quotes without them)."""
    values = {}
    for line in (DEPLOY / "badux.env.example").read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, _, value = line.partition("=")
            value = value.strip()
            if len(value) > 1 and value[0] == value[-1] == '"':
                value = value[1:-1]
            values[name.strip()] = value
    return values


def test_the_env_example_passes_the_deploy_checks_as_it_is():
    completed = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=clean_env(**env_example()),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "System check identified no issues" in completed.stdout


def test_the_env_example_reads_the_same_in_sh():
    names = sorted(env_example())
    script = "set -a; . deploy/badux.env.example; set +a; " + "; ".join(
        f'printf "%s\\n" "${name}"' for name in names
    )
    completed = subprocess.run(
        ["sh", "-c", script], cwd=ROOT, env={}, capture_output=True, text=True, check=False
    )

    assert completed.returncode == 0, completed.stderr
    assert dict(zip(names, completed.stdout.split("\n"), strict=False)) == env_example()


def test_the_env_example_names_every_variable_production_requires():
    values = env_example()

    assert values["DJANGO_SETTINGS_MODULE"] == "baduxsite.settings.prod"
    for name in ("SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "REDIS_URL", "TRUSTED_PROXY_COUNT"):
        assert values.get(name), name


@pytest.mark.parametrize("unit", UNITS, ids=lambda path: path.name)
def test_every_unit_reads_the_env_file_and_runs_a_command_of_this_tree(unit):
    text = unit.read_text()
    command = re.search(r"^ExecStart=(.*(?:\\\n.*)*)", text, re.M).group(1)

    assert "EnvironmentFile=/etc/badux/badux.env" in text
    assert "Restart=always" in text
    if "manage.py" in command:
        name = re.search(r"manage\.py (\w+)", command).group(1)
        assert list(ROOT.glob(f"*/management/commands/{name}.py")), name
    else:
        assert re.search(r"venv/bin/(gunicorn baduxsite\.wsgi|celery -A baduxsite)", command)


def test_the_units_cover_every_process_of_the_production_recipe():
    names = {unit.name for unit in UNITS}

    assert names == {
        "badux-web@.service",
        "badux-worker@.service",
        "badux-relay.service",
        "badux-beat.service",
        "badux-mail-receiver.service",
    }


def test_the_nginx_site_parses():
    binary = nginx_binary()
    if binary is None:
        pytest.skip("Debian's nginx is not installed (make nginx)")
    with tempfile.TemporaryDirectory() as folder:
        prefix = Path(folder)
        site = (DEPLOY / "nginx" / "badux.conf").read_text()
        site = site.replace(
            "/etc/nginx/snippets/badux-proxy.conf", str(DEPLOY / "nginx" / "badux-proxy.conf")
        )
        site = re.sub(r"/var/log/nginx/", f"{prefix}/", site)
        # The certificate does not exist here: any pair of PEM files parses.
        certificate = prefix / "cert.pem"
        key = prefix / "key.pem"
        openssl = shutil.which("openssl")
        if openssl is None:
            pytest.skip("no openssl to make a certificate for the check")
        subprocess.run(
            [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=badux.test",
             "-keyout", str(key), "-out", str(certificate), "-days", "1"],
            capture_output=True, check=True, timeout=60,
        )  # fmt: skip
        site = re.sub(r"/etc/letsencrypt/live/[^;]*/fullchain\.pem", str(certificate), site)
        site = re.sub(r"/etc/letsencrypt/live/[^;]*/privkey\.pem", str(key), site)
        (prefix / "nginx.conf").write_text(
            f"pid {prefix}/nginx.pid;\nerror_log {prefix}/error.log;\nevents {{}}\n"
            f"http {{\n access_log off;\n{site}\n}}\n"
        )
        completed = subprocess.run(
            [
                binary,
                "-t",
                "-p",
                folder,
                "-c",
                str(prefix / "nginx.conf"),
                "-e",
                f"{prefix}/error.log",
            ],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )

    assert completed.returncode == 0, completed.stderr
