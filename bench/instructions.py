"""The engine's work in instructions, which a loaded machine does not change (CPU time on this
shared 2-core machine moves by 30% from one run to the next; the instruction count of the same
games does not move at all). For an A/B of two builds or two commits, side by side.

    python bench/instructions.py [--games N] [--seed S] [--decks starter|random]
                                 [--python PY ...] [--pure]

It plays N games with uniformly random legal actions (as bench/engine.py does) under valgrind's
callgrind tool, twice: once with the games and once without them (the same imports and warm-up),
and prints the difference a decision and a game: everything the games cost, new_game() included,
and the few hundred instructions a decision of this script's own loop (random.choice), the same
for every build. The decision count is printed too: the same count is the same games.

--python PY: the interpreter to measure (default: this one); several: one column each, e.g. a
  venv with another commit's compiled build installed (`pip install .` there, run from a folder
  without this tree's zenonzard_tui) against this tree's.
--pure: run the pure-Python build (ZENONZARD_PURE=1 at run time) instead.

Needs valgrind (Debian's package); 100 games take about a minute compiled, three pure. The
figures of docs/build.md's "The same games, and the speed" were taken this way.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COLLECTED = re.compile(r"Collected : (\d+)")

# The games, run as a script of their own (in a folder with no zenonzard_tui of its own, so that
# each interpreter imports the build installed for it, or this tree's where it is installed).
GAMES = """
import random, sys
sys.path.append({gamekit!r})  # tests/engine/gamekit.py, for --decks random
from zenonzard_tui.decks import load_deck, starter_files
from zenonzard_tui.engine.game import new_game
from tests.engine.gamekit import random_deck
import zenonzard_tui.buildinfo as buildinfo
games, seed, decks = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
starters = [load_deck(p) for p in starter_files()]
rng = random.Random(seed)
pick = (lambda: rng.choice(starters)) if decks == "starter" else (lambda: random_deck(rng))
pairs = [(pick(), pick()) for _ in range(games)]
warm, warm_choice = new_game(starters[0], starters[1], seed=0, log=False), random.Random(0).choice
while not warm.over:
    warm.apply(warm_choice(warm.legal()))
decisions = 0
for i, (a, b) in enumerate(pairs):
    game = new_game(a, b, seed=seed + i, log=False)
    while not game.over:
        game.apply(rng.choice(game.legal()))
        decisions += 1
print(decisions, buildinfo.describe())
"""


def count(
    python: str, script: Path, games: int, seed: int, decks: str, pure: bool
) -> tuple[int, int, str]:
    """(instructions, decisions, build) of one run under callgrind."""
    # (a fixed hash seed: sets of strings in the same order, so the same count run after run)
    env = dict(os.environ, ZENONZARD_PURE="1" if pure else "", PYTHONHASHSEED="0")
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python, str(script),
         str(games), str(seed), decks],
        capture_output=True, text=True, env=env, cwd=script.parent, check=False,
    )  # fmt: skip
    found = COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        sys.exit(f"{python}: the games failed under valgrind:\n{done.stderr[-2000:]}")
    decisions, build = done.stdout.strip().split(" ", 1)
    return int(found.group(1)), int(decisions), build


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--decks", choices=("starter", "random"), default="starter")
    ap.add_argument("--python", nargs="+", default=[sys.executable])
    ap.add_argument("--pure", action="store_true", help="the pure-Python build (ZENONZARD_PURE=1)")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt install valgrind)", file=sys.stderr)
        return 2
    if args.games < 1:
        print(f"--games must be at least 1, not {args.games}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="zz-instructions-") as tmp:
        script = Path(tmp) / "games.py"
        script.write_text(GAMES.format(gamekit=str(ROOT)))
        print(f"{args.games} games, {args.decks} decks, seed {args.seed}, random legal actions")
        for python in args.python:
            python = (
                os.path.abspath(python) if os.sep in python else python
            )  # (not resolved: a venv)
            full, decisions, build = count(python, script, args.games, args.seed, args.decks,
                                           args.pure)  # fmt: skip
            none, _, _ = count(python, script, 0, args.seed, args.decks, args.pure)
            work = full - none
            print(f"{python}: {build}")
            print(f"  decisions: {decisions}")
            print(f"  instructions: {work / 1e6:,.1f} million, {work / decisions:,.0f} a decision, "
                  f"{work / args.games / 1e6:,.2f} million a game")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
