# The outbox, moved here from messaging: state only, the table "messaging_outboxtask" (made by
# messaging 0003, its trigger by 0005) is kept under its name.

from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("messaging", "0006_outbox_to_core"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="OutboxTask",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("task", models.CharField(max_length=100)),
                        ("args", models.JSONField(blank=True, default=list)),
                        ("created", models.DateTimeField()),
                        ("due", models.DateTimeField(db_index=True)),
                        ("attempts", models.PositiveIntegerField(default=0)),
                        ("last_error", models.CharField(blank=True, max_length=200)),
                    ],
                    options={"db_table": "messaging_outboxtask"},
                ),
            ],
            database_operations=[],
        ),
    ]
