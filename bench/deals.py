"""How much of a result the deals decide: runs of one pairing of bench/ai.py in the same deals,
compared deal by deal.

    python bench/deals.py FILE FILE [FILE ...] [--pairing NAME]

Each FILE is a results file of bench/ai.py (`--out`), all with the same --seed, so that game g is
the same deal in each (the decks' order, who goes first, the engine's own draws); they may differ
in --ai-seed (the AIs' dice), in a level's budget, or in the code that played them. The pairing
is NAME (a row of bench/ai.py, e.g. "expert vs strong"), by default the one pairing the first file
holds; in a file without that row, the one row that differs from it only in a level's budget
(expert@4x vs strong), so that budgets can be compared. Only the games that every file holds are
compared. The files must come from the same starter decks (a release that adds one changes which
deck game g plays).

It prints each run's score in those games; how many deals k of the m runs won, against how many
runs that were independent of the deal (each winning at the runs' mean rate, binomially) would
give, split by whether the first level went first; and, over every two runs, how often a deal that
one run lost the other won, and how often a deal that one won the other won too. If the deal did
not matter, the two would be equal; the gap, and the share of the results' variance that the
deals account for (the mean covariance of two runs' results over p(1 - p)), say how much it does.
A draw counts half.

Exit status 2 for a file that cannot be read, files with different --seed, or no game in common.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
from pathlib import Path
from typing import NoReturn

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ai import goes_first, read_results


def _fail(message: str) -> NoReturn:
    print(message, file=sys.stderr)
    sys.exit(2)


def _row(name: str) -> str:
    """A pairing's name without the levels' budgets: "expert@4x vs strong" -> "expert vs strong"."""
    return " vs ".join(side.split("@")[0] for side in name.split(" vs "))


def load(path: Path, pairing: str | None) -> tuple[int, int, str, dict[int, float]]:
    """(seed, ai_seed, pairing, {game: the first level's score}) of one results file."""
    seed, ai_seed, played = read_results(path)
    rows = [(p.pairing, p.game, p.score) for p in played]
    names = sorted({name for name, _, _ in rows})
    if pairing is None:
        if len(names) != 1:
            _fail(
                f"{path}: it holds {len(names)} pairings ({', '.join(names)}): name one with --pairing"
            )
        chosen = names[0]
    elif pairing in names:
        chosen = pairing
    else:  # the same row at another budget (expert@4x vs strong for expert vs strong)
        alike = [name for name in names if _row(name) == _row(pairing)]
        if len(alike) != 1:
            held = ", ".join(names) or "none"
            _fail(f"{path}: {len(alike) or 'no'} pairings match {pairing!r} (it holds {held})")
        chosen = alike[0]
    scores = {g: score for name, g, score in rows if name == chosen}
    return seed, ai_seed, _row(chosen), scores


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", type=Path, nargs="+", help="results files of bench/ai.py (--out)")
    ap.add_argument("--pairing", help='the row compared, e.g. "expert vs strong"')
    args = ap.parse_args(argv)
    if len(args.files) < 2:
        ap.error("give two results files or more")
    runs = []
    pairing = args.pairing
    for path in args.files:
        seed, ai_seed, pairing, scores = load(path, pairing)
        runs.append((path, seed, ai_seed, scores))
    seeds = {seed for _, seed, _, _ in runs}
    if len(seeds) > 1:
        _fail("the files' games have different --seed (" + ", ".join(
            f"{p}: {s}" for p, s, _, _ in runs) + "): their game g is not the same deal")  # fmt: skip
    mixed = pairing.endswith("(mixed decks)")
    games = sorted(set.intersection(*(set(s) for *_, s in runs)))
    if not games:
        _fail("the files have no game of " + repr(pairing) + " in common")
    n, m = len(games), len(runs)
    print(f"{pairing}: {n} deals in common (--seed {seeds.pop()}), {m} runs")
    for path, _, ai_seed, scores in runs:
        won = sum(scores[g] for g in games)
        print(f"  {path} (--ai-seed {ai_seed}): won {won:g} of {n} ({100 * won / n:.1f}%)")
    p = sum(s[g] for *_, s in runs for g in games) / (n * m)
    print(f"\ndeals won by k of the {m} runs (a draw counts half):")
    print(
        f"  {'k':>4} {'deals':>6} {'if independent':>15} {'going first':>12} {'going second':>13}"
    )
    by_k: dict[float, list[int]] = {}
    for g in games:
        by_k.setdefault(sum(s[g] for *_, s in runs), []).append(g)
    for k in sorted(by_k):
        deals = by_k[k]
        indep = f"{n * math.comb(m, int(k)) * p**k * (1 - p) ** (m - k):.1f}" if k == int(k) else ""
        first = sum(goes_first(g, mixed) for g in deals)
        print(f"  {k:>4g} {len(deals):>6} {indep:>15} {first:>12} {len(deals) - first:>13}")
    lost = won = lost_won = won_won = cov = 0.0
    pairs = list(itertools.permutations(range(m), 2))
    for i, j in pairs:
        a, b = runs[i][3], runs[j][3]
        for g in games:
            lost += 1 - a[g]
            lost_won += (1 - a[g]) * b[g]
            won += a[g]
            won_won += a[g] * b[g]
        mean_a = sum(a[g] for g in games) / n
        mean_b = sum(b[g] for g in games) / n
        cov += sum(a[g] * b[g] for g in games) / n - mean_a * mean_b
    print("\nover every two runs (one deal, two runs' results):")
    if lost:
        print(f"  a deal one run lost, the other won {100 * lost_won / lost:.1f}% of the time")
    if won:
        print(f"  a deal one run won, the other won too {100 * won_won / won:.1f}% of the time")
    if 0 < p < 1:
        share = cov / len(pairs) / (p * (1 - p))
        print(f"  the deals' share of the results' variance: {100 * share:.0f}%"
              f" (mean covariance {cov / len(pairs):.3f}; p(1 - p) = {p * (1 - p):.3f})")  # fmt: skip


if __name__ == "__main__":
    main()
