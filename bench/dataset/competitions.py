"""The dataset's competitions: the ladders and the tournaments (a running McMahon and finished
Swiss cups) with their players and pairings."""

from __future__ import annotations

import datetime as dt

from bench.dataset.base import HEAVY, NOW, BuilderBase, _copy, _template


class CompetitionSteps(BuilderBase):
    def ladders(self, cursor) -> int:
        from games.game_settings import GameSettings
        from ladder.ladders.models import Ladder, LadderEntry

        total = 0
        users = self.counts["users"]
        rng = self._rng("ladders")
        for number, size in enumerate(self.counts["ladders"], 1):
            ladder = _template(
                Ladder(
                    name=f"Ladder of {size}",
                    slug=f"ladder-{size}",
                    created=NOW,
                    **GameSettings(board_kind="square", board_size=19).columns(),
                )
            )
            ladder["id"] = number
            total += _copy(cursor, "ladder_ladder", ladder, iter([()]), ())
            entry = _template(LadderEntry(ladder_id=number, user_id=1, joined=NOW, last_active=NOW))
            members = rng.sample(range(3, users + 1), size - 1) + [HEAVY]
            total += _copy(
                cursor,
                "ladder_ladderentry",
                entry,
                (
                    (
                        number * 100_000 + p,
                        number,
                        user,
                        p,
                        NOW - dt.timedelta(days=rng.uniform(0, 30)),
                    )
                    for p, user in enumerate(members, 1)
                ),
                ("id", "ladder_id", "user_id", "position", "last_active"),
            )
        return total

    def tournaments(self, cursor) -> int:
        from games.game_settings import GameSettings
        from ladder.tournaments.models import Tournament, TournamentPairing, TournamentPlayer

        users = self.counts["users"]
        rng = self._rng("tournaments")
        settings = GameSettings(board_kind="square", board_size=19).columns()
        player = _template(TournamentPlayer(tournament_id=1, user_id=1, joined=NOW))
        pairing = _template(TournamentPairing(tournament_id=1, round=1, black_id=1, created=NOW))
        running_base = self.counts["finished"]
        total = 0
        players: list[tuple] = []
        pairings: list[tuple] = []
        tours = self.counts["tournaments"] + 1
        for t in range(1, tours + 1):
            mcmahon = t == 1
            size = self.counts["mcmahon"] if mcmahon else 16
            rounds = 5 if mcmahon else 4
            row = _template(
                Tournament(
                    name="McMahon of a thousand" if mcmahon else f"Cup {t}",
                    format="mcmahon" if mcmahon else "swiss",
                    status="running" if mcmahon else "finished",
                    rounds=rounds,
                    current_round=3 if mcmahon else rounds,
                    player_limit=size,
                    mcmahon_bar="1d" if mcmahon else "",
                    mcmahon_floor="20k" if mcmahon else "",
                    organiser_id=3,
                    created=NOW - dt.timedelta(days=30 + t),
                    started=NOW - dt.timedelta(days=20 + t),
                    finished=None if mcmahon else NOW - dt.timedelta(days=t),
                    **settings,
                )
            )
            row["id"] = t
            total += _copy(cursor, "ladder_tournament", row, iter([()]), ())
            members = rng.sample(range(3, users + 1), size - 1) + [HEAVY]
            for seed, user in enumerate(members, 1):
                players.append(
                    (
                        len(players) + 1,
                        t,
                        user,
                        seed,
                        rng.gauss(1500, 300),
                        f"{rng.randint(1, 25)}k",
                        rng.randint(-8, 0),
                    )
                )
            played = 3 if mcmahon else rounds
            for rnd in range(1, played + 1):
                order = members[:]
                rng.shuffle(order)
                for board in range(size // 2):
                    black, white = order[2 * board], order[2 * board + 1]
                    current = mcmahon and rnd == played
                    game = (
                        running_base + self.counts["busy_running"] + 1 + board if current else None
                    )
                    outcome = "" if current else rng.choice(("black", "white"))
                    pairings.append(
                        (len(pairings) + 1, t, rnd, board + 1, black, white, game, outcome)
                    )
        total += _copy(
            cursor,
            "ladder_tournamentplayer",
            player,
            iter(players),
            ("id", "tournament_id", "user_id", "seed", "rating", "rank", "start_score"),
        )
        total += _copy(
            cursor,
            "ladder_tournamentpairing",
            pairing,
            iter(pairings),
            ("id", "tournament_id", "round", "board", "black_id", "white_id", "game_id", "outcome"),
        )
        return total


def standings_store() -> int:
    """The stored standings of the tournaments copied, written by the site's own code
    (ladder.tournaments.stored) once every step is done. Returns the lines written (none when
    they are already there)."""
    from ladder.tournaments.models import Tournament
    from ladder.tournaments.stored import standings_refresh

    return sum(standings_refresh(tournament=t) for t in Tournament.objects.order_by("pk"))
