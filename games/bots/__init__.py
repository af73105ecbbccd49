"""Bots: our own engine (`engine`, pure), GTP programs (`gtp`), the engines of the settings
(`engines`), bot accounts at play (`queue`, `services`, `tasks`) and "Play a bot" (`forms`,
`views`, templates/games/bots/)."""
