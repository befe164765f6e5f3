"""Benchmark the deck builder's response to a key (budget: p95 under 100 ms to its last frame):
on a headless app (Textual's Pilot) with a starter deck open, add and remove presses (each
re-checks the deck with `parse_deck` and redraws the lists and the report) and moves in the
card list. For each press: the wall time from sending the key to the last frame it caused
(the frame's terminal output built as for a terminal, as bench/client.py does) and the CPU time
(process_time) of the process meanwhile.

    python bench/builder.py [--presses N] [--size 120x40]
"""

from __future__ import annotations

import argparse
import asyncio
import time

from client import Frames, ms  # bench/client.py (this folder is on sys.path)

from zenonzard_tui.client.app import ZenonzardApp
from zenonzard_tui.client.deckdraft import DeckDraft
from zenonzard_tui.decks import starter_files

KEYS = ("plus", "down", "minus", "down")  # add, move, remove, move


async def run(presses: int, size: tuple[int, int]) -> dict[str, tuple[list[float], list[float]]]:
    app = ZenonzardApp(builder=DeckDraft.open(starter_files()[0]), ai_delay=0.0)
    frames = Frames(app)
    times: dict[str, tuple[list[float], list[float]]] = {}
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for n in range(presses):
            key = KEYS[n % len(KEYS)]
            wall, cpu = time.perf_counter(), time.process_time()
            await pilot.press(key)  # returns once the app is idle again
            cpu = time.process_time() - cpu
            done = frames.last_after(wall)
            if done is None:  # no frame: the whole wait (an upper bound)
                done = time.perf_counter()
            for name in (key, "all"):
                walls, cpus = times.setdefault(name, ([], []))
                walls.append(done - wall)
                cpus.append(cpu)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=100)
    parser.add_argument("--size", default="120x40", help="the terminal, COLUMNSxLINES")
    args = parser.parse_args()
    try:
        columns, lines = (int(n) for n in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size {args.size}: write it COLUMNSxLINES, e.g. 80x24")
    if args.presses < 1:
        parser.error("--presses takes 1 or more")
    times = asyncio.run(run(args.presses, (columns, lines)))
    walls, cpus = times.pop("all")
    print(f"builder at {args.size}: {args.presses} presses (add, move, remove; budget 100 ms)")
    print(f"  wall  {ms(walls)}   (to the last frame)")
    print(f"  CPU   {ms(cpus)}")
    for key, (walls, cpus) in sorted(times.items()):
        print(f"  {key}, {len(walls)} presses")
        print(f"    wall  {ms(walls)}   (to the last frame)")
        print(f"    CPU   {ms(cpus)}")


if __name__ == "__main__":
    main()
