"""Where strong's and expert's clones go: for main-phase decisions of medium-vs-medium games
(starter decks drawn from each game's seed), each level decides from its seat's view and every
`Game.clone()` is counted by the function that asked for it (the caller's module and name), with
the decision's CPU time; and the forced-win check's share of that time and how often it
found a win.

    python bench/clones.py [--positions 10] [--seed 1] [--levels strong,expert]

Run it on the pure build (the counting wraps the Python method: `ZENONZARD_PURE=1` on a
compiled install). Prints, per level: clones a decision (median, mean), CPU a decision, and the
share of each caller.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mana_choice import positions as medium_positions  # noqa: E402  (bench/, on sys.path)

from zenonzard_tui.ai import AIPlayer  # noqa: E402
from zenonzard_tui.engine.actions import MAIN  # noqa: E402
from zenonzard_tui.engine.core import GameCore  # noqa: E402
from zenonzard_tui.engine.game import Game  # noqa: E402


def main_decision(game: Game, rng: random.Random) -> bool:
    """A main-phase decision with three or more legal actions from turn 3 on, three in ten."""
    d = game.pending
    return (
        d is not None
        and d.kind == MAIN
        and game.turn >= 3
        and len(game.legal()) >= 3
        and rng.random() < 0.3
    )


def positions(count: int, seed: int) -> list[Game]:
    """`count` such decisions of medium-vs-medium games, at most three a game."""
    return medium_positions(count, seed, main_decision, per_game=3)


class Lethal:
    """The CPU time of the forced-win check (`AIPlayer.lethal`) and how often it found a win."""

    def __init__(self) -> None:
        self.cpu = 0.0
        self.calls = self.wins = 0
        original = AIPlayer.lethal

        def lethal(player: AIPlayer, game: Game, seat: int):  # type: ignore[no-untyped-def]
            start = time.process_time()
            try:
                found = original(player, game, seat)
            finally:
                self.cpu += time.process_time() - start
            self.calls += 1
            self.wins += found is not None
            return found

        AIPlayer.lethal = lethal  # type: ignore[method-assign]


class Counting:
    """Counts `GameCore.clone` calls by the caller's module and function."""

    def __init__(self) -> None:
        self.by: Counter[str] = Counter()
        original = GameCore.clone

        def clone(game: GameCore) -> GameCore:
            caller = sys._getframe(1)
            module = caller.f_globals.get("__name__", "?").removeprefix("zenonzard_tui.")
            self.by[f"{module}.{caller.f_code.co_name}"] += 1
            return original(game)

        GameCore.clone = clone  # type: ignore[method-assign]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--levels", default="strong,expert")
    args = ap.parse_args()
    if not hasattr(GameCore.clone, "__code__"):
        raise SystemExit("the engine is compiled here: run with ZENONZARD_PURE=1")
    games = positions(args.positions, args.seed)
    counting = Counting()
    check = Lethal()
    for level in args.levels.split(","):
        check.cpu, check.calls, check.wins = 0.0, 0, 0
        counts, cpus = [], []
        total: Counter[str] = Counter()
        for n, game in enumerate(games):
            counting.by.clear()
            cpu = time.process_time()
            AIPlayer(level, seed=args.seed + n).choose(game.clone())
            cpus.append(time.process_time() - cpu)
            counting.by["__main__.main"] -= 1  # (the copy handed to the level above)
            counts.append(sum(counting.by.values()))
            total.update(counting.by)
        print(
            f"{level}: {len(games)} main-phase decisions; clones a decision median "
            f"{statistics.median(counts):.0f}, mean {statistics.mean(counts):.0f}; CPU a decision "
            f"median {statistics.median(cpus) * 1000:.0f} ms"
        )
        print(
            f"  the forced-win check: {check.calls} checks, {check.wins} wins found, "
            f"{100 * check.cpu / max(sum(cpus), 1e-9):.0f}% of the CPU"
        )
        whole = sum(total.values()) or 1
        for caller, n in total.most_common():
            if n > 0:
                print(f"  {100 * n / whole:5.1f}%  {caller}")


if __name__ == "__main__":
    main()
