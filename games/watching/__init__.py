"""Watch and follow (issue 44): the games browser, games a player watches (their moves come as
notices), players a player follows (their new games and results on the home page), and
spectators' comments on public games (kibitz), which a player can hide while they play.

One folder for the feature in every layer: `models`, `services` (writes), `selectors` (reads),
`tasks`, `views`, `urls`, `forms` and `notifications`; templates under
`templates/games/watching/`, tests under `tests/games/watching/`.
"""
