"""The site-wide boards, as groups: announcements (only the group's admins and moderators, and
the site staff, start threads), help and Badux rules (every logged-in player posts)."""

from django.db import migrations
from django.utils import timezone

BOARDS = [
    ("Announcements", "announcements", "News of the site from its staff.", True),
    ("Help", "help", "Questions about playing here, answered by other players.", False),
    ("Badux rules", "badux-rules", "The rules of Badux (Go on hexagons): questions and ideas.", False),
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


def remove(apps, schema_editor):
    apps.get_model("ladder", "Group").objects.filter(
        slug__in=[slug for _, slug, _, _ in BOARDS], site_wide=True
    ).delete()


class Migration(migrations.Migration):
    dependencies = [("ladder", "0005_groups")]
    operations = [migrations.RunPython(create, remove)]
