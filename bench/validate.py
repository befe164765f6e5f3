"""Benchmark `zenonzard validate`: 1,000 deck files (legal and illegal) in a temporary folder.

Runs the command in this process (`zenonzard_tui.cli.main`, the same code path as the command,
without the interpreter's start-up) with its output captured, and prints the time for the human
output and for `--json`. The budget is 2 s for the 1,000 decks. Then hostile decks, each
refused in time linear in its size: a Forces line of 20,000 entries (the repeated-Force check
was quadratic: 50 s), and 40,000 card lines.

    python bench/validate.py [--decks N] [--seed S]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
import tempfile
import time
from pathlib import Path

from zenonzard_tui.cards import load_pool
from zenonzard_tui.cli import main

BUDGET_S = 2.0


def legal_deck(rng: random.Random) -> list[str]:
    """A random legal deck: 2 different Forces, Base Minions of the colors played, 40 cards."""
    pool = load_pool()
    cards = [c for c in pool.cards.values() if c.type in ("field_minion", "magic")]
    colors = rng.sample(["red", "yellow", "white", "green", "blue", "purple"], rng.randint(1, 2))
    bases = [c for c in pool.cards.values() if c.type == "base_minion" and c.color in colors]
    picks = [c for c in cards if c.color in (*colors, "colorless")]
    rng.shuffle(picks)
    forces = rng.sample(sorted(pool.forces), 2)
    lines = [f"# name: Bench {'/'.join(colors)}", f"Forces: {', '.join(forces)}"]
    total = 0
    for card in picks[:9]:
        n = rng.randint(1, 3)
        lines.append(f"{n} {card.name if rng.random() < 0.5 else card.id}")
        total += n
    for i, base in enumerate(bases):
        n = (40 - total) // len(bases) if i < len(bases) - 1 else 40 - total
        lines.append(f"{n} {base.name}")
        total += n
    return lines


def illegal_deck(rng: random.Random) -> list[str]:
    """A legal deck broken in one to three ways."""
    lines = legal_deck(rng)
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(["count", "copies", "unknown", "token", "forces", "garbage", "total"])
        if kind == "count":
            lines.append("0 Drill Golem")
        elif kind == "copies":
            lines.append("4 Gayl Mouse")
        elif kind == "unknown":
            lines.append(f"2 Dril Golem {rng.randint(0, 999)}")
        elif kind == "token":
            lines.append("1 Token Golem S")
        elif kind == "forces":
            lines[1] = "Forces: Force of Sin, Force of Sin"
        elif kind == "garbage":
            lines.append("this is not a deck line ###")
        else:
            lines.append("1 Miner of Aguma")
    return lines


def write_decks(folder: Path, count: int, seed: int) -> int:
    """Write `count` decks, about two thirds legal; returns how many are legal."""
    rng = random.Random(seed)
    legal = 0
    for i in range(count):
        ok = rng.random() < 0.65
        legal += ok
        lines = legal_deck(rng) if ok else illegal_deck(rng)
        (folder / f"deck{i:04d}.deck").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return legal


def timed(argv: list[str]) -> tuple[float, int]:
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return time.perf_counter() - start, status


def run(count: int, seed: int) -> bool:
    load_pool()  # the card pool is loaded once per process: not part of the figure
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        legal = write_decks(folder, count, seed)
        print(f"{count} deck files ({legal} legal, {count - legal} illegal) in a temporary folder")
        ok = True
        for label, extra in (("human output", []), ("--json", ["--json"])):
            seconds, status = timed(["validate", str(folder), *extra])
            per = seconds / count * 1000
            verdict = "within" if seconds < BUDGET_S else "OVER"
            print(
                f"validate {label:<13} {seconds:6.3f} s  ({per:.2f} ms a deck, exit {status}); "
                f"{verdict} the {BUDGET_S:g} s budget"
            )
            ok = ok and seconds < BUDGET_S
        for label, lines in hostile_decks():
            path = folder / "hostile.deck"
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
            seconds, status = timed(["validate", str(path)])
            print(f"validate {label:<28} {seconds:6.3f} s  (exit {status})")
    return ok


def hostile_decks() -> list[tuple[str, list[str]]]:
    forces = "Forces: " + ", ".join(["Force of Sin"] * 20_000)
    return [
        ("a Forces line of 20,000", [forces, "40 Miner of Aguma"]),
        (
            "40,000 card lines",
            ["Forces: Force of Sin, Force of Triumph"] + ["1 Gayl Mouse"] * 40_000,
        ),
    ]


def main_bench(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=1000, help="how many deck files (1000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (1)")
    args = parser.parse_args(argv)
    return 0 if run(args.decks, args.seed) else 1


if __name__ == "__main__":
    sys.exit(main_bench())
