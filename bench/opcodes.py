"""The engine's work per decision counted in Python bytecodes: a figure that does not move with the
machine's load, for comparing two versions of the engine where CPU times differ by less than their
noise (bench/engine.py gives the times themselves).

    python bench/opcodes.py [--games N] [--seed S] [--decks starter|random] [--top K]

Plays N games with uniformly random legal actions, as bench/engine.py does, and counts the
bytecodes run by `legal()` and `apply()` at each decision (the random choice between them
included, as in bench/engine.py's timing). Prints the median and the mean, then, for the decisions
within a quarter of the median (those that decide it), the commonest kinds of decision and the K
functions they spend most bytecodes in. Tracing makes the games about 30 times slower. The first
game also counts the one-time work of filling the process's shared caches (a few tens of bytecodes
in its first decisions); the figures of a run are otherwise the same on every run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.engine.gamekit import random_deck  # noqa: E402
from zenonzard_tui.decks import load_deck, starter_files  # noqa: E402
from zenonzard_tui.engine.game import new_game  # noqa: E402

Where = tuple[str, str, int]  # function, file, first line


def count_decisions(games: int, seed: int, decks: str) -> list[tuple[str, Counter[Where]]]:
    """Each decision of the games: "decision kind / action kind" and its bytecodes by function."""
    starters = [load_deck(p) for p in starter_files()]
    rng = random.Random(seed)
    counts: Counter[Where] = Counter()

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        if event == "opcode":
            code = frame.f_code
            counts[(code.co_name, Path(code.co_filename).name, code.co_firstlineno)] += 1
        return tracer

    def pick() -> Any:
        return rng.choice(starters) if decks == "starter" else random_deck(rng)

    out = []
    for g in range(games):
        game = new_game(pick(), pick(), seed=seed + g, log=False)
        while not game.over:
            assert game.pending is not None
            decided = game.pending.kind
            counts = Counter()
            sys.settrace(tracer)
            try:
                action = rng.choice(game.legal())
                game.apply(action)
            finally:
                sys.settrace(None)
            out.append((f"{decided} / {action.kind}", counts))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=10_000)
    ap.add_argument("--decks", choices=("starter", "random"), default="random")
    ap.add_argument("--top", type=int, default=20)
    args = ap.parse_args()
    rows = count_decisions(args.games, args.seed, args.decks)
    totals = [sum(c.values()) for _, c in rows]
    median = statistics.median(totals)
    print(f"games: {args.games}, {args.decks} decks, seed {args.seed}, decisions: {len(rows)}")
    print(f"bytecodes a decision: median {median:.1f}, mean {statistics.mean(totals):.1f}")
    band = [r for r, t in zip(rows, totals, strict=True) if 0.75 * median <= t <= 1.25 * median]
    kinds = Counter(kind for kind, _ in band)
    print(f"around the median (within 25%): {len(band)} decisions; " + ", ".join(
        f"{kind} {n}" for kind, n in kinds.most_common(6)))  # fmt: skip
    spent: Counter[Where] = Counter()
    for _, c in band:
        spent.update(c)
    whole = sum(spent.values()) or 1
    for (name, file, line), n in spent.most_common(args.top):
        print(f"{n / len(band):8.1f} {100 * n / whole:5.1f}%  {name} ({file}:{line})")


if __name__ == "__main__":
    main()
