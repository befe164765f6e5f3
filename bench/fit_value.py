"""Fit the AI's value of a position (`zenonzard_tui/ai/value.py`) to the outcomes of AI games.

    python bench/fit_value.py [--games N] [--seed S] [--level medium] [--held-out N] [--jobs J]
                              [--write]

Game g uses seed S+g and two starter decks drawn from that seed; both seats are played by the
given AI level. At the first decision of every turn (where the searching AI values its positions:
after a turn has ended) the position's features are recorded from a seat drawn from the seed,
with whether that seat went on to win (drawn games are left out). A logistic regression (Newton's
method, a small L2 penalty) is fit to them; the script prints the weights, the log loss and the
accuracy on the games it fit and on the games after them it did not see (`--held-out`, as many
as it fit by default), and with --write writes the weights to zenonzard_tui/ai/value_weights.py.
The same arguments give the same file, with any `--jobs` (games played at once, in processes:
each game depends on its seed only).
"""

from __future__ import annotations

import argparse
import functools
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from zenonzard_tui.ai import AIPlayer  # noqa: E402
from zenonzard_tui.ai.value import FEATURES, features  # noqa: E402
from zenonzard_tui.decks import Deck, load_deck, starter_files  # noqa: E402
from zenonzard_tui.engine.actions import MANA  # noqa: E402
from zenonzard_tui.engine.game import new_game  # noqa: E402
from zenonzard_tui.engine.save import write_atomic  # noqa: E402

NAMES = (*FEATURES, "to_move")
OUT = ROOT / "zenonzard_tui" / "ai" / "value_weights.py"
L2 = 1.0


Row = tuple[list[float], float]


def samples(games: range, level: str, jobs: int = 1) -> list[Row]:
    """The positions of `games` (seeds) played by `level`, in the order of the seeds."""
    work = [(seed, level) for seed in games]
    if jobs <= 1:
        return [row for w in work for row in _game(w)]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return [row for rows in pool.imap(_game, work) for row in rows]


def _game(work: tuple[int, str]) -> list[Row]:
    """The positions of one game (its seed, the level of both seats), with the outcome."""
    seed, level = work
    rng = random.Random(seed)
    decks = _decks()
    game = new_game(rng.choice(decks), rng.choice(decks), seed=seed, first=seed % 2)
    players = (AIPlayer(level, seed), AIPlayer(level, seed + 7919))
    rows = []
    turn = game.turn
    while not game.over:
        if game.turn != turn and game.pending.kind == MANA:
            turn = game.turn
            seat = rng.randrange(2)
            rows.append((seat, features(game, seat)))
        game.apply(players[game.pending.seat].choose(game))
    winner = game.outcome.winner
    if winner is None:
        return []
    return [(x, 1.0 if winner == seat else 0.0) for seat, x in rows]


@functools.cache
def _decks() -> list[Deck]:
    return [load_deck(p) for p in starter_files()]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a is small and positive definite)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(data: list[tuple[list[float], float]], rounds: int = 25) -> list[float]:
    """Logistic regression by Newton's method; weight 0 is the bias (not penalized)."""
    rows = [([1.0, *x], y) for x, y in data]
    k = len(rows[0][0])
    w = [0.0] * k
    for _ in range(rounds):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in rows:
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            g = p - y
            h = p * (1.0 - p)
            for i in range(k):
                grad[i] += g * x[i]
                hx = h * x[i]
                row = hess[i]
                for j in range(k):
                    row[j] += hx * x[j]
        for i in range(1, k):
            grad[i] += L2 * w[i]
            hess[i][i] += L2
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return w


def report(w: list[float], data: list[tuple[list[float], float]]) -> tuple[float, float]:
    loss = hits = 0.0
    for x, y in data:
        z = w[0] + sum(a * b for a, b in zip(w[1:], x, strict=True))
        p = min(max(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))), 1e-9), 1 - 1e-9)
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        hits += (p >= 0.5) == (y == 1.0)
    return loss / len(data), hits / len(data)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400, help="games to fit on (default 400)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="medium", help="the AI level playing both seats")
    ap.add_argument(
        "--held-out", type=int, default=None, help="games after them to test on (default --games)"
    )
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    ap.add_argument("--write", action="store_true", help="write zenonzard_tui/ai/value_weights.py")
    args = ap.parse_args()
    t0, c0 = time.perf_counter(), time.process_time()
    held = args.games if args.held_out is None else args.held_out
    if args.games < 1 or held < 1 or args.jobs < 1:
        ap.error("--games, --held-out and --jobs must be at least 1")
    end = args.seed + args.games
    train = samples(range(args.seed, end), args.level, args.jobs)
    test = samples(range(end, end + held), args.level, args.jobs)
    w = fit(train)
    print(
        f"{len(train)} positions to fit, {len(test)} held out "
        f"[{time.perf_counter() - t0:.1f} s wall, {time.process_time() - c0:.1f} s CPU]"
    )
    for name, x in zip(("bias", *NAMES), w, strict=True):
        print(f"  {name:>10} {x:+.4f}")
    for label, data in (("fit", train), ("held out", test)):
        loss, acc = report(w, data)
        print(f"  {label:>8}: log loss {loss:.4f}, the favourite won {100 * acc:.1f}%")
    if args.write:
        lines = [
            '"""Weights of the value of a position (ai/value.py), written by bench/fit_value.py:',
            f"    python bench/fit_value.py --games {args.games} --seed {args.seed} "
            f"--level {args.level} --write",
            f"fit on {len(train)} positions of {args.games} games ({args.level} vs {args.level}, "
            "starter decks); do not edit by hand.",
            '"""',
            "",
            f"BIAS = {w[0]!r}",
            "WEIGHTS = (",
            *(f"    {x!r},  # {name}" for name, x in zip(NAMES, w[1:], strict=True)),
            ")",
            "",
        ]
        write_atomic(OUT, "\n".join(lines))
        print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
