"""Tournaments by correspondence: round robin, Swiss, McMahon, single and double elimination.

The maths is pure (`ladder.tournaments.pairing`, `ladder.tournaments.standings`,
`ladder.tournaments.brackets`); this package is
the Django side: models, services (registration, start, withdrawals), the round advance
(`advance.py`, run by the task `ladder.tournament_advance`), selectors (standings, cross table,
brackets), notices, views. See ladder/README.md, "Tournaments".
"""
