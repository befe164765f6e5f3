"""The local AI: time per decision of each level, and how the levels fare against each other.

    python bench/ai.py [--games N] [--seed S]

Game g of a pairing uses seed S+g, a starter deck (the same for both seats, so the levels differ
and not the decks), and seats alternate going first.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from zenonzard_tui.ai import AIPlayer  # noqa: E402
from zenonzard_tui.decks import load_deck  # noqa: E402
from zenonzard_tui.engine.game import new_game  # noqa: E402

PAIRINGS = (("medium", "easy"), ("strong", "medium"), ("strong", "easy"))


def play(levels, deck, seed, first, times):
    game = new_game(deck, deck, seed=seed, first=first)
    players = (AIPlayer(levels[0], seed), AIPlayer(levels[1], seed + 7919))
    while not game.over:
        seat = game.pending.seat
        t0 = time.perf_counter()
        action = players[seat].choose(game)
        times.setdefault(levels[seat], []).append(time.perf_counter() - t0)
        game.apply(action)
    return game.outcome.winner


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="games per pairing (default 40)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    decks = [load_deck(p) for p in sorted((ROOT / "decks").glob("*.deck"))]
    times: dict[str, list[float]] = {}
    for a, b in PAIRINGS:
        wins = [0, 0, 0]
        t0 = time.perf_counter()
        for g in range(args.games):
            seed = args.seed + g
            deck = random.Random(seed).choice(decks)
            winner = play((a, b), deck, seed, g % 2, times)
            wins[2 if winner is None else winner] += 1
        share = (wins[0] + wins[2] / 2) / args.games
        print(
            f"{a:>6} vs {b:<6}: {wins[0]:3d} - {wins[1]:3d} (draws {wins[2]}), "
            f"{a} scores {100 * share:5.1f}%   [{time.perf_counter() - t0:.1f} s]"
        )
    print("time per decision (all decisions, one with a single legal action included):")
    for level in ("easy", "medium", "strong"):
        ts = sorted(times.get(level, []))
        if ts:
            p95 = ts[int(0.95 * (len(ts) - 1))]
            print(
                f"  {level:>6}: median {1000 * statistics.median(ts):7.2f} ms   "
                f"p95 {1000 * p95:7.2f} ms   max {1000 * ts[-1]:7.1f} ms   ({len(ts)} decisions)"
            )


if __name__ == "__main__":
    main()
