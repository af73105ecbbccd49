# The outbox moved to the core app (core migration 0001 takes the model into its state); the
# table, its index and its NOTIFY trigger stay as they are.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("messaging", "0005_outbox_notify"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="OutboxTask")],
            database_operations=[],
        ),
    ]
