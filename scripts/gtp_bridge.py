"""Play any GTP engine on a Badux site through its public API (`/api/v1/`), like OGS's bridge.

    python scripts/gtp_bridge.py --site https://badux.example --token TOKEN \\
        [--boards 9,13,19] [--poll 20] [--move-seconds 30] [--once] -- gnugo --mode gtp

The account the token belongs to should be a bot (staff set the bot flag, so the site marks it
as one); the token needs the "play" scope. Every `--poll` seconds the bridge:

* accepts the challenges sent to it whose board it plays (square boards listed in `--boards`;
  GTP has no hexagons) and declines the others;
* for each running game where it is to move, rebuilds the game with `rules`, asks the engine
  (`genmove`, at most `--move-seconds`) and sends the move with the move number it answers, so
  a move that crossed another is refused (409) rather than misplayed.

An engine that hangs, crashes, answers garbage or an illegal move is stopped and started again
for the next try; nothing is sent for that game until the engine answers a legal move. It keeps
to the API's rate limit: one request at a time, and it waits out a 429. Needs only the Python
standard library and this repository's `rules` and `games/bots/gtp.py`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots.gtp import GtpEngine, GtpError  # noqa: E402
from rules.game import Game  # noqa: E402
from rules.ruleset import preset  # noqa: E402
from rules.topology import topology_for  # noqa: E402


class Api:
    """A small client of the site's API with a bearer token."""

    def __init__(self, site: str, token: str) -> None:
        self.base = site.rstrip("/") + "/api/v1"
        self.token = token

    def call(self, method: str, path: str, body: dict | None = None, query: dict | None = None):
        url = self.base + path
        if query:
            url += "?" + urllib.parse.urlencode(query)
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(url, data=data, method=method)  # noqa: S310 - the site's URL
        request.add_header("Authorization", f"Bearer {self.token}")
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        while True:
            try:
                with urllib.request.urlopen(request, timeout=30) as answer:  # noqa: S310
                    return json.loads(answer.read() or b"null")
            except urllib.error.HTTPError as error:
                if error.code == 429:
                    time.sleep(float(error.headers.get("Retry-After", "10")))
                    continue
                raise

    def pages(self, path: str, query: dict | None = None):
        """Every item of a paged list."""
        page = 1
        while True:
            answer = self.call("GET", path, query={**(query or {}), "page": page, "page_size": 100})
            yield from answer["items"]
            if len(answer["items"]) < 100 or page * 100 >= answer["count"]:
                return
            page += 1


def rebuild(detail: dict) -> Game:
    """The game of an API game detail, replayed with `rules`."""
    settings = detail["settings"]
    topology = topology_for(settings["board_kind"], settings["board_size"])
    handicap = settings["handicap"]
    rules = preset(settings["ruleset"], topology, handicap=handicap).with_komi(settings["komi"])
    game = Game.new(topology, rules, handicap=handicap)
    for move in detail["moves"]:
        colour = 1 if move["colour"] == "black" else 2
        if move["point"] is None:
            game.pass_turn(colour)
        else:
            game.play(topology.from_sgf(move["sgf"]), colour)
    return game


class Bridge:
    def __init__(self, api: Api, command: list[str], boards: set[int], move_seconds: float):
        self.api = api
        self.command = command
        self.boards = boards
        self.move_seconds = move_seconds
        self.engine: GtpEngine | None = None

    def plays(self, settings: dict) -> bool:
        return settings["board_kind"] == "square" and settings["board_size"] in self.boards

    def answer_challenges(self) -> None:
        for challenge in list(self.api.pages("/challenges/received")):
            if challenge["status"] != "open":
                continue
            verb = "accept" if self.plays(challenge["settings"]) else "decline"
            body = {} if verb == "accept" else None
            try:
                self.api.call("POST", f"/challenges/{challenge['id']}/{verb}", body)
                print(f"{verb}ed challenge {challenge['id']} from {challenge['creator']}")
            except urllib.error.HTTPError as error:
                print(f"challenge {challenge['id']}: {error.code} {error.reason}")

    def play_turns(self) -> None:
        for summary in list(self.api.pages("/games", {"state": "running"})):
            if summary.get("to_move") != summary.get("your_colour"):
                continue
            if not self.plays(summary["settings"]):
                continue
            detail = self.api.call("GET", f"/games/{summary['id']}")
            self.play_one(detail)

    def play_one(self, detail: dict) -> None:
        game = rebuild(detail)
        if self.engine is None:
            self.engine = GtpEngine(self.command, timeout=self.move_seconds)
        try:
            move = self.engine.genmove(game)
        except GtpError as error:
            print(f"game {detail['id']}: the engine failed ({error}); trying again later")
            self.engine = None  # stopped by the client; a fresh one next time
            return
        number = detail["move_number"]
        path = f"/games/{detail['id']}"
        try:
            if move.kind == "play":
                body = {"point": game.topology.name(move.point), "expected_move_number": number}
                self.api.call("POST", f"{path}/move", body)
            elif move.kind == "pass":
                self.api.call("POST", f"{path}/pass", {"expected_move_number": number})
            else:
                self.api.call("POST", f"{path}/resign", {"expected_move_number": number})
            print(f"game {detail['id']} move {number + 1}: {move.text}")
        except urllib.error.HTTPError as error:
            print(f"game {detail['id']}: {error.code} {error.reason}")

    def close(self) -> None:
        if self.engine is not None:
            self.engine.close()


def main() -> None:
    parser = argparse.ArgumentParser(description="Play a GTP engine through the Badux API.")
    parser.add_argument("--site", required=True, help="the site's address, e.g. https://...")
    parser.add_argument("--token", required=True, help="a personal access token (play scope)")
    parser.add_argument("--boards", default="9,13,19", help="square board sizes to play")
    parser.add_argument("--poll", type=float, default=20.0, help="seconds between rounds")
    parser.add_argument("--move-seconds", type=float, default=30.0, help="time per move")
    parser.add_argument("--once", action="store_true", help="one round, then exit")
    parser.add_argument("command", nargs="+", help="the engine's command, after --")
    args = parser.parse_args()
    boards = {int(size) for size in args.boards.split(",") if size.strip()}
    bridge = Bridge(Api(args.site, args.token), args.command, boards, args.move_seconds)
    try:
        while True:
            bridge.answer_challenges()
            bridge.play_turns()
            if args.once:
                return
            time.sleep(args.poll)
    except KeyboardInterrupt:
        pass
    finally:
        bridge.close()


if __name__ == "__main__":
    main()
