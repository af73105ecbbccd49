"""What each app registers about the data it holds on a player (its `data/parts.py`, imported
from its AppConfig.ready()):

* exporters: `part_register(name=, count=, files=)`: `count(*, user) -> int` (files it will
  write, for the progress bar) and `files(*, user) -> Iterator[ArchiveFile]`, each file a path
  in the archive and its text in chunks, produced lazily (10,000 games stay in bounded memory).
* links to the user model: `links_register(keep=..., erase=...)`, each "app_label.Model.field".
  A kept link stays and points at the erased user's row, which becomes the placeholder
  ("deleted player 1234"); an erased link's rows are deleted. `links_unclassified()` names the
  relations to the user model nobody classified (a test fails on any).
* erasure steps: `eraser_register(step)`: `step(*, user, now)` run inside the erasure's
  transaction before the links are erased (end running games, scrub names from others'
  notices, forget cache keys).
* closing receivers: `closing_register(receiver)`: `receiver(*, user, now)` when the player
  confirms closing (the games app resigns the running games then).
* outbox tasks about a player or a row: `outbox_task_register(task, user_arg=)` or
  `outbox_task_register(task, row_model=)`: erasure deletes the queued rows of such a task that
  name the user (`args[user_arg]`) or a row of `row_model` that no longer exists (`args[0]`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from django.apps import apps
from django.conf import settings
from django.db import models


@dataclass(frozen=True)
class ArchiveFile:
    """One file of the archive: its `path` inside the zip and its text, chunk by chunk."""

    path: str
    chunks: Iterable[str]


@dataclass(frozen=True)
class DataPart:
    name: str
    count: Callable[..., int]
    files: Callable[..., Iterator[ArchiveFile]]


@dataclass(frozen=True)
class UserLink:
    """One relation to the user model: the model, its field and its name "label.field"."""

    model: type[models.Model]
    field: str

    @property
    def name(self) -> str:
        return f"{self.model._meta.label}.{self.field}"


_parts: dict[str, DataPart] = {}
_keep: set[str] = set()
_erase: set[str] = set()
_erasers: list[Callable[..., None]] = []
_closing: list[Callable[..., None]] = []
_outbox_user: dict[str, int] = {}
_outbox_rows: dict[str, str] = {}

KEEP = "keep"
ERASE = "erase"


def part_register(*, name: str, count: Callable[..., int], files: Callable[..., Iterator]) -> None:
    """Register (or replace) the exporter `name`; parts are written in registration order."""
    _parts[name] = DataPart(name=name, count=count, files=files)


def parts() -> list[DataPart]:
    return list(_parts.values())


def links_register(*, keep: Iterable[str] = (), erase: Iterable[str] = ()) -> None:
    """Classify relations to the user model ("app_label.Model.field") as kept (placeholder) or
    erased. Raises ValueError for a link classified both ways."""
    keep, erase = set(keep), set(erase)
    both = (keep | _keep) & (erase | _erase)
    if both:
        raise ValueError(f"Links both kept and erased: {sorted(both)}")
    _keep.update(keep)
    _erase.update(erase)


def user_links() -> list[UserLink]:
    """Every concrete ForeignKey / OneToOneField to the user model in every installed app,
    the through tables of many-to-many fields included."""
    user_model = apps.get_model(settings.AUTH_USER_MODEL)
    found = []
    for model in apps.get_models(include_auto_created=True):
        for field in model._meta.get_fields(include_hidden=True):
            to_user = field.is_relation and field.concrete and field.related_model is user_model
            if to_user and (field.many_to_one or field.one_to_one):
                found.append(UserLink(model=model, field=field.name))
    return found


def link_kind(link: UserLink) -> str | None:
    """KEEP, ERASE or None (not classified)."""
    if link.name in _keep:
        return KEEP
    if link.name in _erase:
        return ERASE
    return None


def links_unclassified() -> list[str]:
    """The names of the relations to the user model that no app classified."""
    return sorted(link.name for link in user_links() if link_kind(link) is None)


def eraser_register(step: Callable[..., None]) -> Callable[..., None]:
    """Register `step(*, user, now)`, run when a closed account is erased; idempotent."""
    if step not in _erasers:
        _erasers.append(step)
    return step


def erasers() -> list[Callable[..., None]]:
    return list(_erasers)


def closing_register(receiver: Callable[..., None]) -> Callable[..., None]:
    """Register `receiver(*, user, now)`, run when a player confirms closing; idempotent."""
    if receiver not in _closing:
        _closing.append(receiver)
    return receiver


def closing_receivers() -> list[Callable[..., None]]:
    return list(_closing)


def outbox_task_register(task: str, *, user_arg: int | None = None, row_model: str = "") -> None:
    """Declare what a queued task's arguments name: a user id at `user_arg`, or the id of a row
    of `row_model` ("app_label.Model") as its first argument."""
    if user_arg is not None:
        _outbox_user[task] = user_arg
    if row_model:
        _outbox_rows[task] = row_model


def outbox_user_tasks() -> dict[str, int]:
    return dict(_outbox_user)


def outbox_row_tasks() -> dict[str, str]:
    return dict(_outbox_rows)
