"""How well `zenonzard sim` uses several cores: games/s and efficiency for --jobs 1, 2 and 4.

    python bench/sim.py [--games N] [--repeat R] [--ai LEVEL] [--ai-iterations N] [--seed S]
                        [--jobs 1 2 4] [--ray]

Each run plays the same N games (Red Rush against Blue Tides, seats alternating) through the
runner `zenonzard sim` uses, from making the worker processes to the last result. Jobs above the
cores this process may use are capped, as `sim` caps them. Printed per run: the jobs used, wall
time, CPU time (this process and its finished workers, os.times), games/s, the speed-up over the
first run and the efficiency (speed-up / jobs used; 1.0 is perfect). --ray adds a run with Ray on
this machine (needs the cluster extra). A check that the results were the same closes the table
(the expert AI thinks by the clock and so plays differently on each run: with --ai expert, give
--ai-iterations N, as for `sim`, to compare).

On a machine shared with other work the wall times say more about the others than about `sim`:
--repeat R plays every run R times, taking turns, and keeps each one's quickest (as timeit does).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from zenonzard_tui.ai import LEVELS  # noqa: E402
from zenonzard_tui.decks import load_deck  # noqa: E402
from zenonzard_tui.sim.local import LocalRunner, usable_cores  # noqa: E402
from zenonzard_tui.sim.play import GameSpec  # noqa: E402
from zenonzard_tui.sim.tally import Tally  # noqa: E402


def cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def measure(runner, specs, levels) -> tuple[float, float, Tally]:
    tally = Tally(("A", "B"), levels)
    wall, used = time.perf_counter(), cpu()
    with runner:
        for result in runner.results(specs):
            tally.add(result)
    return time.perf_counter() - wall, cpu() - used, tally


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per run (default 2000)")
    ap.add_argument("--ai", choices=tuple(LEVELS), default="medium", help="default medium")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each, the quickest kept")
    ap.add_argument(
        "--ai-iterations", type=int, help="the expert's tree search iterations a decision"
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2, 4], help="default 1 2 4")
    ap.add_argument("--ray", action="store_true", help="add a run on a local Ray")
    args = ap.parse_args(argv)
    decks = [
        load_deck(ROOT / "decks" / "red-rush.deck"),
        load_deck(ROOT / "decks" / "blue-tides.deck"),
    ]
    levels = (args.ai, args.ai)
    specs = [
        GameSpec(g, 0, 1, args.seed + g, g % 2, levels, args.ai_iterations)
        for g in range(args.games)
    ]
    cores = usable_cores()
    ai = f"{args.ai} AI" + (f", {args.ai_iterations} iterations" if args.ai_iterations else "")
    print(f"{args.games} games, {ai}, {cores} usable cores (os.sched_getaffinity)")
    print(
        f"{'runner':<18} {'jobs':>4} {'wall s':>8} {'CPU s':>8} {'games/s':>8} {'speed-up':>9} {'efficiency':>10}"
    )
    runs = [(f"--jobs {j}", min(j, cores), None) for j in args.jobs]
    if args.ray:
        runs.append(("--ray", cores, "ray"))
    best: dict[str, tuple[float, float]] = {}
    tallies = []
    for _ in range(max(1, args.repeat)):
        for label, jobs, kind in runs:
            if kind == "ray":
                from zenonzard_tui.sim.cluster import RayRunner

                runner = RayRunner(decks, None)
            else:
                runner = LocalRunner(decks, jobs)
            wall, used, tally = measure(runner, specs, levels)
            tallies.append(tally)
            if label not in best or wall < best[label][0]:
                best[label] = (wall, used)
    base = best[runs[0][0]][0]
    for label, jobs, _ in runs:
        wall, used = best[label]
        speed_up = base / wall
        print(
            f"{label:<18} {jobs:>4} {wall:8.2f} {used:8.2f} {args.games / wall:8.1f} "
            f"{speed_up:8.2f}x {speed_up / jobs:10.2f}"
        )
    same = all(t.as_dict() == tallies[0].as_dict() for t in tallies)
    print(f"same results in every run: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
