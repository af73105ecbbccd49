"""The site-wide boards, as groups: announcements (only the group's admins and moderators, and
the site staff, start threads), help and Badux rules (every logged-in player posts)."""

from django.db import migrations
from django.utils import timezone

BOARDS = [
    ("Announcements", "announcements", "News of the site from its staff.", True),
    ("Help", "help", "Questions about playing here, answered by other players.", False),
    (
        "Badux rules",
        "badux-rules",
        "The rules of Badux (Go on hexagons): questions and ideas.",
        False,
    ),
]


def create(apps, schema_editor):
    Group = apps.get_model("ladder", "Group")
    now = timezone.now()
    for name, slug, description, staff_threads in BOARDS:
        Group.objects.get_or_create(
            slug=slug,
            defaults={
                "name": name,
                "description": description,
                "access": "open",
                "staff_threads": staff_threads,
                "site_wide": True,
                "created": now,
            },
        )


# Going back leaves the boards: 0005_groups' own reversal drops their tables, and `create` is
# a get_or_create. (A queryset delete here cascaded through historical models of other apps'
# states and failed, "Must be Group instance", whenever a test migrated back past it.)
class Migration(migrations.Migration):
    dependencies = [("ladder", "0005_groups")]
    operations = [migrations.RunPython(create, migrations.RunPython.noop)]
