"""Engine speed with the starter decks and uniformly random legal actions (the budgets: median
game <= 10 ms; legal actions + apply <= 50 us per decision; clone <= 50 us; peak memory <= 60 MB).

    python bench/engine.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from zenonzard_tui.decks import load_deck  # noqa: E402
from zenonzard_tui.engine.game import new_game  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    decks = [load_deck(p) for p in sorted((ROOT / "decks").glob("*.deck"))]
    rng = random.Random(args.seed)

    game_ms, decision_us, clone_us = [], [], []
    decisions = 0
    for g in range(args.games):
        a, b = rng.choice(decks), rng.choice(decks)
        t0 = time.perf_counter()
        game = new_game(a, b, seed=args.seed + g, log=False)
        while not game.over:
            game.apply(rng.choice(game.legal()))
            decisions += 1
        game_ms.append((time.perf_counter() - t0) * 1000)

    # per decision and per clone, timed one at a time on fresh games
    for g in range(min(args.games, 100)):
        game = new_game(rng.choice(decks), rng.choice(decks), seed=10_000 + g, log=False)
        mid = rng.randrange(40, 140)
        n = 0
        while not game.over:
            t0 = time.perf_counter()
            legal = game.legal()
            game.apply(rng.choice(legal))
            decision_us.append((time.perf_counter() - t0) * 1e6)
            n += 1
            if n == mid and not game.over:
                for _ in range(20):
                    t0 = time.perf_counter()
                    game.clone()
                    clone_us.append((time.perf_counter() - t0) * 1e6)

    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"games: {args.games} ({decisions} decisions), starter decks, seed {args.seed}")
    print(f"full game:            median {statistics.median(game_ms):7.2f} ms   (budget 10 ms)")
    print(f"legal() + apply():    median {statistics.median(decision_us):7.1f} us   (budget 50 us)")
    print(f"clone() mid-game:     median {statistics.median(clone_us):7.1f} us   (budget 50 us)")
    print(f"peak memory:          {peak_mb:7.1f} MB   (budget 60 MB)")


if __name__ == "__main__":
    main()
