"""Benchmark the loaders: a scenario of many steps, and a long save, read and checked.

Prints wall and CPU time (process_time) for:
- parsing a scenario of N steps (`parse_scenario`: TOML, the position, every step's action text
  and expectations; the script is not played);
- loading a save of M actions (`load_game`: the checks, the deck validation, the replay).
The budget for the 10,000-step scenario is well under a second. Then a scenario whose trash lists
500,000 cards: refused before a card is read (the zones hold what a game can, ZR 3.3 and 4.1), so
its time is the TOML parse alone (it took 40 s when every card was read first).

    python bench/loaders.py [--steps N] [--actions M]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from zenonzard_tui.engine.game import new_game
from zenonzard_tui.engine.save import load_game, save_game
from zenonzard_tui.scenarios import ScenarioError, parse_scenario

POSITION = """name = "Many steps"

[state]
turn = 3
active = "A"
phase = "main"

[state.A]
forces = ["force_sin", "force_triumph"]
hand = ["Drill Golem"]
deck = ["Miner of Aguma", "Miner of Aguma"]

[state.B]
forces = ["force_insight", "force_eternity"]
deck = ["Miner of Aguma", "Miner of Aguma"]
"""


def many_steps(steps: int) -> str:
    """A scenario whose every step has an action and an expectation table."""
    parts = [POSITION]
    for n in range(steps):
        parts.append(f'\n[[step]]\ndo = "end turn"\n[step.expect]\nactive = "{"BA"[n % 2]}"\n')
    return "".join(parts)


def timed(label: str, run) -> None:
    wall, cpu = time.perf_counter(), time.process_time()
    result = run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"{label:<44} wall {wall * 1000:8.1f} ms   cpu {cpu * 1000:8.1f} ms   {result}")


def long_save(folder: Path, actions: int) -> Path:
    """A save of a game between two starter decks, played on by its first legal actions."""
    from zenonzard_tui.decks import load_deck, starter_files

    decks = [load_deck(p) for p in starter_files()[:2]]
    game = new_game(decks[0], decks[1], seed=7, first="A")
    rng = random.Random(7)
    while len(game.history) < actions and not game.over:
        game.apply(rng.choice(game.legal_actions()))
    path = folder / "long.json"
    save_game(game, path)
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=10_000, help="steps of the scenario")
    ap.add_argument("--actions", type=int, default=500, help="actions of the save (at most)")
    args = ap.parse_args(argv)
    text = many_steps(args.steps)
    timed(
        f"parse a {args.steps:,}-step scenario ({len(text) // 1024} KiB)",
        lambda: f"{len(parse_scenario(text, 'bench').steps):,} steps",
    )
    huge = POSITION.replace('deck = ["Miner of Aguma", "Miner of Aguma"]\n', "", 1)
    huge = huge.replace(
        "[state.B]", "trash = [" + ", ".join(['"Drill Golem"'] * 500_000) + "]\n\n[state.B]"
    )

    def refused() -> str:
        try:
            parse_scenario(huge, "bench")
        except ScenarioError as exc:
            return f"refused: {exc.problem}"
        return "NOT REFUSED"

    timed(f"a trash of 500,000 cards ({len(huge) // 1024} KiB)", refused)
    with tempfile.TemporaryDirectory() as tmp:
        path = long_save(Path(tmp), args.actions)
        timed(
            f"load a save ({path.stat().st_size // 1024} KiB)",
            lambda: f"{len(load_game(path).history):,} actions replayed",
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
