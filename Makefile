# Two commands for a fresh machine: `make run` and `make test`. Everything else is a helper.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Extra pytest arguments, e.g. `make test PYTEST_ARGS="-k celery -x"`.
PYTEST_ARGS ?=
# The whole suite runs on every core (pytest-xdist, one database per worker); the tests that
# start child processes share one group and run one after another (tests/conftest.py).
PYTEST_PARALLEL ?= -n auto --dist loadgroup

.PHONY: run test test-js test-fast test-sqlite migrations-check lint format venv chromium axe gnugo nginx gettext messages compilemessages clean api-schema

venv: $(STAMP)

# The venv is created once and never recreated: it may be shared by several shells.
$(STAMP): requirements.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -r requirements.txt
	touch $(STAMP)

# Web server, Celery worker and beat together; Ctrl-C stops all. PORT (default 8000).
run: venv compilemessages
	$(BIN)/python scripts/devrun.py

# Browser tests use Debian's chromium; install it when missing (needs root, as in CI).
chromium:
	@if ! command -v chromium >/dev/null 2>&1; then \
		if [ "$$(id -u)" = "0" ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
		else \
			echo "chromium is missing: browser tests will be skipped (install Debian's chromium)"; \
		fi; \
	fi

# Debian's gettext (msgfmt): tests/site/test_i18n.py checks the catalogs with `msgfmt --check`
# and compiles them to compare with the committed .mo files; installed when missing, as root.
gettext:
	@if ! command -v msgfmt >/dev/null 2>&1; then \
		if [ "$$(id -u)" = "0" ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext >/dev/null; \
		else \
			echo "msgfmt is missing: the catalog checks will be skipped (install Debian's gettext)"; \
		fi; \
	fi

# Re-extracts every marked string into locale/<lang>/LC_MESSAGES/django.po and djangojs.po
# (new strings empty, changed ones fuzzy), then compiles; see locale/README.md.
LOCALES := -l ja -l ko -l zh_Hans -l de -l fr -l es -l ru
MAKEMESSAGES_IGNORE := --ignore=.venv --ignore=staticfiles --ignore=var --ignore=tests \
	--ignore=bench --ignore=node_modules --ignore=test-output
messages: venv gettext
	env -u DATABASE_URL DJANGO_SETTINGS_MODULE=baduxsite.settings.test \
		$(BIN)/python manage.py makemessages $(LOCALES) $(MAKEMESSAGES_IGNORE) --no-obsolete
	env -u DATABASE_URL DJANGO_SETTINGS_MODULE=baduxsite.settings.test \
		$(BIN)/python manage.py makemessages -d djangojs $(LOCALES) $(MAKEMESSAGES_IGNORE) --no-obsolete
	$(MAKE) compilemessages

# The .mo files are committed (production and CI need no gettext); this refreshes them from the
# .po files when msgfmt is here, and leaves them as they are otherwise.
compilemessages: venv
	@if command -v msgfmt >/dev/null 2>&1; then \
		env -u DATABASE_URL DJANGO_SETTINGS_MODULE=baduxsite.settings.test \
			$(BIN)/python manage.py compilemessages --ignore=.venv >/dev/null; \
	fi

# axe-core for the browser tests (tests/browser/conftest.py checks every page they load):
# `npm ci` of tests/browser/axe/package.json; without node the pages are not checked (a warning).
AXE_DIR := tests/browser/axe
axe:
	@if command -v npm >/dev/null 2>&1; then \
		test -f $(AXE_DIR)/node_modules/axe-core/axe.min.js || npm ci --prefix $(AXE_DIR) --no-audit --no-fund --silent; \
	else \
		echo "npm is missing: the browser tests will not run axe (install nodejs and npm)"; \
	fi

# The GNU Go bot runs Debian's gnugo; install it when missing (needs root, as in CI). Without it
# the GNU Go bot shows as "not installed" and its test is skipped.
gnugo:
	@if [ ! -x /usr/games/gnugo ]; then \
		if [ "$$(id -u)" = "0" ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gnugo >/dev/null; \
		else \
			echo "gnugo is missing: the GNU Go bot is unavailable (install Debian's gnugo)"; \
		fi; \
	fi

# tests/deploy/test_two_nodes.py runs Debian's nginx (its own config in a temporary folder, not
# the system service) in front of two gunicorn nodes; installed when missing (needs root, as in
# CI). Without it that test is skipped.
nginx:
	@if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then \
		if [ "$$(id -u)" = "0" ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null; \
		else \
			echo "nginx is missing: the two-node deploy test will be skipped (install Debian's nginx)"; \
		fi; \
	fi

# Fails when a model change has no migration (SQLite: the check needs no server).
migrations-check: venv
	env -u DATABASE_URL DJANGO_SETTINGS_MODULE=baduxsite.settings.test \
		$(BIN)/python manage.py makemigrations --check --dry-run

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# Whole suite against DATABASE_URL (SQLite in memory when unset) and REDIS_URL.
test: venv chromium axe gnugo nginx gettext migrations-check lint test-js
	$(BIN)/pytest $(PYTEST_PARALLEL) $(PYTEST_ARGS)

# The static JavaScript's tests: node's own runner on tests/js/*.test.mjs, with jsdom from
# `npm ci` of tests/js/package.json (node_modules is never committed).
JS_TEST_DIR := tests/js
test-js:
	@if command -v npm >/dev/null 2>&1; then \
		test -d $(JS_TEST_DIR)/node_modules/jsdom || npm ci --prefix $(JS_TEST_DIR) --no-audit --no-fund --silent; \
		cd $(JS_TEST_DIR) && node --test; \
	else \
		echo "npm is missing: the JavaScript tests are skipped (install nodejs and npm)"; \
	fi

# The fast tier while working: no browser, no child processes, no PostgreSQL-only races, on
# SQLite in memory and both cores (pyproject.toml's markers; tests/conftest.py assigns them).
test-fast: venv
	env -u DATABASE_URL $(BIN)/pytest -q -n 2 -m "not browser and not slow and not postgres" $(PYTEST_ARGS)

# The suite again on SQLite, whatever DATABASE_URL says (CI runs it after PostgreSQL).
test-sqlite: venv axe
	env -u DATABASE_URL $(BIN)/pytest $(PYTEST_PARALLEL) $(PYTEST_ARGS)

# Rewrites the committed API contract from the live API (tests/api/test_schema.py fails while
# they differ): run it when a change to /api/v1/ is meant, and commit the diff.
api-schema: venv
	env -u DATABASE_URL DJANGO_SETTINGS_MODULE=baduxsite.settings.test \
		$(BIN)/python manage.py export_openapi_schema --api baduxsite.api.api \
		--indent 2 --sorted --output docs/api/openapi.json

format: venv
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

clean:
	rm -rf var .pytest_cache .ruff_cache staticfiles
