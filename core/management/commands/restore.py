"""`manage.py restore PATH`: restore a backup made by `manage.py backup` into an empty database."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, connections

from core.backups import BackupError, backup_restore


class Command(BaseCommand):
    help = (
        "Restore a backup directory into the database (which must have no tables) and the "
        "folders of BACKUP_FOLDERS (which must be empty): checksums are checked first, the row "
        "counts after."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the backup directory (badux-<time>)")
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS, help="database alias")
        parser.add_argument(
            "--force",
            action="store_true",
            help="replace the target database's tables and overwrite the folders' files",
        )

    def handle(self, *args, path: str, database=DEFAULT_DB_ALIAS, force=False, **options):
        connections[database].close()
        try:
            result = backup_restore(
                source=Path(path),
                database=connections[database].settings_dict,
                folders=settings.BACKUP_FOLDERS,
                force=force,
                pg_bin_dir=settings.BACKUP_PG_BIN_DIR,
            )
        except BackupError as error:
            raise CommandError(str(error)) from error
        for table, count in sorted(result.counts.items()):
            self.stdout.write(f"{count:>10}  {table}")
        self.stdout.write(
            f"Restored {sum(result.counts.values())} rows in {len(result.counts)} tables, "
            f"as counted at the backup; {result.seconds:.2f} s"
        )
