"""Writing the archive: the registered parts' files streamed into a zip, one member at a time,
each written chunk by chunk (memory stays bounded whatever the number of games)."""

from __future__ import annotations

import json
import zipfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from accounts.data.registry import ArchiveFile, parts

# Progress is written to the row once per this many files.
PROGRESS_EVERY = 200


def json_chunks(value: Any) -> Iterator[str]:
    """One JSON document (a small one: a profile, preferences)."""
    yield json.dumps(value, indent=2, ensure_ascii=False, default=str)
    yield "\n"


def json_list_chunks(items: Iterable[dict[str, Any]]) -> Iterator[str]:
    """A JSON array written item by item, so that the list is never held whole."""
    yield "["
    first = True
    for item in items:
        yield "\n  " if first else ",\n  "
        yield json.dumps(item, ensure_ascii=False, default=str)
        first = False
    yield "\n]\n"


def archive_total(*, user) -> int:
    """How many files the archive of `user` will hold."""
    return sum(part.count(user=user) for part in parts())


def archive_write(*, user, path: Path, progress: Callable[[int], None]) -> int:
    """Write the archive of `user` to `path` (a new zip); call `progress(files_written)` every
    PROGRESS_EVERY files. Returns the number of files written."""
    written = 0
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for part in parts():
            for item in part.files(user=user):
                _member_write(archive, item)
                written += 1
                if written % PROGRESS_EVERY == 0:
                    progress(written)
    return written


def _member_write(archive: zipfile.ZipFile, item: ArchiveFile) -> None:
    with archive.open(item.path, "w", force_zip64=True) as member:
        for chunk in item.chunks:
            member.write(chunk.encode("utf-8"))
