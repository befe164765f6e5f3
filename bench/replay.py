"""Benchmark the replay viewer (client/screens/replay.py): the time each of its keys takes.

A finished game (Red Rush against Blue Tides, the first legal action each time: about a hundred
steps) opens in the viewer headless at 120x40 and at 80x24; a fixed round of keys (-> and <-,
PgDn and PgUp, Home and End, ] and [, v) is pressed again and again, and each press is timed
from its sending to the last frame it caused (as bench/client.py times the duel's keys: the
headless driver builds each frame's terminal output, so that cost is counted), with the CPU
time of the process meanwhile. Budget: 100 ms per key. Opening the viewer (the game replayed,
a read-only table per step) is timed too.

    python bench/replay.py [--keys N] [--seed S]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from client import Frames, ms  # noqa: E402  (bench/client.py: the same frame clock)

ROUND = ["right", "right", "pagedown", "left", "pageup", "end", "home", "right_square_bracket",
         "right_square_bracket", "left_square_bracket", "v", "right", "v", "v"]  # fmt: skip
SIZES = ((120, 40), (80, 24))


def finished(seed: int):
    from zenonzard_tui.client.session import Session, Settings
    from zenonzard_tui.decks import load_deck
    from zenonzard_tui.engine.game import new_game

    a, b = load_deck(ROOT / "decks/red-rush.deck"), load_deck(ROOT / "decks/blue-tides.deck")
    session = Session(new_game(a, b, seed=seed, first="A"), Settings("ai", 0, "medium",
                                                                      (a.name, b.name)))  # fmt: skip
    while not session.over:
        session.apply(session.channel(session.deciding).legal()[0])
    return session


async def keys(count: int, size: tuple[int, int], seed: int):
    from zenonzard_tui.client.app import ZenonzardApp
    from zenonzard_tui.client.screens.replay import ReplayScreen

    session = finished(seed)
    app = ZenonzardApp(session, ai_delay=0)
    frames = Frames(app)
    times: dict[str, tuple[list[float], list[float]]] = {}
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        started = time.perf_counter()
        viewer = ReplayScreen(session, "Red Rush vs Blue Tides")
        app.push_screen(viewer)
        while app.screen is not viewer:
            await pilot.pause(0.001)
        await pilot.pause()
        opened = time.perf_counter() - started
        for n in range(count):
            key = ROUND[n % len(ROUND)]
            wall, cpu = time.perf_counter(), time.process_time()
            await pilot.press(key)
            cpu = time.process_time() - cpu
            done = frames.last_after(wall)
            kind = key
            if done is None:  # no frame (Home at the start): the whole wait
                kind += ", no frame"
                done = time.perf_counter()
            for name in (kind, "all"):
                walls, cpus = times.setdefault(name, ([], []))
                walls.append(done - wall)
                cpus.append(cpu)
    return opened, len(viewer.replay), times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keys", type=int, default=140, help="key presses per size (default 140)")
    ap.add_argument("--seed", type=int, default=5, help="the game's seed (default 5)")
    args = ap.parse_args()
    if args.keys < 1:
        ap.error("--keys takes 1 or more")
    for size in SIZES:
        opened, steps, times = asyncio.run(keys(args.keys, size, args.seed))
        walls, cpus = times.pop("all")
        print(f"the replay viewer at {size[0]}x{size[1]}: {steps} steps, opened in "
              f"{opened * 1000:.0f} ms; {len(walls)} presses (budget 100 ms)")  # fmt: skip
        print(f"  wall  {ms(walls)}   (to the last frame)")
        print(f"  CPU   {ms(cpus)}")
        for kind, (walls, cpus) in sorted(times.items()):
            print(f"  {kind:20} {len(walls):3} presses  wall {ms(walls)}")
            print(f"  {'':20}              CPU  {ms(cpus)}")


if __name__ == "__main__":
    main()
