"""Where tests put what a person may want to look at (screenshots, sample mails and images):
outside the working tree, in the system's temporary folder unless BADUX_SAMPLES_DIR names
another, so a test run never writes into the checkout."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

SAMPLES_ROOT = Path(
    os.environ.get("BADUX_SAMPLES_DIR") or Path(tempfile.gettempdir()) / "badux-samples"
)


def samples_dir(name: str) -> Path:
    """The folder for one kind of sample (`screenshots`, `mail`, `render`), created."""
    folder = SAMPLES_ROOT / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder
