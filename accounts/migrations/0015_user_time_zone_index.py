# The digest sweep (messaging.notifications.services.digest_due_user_ids) lists the zones in
# use one index look-up at a time, then reads the players of the due ones by this index.

from django.db import migrations, models

OLD_CODE_SAFE = "new index only"


class Migration(migrations.Migration):
    dependencies = [("accounts", "0014_user_search_indexes")]

    operations = [
        migrations.AddIndex(
            model_name="user",
            index=models.Index(fields=["time_zone"], name="user_time_zone"),
        ),
    ]
