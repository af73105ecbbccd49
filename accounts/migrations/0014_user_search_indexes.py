"""Indexes of the player search (issue 43): one page of a country in username order, and on
PostgreSQL trigram (pg_trgm) GIN indexes on the upper-cased username and display name, which
serve the `icontains` filter as Django writes it there (`UPPER(col::text) LIKE UPPER('%x%')`),
so a name search reads its matches instead of every player. Other databases have no pg_trgm
and keep scanning (SQLite serves small sites). pg_trgm ships with PostgreSQL and is a trusted
extension (13+): the database's owner may create it."""

from django.db import migrations, models

OLD_CODE_SAFE = "new indexes only"

CREATE = """
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX IF NOT EXISTS user_username_trgm ON accounts_user
    USING gin ((UPPER(username::text)) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS user_display_name_trgm ON accounts_user
    USING gin ((UPPER(display_name::text)) gin_trgm_ops);
"""

DROP = """
DROP INDEX IF EXISTS user_username_trgm;
DROP INDEX IF EXISTS user_display_name_trgm;
"""


def _on_postgresql(sql):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [("accounts", "0013_user_closed_index")]

    operations = [
        migrations.AddIndex(
            model_name="user",
            index=models.Index(fields=["country", "username"], name="user_country_username"),
        ),
        migrations.RunPython(_on_postgresql(CREATE), _on_postgresql(DROP)),
    ]
