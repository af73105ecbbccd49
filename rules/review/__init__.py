"""Reviewing a game: the tree of variations a reviewer tries (`variations`) and the
estimated score lead after every move (`estimate`). Pure, like the rest of `rules`."""
