# Two commands for a fresh machine: `make run` and `make test`. Everything else is a helper.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Extra pytest arguments, e.g. `make test PYTEST_ARGS="-k celery -x"`.
PYTEST_ARGS ?=

.PHONY: run test test-sqlite migrations-check lint format venv chromium clean api-schema

venv: $(STAMP)

# The venv is created once and never recreated: it may be shared by several shells.
$(STAMP): requirements.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -r requirements.txt
	touch $(STAMP)

# Web server, Celery worker and beat together; Ctrl-C stops all. PORT (default 8000).
run: venv
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

# Fails when a model change has no migration (SQLite: the check needs no server).
migrations-check: venv
	env -u DATABASE_URL DJANGO_SETTINGS_MODULE=baduxsite.settings.test \
		$(BIN)/python manage.py makemigrations --check --dry-run

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# Whole suite against DATABASE_URL (SQLite in memory when unset) and REDIS_URL.
test: venv chromium migrations-check lint
	$(BIN)/pytest $(PYTEST_ARGS)

# The suite again on SQLite, whatever DATABASE_URL says (CI runs it after PostgreSQL).
test-sqlite: venv
	env -u DATABASE_URL $(BIN)/pytest $(PYTEST_ARGS)

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
