"""Pairing speed: McMahon rounds of a simulated tournament, 100, 200 and 500 players.

Run: .venv/bin/python bench/pairing_speed.py [--players 100 200 500] [--rounds 5] [--complete]

Each field is a seeded McMahon: ranks spread 25k..5d, bar 2d, floor 20k, even games; a game
is won by the higher rating with the Glicko expected score, so upsets happen. Every round is
paired with `ladder.tournaments.pairing.pair_round` (default `PairingRules`: the complete candidate
graph
up to 150 players, the windowed graph above) and the table shows the process CPU time of that
call alone, the candidate pairs, repeats and players paired outside their score group.
`--complete` also times the complete graph for every field (slow at 500: about 25 s a round).
`--check` pairs every windowed round again on the complete graph and prints the difference of
the two pairings' costs, tier by tier (repeats, score, handicap, strength): zeros mean the
window lost nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ladder.ratings.glicko2 import expected_score  # noqa: E402
from ladder.ratings.ranks import rank_label, rating_for_rank  # noqa: E402
from ladder.tournaments import pairing  # noqa: E402
from ladder.tournaments.pairing import PairingRules, entrants_for_round, pair_round  # noqa: E402
from ladder.tournaments.standings import Bye, GameResult, mcmahon_start_scores, standings  # noqa: E402


def simulate(
    players: int, rounds: int, rules: PairingRules, seed: int, check: bool = False
) -> list[dict]:
    """Plays a seeded McMahon; one row of measurements per round."""
    rng = random.Random(seed)
    ranks = {pid: rank_label(rng.randint(5, 34)) for pid in range(1, players + 1)}
    ratings = {pid: rating_for_rank(r) + rng.uniform(-30, 30) for pid, r in ranks.items()}
    starts = mcmahon_start_scores(ranks, bar="2d", floor="20k")
    games: list[GameResult] = []
    byes: list[Bye] = []
    rows = []
    for rnd in range(1, rounds + 1):
        table = standings(
            players=starts, games=games, byes=byes, rounds=rnd - 1, mcmahon=True, ratings=ratings
        )
        entrants = entrants_for_round(table=table, games=games, byes=byes, ratings=ratings)
        start = time.process_time()
        result = pair_round(entrants, rules)
        elapsed = time.process_time() - start
        score = {e.id: e.score for e in entrants}
        rows.append(
            {
                "players": players,
                "round": rnd,
                "edges": _edges(entrants, rules),
                "seconds": elapsed,
                "repeats": sum(b.repeat for b in result.boards),
                "floaters": 2 * sum(score[b.black] != score[b.white] for b in result.boards),
                "loss": _loss(entrants, result, rules) if check else "",
            }
        )
        if result.bye is not None:
            byes.append(Bye(round=rnd, player=result.bye))
        for b in result.boards:
            p_black = expected_score(ratings[b.black], ratings[b.white], 60)
            winner = b.black if rng.random() < p_black else b.white
            games.append(GameResult(round=rnd, black=b.black, white=b.white, winner=winner))
    return rows


def _tiers(entrants: list, boards: tuple, rules: PairingRules) -> tuple[int, ...]:
    """(repeats, score, handicap, strength) summed over a round's boards."""
    bye = pairing.bye_choice(entrants)
    players = [e for e in entrants if e.id != bye]
    groups: dict[float, list[int]] = {}
    for i, e in enumerate(players):
        groups.setdefault(e.score, []).append(i)
    position = {}
    for members in groups.values():
        for p, i in enumerate(sorted(members, key=lambda i: (-players[i].rating, i))):
            position[i] = (p, len(members))
    index = {e.id: i for i, e in enumerate(players)}
    total = [0, 0, 0, 0]
    for b in boards:
        i, j = sorted((index[b.black], index[b.white]))
        for k, cost in enumerate(pairing._cost(players, i, j, rules, position)[:4]):
            total[k] += cost
    return tuple(total)


def _loss(entrants: list, result, rules: PairingRules) -> str:
    """How much worse than the complete graph the round's pairing is, tier by tier."""
    complete = pair_round(entrants, PairingRules(system=rules.system, full_graph=10**6))
    ours = _tiers(entrants, result.boards, rules)
    best = _tiers(entrants, complete.boards, rules)
    return "/".join(str(a - b) for a, b in zip(ours, best, strict=True))


def _edges(entrants: list, rules: PairingRules) -> int:
    """Candidate pairs the matching sees for this round (the bye left out)."""
    bye = pairing.bye_choice(entrants)
    return pairing._graph([e for e in entrants if e.id != bye], rules).number_of_edges()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[100, 200, 500])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--complete", action="store_true", help="also time the complete graph")
    parser.add_argument("--check", action="store_true", help="compare with the complete graph")
    args = parser.parse_args()
    variants = [("default", PairingRules())]
    if args.complete:
        variants.append(("complete", PairingRules(full_graph=10**6)))
    print(
        f"{'graph':<9} {'players':>7} {'round':>5} {'edges':>7} {'seconds':>8} "
        f"{'repeats':>7} {'floaters':>8} {'vs complete':>12}"
    )
    for name, rules in variants:
        for players in args.players:
            for row in simulate(players, args.rounds, rules, seed=players, check=args.check):
                print(
                    f"{name:<9} {row['players']:>7} {row['round']:>5} {row['edges']:>7} "
                    f"{row['seconds']:>8.2f} {row['repeats']:>7} {row['floaters']:>8} "
                    f"{row['loss']:>12}"
                )


if __name__ == "__main__":
    main()
