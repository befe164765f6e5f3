"""The local AI: how the levels fare against each other, and the time per decision of each.

    python bench/ai.py [--table ladder|budget|puzzles] [--games N] [--seed S] [--jobs J]
                       [--budgets 0.25,1,4]

--table ladder (default): each level against the one below it (easy-random, medium-easy,
  strong-medium, expert-strong).
--table budget: expert at 0.25x, 1x and 4x its default budget against strong: strength must
  rise with the budget.
--table puzzles: every searching level on the shipped "win this turn" puzzles, N seeds each
  (the opponent is medium); a try counts when the level wins before the turn ends.

Game g of a pairing uses seed S+g and one starter deck drawn from it (the same for both seats, so
the levels differ and not the decks); the seats alternate going first, and the levels swap seats
every other pair of games. Each cell gives the first level's score (a draw counts half) with a
Wilson 95% interval, and the time per decision of the first level: median and p95 of wall time,
p95 and maximum of CPU time (process_time; on a loaded machine wall time overstates the work),
over the decisions with more than one legal action.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from zenonzard_tui.ai import AIPlayer  # noqa: E402
from zenonzard_tui.decks import load_deck  # noqa: E402
from zenonzard_tui.engine.game import new_game  # noqa: E402
from zenonzard_tui.puzzles import puzzle_files  # noqa: E402
from zenonzard_tui.scenarios import load_scenario  # noqa: E402


@dataclass(frozen=True)
class Side:
    level: str  # an AI level, or "random"
    budget: float = 1.0

    @property
    def label(self) -> str:
        return self.level if self.budget == 1.0 else f"{self.level}@{self.budget:g}x"


TABLES = {
    "ladder": (
        (Side("easy"), Side("random")),
        (Side("medium"), Side("easy")),
        (Side("strong"), Side("medium")),
        (Side("expert"), Side("strong")),
    ),
    "budget": (
        (Side("expert", 0.25), Side("strong")),
        (Side("expert", 1.0), Side("strong")),
        (Side("expert", 4.0), Side("strong")),
    ),
}


class _Random:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game):
        return self.rng.choice(game.legal())


def _player(side: Side, seed: int):
    if side.level == "random":
        return _Random(seed)
    return AIPlayer(side.level, seed, budget=side.budget)


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of a share `score`/`n`."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_game(job: tuple[Side, Side, int]) -> tuple[float, list[float], list[float]]:
    """(the first side's score, its decisions' wall times, their CPU times) in game `seed`."""
    a, b, seed = job
    decks = sorted((ROOT / "decks").glob("*.deck"))
    deck = load_deck(random.Random(seed).choice(decks))
    game = new_game(deck, deck, seed=seed, first=seed % 2)
    seat_a = (seed // 2) % 2  # the levels swap seats every other pair of games
    players = {seat_a: _player(a, seed), 1 - seat_a: _player(b, seed + 7919)}
    times: list[float] = []
    cpu: list[float] = []
    while not game.over:
        seat = game.pending.seat
        several = len(game.legal()) > 1
        t0, c0 = time.perf_counter(), time.process_time()
        action = players[seat].choose(game)
        if seat == seat_a and several:
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        game.apply(action)
    winner = game.outcome.winner
    return (0.5 if winner is None else float(winner == seat_a)), times, cpu


def pairings(table: str, games: int, seed: int, jobs: int) -> None:
    print(
        f"{'pairing':<26} {'score':>14} {'Wilson 95%':>16}   {'median':>8} {'p95':>8}"
        f" {'CPU p95':>8} {'CPU max':>8}"
    )
    for a, b in TABLES[table]:
        work = [(a, b, seed + g) for g in range(games)]
        t0 = time.perf_counter()
        if jobs > 1:
            with multiprocessing.Pool(jobs) as pool:
                results = pool.map(play_game, work, chunksize=1)
        else:
            results = []
            for w in work:
                results.append(play_game(w))
                print(".", end="", file=sys.stderr, flush=True)  # progress, one dot a game
            print(file=sys.stderr)
        score = sum(r[0] for r in results)
        times = sorted(t for r in results for t in r[1])
        cpu = sorted(t for r in results for t in r[2])
        lo, hi = wilson(score, games)
        med = statistics.median(times) if times else 0.0
        p95 = times[int(0.95 * (len(times) - 1))] if times else 0.0
        cpu95 = cpu[int(0.95 * (len(cpu) - 1))] if cpu else 0.0
        cpumax = cpu[-1] if cpu else 0.0
        name = f"{a.label} vs {b.label}"
        print(
            f"{name:<26} {score:6.1f}/{games:<4} {100 * score / games:3.0f}%"
            f"   {100 * lo:5.1f}-{100 * hi:5.1f}%   {1000 * med:6.0f}ms {1000 * p95:6.0f}ms"
            f" {1000 * cpu95:6.0f}ms {1000 * cpumax:6.0f}ms   [{time.perf_counter() - t0:.0f} s]",
            flush=True,
        )


def puzzles(seeds: int) -> None:
    for level in ("strong", "expert"):
        solved = tries = 0
        worst = 0.0
        never = []
        for path in puzzle_files():
            won = 0
            for seed in range(seeds):
                game = load_scenario(path).new_game()
                seat, turn = game.active, game.turn
                players = {seat: AIPlayer(level, seed), 1 - seat: AIPlayer("medium", seed + 1)}
                while not game.over and game.turn == turn:
                    t0 = time.perf_counter()
                    action = players[game.pending.seat].choose(game)
                    if game.pending.seat == seat:
                        worst = max(worst, time.perf_counter() - t0)
                    game.apply(action)
                won += game.outcome is not None and game.outcome.winner == seat
            solved += won
            tries += seeds
            if won < seeds:
                never.append(f"{path.stem} {won}/{seeds}")
        print(
            f"{level:>6}: won {solved} of {tries} tries ({len(puzzle_files())} puzzles x {seeds} "
            f"seeds); slowest decision {worst:.2f} s"
            + (f"; missed: {', '.join(never)}" if never else ""),
            flush=True,
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--table", choices=(*TABLES, "puzzles"), default="ladder")
    ap.add_argument("--games", type=int, default=40, help="games per pairing, or seeds per puzzle")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    ap.add_argument(
        "--budgets",
        default="0.25,1,4",
        help="--table budget: expert's budgets, comma-separated (default 0.25,1,4)",
    )
    args = ap.parse_args()
    if args.table == "puzzles":
        puzzles(args.games)
    else:
        if args.table == "budget":
            budgets = [float(x) for x in args.budgets.split(",")]
            TABLES["budget"] = tuple((Side("expert", b), Side("strong")) for b in budgets)
        pairings(args.table, args.games, args.seed, args.jobs)


if __name__ == "__main__":
    main()
