"""A/B of the AI's position values: this tree's `ai/value.py` and `ai/evaluate.py` against the
same files at another commit, one level against itself.

    python bench/ai_ab.py --base REV [--level strong|expert] [--budget B] [--games N]
                          [--seed S] [--jobs J] [--iterations N]

The old files are read with `git show REV:...` and run beside the new ones in one process: before
each decision the side to move gets its own value (the tree search's `win_chance`, the flat
search's `score`), so everything else (the engine, the search, the rule-of-thumb player) is the
same code for both. Game g uses seed S+g and the deck and seats of `bench/ai.py` (every four
games the next starter deck, both sides first and second in each seat). Prints the new side's
score (a draw counts half) with a Wilson 95% interval. `--iterations N` makes expert search N
iterations a decision (times the budget) instead of thinking by CPU time: the same games on any
machine, however busy.

When only the weights differ (`ai/value.py` and `ai/evaluate.py` are the same at REV as in this
tree), each side's weights are set before its decisions (`value_weights.BIAS`, `WEIGHTS`, both read
from the files' text): that works in the compiled build too. Otherwise the functions are swapped,
which only the pure build sees (a compiled module calls its own): the script then refuses to run
on a compiled build (ZENONZARD_PURE=1 runs it pure).
"""

from __future__ import annotations

import argparse
import multiprocessing
import subprocess
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import ai as ladder  # noqa: E402  (bench/ai.py: decks, seats, Wilson)

from zenonzard_tui.ai import AIPlayer, mcts, player, value_weights  # noqa: E402
from zenonzard_tui.ai import evaluate as new_evaluate  # noqa: E402
from zenonzard_tui.ai import value as new_value  # noqa: E402
from zenonzard_tui.decks import load_deck  # noqa: E402
from zenonzard_tui.engine.game import new_game  # noqa: E402

_OLD: dict[str, types.ModuleType] = {}
# each side's weights (True: the new side's), when only the weights differ (else empty)
_WEIGHTS: dict[bool, tuple[float, tuple[float, ...]]] = {}


def _show(rev: str, path: str) -> str:
    return subprocess.run(
        ["git", "show", f"{rev}:{path}"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout


def _module(name: str, source: str, where: str, **names: object) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__dict__.update(names)
    exec(compile(source, where, "exec"), module.__dict__)
    module.__dict__.update(names)  # the old code's own imports replaced by the old modules
    return module


WEIGHTS = "zenonzard_tui/ai/value_weights.py"
VALUE = "zenonzard_tui/ai/value.py"
EVALUATE = "zenonzard_tui/ai/evaluate.py"


def load_old(rev: str) -> None:
    old = {path: _show(rev, path) for path in (WEIGHTS, VALUE, EVALUATE)}
    weights = _module("old_value_weights", old[WEIGHTS], f"{rev}:{WEIGHTS}")
    evaluate = _module("old_evaluate", old[EVALUATE], f"{rev}:{EVALUATE}")
    names: dict[str, object] = {"value_weights": weights}
    if hasattr(evaluate, "mana_facts"):
        names["mana_facts"] = evaluate.mana_facts
    value = _module("old_value", old[VALUE], f"{rev}:{VALUE}", **names)
    _OLD.update(evaluate=evaluate, value=value)
    if all(old[path] == (ROOT / path).read_text(encoding="utf-8") for path in (VALUE, EVALUATE)):
        # only the weights differ (the imported ones are this tree's: a changed file makes the
        # build run pure)
        _WEIGHTS[True] = (value_weights.BIAS, value_weights.WEIGHTS)
        _WEIGHTS[False] = (weights.BIAS, weights.WEIGHTS)


def _use(new: bool) -> None:
    if _WEIGHTS:
        value_weights.BIAS, value_weights.WEIGHTS = _WEIGHTS[new]
        return
    mcts.win_chance = new_value.win_chance if new else _OLD["value"].win_chance  # type: ignore[attr-defined]
    player.score = new_evaluate.score if new else _OLD["evaluate"].score  # type: ignore[attr-defined]


def play(job: tuple[str, str, float, int, int, int | None]) -> float:
    rev, level, budget, seed, g, iterations = job
    if not _OLD:
        load_old(rev)
    path, first, seat_new = ladder.setup(g)
    deck = load_deck(path)
    game = new_game(deck, deck, seed=seed + g, first=first)
    players = {
        seat_new: AIPlayer(level, seed + g, budget=budget, iterations=iterations),
        1 - seat_new: AIPlayer(level, seed + g + 7919, budget=budget, iterations=iterations),
    }
    while not game.over:
        seat = game.pending.seat
        _use(seat == seat_new)
        game.apply(players[seat].choose(game))
    winner = game.outcome.winner
    return 0.5 if winner is None else float(winner == seat_new)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", required=True, help="the commit whose value files play the old side")
    ap.add_argument("--level", default="strong", choices=("strong", "expert"))
    ap.add_argument("--budget", type=float, default=1.0)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument(
        "--iterations", type=int, default=None, help="expert: this many iterations, no clock"
    )
    args = ap.parse_args()
    try:
        load_old(args.base)  # fails early on a bad revision
    except subprocess.CalledProcessError as e:
        ap.exit(2, f"ai_ab.py: --base {args.base}: {e.stderr.strip()}\n")
    if _WEIGHTS and args.level == "strong":
        ap.exit(
            2,
            f"ai_ab.py: only the value's weights differ at {args.base}: strong does not use them\n",
        )
    if not _WEIGHTS and mcts.__file__.endswith((".so", ".pyd")):
        ap.exit(
            2,
            f"ai_ab.py: ai/value.py or ai/evaluate.py differ at {args.base}: the old functions "
            "can be swapped in only on the pure build (run it with ZENONZARD_PURE=1)\n",
        )
    jobs = [
        (args.base, args.level, args.budget, args.seed, g, args.iterations)
        for g in range(args.games)
    ]
    t0, c0 = time.perf_counter(), time.process_time()
    total = 0.0
    with multiprocessing.Pool(args.jobs) as pool:
        for i, score in enumerate(pool.imap(play, jobs), 1):
            total += score
            if i % 20 == 0 or i == len(jobs):
                lo, hi = ladder.wilson(total, i)
                print(
                    f"{i:>4} games: new {total:g}/{i} = {total / i:.1%} [{lo:.1%}, {hi:.1%}]",
                    flush=True,
                )
    print(
        f"{args.level} x{args.budget:g}, new value vs {args.base}: {total:g} of {args.games}"
        f" [{time.perf_counter() - t0:.0f} s wall, {time.process_time() - c0:.0f} s CPU here]"
    )


if __name__ == "__main__":
    main()
