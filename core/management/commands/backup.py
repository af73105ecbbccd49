"""`manage.py backup`: back up the database and the site's folders, with a manifest."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, connections
from django.utils import timezone

from core.backups import BackupError, backup_create, backups_prune


class Command(BaseCommand):
    help = (
        "Back up the database (PostgreSQL: pg_dump --format=custom in one snapshot; SQLite: its "
        "online backup API) and the folders of BACKUP_FOLDERS into a new directory, with a "
        "manifest of row counts and checksums. Safe while the site runs."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--destination", default=None, help="folder to write into (default: BACKUP_DIR)"
        )
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS, help="database alias")
        parser.add_argument(
            "--keep",
            type=int,
            default=None,
            help="then delete all but this many newest backups in the destination",
        )

    def handle(self, *args, destination=None, database=DEFAULT_DB_ALIAS, keep=None, **options):
        folder = Path(destination or settings.BACKUP_DIR)
        try:
            result = backup_create(
                database=connections[database].settings_dict,
                folders=settings.BACKUP_FOLDERS,
                destination=folder,
                now=timezone.now(),
                pg_bin_dir=settings.BACKUP_PG_BIN_DIR,
            )
        except BackupError as error:
            raise CommandError(str(error)) from error
        manifest = result.manifest
        self.stdout.write(
            f"Backup {result.path}: {manifest['rows']} rows in {len(manifest['tables'])} tables, "
            f"{len(manifest['files'])} files, folders: {', '.join(manifest['folders']) or 'none'}; "
            f"{result.seconds:.2f} s"
        )
        if keep is not None:
            for path in backups_prune(destination=folder, keep=keep):
                self.stdout.write(f"Deleted {path}")
