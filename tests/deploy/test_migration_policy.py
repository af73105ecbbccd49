"""The upgrade policy of deploy/README.md: a release's migrations run while the previous release's
code still serves (migrate first, then restart the code, node by node), so every migration since
the policy keeps the old code working: it adds, it never takes away.

What old code cannot survive, per database operation:
- a column or table dropped or renamed (RemoveField, DeleteModel, RenameField, RenameModel,
  AlterModelTable): old code still reads and writes it;
- a NOT NULL column added without a database default (`db_default`): old code's INSERTs leave
  it out and fail. A Python `default` is not enough: Django fills existing rows with it and
  then drops it from the column.

A destructive change ships in two releases: first code that no longer uses the column (and a
nullable or db_default column where one is added), then the migration that drops it, which
says why the previous release is safe in a module-level `OLD_CODE_SAFE = "..."` (reviewed like
any code).
"""

from __future__ import annotations

import importlib

from django.db import migrations, models
from django.db.migrations.loader import MigrationLoader
from django.db.models import NOT_PROVIDED

# The newest migration of each app before this policy (issue 40): they were written for a stop-
# everything upgrade and are not checked. Every later migration of these apps, and every
# migration of a new app, is.
BEFORE_POLICY = {
    "accounts": "0007_user_bot",
    "core": "0001_outbox",
    "messaging": "0006_outbox_to_core",
    "games": "0015_contact_about_the_site",
    "ladder": "0003_byoyomi_and_absolute_clocks",
}
LOCAL_APPS = frozenset(BEFORE_POLICY)
TAKES_AWAY = (
    migrations.RemoveField,
    migrations.DeleteModel,
    migrations.RenameField,
    migrations.RenameModel,
    migrations.AlterModelTable,
)


def database_operations(operations) -> list:
    """The operations that touch the database (the database side of SeparateDatabaseAndState)."""
    found = []
    for operation in operations:
        if isinstance(operation, migrations.SeparateDatabaseAndState):
            found += database_operations(operation.database_operations)
        else:
            found.append(operation)
    return found


def old_code_breakers(operations) -> list[str]:
    """What in `operations` the previous release's code would trip over, described."""
    problems = []
    for operation in database_operations(operations):
        if isinstance(operation, TAKES_AWAY):
            problems.append(operation.describe())
        elif isinstance(operation, migrations.AddField):
            field = operation.field
            needs_value = not (
                field.many_to_many or field.null or field.db_default is not NOT_PROVIDED
            )
            if needs_value:
                problems.append(f"{operation.describe()}: NOT NULL without db_default")
    return problems


def migrations_under_policy() -> list:
    """Every migration of our apps after BEFORE_POLICY's (all of a new app's)."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    graph = loader.graph
    checked = []
    for (app, name), migration in sorted(loader.disk_migrations.items()):
        if app not in LOCAL_APPS and not app.startswith(tuple(LOCAL_APPS)):
            continue
        marker = BEFORE_POLICY.get(app)
        if marker and (app, name) in graph.forwards_plan((app, marker)):
            continue
        checked.append(migration)
    return checked


def test_policy_markers_name_real_migrations():
    loader = MigrationLoader(None, ignore_no_migrations=True)
    for app, name in BEFORE_POLICY.items():
        assert (app, name) in loader.disk_migrations


def test_every_migration_since_the_policy_keeps_the_previous_release_working():
    broken = {}
    for migration in migrations_under_policy():
        module = importlib.import_module(type(migration).__module__)
        problems = old_code_breakers(migration.operations)
        if problems and not getattr(module, "OLD_CODE_SAFE", ""):
            broken[f"{migration.app_label}.{migration.name}"] = problems

    # Split such a migration over two releases, or say in OLD_CODE_SAFE why the previous
    # release does not use what it takes away (deploy/README.md, "Upgrades").
    assert broken == {}


def test_the_check_finds_what_breaks_old_code():
    stop_reading = [
        migrations.RemoveField(model_name="game", name="komi"),
        migrations.RenameField(model_name="game", old_name="komi", new_name="compensation"),
        migrations.DeleteModel(name="Game"),
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RenameModel(old_name="Game", new_name="Match")]
        ),
        migrations.AddField(model_name="game", name="ruleset", field=models.CharField(default="x")),
    ]
    assert len(old_code_breakers(stop_reading)) == len(stop_reading)


def test_the_check_lets_additions_through():
    additions = [
        migrations.AddField(model_name="game", name="note", field=models.TextField(null=True)),
        migrations.AddField(
            model_name="game", name="flag", field=models.BooleanField(db_default=False)
        ),
        migrations.AddField(
            model_name="game", name="fans", field=models.ManyToManyField(to="accounts.user")
        ),
        migrations.CreateModel(name="Note", fields=[("id", models.AutoField(primary_key=True))]),
        migrations.AddIndex(
            model_name="game", index=models.Index(fields=["komi"], name="game_komi_idx")
        ),
        migrations.SeparateDatabaseAndState(state_operations=[migrations.DeleteModel(name="Gone")]),
    ]
    assert old_code_breakers(additions) == []


def test_the_check_would_have_stopped_a_migration_from_before_the_policy():
    # ladder 0003 added NOT NULL columns with a Python default only: the previous release's
    # INSERTs of a tournament would have failed between `migrate` and the restart.
    loader = MigrationLoader(None, ignore_no_migrations=True)
    migration = loader.disk_migrations[("ladder", "0003_byoyomi_and_absolute_clocks")]

    assert any("NOT NULL" in problem for problem in old_code_breakers(migration.operations))
