"""How well the coach's "X% win" is calibrated: positions from AI games, the coach's estimate at
each, and whether that side went on to win.

Game g uses seed S+g, a starter deck for each side drawn from the seed, the two `--levels` in
seats swapped every game. At up to `--per-game` main-phase decisions of each game (turn 2 on,
three or more legal actions, drawn by the seed), the coach (`ai.coach.suggest`, the expert's
search from the deciding seat's view) is asked twice with two seeds; the game is then played on
to its end by the two levels. For each position: the two estimates, the value model's own chance
in a world sampled from the seat's view (`ai.value.win_chance`), and the outcome for the seat.

Prints: the mean estimate against the share won, the Brier score of the coach and of the value
model alone, a reliability table (estimates in tenths: count, mean estimate, share won), how much
the two runs differ on the same position (mean and p90 of |first - second|), and, with `--fit`,
a logistic recalibration of the coach's estimate (p' = 1/(1 + exp(-(a*logit(p) + b)))) fitted on
the even games and scored on the odd ones (its Brier there against the raw estimate's).
`--out FILE` keeps the positions (JSON), `--report` re-reads them without playing. `--ask LEVEL`
asks only at that level's decisions (the player's seat: `--levels medium,strong --ask medium` is
a player against strong, what `coach.CALIBRATION` is fitted on), `--ai-budget` scales the players'
thinking (expert: its seconds). The report splits the positions by the asking seat's level and its
opponent's, and scores the shipped calibration on medium's positions against a level it has.

    python bench/coach.py [--games 100] [--seed 1] [--levels strong,strong] [--per-game 2]
                          [--budget 1.0] [--ask LEVEL] [--ai-budget 1.0] [--jobs 1]
                          [--out FILE] [--report] [--fit]
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from zenonzard_tui.ai import AIPlayer  # noqa: E402
from zenonzard_tui.ai.coach import CALIBRATION, logit, recalibrate, suggest  # noqa: E402
from zenonzard_tui.ai.coach import calibrated as shipped  # noqa: E402
from zenonzard_tui.ai.value import win_chance  # noqa: E402
from zenonzard_tui.decks import load_deck, starter_files  # noqa: E402
from zenonzard_tui.engine.actions import MAIN  # noqa: E402
from zenonzard_tui.engine.belief import sample_world  # noqa: E402
from zenonzard_tui.engine.game import new_game  # noqa: E402

DECKS = starter_files()


def play(job: tuple[str, str, int, int, int, float, str | None, float]) -> list[dict]:
    """One game: its asked positions, each with the estimates and the seat's outcome."""
    a, b, seed, g, per_game, budget, ask, ai_budget = job
    rng = random.Random(seed + g)
    decks = [load_deck(str(rng.choice(DECKS))), load_deck(str(rng.choice(DECKS)))]
    game = new_game(decks[0], decks[1], seed=seed + g, first=rng.randrange(2))
    levels = (a, b) if g % 2 == 0 else (b, a)
    players = [
        AIPlayer(levels[0], seed + g, budget=ai_budget),
        AIPlayer(levels[1], seed + g + 7919, budget=ai_budget),
    ]
    asked: list[dict] = []
    while not game.over:
        d = game.pending
        assert d is not None
        if (
            len(asked) < per_game
            and d.kind == MAIN
            and (ask is None or levels[d.seat] == ask)
            and game.turn >= 2
            and len(game.legal()) >= 3
            and rng.random() < 0.15
        ):
            first = suggest(game, seed=seed + g, budget=budget)
            second = suggest(game, seed=seed + g + 1, budget=budget)
            if first.win is not None and second.win is not None:
                world = sample_world(game, d.seat, random.Random(g))
                asked.append({
                    "game": g, "turn": game.turn, "seat": d.seat, "level": levels[d.seat],
                    "opponent": levels[1 - d.seat],
                    "coach": first.win, "again": second.win,
                    "value": win_chance(world, d.seat),
                })  # fmt: skip
        game.apply(players[d.seat].choose(game))
    assert game.outcome is not None
    for row in asked:
        winner = game.outcome.winner
        row["won"] = 0.5 if winner is None else float(winner == row["seat"])
    return asked


def brier(pairs: list[tuple[float, float]]) -> float:
    return statistics.fmean((p - won) ** 2 for p, won in pairs) if pairs else float("nan")


def fit(pairs: list[tuple[float, float]]) -> tuple[float, float]:
    """a, b of p' = sigmoid(a * logit(p) + b) by Newton's method on the log loss."""
    a, b = 1.0, 0.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for p, won in pairs:
            x = logit(p)
            q = 1 / (1 + math.exp(-(a * x + b)))
            ga += (q - won) * x
            gb += q - won
            w = q * (1 - q)
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        if det <= 1e-12:
            break
        a -= (hbb * ga - hab * gb) / det
        b -= (haa * gb - hab * ga) / det
    return a, b


def report(rows: list[dict], do_fit: bool) -> None:
    if not rows:
        print("no positions")
        return
    games = len({r["game"] for r in rows})
    coach = [(r["coach"], r["won"]) for r in rows]
    value = [(r["value"], r["won"]) for r in rows]
    print(f"{len(rows)} positions from {games} games")
    print(
        f"  mean estimate {statistics.fmean(p for p, _ in coach):.1%}, share won "
        f"{statistics.fmean(w for _, w in coach):.1%}"
    )
    print(f"  Brier: coach {brier(coach):.3f}, value model alone {brier(value):.3f}")
    print("  reliability (the coach's estimate in tenths):")
    print("    estimate     n   mean est.  share won")
    for tenth in range(10):
        inside = [(p, w) for p, w in coach if min(int(p * 10), 9) == tenth]
        if inside:
            mean = statistics.fmean(p for p, _ in inside)
            won = statistics.fmean(w for _, w in inside)
            print(
                f"    {tenth * 10:3d}-{tenth * 10 + 10:3d}% {len(inside):5d}   {mean:7.1%}   {won:7.1%}"
            )
    groups: dict[tuple[str, str], list[dict]] = {}
    for r in rows:
        groups.setdefault((r["level"], r.get("opponent", "?")), []).append(r)
    if len(groups) > 1:
        print("  by the asking seat's level against its opponent's:")
        for (level, opponent), inside in sorted(groups.items()):
            pairs = [(r["coach"], r["won"]) for r in inside]
            print(
                f"    {level} vs {opponent}: {len(inside)} positions, mean estimate"
                f" {statistics.fmean(p for p, _ in pairs):.1%}, share won"
                f" {statistics.fmean(w for _, w in pairs):.1%}, Brier {brier(pairs):.3f}"
            )
    # (fitted with medium in the player's seat: so scored on medium's positions)
    known = [r for r in rows if r["level"] == "medium" and r.get("opponent") in CALIBRATION]
    if known:
        raw = [(r["coach"], r["won"]) for r in known]
        fixed = [(shipped(r["coach"], r["opponent"]), r["won"]) for r in known]
        print(
            f"  the shipped calibration (coach.CALIBRATION) on medium's {len(known)} positions"
            f" against a level it has: Brier {brier(raw):.3f} raw, {brier(fixed):.3f} calibrated; mean"
            f" {statistics.fmean(p for p, _ in fixed):.1%} against"
            f" {statistics.fmean(w for _, w in fixed):.1%} won"
        )
    diffs = sorted(abs(r["coach"] - r["again"]) for r in rows)
    print(
        f"  two runs on the same position: mean |difference| {statistics.fmean(diffs):.1%}, "
        f"p90 {diffs[int(0.9 * (len(diffs) - 1))]:.1%}, max {diffs[-1]:.1%}"
    )
    if do_fit:
        train = [(r["coach"], r["won"]) for r in rows if r["game"] % 2 == 0]
        test = [(r["coach"], r["won"]) for r in rows if r["game"] % 2 == 1]
        a, b = fit(train)
        fitted = [(recalibrate(p, a, b), w) for p, w in test]
        print(
            f"  recalibration fitted on {len(train)} positions of the even games: a = {a:.3f},"
            f" b = {b:.3f}; on the {len(test)} of the odd games: Brier {brier(test):.3f} raw,"
            f" {brier(fitted):.3f} recalibrated"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--levels", default="strong,strong")
    ap.add_argument("--per-game", type=int, default=2)
    ap.add_argument("--budget", type=float, default=1.0, help="the coach's budget (default 1.0)")
    ap.add_argument("--ask", help="ask only at this level's decisions (default: both seats')")
    ap.add_argument(
        "--ai-budget", type=float, default=1.0, help="the players' budget (expert: its seconds)"
    )
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", type=Path, help="keep the positions in this JSON file")
    ap.add_argument("--report", action="store_true", help="only report the positions of --out")
    ap.add_argument("--fit", action="store_true", help="fit and score a recalibration")
    args = ap.parse_args()
    if args.report:
        if args.out is None:
            ap.error("--report reads --out FILE: give --out")
        report(json.loads(args.out.read_text()), args.fit)
        return
    a, b = args.levels.split(",")
    jobs = [
        (a, b, args.seed, g, args.per_game, args.budget, args.ask, args.ai_budget)
        for g in range(args.games)
    ]
    rows: list[dict] = []
    with multiprocessing.Pool(args.jobs) as pool:
        for asked in pool.imap_unordered(play, jobs):
            rows += asked
            print(".", end="", flush=True, file=sys.stderr)
    print(file=sys.stderr)
    rows.sort(key=lambda r: (r["game"], r["turn"]))
    if args.out is not None:
        tmp = args.out.with_suffix(".tmp")
        tmp.write_text(json.dumps(rows, indent=1))
        tmp.replace(args.out)
    asked = f", asked at {args.ask}'s decisions" if args.ask else ""
    print(
        f"coach at budget {args.budget}, games of {a} vs {b} (budget {args.ai_budget}), seed"
        f" {args.seed}{asked}"
    )
    report(rows, args.fit)


if __name__ == "__main__":
    main()
