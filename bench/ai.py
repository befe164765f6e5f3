"""The local AI: how the levels fare against each other, and the time per decision of each.

    python bench/ai.py [--table ladder|budget|mirror|puzzles] [--games N] [--seed S] [--jobs J]
                       [--budgets 0.25,1,4] [--levels strong,expert] [--decks same|mixed]
                       [--ai-seed K] [--out FILE [--report]]
                       [--defenders random,solver,expert] [--randoms 3]

--table ladder (default): each level against the one below it (easy-random, medium-easy,
  strong-medium, expert-strong); --levels strong,medium plays only the pairings whose first
  level is named (strong-medium, medium-easy).
--table budget: expert at 0.25x, 1x and 4x its default budget against strong: strength must
  rise with the budget.
--table mirror: strong against strong and expert against expert (--levels strong plays only
  the first): under each row, the first player's score between equals (ZR 5.1), whichever
  seat it sat in.
--table puzzles: every searching level on the shipped "win this turn" puzzles, N seeds each
  (seeds 0 to N-1 of the level), against each defender of --defenders: random ones (--randoms
  of them; the K-th picks uniformly with random.Random(1000 * (K + 1) + seed)), the solver
  (it sees the whole position and answers with a move after which the player has no forced
  win) and expert (seed 1000 + seed). A try counts when the level wins before the turn ends.
  A row per puzzle: tries won against each defender; then for each level the tries won, its
  CPU time per decision (median, p95, max), the forced-win check's CPU time and positions
  looked at, and the slowest decision. Exit status 1 when a try was lost.

Game g of a pairing uses seed S+g; both seats play the same starter deck (the levels differ, not
the decks), the next one every four games, in which each level goes first and second in each
seat: N games cover the starter decks and the seats evenly. With --decks mixed the two seats
play two different starter decks, a new pair every four games, in which each level plays each
deck of the pair, first and second (its rows are kept apart from the same-deck rows in --out). Each row gives the first level's
score (a draw counts half) with a Wilson 95% interval, and the time per decision of the first
level: median and p95 of wall time, median, p95 and maximum of CPU time (process_time; on a
loaded machine wall time overstates the work), over the decisions with more than one legal
action.

The strength table, in chunks (a long run on a busy machine):

    python bench/ai.py --table budget --games 200 --out budget.json   # stop it at any time
    python bench/ai.py --table budget --games 200 --out budget.json   # goes on where it stopped
    python bench/ai.py --table budget --games 50 --out budget.json    # or a chunk: games 0-49
    python bench/ai.py --table budget --games 200 --out budget.json --report   # the table so far

--out keeps every game played (rewritten whole after each game), and a run plays only the games
of its first N that the file does not hold yet, for the same --seed and --ai-seed. The puzzle
table too:

    python bench/ai.py --table puzzles --games 20 --out puzzles.json   # seed by seed
    python bench/ai.py --table puzzles --games 20 --out puzzles.json --report

--ai-seed K replays the same deals with other dice for the AIs: game g's deal (the decks' order,
who goes first, the engine's own draws) still comes from seed S+g, but the first level plays
with seed S+g+K and the second with S+g+7919+K (K = 0, the default, as without it). Two runs of
one pairing that differ only in --ai-seed tell how much of a result the deals decide:
`python bench/deals.py FILE FILE` compares them deal by deal.
"""

from __future__ import annotations

import argparse
import json
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
from zenonzard_tui.decks import load_deck, starter_files  # noqa: E402
from zenonzard_tui.engine.game import new_game  # noqa: E402
from zenonzard_tui.engine.save import write_atomic  # noqa: E402
from zenonzard_tui.puzzles import PUZZLES, puzzle_files, refutation  # noqa: E402
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
    # each level against itself: the first player's edge between equals (ZR 5.1), the
    # yardstick of what a better player can gain going second
    "mirror": (
        (Side("strong"), Side("strong")),
        (Side("expert"), Side("expert")),
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


DECKS = starter_files()
# every pair of two different starter decks, in an order fixed by random.Random(0) (`mixed_setup`)
PAIRS = [(a, b) for i, a in enumerate(DECKS) for b in DECKS[i + 1 :]]
random.Random(0).shuffle(PAIRS)


def setup(g: int) -> tuple[Path, int, int]:
    """Game g of a pairing: (the starter deck both seats play, who goes first, the first
    level's seat). Every four games take the next starter deck, and within them each level
    goes first and second in each seat, so N games cover the decks and the seats evenly."""
    return DECKS[(g // 4) % len(DECKS)], g % 2, (g // 2) % 2


def mixed_setup(g: int) -> tuple[Path, Path, int, int]:
    """Game g of a pairing with different decks (`--decks mixed`): (seat A's deck, seat B's
    deck, who goes first, the first level's seat). Every four games take the next pair of two
    different starter decks (all pairs, in an order fixed by random.Random(0), not by --seed),
    and within them each level plays each deck of the pair, going first and second."""
    deck_a, deck_b = PAIRS[(g // 4) % len(PAIRS)]
    return deck_a, deck_b, g % 2, (g // 2) % 2


def goes_first(g: int, mixed: bool) -> bool:
    """Whether the first level of a pairing goes first in its game g (`setup`, `mixed_setup`)."""
    first, seat = (mixed_setup(g) if mixed else setup(g))[-2:]
    return first == seat


def by_first(done: list[Played], mixed: bool) -> str:
    """The first level's score in the games it went first and in those it went second (ZR 5.1),
    each with its Wilson interval: the first player's edge is large, so the split shows which
    games a change won or lost."""
    parts = []
    for label, first in (("going first", True), ("going second", False)):
        part = [p.score for p in done if goes_first(p.game, mixed) == first]
        s, n = sum(part), len(part)
        lo, hi = wilson(s, n)
        parts.append(
            f"{label} {s:g}/{n} {100 * s / max(n, 1):.0f}% ({100 * lo:.1f}-{100 * hi:.1f}%)"
        )
    return ", ".join(parts)


@dataclass(frozen=True)
class Played:
    """One game of a pairing: the first side's score (a draw 1/2), and its decisions' wall and
    CPU times (the decisions with more than one legal action)."""

    pairing: str
    game: int
    score: float
    wall: list[float]
    cpu: list[float]


def play_game(job: tuple[Side, Side, int, int, bool, int]) -> Played:
    """Game `g` of the pairing a-b, with seed `seed` + g (`mixed`: the two seats' decks differ),
    the AIs' seeds shifted by `ai_seed` (the deal stays that of `seed` + g)."""
    a, b, seed, g, mixed, ai_seed = job
    if mixed:
        path_a, path_b, first, seat_a = mixed_setup(g)
    else:
        path_a, first, seat_a = setup(g)
        path_b = path_a
    game = new_game(load_deck(path_a), load_deck(path_b), seed=seed + g, first=first)
    players = {
        seat_a: _player(a, seed + g + ai_seed),
        1 - seat_a: _player(b, seed + g + 7919 + ai_seed),
    }
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
    score = 0.5 if winner is None else float(winner == seat_a)
    return Played(pairing_name(a, b, mixed), g, score, times, cpu)


def pairing_name(a: Side, b: Side, mixed: bool) -> str:
    """A pairing's row (and its games' key in --out): "expert vs strong", "... (mixed decks)"."""
    return f"{a.label} vs {b.label}" + (" (mixed decks)" if mixed else "")


def read_results(path: Path) -> tuple[int, int, list[Played]]:
    """(--seed, --ai-seed, the games) of a results file (`--out`); exit status 2, naming the
    file, when it is not one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        games = [
            Played(
                str(row["pairing"]),
                int(row["game"]),
                float(row["score"]),
                [float(t) for t in row["wall"]],
                [float(t) for t in row["cpu"]],
            )
            for row in data["games"]
        ]
        return int(data["seed"]), int(data.get("ai_seed", 0)), games
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, AttributeError) as e:
        print(f"{path}: not a results file of bench/ai.py ({e})", file=sys.stderr)
        sys.exit(2)


class Results:
    """The games played so far, kept in a JSON file (`--out`) rewritten whole after each game
    (write_atomic), so that a run stopped at any moment goes on where it stopped."""

    def __init__(self, path: Path | None, seed: int, ai_seed: int = 0) -> None:
        self.path, self.seed, self.ai_seed = path, seed, ai_seed
        self.games: dict[tuple[str, int], Played] = {}
        if path is None or not path.exists():
            return
        kept_seed, kept_ai_seed, games = read_results(path)
        if kept_seed != seed:
            print(f"{path}: its games have --seed {kept_seed}, not {seed}", file=sys.stderr)
            sys.exit(2)
        if kept_ai_seed != ai_seed:
            print(
                f"{path}: its games have --ai-seed {kept_ai_seed}, not {ai_seed}", file=sys.stderr
            )
            sys.exit(2)
        for played in games:
            self.games[played.pairing, played.game] = played

    def add(self, played: Played) -> None:
        self.games[played.pairing, played.game] = played
        if self.path is not None:
            rows = [vars(p) for p in sorted(self.games.values(), key=lambda p: (p.pairing, p.game))]
            head = {"seed": self.seed} | ({"ai_seed": self.ai_seed} if self.ai_seed else {})
            write_atomic(self.path, json.dumps(head | {"games": rows}) + "\n")


def pairings(
    table: str,
    games: int,
    seed: int,
    jobs: int,
    out: Path | None,
    report: bool = False,
    mixed: bool = False,
    ai_seed: int = 0,
) -> None:
    """Play (or with `report`, only read from `out`) the first `games` games of each pairing of
    `table`, and print a row per pairing (`mixed`: each seat its own deck, `mixed_setup`; `ai_seed`:
    the AIs' seeds shifted, the deals kept)."""
    results = Results(out, seed, ai_seed)
    print(
        f"{'pairing':<40} {'score':>14} {'Wilson 95%':>16}   {'median':>8} {'p95':>8}"
        f" {'CPU med':>8} {'CPU p95':>8} {'CPU max':>8}"
    )
    for a, b in TABLES[table]:
        name = pairing_name(a, b, mixed)
        work = [
            (a, b, seed, g, mixed, ai_seed) for g in range(games) if (name, g) not in results.games
        ]
        t0 = time.perf_counter()
        if work and not report:
            try:
                if jobs > 1:
                    with multiprocessing.Pool(jobs) as pool:
                        for played in pool.imap_unordered(play_game, work, chunksize=1):
                            results.add(played)
                            print(".", end="", file=sys.stderr, flush=True)
                else:
                    for w in work:
                        results.add(play_game(w))
                        print(".", end="", file=sys.stderr, flush=True)  # a dot a game
            finally:
                print(file=sys.stderr)
        done = [results.games[name, g] for g in range(games) if (name, g) in results.games]
        n = len(done)
        score = sum(r.score for r in done)
        times = sorted(t for r in done for t in r.wall)
        cpu = sorted(t for r in done for t in r.cpu)
        lo, hi = wilson(score, n)

        def p95(xs: list[float]) -> float:
            return xs[int(0.95 * (len(xs) - 1))] if xs else 0.0

        med = statistics.median(times) if times else 0.0
        cpumed = statistics.median(cpu) if cpu else 0.0
        cpumax = cpu[-1] if cpu else 0.0
        print(
            f"{name:<40} {score:6.1f}/{n:<4} {100 * score / max(n, 1):3.0f}%"
            f"   {100 * lo:5.1f}-{100 * hi:5.1f}%   {1000 * med:6.0f}ms {1000 * p95(times):6.0f}ms"
            f" {1000 * cpumed:6.0f}ms {1000 * p95(cpu):6.0f}ms {1000 * cpumax:6.0f}ms"
            f"   [{time.perf_counter() - t0:.0f} s]",
            flush=True,
        )
        if done:
            print(f"{'':<40} {by_first(done, mixed)}", flush=True)
        if done and a == b:  # a mirror: the first player's score, whichever seat it sat in
            won = sum(p.score if goes_first(p.game, mixed) else 1 - p.score for p in done)
            lo, hi = wilson(won, n)
            print(f"{'':<40} the first player won {won:g}/{n} {100 * won / n:.1f}%"
                  f" ({100 * lo:.1f}-{100 * hi:.1f}%)", flush=True)  # fmt: skip


DEFENDERS = ("random", "solver", "expert", "medium")


class _Solver:
    """The strongest defender of a puzzle: it sees the whole position (the puzzle's real hands)
    and answers with the first action after which the player has no forced win this turn
    (`puzzles.refutation`)."""

    def choose(self, game):
        return refutation(game)


def defender(name: str, seed: int):
    """The opponent of try `seed`: "random:K" picks uniformly with random.Random(1000 * (K + 1)
    + seed) (the K-th random defender), "solver" answers perfectly (`_Solver`), a level name
    plays that level with seed 1000 + seed."""
    if name.startswith("random:"):
        return _Random(1000 * (int(name.split(":")[1]) + 1) + seed)
    if name == "solver":
        return _Solver()
    return AIPlayer(name, 1000 + seed)


@dataclass(frozen=True)
class Try:
    """One try of a puzzle: won before the turn ended, and the player's decisions (the ones with
    more than one legal action): wall and CPU time, and the forced-win check's CPU time and
    positions where it ran."""

    won: bool
    wall: list[float]
    cpu: list[float]
    check_cpu: list[float]
    check_nodes: list[int]


def puzzle_turn(job: tuple[str, str, int, str]) -> tuple[tuple[str, str, int, str], Try]:
    """`level` (seed `seed`) plays the turn of the puzzle `name` against the defender
    `against`: (the job, the try)."""
    level, name, seed, against = job
    game = load_scenario(PUZZLES / f"{name}.toml").new_game()
    seat, turn = game.active, game.turn
    ai = AIPlayer(level, seed)
    check_cpu: list[float] = []
    check_nodes: list[int] = []
    check = ai.lethal

    def timed(g, s):
        c0 = time.process_time()
        found = check(g, s)
        check_cpu.append(time.process_time() - c0)
        check_nodes.append(getattr(ai, "checked", 0))
        return found

    ai.lethal = timed  # type: ignore[method-assign]
    players = {seat: ai, 1 - seat: defender(against, seed)}
    wall: list[float] = []
    cpu: list[float] = []
    while not game.over and game.turn == turn:
        decider = game.pending.seat
        several = len(game.legal()) > 1
        t0, c0 = time.perf_counter(), time.process_time()
        action = players[decider].choose(game)
        if decider == seat and several:
            wall.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        game.apply(action)
    won = game.outcome is not None and game.outcome.winner == seat
    return job, Try(won, wall, cpu, check_cpu, check_nodes)


class Tries:
    """The puzzle tries played so far, kept in a JSON file (`--out`) rewritten whole after each
    one (write_atomic), so that a run stopped at any moment goes on where it stopped."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.done: dict[tuple[str, str, int, str], Try] = {}
        if path is None or not path.exists():
            return
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data["table"] != "puzzles":
                raise ValueError(f"a table of {data['table']!r}, not of puzzles")
            for row in data["tries"]:
                job = (
                    str(row["level"]),
                    str(row["puzzle"]),
                    int(row["seed"]),
                    str(row["defender"]),
                )
                self.done[job] = Try(
                    bool(row["won"]), [float(t) for t in row["wall"]],
                    [float(t) for t in row["cpu"]], [float(t) for t in row["check_cpu"]],
                    [int(n) for n in row["check_nodes"]],
                )  # fmt: skip
        except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as e:
            print(f"{path}: not a puzzle table of bench/ai.py ({e})", file=sys.stderr)
            sys.exit(2)

    def add(self, job: tuple[str, str, int, str], played: Try) -> None:
        self.done[job] = played
        if self.path is not None:
            rows = [
                {"level": j[0], "puzzle": j[1], "seed": j[2], "defender": j[3], **vars(t)}
                for j, t in sorted(self.done.items())
            ]
            write_atomic(self.path, json.dumps({"table": "puzzles", "tries": rows}) + "\n")


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[int(0.95 * (len(xs) - 1))] if xs else 0.0


def _median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else 0.0


def puzzles(
    seeds: int,
    levels: list[str],
    defenders: list[str],
    jobs: int,
    out: Path | None = None,
    report: bool = False,
) -> bool:
    """A table: for each shipped puzzle, how many of `seeds` tries each level won against each
    defender; then each level's summary (tries won against each defender and in all, its CPU
    time per decision, the forced-win check's CPU time and positions, the slowest decision).
    With `out`, the tries are kept in that file and only those it lacks are played (none with
    `report`). True when every try was played and won."""
    names = [path.stem for path in puzzle_files()]
    combos = [(level, d) for level in levels for d in defenders]
    tries = Tries(out)
    work = [  # seed by seed: a run stopped early has tried every puzzle and defender
        (lv, name, s, d)
        for s in range(seeds)
        for name in names
        for lv, d in combos
        if (lv, name, s, d) not in tries.done
    ]
    if work and not report:
        try:
            if jobs > 1:
                with multiprocessing.Pool(jobs) as pool:
                    for job, played in pool.imap_unordered(puzzle_turn, work, chunksize=1):
                        tries.add(job, played)
                        print(".", end="", file=sys.stderr, flush=True)  # a dot a try
            else:
                for w in work:
                    tries.add(*puzzle_turn(w))
                    print(".", end="", file=sys.stderr, flush=True)
        finally:
            print(file=sys.stderr)
    done = {
        (lv, name, s, d): tries.done[lv, name, s, d]
        for name in names
        for lv, d in combos
        for s in range(seeds)
        if (lv, name, s, d) in tries.done
    }
    width = max(12, *(len(f"{lv}/{d}") + 1 for lv, d in combos))
    print(f"{'puzzle':<16}" + "".join(f"{lv + '/' + d:>{width}}" for lv, d in combos))
    for name in names:
        row = f"{name:<16}"
        for lv, d in combos:
            mine = [t for (level, n, _, dd), t in done.items() if (level, n, dd) == (lv, name, d)]
            row += f"{f'{sum(t.won for t in mine)}/{len(mine)}':>{width}}"
        print(row)
    every = len(done) == len(names) * len(combos) * seeds
    if not every:
        print(f"{len(done)} of {len(names) * len(combos) * seeds} tries played so far")
    for lv in levels:
        mine = [t for (level, *_), t in done.items() if level == lv]
        won = sum(t.won for t in mine)
        every = every and won == len(mine)
        against = ", ".join(
            f"{d} {sum(t.won for (level, _, _, dd), t in done.items() if level == lv and dd == d)}"
            for d in defenders
        )
        cpu = [c for t in mine for c in t.cpu]
        wall = [c for t in mine for c in t.wall]
        check = [c for t in mine for c in t.check_cpu]
        nodes = [float(n) for t in mine for n in t.check_nodes]
        print(
            f"{lv}: won {won} of {len(mine)} tries ({len(names)} puzzles x {seeds} seeds x"
            f" {len(defenders)} defenders; {against})"
        )
        print(
            f"  CPU a decision: median {1000 * _median(cpu):.0f} ms, p95"
            f" {1000 * _p95(cpu):.0f} ms, max {1000 * max(cpu, default=0):.0f} ms"
            f" ({len(cpu)} decisions); slowest wall {max(wall, default=0):.2f} s"
        )
        print(
            f"  forced-win check: {len(check)} checks, CPU median {1000 * _median(check):.0f}"
            f" ms, p95 {1000 * _p95(check):.0f} ms, max {1000 * max(check, default=0):.0f} ms,"
            f" total {sum(check):.1f} s of {sum(cpu):.1f} s; positions median"
            f" {_median(nodes):.0f}, p95 {_p95(nodes):.0f}, max {max(nodes, default=0):.0f}",
            flush=True,
        )
    return every


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--table", choices=(*TABLES, "puzzles"), default="ladder")
    ap.add_argument("--games", type=int, default=40, help="games per pairing, or seeds per puzzle")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--ai-seed",
        type=int,
        default=0,
        help="ladder, budget and mirror tables: shift the AIs' seeds by this much, the deals"
        " (decks' order, first player, the engine's draws) kept those of --seed (default 0)",
    )
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    ap.add_argument(
        "--decks",
        choices=("same", "mixed"),
        default="same",
        help="ladder and budget tables: both seats play the same starter deck (default), or"
        " mixed: two different ones, a new pair every four games (its own rows in --out)",
    )
    ap.add_argument(
        "--budgets",
        default="0.25,1,4",
        help="--table budget: expert's budgets, comma-separated (default 0.25,1,4)",
    )
    ap.add_argument(
        "--out",
        type=Path,
        help="keep each game's result in this JSON file; run again to go on where it stopped",
    )
    ap.add_argument(
        "--report", action="store_true", help="only print the table of the games in --out"
    )
    ap.add_argument(
        "--defenders",
        default="random,solver,expert",
        help="--table puzzles: the opponents, comma-separated: random (--randoms of them, each"
        " with its own seeds), solver (answers knowing the whole position), expert, medium"
        " (default random,solver,expert)",
    )
    ap.add_argument(
        "--randoms",
        type=int,
        default=3,
        help="--table puzzles: how many random defenders (default 3)",
    )
    ap.add_argument(
        "--levels",
        help="--table puzzles: the levels tried (default strong,expert); --table ladder or mirror:"
        " only the pairings whose first level is one of these (default all); comma-separated",
    )
    args = ap.parse_args()
    if args.games < 1:
        ap.error(f"--games must be 1 or more, got {args.games}")
    if args.report and args.out is None:
        ap.error("--report reads the games of --out FILE: give --out")
    levels = args.levels.split(",") if args.levels else None
    known = {"easy", "medium", "strong", "expert"}
    if levels and not set(levels) <= known:
        ap.error(f"--levels takes {', '.join(sorted(known))}, got {args.levels!r}")
    if args.table == "puzzles":
        if args.ai_seed:
            ap.error(
                "--ai-seed is for the ladder, budget and mirror tables (a puzzle try's seed is its own)"
            )
        names = args.defenders.split(",")
        if not names or not set(names) <= set(DEFENDERS):
            ap.error(f"--defenders takes {', '.join(DEFENDERS)}, got {args.defenders!r}")
        if args.randoms < 1:
            ap.error(f"--randoms must be 1 or more, got {args.randoms}")
        defenders = []
        for name in dict.fromkeys(names):
            defenders += (
                [f"random:{k}" for k in range(args.randoms)] if name == "random" else [name]
            )
        levels = levels or ["strong", "expert"]
        try:
            every = puzzles(args.games, levels, defenders, args.jobs, args.out, args.report)
        except KeyboardInterrupt:
            kept = f"; the tries played are kept in {args.out}" if args.out else ""
            print(f"stopped{kept}", file=sys.stderr)
            sys.exit(130)
        if not every:
            sys.exit(1)  # a try was lost (or, with --report, not played yet)
    else:
        if args.table == "budget":
            try:
                budgets = [float(x) for x in args.budgets.split(",")]
            except ValueError:
                ap.error(f"--budgets takes numbers separated by commas, got {args.budgets!r}")
            if any(b <= 0 for b in budgets):
                ap.error(f"--budgets must be above 0, got {args.budgets!r}")
            TABLES["budget"] = tuple((Side("expert", b), Side("strong")) for b in budgets)
        elif levels:  # (ladder, mirror)
            TABLES[args.table] = tuple(p for p in TABLES[args.table] if p[0].level in levels)
            if not TABLES[args.table]:
                ap.error(f"--table {args.table}: no pairing's first level is in {args.levels!r}")
        try:
            pairings(
                args.table, args.games, args.seed, args.jobs, args.out, args.report,
                mixed=args.decks == "mixed", ai_seed=args.ai_seed,
            )  # fmt: skip
        except KeyboardInterrupt:
            kept = f"; the games played are kept in {args.out}" if args.out else ""
            print(f"stopped{kept}", file=sys.stderr)
            sys.exit(130)


if __name__ == "__main__":
    main()
