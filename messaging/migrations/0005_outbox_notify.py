"""On PostgreSQL, every commit that wrote outbox rows notifies the relay (`manage.py
outbox_relay` LISTENs on the channel `badux_outbox`): a statement-level trigger, so a request
pays no extra round trip and the notice goes out only if the transaction commits. Other
databases have no NOTIFY; the relay polls them."""

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION messaging_outbox_notify() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('badux_outbox', '');
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS messaging_outbox_notify ON messaging_outboxtask;
CREATE TRIGGER messaging_outbox_notify AFTER INSERT ON messaging_outboxtask
    FOR EACH STATEMENT EXECUTE FUNCTION messaging_outbox_notify();
"""

DROP = """
DROP TRIGGER IF EXISTS messaging_outbox_notify ON messaging_outboxtask;
DROP FUNCTION IF EXISTS messaging_outbox_notify();
"""


def _on_postgresql(sql):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [("messaging", "0004_private_messages")]

    operations = [migrations.RunPython(_on_postgresql(CREATE), _on_postgresql(DROP))]
