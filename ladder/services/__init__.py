"""Writes of the ladder app: `ratings` (rated games), `positions` (the ladder lock and one
renumbering), `ladders` (join, leave, challenge, results, removals)."""
