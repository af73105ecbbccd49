"""Site-level Celery tasks."""

from celery import shared_task


@shared_task(name="baduxsite.tasks.ping")
def ping(payload: str = "pong") -> dict[str, str]:
    """Return `payload` with the worker's host name: proves a worker consumed the task."""
    import socket

    return {"payload": payload, "worker_host": socket.gethostname()}
