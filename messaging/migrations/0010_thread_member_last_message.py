from django.db import migrations, models
from django.db.models import OuterRef, Subquery
from django.db.models.functions import Now

# A column with a database default and an index: the previous release's inserts leave the
# column to the database, and it still sorts its inbox by the thread's own column. Members
# whose threads it touches meanwhile keep an older copy until the next message.
OLD_CODE_SAFE = "new column with db_default, new index"


def copy_last_message(apps, schema_editor):
    """Each member's copy of its thread's last message."""
    Thread = apps.get_model("messaging", "Thread")
    ThreadMember = apps.get_model("messaging", "ThreadMember")
    ThreadMember.objects.update(
        last_message=Subquery(
            Thread.objects.filter(pk=OuterRef("thread_id")).values("last_message")[:1]
        )
    )


class Migration(migrations.Migration):
    dependencies = [
        ("messaging", "0009_notification_prune_index"),
    ]

    operations = [
        migrations.AddField(
            model_name="threadmember",
            name="last_message",
            field=models.DateTimeField(db_default=Now()),
        ),
        migrations.RunPython(copy_last_message, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="threadmember",
            index=models.Index(
                fields=["user", "archived", "last_message", "id"], name="thread_member_inbox"
            ),
        ),
    ]
