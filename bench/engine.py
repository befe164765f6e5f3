"""Engine speed with the starter decks (or random legal decks of the whole pool) and uniformly
random legal actions (the budgets: median
game <= 10 ms; legal actions + apply <= 50 us per decision; clone <= 50 us; peak memory <= 60 MB).
Each figure is given as CPU time (time.process_time, what counts on a shared machine) and wall
time (time.perf_counter). "decisions: N" is the total number of decisions of the full games: it
only changes when the engine's behaviour does, so it shows that a speed-up kept the same games.

    python bench/engine.py [--games N] [--seed S] [--decks starter|random] [--pool all|launch]

`--decks random` draws each seat's deck at random from the whole card pool (every set), as the
fuzzer does: the figure that shows what the AWAKEN and BEYOND cards cost the engine. With
`--pool launch` the random decks take only the launch era's cards (BASIC, AWAKEN, BEYOND): the
same decks and games as a commit from before later sets (its whole pool), so the two engines
are compared on identical games.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.engine.gamekit import random_deck  # noqa: E402
from zenonzard_tui.cards.model import LAUNCH_SETS  # noqa: E402
from zenonzard_tui.decks import load_deck, starter_files  # noqa: E402
from zenonzard_tui.engine.game import new_game  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--decks", choices=("starter", "random"), default="starter")
    ap.add_argument(
        "--pool",
        choices=("all", "launch"),
        default="all",
        help="--decks random: cards of every set, or of the launch era's only (default all)",
    )
    args = ap.parse_args()
    sets = LAUNCH_SETS if args.pool == "launch" else None
    starters = [load_deck(p) for p in starter_files()]
    rng = random.Random(args.seed)

    def pick() -> Any:
        return rng.choice(starters) if args.decks == "starter" else random_deck(rng, sets)

    game_ms: list[float] = []
    game_cpu_ms: list[float] = []
    decision_us: list[float] = []
    decision_cpu_us: list[float] = []
    clone_us: list[float] = []
    clone_cpu_us: list[float] = []
    decisions = 0
    for g in range(args.games):
        a, b = pick(), pick()
        t0, c0 = time.perf_counter(), time.process_time()
        game = new_game(a, b, seed=args.seed + g, log=False)
        while not game.over:
            game.apply(rng.choice(game.legal()))
            decisions += 1
        game_cpu_ms.append((time.process_time() - c0) * 1000)
        game_ms.append((time.perf_counter() - t0) * 1000)

    # per decision and per clone, timed one at a time on fresh games
    for g in range(min(args.games, 100)):
        game = new_game(pick(), pick(), seed=10_000 + g, log=False)
        mid = rng.randrange(40, 140)
        n = 0
        while not game.over:
            t0, c0 = time.perf_counter(), time.process_time()
            legal = game.legal()
            game.apply(rng.choice(legal))
            decision_cpu_us.append((time.process_time() - c0) * 1e6)
            decision_us.append((time.perf_counter() - t0) * 1e6)
            n += 1
            if n == mid and not game.over:
                for _ in range(20):
                    t0, c0 = time.perf_counter(), time.process_time()
                    game.clone()
                    clone_cpu_us.append((time.process_time() - c0) * 1e6)
                    clone_us.append((time.perf_counter() - t0) * 1e6)

    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    med = statistics.median
    print(f"games: {args.games}, {args.decks} decks, seed {args.seed}")
    print(f"decisions: {decisions}")
    print(
        f"full game:            CPU median {med(game_cpu_ms):7.2f} ms   wall median "
        f"{med(game_ms):7.2f} ms   (budget 10 ms)"
    )
    print(
        f"legal() + apply():    CPU median {med(decision_cpu_us):7.1f} us   wall median "
        f"{med(decision_us):7.1f} us   (budget 50 us)"
    )
    print(
        f"clone() mid-game:     CPU median {med(clone_cpu_us):7.1f} us   wall median "
        f"{med(clone_us):7.1f} us   (budget 50 us)"
    )
    print(f"peak memory:          {peak_mb:7.1f} MB   (budget 60 MB)")


if __name__ == "__main__":
    main()
