"""The command line: `python -m rules check|score|render GAME.sgf ...` (a stable contract).

* ``check GAME.sgf [--position]`` replays every move after the setup stones with full legality.
  Prints ``ok N moves`` (N counts every B/W node, passes included) and exits 0, or prints
  ``illegal move N: C pt (code: reason)`` (e.g. ``illegal move 12: W dd (ko: ...)``, the point
  is ``pass`` for a pass) and exits 1. With ``--position`` and a legal record, two more lines
  give the final position: ``B`` then, for each black stone in sorted SGF order, a space and its
  SGF point (``B aa bb``; just ``B`` when there are none), then the same for ``W``. Two moves
  of one colour in a row are read as a pass of the other colour between them (an omitted pass),
  and each such pass adds a last line ``implied pass before move N: C pass`` (N counts B/W
  nodes as above, C is the colour that passed); the record is still ``ok``.
* ``score GAME.sgf [--json]`` replays, estimates the dead stones and prints the result as SGF
  writes it (``B+3.5``, ``W+0.5``, ``0`` for a draw); ``--json`` prints one JSON object:
  `Score.as_dict` with SGF points plus ``rules`` (the preset key); its ``uncertain`` key lists
  the stones whose status the estimate was unsure of (empty when it was sure).
* ``render GAME.sgf OUT.png [--score]`` draws the final position (with ``--score``, the count).

Exit codes: 0 done, 1 an illegal move in the record, 2 an unusable file or bad arguments. Every
error is one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from rules.board import BLACK, COLOUR_LETTERS, WHITE
from rules.game import Game
from rules.images.render import render_png
from rules.scoring import score_estimated
from rules.sgf import IllegalRecordMove, SgfError, SgfRecord, game_from_record, read_sgf

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_FILE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, not usage + message
        self.exit(EXIT_BAD_FILE, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The argparse parser for `python -m rules`."""
    parser = _Parser(prog="python -m rules", description="Check, score and draw SGF records.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    check = commands.add_parser("check", help="replay a record with full legality")
    check.add_argument("sgf", metavar="GAME.sgf")
    check.add_argument(
        "--position", action="store_true", help="also print the final black and white stones"
    )
    score = commands.add_parser("score", help="estimate dead stones and count the final position")
    score.add_argument("sgf", metavar="GAME.sgf")
    score.add_argument("--json", action="store_true", help="print the whole count as JSON")
    render = commands.add_parser("render", help="draw the final position as a PNG")
    render.add_argument("sgf", metavar="GAME.sgf")
    render.add_argument("out", metavar="OUT.png")
    render.add_argument("--score", action="store_true", help="mark the count on the board")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    args = build_parser().parse_args(argv)
    try:
        record = read_sgf(args.sgf)
        game = game_from_record(record)
    except SgfError as exc:
        return _fail(f"{args.sgf}: {exc}")
    except IllegalRecordMove as exc:
        if args.command == "check":
            print(exc)
            return EXIT_ILLEGAL
        return _fail(f"{args.sgf}: {exc}", EXIT_ILLEGAL)
    if args.command == "check":
        return _check(record, game, position=args.position)
    if args.command == "score":
        return _score(record, game, as_json=args.json)
    return _render(record, game, out=args.out, with_score=args.score)


def _fail(message: str, code: int = EXIT_BAD_FILE) -> int:
    print(f"error: {' '.join(message.split())}", file=sys.stderr)
    return code


def _check(record: SgfRecord, game: Game, *, position: bool) -> int:
    print(f"ok {len(record.moves) - len(record.implied_passes)} moves")
    if position:
        stones = game.position
        sgf = record.topology.sgf
        for colour, letter in ((BLACK, "B"), (WHITE, "W")):
            print(" ".join([letter, *sorted(sgf(p) for p in stones.points_of(colour))]))
    for index in record.implied_passes:
        colour = COLOUR_LETTERS[record.moves[index].colour]
        print(f"implied pass before move {record.node_number(index)}: {colour} pass")
    return EXIT_OK


def _count(record: SgfRecord, game: Game):
    return score_estimated(game.position, record.rules)


def _score(record: SgfRecord, game: Game, *, as_json: bool) -> int:
    result = _count(record, game)
    if as_json:
        data = result.as_dict(sgf_point=record.topology.sgf)
        data["rules"] = record.rules.key
        print(json.dumps(data, sort_keys=True))
    else:
        print(result.result)
    return EXIT_OK


def _render(record: SgfRecord, game: Game, *, out: str, with_score: bool) -> int:
    count = _count(record, game) if with_score else None
    png = render_png(game.position, score=count)
    try:
        with open(out, "wb") as f:
            f.write(png)
    except OSError as exc:
        return _fail(f"cannot write {out}: {exc.strerror or exc}")
    return EXIT_OK
