"""A big site in a PostgreSQL database, for bench/pages_at_scale.py: players, finished and
running games with real-looking move lists on every board, notifications, private messages,
ladders, tournaments, reviews, and the heavy players whose pages grow most.

Run, from the repository's root:
nice .venv/bin/python -m bench.dataset --database-url URL [--scale 1.0] [--seed 43] [--pages-full]

At --scale 1: 100,000 players, 1,000,000 finished games, 100,000 running games (deadlines spread
over the next two weeks), 10,000,000 notifications, 1,000,000 private messages in 100,000
threads, ladders of 5,000 and 500 players, a running 1,000-player McMahon, 200 finished
tournaments, 50,000 reviews. Whatever the scale, player 1 ("heavy") has 10,000 finished games
(every one rated, so their rating graph has 10,000 points) and player 2 ("busy") 300 running
games; the ladders and the McMahon keep their sizes (they are what the pages show).

At --scale 0, the "empty" site: a few rows of each kind, so most pages are nearly empty (heavy's
rating graph has 5 points, the McMahon 10 lines, busy 3 running games). With --pages-full
(--scale 0 only), the "pages-full" site: small tables (a few thousand rows of each kind) but
every page bench/pages_at_scale.py opens shows as many rows as at scale 1, and the paginated
ones a full last page after the first: heavy with 1,000 rated games (the graph's 400 points,
the table's 100 rows), busy with 300 running games, the scale-1 ladders and McMahon (whose API
answers without `page` are the whole table), heavy in 60 threads and with 100 notifications, 60
finished cups, 90 reviews (base._pages_full_counts says why each). A page's time at scale 1
over its time there is what the bigger tables cost; over its time on the empty site, that and
the fuller page together.

Rows go in with COPY (psycopg's `cursor.copy`, rows adapted in C), ids chosen here, one table
per transaction with a mark in `bench_dataset_done`: a run stopped half-way starts again at the
first table not marked. Every column not set here holds the model's default (taken from an
unsaved model instance, so a new column with a default needs nothing here).

Move lists: a pool of games per board is played once with random legal moves (the rules
library, a few seconds), then every game takes one of them cut at a random length and, on
square boards, turned by one of the board's eight symmetries; nothing replays 1M games.
The database is migrated first. Prints each table's rows and seconds, the total time and the
database's size.

The package, by what it builds: `base` (the sizes, the move pool, COPY over a model's defaults,
the helpers every step shares), `players` (users and their ratings), `game_rows` (finished games
with their rating changes, running games), `notices` (notifications, private messages),
`competitions` (ladders, tournaments), `reviews`; `__main__` runs the steps in order.
"""
