"""Reviews: a game or an uploaded record with variations and comments, shared by a link or
published; private notes per game; the game's estimate graph."""
