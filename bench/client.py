"""Benchmark the client: cold start to the first usable duel screen, and the time each key takes.

1. Cold start (budget 0.5 s at 120x40): a fresh `python` process imports the client, builds a
   game of two starter decks and runs the app headless until the duel screen shows its actions;
   the time from the process's launch to then, median of N runs (wall, and the child's CPU until
   then: the interpreter's own start included, the app's exit not).
   As an installed program starts: with its bytecode (pip writes it at install; here it is kept
   in a scratch folder, PYTHONPYCACHEPREFIX, whatever PYTHONDONTWRITEBYTECODE says) and the card
   pool's cache (cards/cache.py), both made by one run first that is not counted.
   `--first-start`: without the pool's cache and without the package's own bytecode (its
   dependencies' as pip wrote it), as a clone's first start under PYTHONDONTWRITEBYTECODE.
2. Keys (budget 100 ms for a key that does not wait for the AI), at 120x40 and 80x24 (or the
   `--size` given): a hotseat game (no AI to wait for) played by keys: moving in the actions
   list, picking actions (mulligan, mana, summons, end turn: `1`, or Enter on the highlighted
   one when the list has 10 or more, where `1` waits for a second digit) and passing the cover
   screens; the time of each key press until the screen has taken it.

   Wall time runs from sending the key to the last frame it caused (Pilot's own idle waits are
   not counted; the first frame, where the key's effect first shows, is printed too); CPU time
   is the process's over the same press. The machine's load shows most in the wall time; under
   a heavy load (more runnable processes than cores) the CPU time grows too, up to about twice:
   compare trees in the same run, alternated.

3. What the recap and the battle preview add to a key (budget 10 ms): the CPU time spent in
   them during each press (the duel screen's `update_recap`, `fit_recap` and `render_preview`,
   the layout they cause not included), p95 over the presses; and `--without recap,preview`
   plays the same keys with them turned off, to compare whole runs (alternate them: the noise
   between two runs is larger than 10 ms).

    python bench/client.py [--runs N] [--keys N] [--first-start] [--size 120x40] [--size 80x24]
                           [--without recap,preview]
                           (--runs 0: the keys only; --keys 0: no keys)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

COLD = """
import time
import asyncio
from zenonzard_tui.client.app import ZenonzardApp
from zenonzard_tui.client.session import Session
from zenonzard_tui.client.settings import Settings
from zenonzard_tui.decks import load_deck
from zenonzard_tui.engine.game import new_game

async def main():
    a, b = load_deck("decks/red-rush.deck"), load_deck("decks/blue-tides.deck")
    game = new_game(a, b, seed=1, first="A")
    app = ZenonzardApp(Session(game, Settings("ai", 0, "medium", (a.name, b.name))), ai_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        while not app.duel.query_one("#actions").texts:
            await pilot.pause(0.005)
        print(time.time(), time.process_time())

asyncio.run(main())
"""


def cold_start(runs: int, first_start: bool = False) -> tuple[list[float], list[float]]:
    walls, cpus = [], []
    scratch = "/tmp/zenonzard-bench"  # no settings, autosaves or cache of the user's are touched
    env = {**os.environ, "ZENONZARD_DATA_DIR": scratch, "ZENONZARD_CONFIG_DIR": scratch}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["ZENONZARD_CACHE_DIR"] = f"{scratch}/cache"
    env["PYTHONPYCACHEPREFIX"] = f"{scratch}/pycache"
    if first_start:  # no pool cache, and none of the package's bytecode (its dependencies'
        env["PYTHONDONTWRITEBYTECODE"] = "1"  # as pip wrote it, beside them)
        del env["PYTHONPYCACHEPREFIX"]
    for n in range(-1, runs):  # run -1: makes the bytecode and the pool's cache; not counted
        if first_start:
            shutil.rmtree(env["ZENONZARD_CACHE_DIR"], ignore_errors=True)
        launched = time.time()
        proc = subprocess.Popen(
            [sys.executable, "-c", COLD], cwd=ROOT, stdout=subprocess.PIPE, env=env, text=True
        )
        assert proc.stdout is not None
        out = proc.stdout.read()
        if proc.wait() != 0:
            raise SystemExit(f"the cold start run failed ({proc.returncode})")
        if n >= 0:
            shown, cpu = map(float, out.strip().splitlines()[-1].split())
            walls.append(shown - launched)
            cpus.append(cpu)
    return walls, cpus


class Frames:
    """The times at which the app wrote a frame to the terminal (`App.post_display_hook`). Made
    before the app runs: the headless driver is then made to build each frame's terminal output
    as a terminal would get it (it is not written anywhere), so that cost is counted too."""

    def __init__(self, app: Any) -> None:
        from textual.drivers.headless_driver import HeadlessDriver

        HeadlessDriver.is_headless = property(lambda self: False)  # type: ignore[assignment]
        self.times: list[float] = []
        app.post_display_hook = lambda: self.times.append(time.perf_counter())

    def last_after(self, start: float) -> float | None:
        return self.times[-1] if self.times and self.times[-1] > start else None

    def first_after(self, start: float) -> float | None:
        return next((t for t in self.times if t > start), None)


PARTS = {"recap": ("update_recap", "fit_recap"), "preview": ("render_preview",)}


class Parts:
    """The CPU time spent in the duel screen's recap and preview methods, per key press; or,
    for the parts in `without`, those methods turned off (their boxes stay empty)."""

    def __init__(self, without: set[str]) -> None:
        from zenonzard_tui.client.screens.duel import DuelScreen

        self.spent = {name: 0.0 for name in PARTS}
        for part, methods in PARTS.items():
            for method in methods:
                original = getattr(DuelScreen, method)
                setattr(DuelScreen, method, self._wrap(part, original, part in without))

    def _wrap(self, part: str, original: Any, off: bool) -> Any:
        def timed(screen: Any, *args: Any) -> None:
            if off:
                if original.__name__ == "render_preview":
                    original(screen, None)  # hides the box, computes nothing
                return
            start = time.process_time()
            try:
                original(screen, *args)
            finally:
                self.spent[part] += time.process_time() - start

        return timed

    def take(self) -> dict[str, float]:
        spent, self.spent = self.spent, {name: 0.0 for name in PARTS}
        return spent


async def keys(
    count: int, size: tuple[int, int] = (120, 40), without: set[str] | None = None
) -> dict[str, tuple[list[float], list[float], list[float]]]:
    """Per key: the wall time from sending the key to the last frame it caused (and to the first),
    and the CPU time of the process meanwhile (each frame's terminal output built: `Frames`)."""
    from zenonzard_tui.client.app import ZenonzardApp
    from zenonzard_tui.client.screens.modals import CoverScreen
    from zenonzard_tui.client.session import Session
    from zenonzard_tui.client.settings import Settings
    from zenonzard_tui.client.widgets.actions import ActionList
    from zenonzard_tui.decks import load_deck
    from zenonzard_tui.engine.game import new_game

    a, b = load_deck(ROOT / "decks/red-rush.deck"), load_deck(ROOT / "decks/blue-tides.deck")
    game = new_game(a, b, seed=3, first="A")
    session = Session(game, Settings("hotseat", 0, "medium", (a.name, b.name)))
    app = ZenonzardApp(session, ai_delay=0, handover_guard=0)  # (keys at machine speed)
    frames = Frames(app)
    parts = Parts(without or set())
    times: dict[str, tuple[list[float], list[float], list[float]]] = {}
    async with app.run_test(size=size) as pilot:
        pressed = 0
        while pressed < count and not session.over:
            if isinstance(app.screen, CoverScreen):
                key, kind = "enter", "enter (hotseat cover)"
            else:
                assert app.duel is not None
                listing = app.duel.query_one("#actions", ActionList)
                if not listing.texts:
                    await pilot.pause(0.01)
                    continue
                # move, move, pick the first action (a move only where there is somewhere to go)
                move = pressed % 3 and len(listing.texts) > 1
                key = "down" if move else "1"
                kind = "down (actions list)" if move else "1 (play an action)"
                if not move and len(listing.texts) >= 10:  # "1" would wait for a second digit
                    key, kind = "enter", "enter (play the highlighted action)"
            parts.take()
            wall, cpu = time.perf_counter(), time.process_time()
            await pilot.press(key)  # returns once the app is idle again
            cpu = time.process_time() - cpu
            for part, spent in parts.take().items():
                times.setdefault(f"in the {part} (CPU)", ([], [], []))[2].append(spent)
            done, first = frames.last_after(wall), frames.first_after(wall)
            if done is None or first is None:  # no frame: the whole wait (an upper bound)
                kind += ", no frame"
                done = first = time.perf_counter()
            for name in (kind, "all"):
                walls, firsts, cpus = times.setdefault(name, ([], [], []))
                walls.append(done - wall)
                firsts.append(first - wall)
                cpus.append(cpu)
            pressed += 1
    return times


def ms(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
    return (
        f"median {statistics.median(values) * 1000:6.1f} ms   p95 {p95 * 1000:6.1f} ms   "
        f"max {values[-1] * 1000:6.1f} ms"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="cold starts (default 5; 0: none)")
    ap.add_argument("--keys", type=int, default=150, help="key presses (default 150; 0: none)")
    ap.add_argument(
        "--first-start",
        action="store_true",
        help="cold starts without bytecode or the card pool's cache (the first start of an install)",
    )
    ap.add_argument(
        "--size",
        action="append",
        help="the keys' terminal, COLUMNSxLINES (default 120x40 and 80x24)",
    )
    ap.add_argument(
        "--without",
        default="",
        help="turn these off for the keys, comma-separated: recap, preview",
    )
    args = ap.parse_args()
    without = {part for part in args.without.split(",") if part}
    if not without <= set(PARTS):
        ap.error(f"--without takes {', '.join(PARTS)}, got {args.without!r}")
    if args.runs < 0 or args.keys < 0:
        ap.error("--runs and --keys take 0 or more")
    sizes = []
    for text in args.size or ["120x40", "80x24"]:
        try:
            columns, lines = (int(n) for n in text.lower().split("x"))
        except ValueError:
            ap.error(f"--size {text}: write it COLUMNSxLINES, e.g. 80x24")
        sizes.append((columns, lines))
    if args.runs:
        walls, cpus = cold_start(args.runs, args.first_start)
        how = "no bytecode, no pool cache" if args.first_start else "bytecode and pool cache made"
        print(f"cold start to the duel screen, {args.runs} runs, {how} (budget 500 ms wall)")
        print(f"  wall  {ms(walls)}")
        print(f"  CPU   {ms(cpus)}")
    if not args.keys:
        return
    for size in sizes:
        times = asyncio.run(keys(args.keys, size, without))
        walls, firsts, cpus = times.pop("all")
        where = f"{size[0]}x{size[1]}"
        off = f", without the {' and the '.join(sorted(without))}" if without else ""
        print(f"keys in a hotseat game at {where}{off}, {len(walls)} presses (budget 100 ms)")
        print(f"  wall  {ms(walls)}   (to the last frame)")
        print(f"  wall  {ms(firsts)}   (to the first frame)")
        print(f"  CPU   {ms(cpus)}")
        for part in PARTS:
            spent = times.pop(f"in the {part} (CPU)")[2]
            if part not in without:
                print(f"  CPU in the {part} a press (budget 10 ms): {ms(spent)}")
        for kind, (walls, firsts, cpus) in sorted(times.items()):
            print(f"  {kind}, {len(walls)} presses")
            print(f"    wall  {ms(walls)}   (to the last frame)")
            print(f"    wall  {ms(firsts)}   (to the first frame)")
            print(f"    CPU   {ms(cpus)}")


if __name__ == "__main__":
    main()
