"""Benchmark the deck builder's response to a key: add and remove presses on a headless app
(Textual's Pilot), each one re-checking the deck with `parse_deck` and redrawing the lists and
the report. Prints CPU time (process_time) and wall time per key press.

    python bench/builder.py [--presses N]
"""

from __future__ import annotations

import argparse
import asyncio
import time

from zenonzard_tui.client.app import ZenonzardApp
from zenonzard_tui.client.deckdraft import DeckDraft
from zenonzard_tui.decks import starter_files


async def run(presses: int) -> tuple[float, float]:
    app = ZenonzardApp(builder=DeckDraft.open(starter_files()[0]), ai_delay=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        cpu, wall = time.process_time(), time.perf_counter()
        for n in range(presses):
            await pilot.press("plus" if n % 2 == 0 else "minus")
        await pilot.pause()
        return time.process_time() - cpu, time.perf_counter() - wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=100)
    args = parser.parse_args()
    cpu, wall = asyncio.run(run(args.presses))
    print(f"builder: {args.presses} add/remove key presses")
    print(f"  CPU  {1000 * cpu / args.presses:6.1f} ms per press (process_time)")
    print(f"  wall {1000 * wall / args.presses:6.1f} ms per press (includes the pilot's pauses)")


if __name__ == "__main__":
    main()
