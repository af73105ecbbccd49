"""Groups: players' clubs with members, their own ladders and tournaments, and a board
(threads and replies). Site-wide boards (announcements, help, Badux rules) are groups too.
See ladder/README.md, "Groups"."""
