"""Snapshot size and speed, mid-game (engine/snapshot.py): the bytes of a snapshot as JSON text
(the whole state, and a seat's), and the time to make one, restore one (the JSON parsed
included), and rebuild a world from a seat's snapshot. Each time is a median over the positions,
as CPU time (time.process_time, what counts on a shared machine) and wall time (perf_counter).

    python bench/snapshot.py [--games N] [--seed S] [--decks starter|random]

The positions: every 10th decision of turns 4 to 12 of N games with uniformly random legal
actions (seed S + g for game g).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.engine.gamekit import random_deck  # noqa: E402
from zenonzard_tui.decks import load_deck, starter_files  # noqa: E402
from zenonzard_tui.engine.game import Game, new_game  # noqa: E402
from zenonzard_tui.engine.snapshot import (  # noqa: E402
    restore,
    seat_snapshot,
    snapshot,
    world_from_seat,
)


def positions(games: int, seed: int, decks: str) -> list[Game]:
    starters = [load_deck(p) for p in starter_files()]
    found = []
    for g in range(games):
        rng = random.Random(seed + g)
        if decks == "random":
            a, b = random_deck(rng), random_deck(rng)
        else:
            a, b = rng.choice(starters), rng.choice(starters)
        game = new_game(a, b, seed=seed + g)
        n = 0
        while not game.over and game.turn <= 12:
            if game.turn >= 4 and n % 10 == 0:
                found.append(game.clone())
            game.apply(rng.choice(game.legal_actions()))
            n += 1
    return found


def timed(work: Callable[[], object]) -> tuple[float, float]:
    """(CPU, wall) seconds of one call."""
    c0, w0 = time.process_time(), time.perf_counter()
    work()
    return time.process_time() - c0, time.perf_counter() - w0


def report(label: str, times: list[tuple[float, float]]) -> None:
    cpu = statistics.median(t[0] for t in times) * 1e3
    wall = statistics.median(t[1] for t in times) * 1e3
    print(f"{label:34} CPU {cpu:7.2f} ms   wall {wall:7.2f} ms   (median of {len(times)})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--decks", choices=("starter", "random"), default="starter")
    args = ap.parse_args()
    games = positions(args.games, args.seed, args.decks)
    full = [json.dumps(snapshot(g)) for g in games]
    seat = [json.dumps(seat_snapshot(g, g.turn % 2)) for g in games]
    sizes = [len(t.encode()) for t in full]
    seat_sizes = [len(t.encode()) for t in seat]
    logs = [len(g.log.records) for g in games]
    print(f"{args.decks} decks: {len(games)} positions of {args.games} games (turns 4-12)")
    print(
        f"snapshot size (JSON): median {statistics.median(sizes):,.0f} bytes, "
        f"max {max(sizes):,} (the log: median {statistics.median(logs):.0f} events)"
    )
    print(
        f"seat snapshot size:   median {statistics.median(seat_sizes):,.0f} bytes, "
        f"max {max(seat_sizes):,} (no log)"
    )
    report("snapshot() + JSON text", [timed(lambda g=g: json.dumps(snapshot(g))) for g in games])
    report("JSON parse + restore()", [timed(lambda t=t: restore(json.loads(t))) for t in full])
    report(
        "seat_snapshot() + JSON text",
        [timed(lambda g=g: json.dumps(seat_snapshot(g, g.turn % 2))) for g in games],
    )
    rng = random.Random(args.seed)
    report(
        "JSON parse + world_from_seat()",
        [timed(lambda t=t: world_from_seat(json.loads(t), rng)) for t in seat],
    )
    report("for scale: Game.clone()", [timed(g.clone) for g in games])


if __name__ == "__main__":
    main()
