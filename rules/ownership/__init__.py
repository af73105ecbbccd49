"""Ownership with confidence: who owns each point of a finished position, the status of each
chain with how sure the count is of it, and which chains the players should check.

Pure and seeded like the rest of `rules`. See `confidence.py`.
"""

from rules.ownership.confidence import (
    MODERATE,
    PLAYOUTS,
    SURE,
    ChainStatus,
    Confidence,
    count_confidence,
    with_judge,
)

__all__ = [
    "MODERATE",
    "PLAYOUTS",
    "SURE",
    "ChainStatus",
    "Confidence",
    "count_confidence",
    "with_judge",
]
