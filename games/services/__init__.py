"""Writes for games, one module per concern:

* `challenges`: open challenges and invitations (create, accept, decline, cancel, expire);
* `automatch`: the auto-match queue;
* `play`: starting a game, moves, passes, resignation, time-outs and the end of a game;
* `clocks`: setting a game's deadline and warning time when a turn starts;
* `sweeps`: the once-a-minute clock sweep (time-outs, warnings, vacations);
* `vacations`: players' vacations, which stop their clocks;
* `chat`: game chat;
* `disputes`: the marking phase of a disputed count;
* `corrections`: reports to the staff and result corrections.

Every function is keyword-only, takes the clock as `now`, writes nothing when it raises, and
queues work only through `core.outbox.enqueue_on_commit`, by task name. Game actions lock
the game row (SELECT ... FOR UPDATE) for the whole read-check-write, so two requests on the same
game run one after the other; the second then sees the new move number and gets `StalePage`.
"""
