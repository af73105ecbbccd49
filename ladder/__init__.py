"""Ladder maths: ratings, ranks, pairings, standings and brackets, as pure Python.

Nothing here imports Django, reads a clock or touches a database, like `rules/`: the ladder
app's services (models, tasks, views come later) pass in numbers and get numbers back.
`ladder/README.md` describes every formula and choice.
"""
