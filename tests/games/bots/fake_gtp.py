"""A fake GTP engine for the tests: `python fake_gtp.py MODE`.

Answers the setup commands like any engine; on `genmove` it behaves by MODE:

* ``good``: the first empty point of the board, in GTP's column-row order (a legal move in
  the tests' open positions);
* ``hang``: never answers;
* ``garbage``: writes a line that is not GTP;
* ``illegal``: names the point of the last stone played (occupied);
* ``crash``: exits;
* ``slow``: answers every command like ``good``, each after `SLOW` seconds (an engine whose
  move takes longer than its commands one by one);
* ``judge``: answers ``final_status_list`` with the first stone it was told of (a judge that
  sees one chain otherwise than the count); ``judge-agrees`` with B5 and H5 (the dead stones
  of tests/games/positions.py's SQUARE); ``judge-none`` with no dead stones;
  ``judge-white`` with every White stone it was told of; ``judge-fails`` exits instead;
* ``spawn``: starts a child that sleeps (as an engine's helper process would) before it reads
  anything, then never answers ``genmove``.
"""

from __future__ import annotations

import subprocess
import sys
import time

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
SLOW = 0.4


def main(mode: str) -> None:
    size = 19
    stones: list[str] = []
    black: list[str] = []
    white: list[str] = []
    judge_answers = {
        "judge": lambda: stones[0] if stones else "",
        "judge-none": lambda: "",
        "judge-white": lambda: " ".join(white),
    }
    if mode == "spawn":
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if mode == "slow":
            time.sleep(SLOW)
        name = words[0].lower()
        answer = ""
        if name == "quit":
            sys.stdout.write("= \n\n")
            sys.stdout.flush()
            return
        if name == "boardsize":
            size = int(words[1])
        elif name == "clear_board":
            stones, black, white = [], [], []
        elif name == "play" and words[2].lower() != "pass":
            stones.append(words[2].upper())
            (white if words[1].lower().startswith("w") else black).append(words[2].upper())
        elif name == "final_status_list":
            if mode == "judge-fails":
                sys.exit(3)
            answer = judge_answers.get(mode, lambda: "B5 H5")()
        elif name == "genmove":
            if mode in ("hang", "spawn"):
                time.sleep(3600)
            elif mode == "crash":
                sys.exit(3)
            elif mode == "garbage":
                sys.stdout.write("I think therefore I am\n\n")
                sys.stdout.flush()
                continue
            elif mode == "illegal":
                answer = stones[-1]
            else:
                free = [
                    f"{LETTERS[x]}{y}"
                    for x in range(size)
                    for y in range(1, size + 1)
                    if f"{LETTERS[x]}{y}" not in stones
                ]
                answer = free[0]
                stones.append(answer)
        sys.stdout.write(f"= {answer}\n\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1])
