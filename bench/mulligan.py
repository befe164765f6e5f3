"""Measure the mulligan rule of the rule-of-thumb player against other rules.

    python bench/mulligan.py [--games N] [--seed S]

Each variant keeps a hand when it holds between LOW and HIGH Base Minions and otherwise sends
back cards as the rule does (to about three Base Minions); it plays medium's rules in every other
decision against medium with the shipped rule (keep 2 to 4). Game g uses seed S+g, two starter
decks drawn from it, seats alternating first and swapping every other pair of games. The score of
each variant is given with its Wilson 95% interval: the shipped rule is the one no variant beats.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.ai import wilson  # noqa: E402
from zenonzard_tui.ai import policy  # noqa: E402
from zenonzard_tui.decks import load_deck, starter_files  # noqa: E402
from zenonzard_tui.engine.actions import MULLIGAN  # noqa: E402
from zenonzard_tui.engine.game import new_game  # noqa: E402

VARIANTS = ((1, 4), (2, 3), (2, 5), (3, 4), (0, 6))


def _mulligan(game, seat, actions, low: int, high: int):
    hand = game.players[seat].hand
    bases = sum(1 for u in hand if game.defs[u].type == "base_minion")
    if low <= bases <= high:
        return next(a for a in actions if a.kind == "keep")
    return policy.mulligan(game, seat, actions)


def score(low: int, high: int, games: int, seed: int) -> float:
    decks = [load_deck(p) for p in starter_files()]
    total = 0.0
    for g in range(seed, seed + games):
        rng = random.Random(g)
        game = new_game(rng.choice(decks), rng.choice(decks), seed=g, first=g % 2)
        me = (g // 2) % 2
        while not game.over:
            seat = game.pending.seat
            if seat == me and game.pending.kind == MULLIGAN and len(game.legal()) > 1:
                action = _mulligan(game, seat, game.legal(), low, high)
            else:
                action = policy.act(game, rng)
            game.apply(action)
        w = game.outcome.winner
        total += 0.5 if w is None else float(w == me)
    return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for low, high in VARIANTS:
        t0, c0 = time.perf_counter(), time.process_time()
        s = score(low, high, args.games, args.seed)
        lo, hi = wilson(s, args.games)
        print(
            f"keep {low}-{high} Base Minions vs keep 2-4: {s:.1f}/{args.games} "
            f"{100 * s / args.games:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}%)   "
            f"[{time.perf_counter() - t0:.1f} s wall, {time.process_time() - c0:.1f} s CPU]",
            flush=True,
        )


if __name__ == "__main__":
    main()
