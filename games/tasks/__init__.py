"""games' Celery tasks, one module per feature (task names are stable strings, "games.<name>").

Importing this package registers them all: `GamesConfig.ready` does, so every process knows
the names the outbox checks.
"""

from games.bots import tasks as bots_tasks
from games.inbound import sweeps as inbound_sweeps
from games.inbound import tasks as inbound_tasks
from games.reviews import tasks as reviews_tasks
from games.tasks import (
    adjournments,
    challenges,
    chat,
    conditional,
    contact,
    disputes,
    friends,
    play,
)
from games.watching import tasks as watching_tasks

__all__ = [
    "adjournments",
    "bots_tasks",
    "challenges",
    "chat",
    "conditional",
    "contact",
    "disputes",
    "friends",
    "inbound_sweeps",
    "inbound_tasks",
    "play",
    "reviews_tasks",
    "watching_tasks",
]
