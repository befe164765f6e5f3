"""Benchmark the tutorial: the whole tutorial played by keys, the time each of the player's keys
takes (budget 100 ms to the last frame), at 120x40 and 80x24.

Every lesson is played as a player would: Enter on its card, at the mulligan ← to the hand and
Enter on each card to send back, Esc, then Enter on the action the lesson highlights; in each
lesson one wrong action is tried first (it is refused, with the reason in the panel). B's moves
come through the AI's path with no delay and are not timed (no key waits for them: a press that
B's move follows at once, the lesson's action or the card of a lesson that B opens, is counted
apart, its first frame the figure, for the AI's delay puts B's move after it); the time is
from sending a key to the last frame it caused, as bench/client.py measures it (its `Frames`),
and the process's CPU time over the same press.

    python bench/tutorial.py [--size 120x40] [--size 80x24]
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _client_bench():
    """bench/client.py's frame clock and figures (one measure for both)."""
    spec = importlib.util.spec_from_file_location("bench_client", ROOT / "bench" / "client.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def play(size: tuple[int, int]) -> dict[str, tuple[list[float], list[float], list[float]]]:
    from zenonzard_tui.client.app import Tutorial, ZenonzardApp
    from zenonzard_tui.client.screens.tutorial import LessonCard
    from zenonzard_tui.tutorial import PLAYER, lessons, load_progress

    bench = _client_bench()
    shipped = lessons(check=True)
    folder = Path(tempfile.mkdtemp(prefix="zenonzard-bench-tutorial-"))
    app = ZenonzardApp(
        tutorial=Tutorial(shipped, load_progress(folder / "tutorial.json")), ai_delay=0
    )
    frames = bench.Frames(app)
    times: dict[str, tuple[list[float], list[float], list[float]]] = {}

    async def press(pilot, key: str, kind: str) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        await pilot.press(key)
        cpu = time.process_time() - cpu
        done = frames.last_after(wall) or time.perf_counter()
        first = frames.first_after(wall) or done
        for name in (kind, "all" if "B answers" not in kind else "B answers"):
            walls, firsts, cpus = times.setdefault(name, ([], [], []))
            walls.append(done - wall)
            firsts.append(first - wall)
            cpus.append(cpu)

    async def until(pilot, condition) -> None:
        end = time.monotonic() + 30
        while not condition():
            if time.monotonic() > end:
                raise SystemExit("the tutorial did not go on (timed out)")
            await pilot.pause(0.01)

    def card():
        return app.screen if isinstance(app.screen, LessonCard) else None

    def to_act() -> bool:
        return app.duel is not None and app.screen is app.duel and app.duel.can_act()

    async with app.run_test(size=size) as pilot:
        for lesson in shipped:
            await until(pilot, lambda: card() is not None and not card().done)
            first = lesson.step(0)
            kind = "enter (a lesson's card)"
            if first is not None and first.seat != PLAYER:  # B's move comes at once (no delay)
                kind = "enter (a lesson's card, then B answers)"
            await press(pilot, "enter", kind)
            tried = False
            while True:
                await until(pilot, lambda: to_act() or (card() is not None and card().done))
                if card() is not None:
                    break
                duel = app.duel
                step = duel.lesson_session.next_step
                assert step is not None and step.seat == PLAYER
                listing = duel.query_one("#actions")
                if step.text.startswith("mulligan ") and step.text not in listing.texts:
                    if not tried:  # "keep", refused
                        tried = True
                        await press(pilot, "enter", "enter (a wrong action, refused)")
                    await press(pilot, "left", "left (to the hand)")
                    hand = duel.query_one("#my-hand")
                    while hand.pointed:
                        while hand.cursor != min(hand.pointed):
                            await press(pilot, "right", "right (along the hand)")
                        await press(pilot, "enter", "enter (mark a card)")
                    await press(pilot, "escape", "escape (to the actions)")
                elif not tried and len(listing.texts) > 1:
                    tried = True
                    other = next(i for i, t in enumerate(listing.texts) if t != step.text)
                    key = "down" if other > listing.highlighted else "up"
                    while listing.highlighted != other:
                        await press(pilot, key, f"{key} (actions list)")
                    await press(pilot, "enter", "enter (a wrong action, refused)")
                    key = "up" if key == "down" else "down"
                    while listing.texts[listing.highlighted] != step.text:
                        await press(pilot, key, f"{key} (actions list)")
                answered = lesson.step(duel.lesson_session.done + 1)
                kind = "the lesson's action"
                if answered is not None and answered.seat != PLAYER:
                    kind += ", then B answers"
                await press(pilot, "enter", f"enter ({kind})")
            if lesson is not shipped[-1]:
                await press(pilot, "enter", "enter (the next lesson)")
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", action="append", help="COLUMNSxLINES (default 120x40 and 80x24)")
    args = ap.parse_args()
    sizes = []
    for text in args.size or ["120x40", "80x24"]:
        try:
            columns, lines = (int(n) for n in text.lower().split("x"))
        except ValueError:
            ap.error(f"--size {text}: write it COLUMNSxLINES, e.g. 80x24")
        sizes.append((columns, lines))
    ms = _client_bench().ms
    for size in sizes:
        times = asyncio.run(play(size))
        walls, firsts, cpus = times.pop("all")
        answered = times.pop("B answers", None)
        print(f"the tutorial by keys at {size[0]}x{size[1]}: {len(walls)} presses that do not wait")
        print("for B (budget 100 ms)")
        print(f"  wall  {ms(walls)}   (to the last frame)")
        print(f"  wall  {ms(firsts)}   (to the first frame)")
        print(f"  CPU   {ms(cpus)}")
        if answered is not None:
            walls, firsts, cpus = answered
            print(f"  and {len(walls)} presses whose action B answers (the last frame: B's too)")
            print(f"    wall  {ms(firsts)}   (to the first frame)")
            print(f"    CPU   {ms(cpus)}   (B's moves included)")
        for kind, (walls, _firsts, cpus) in sorted(times.items()):
            print(f"  {kind}, {len(walls)} presses")
            print(f"    wall  {ms(walls)}   (to the last frame)")
            print(f"    CPU   {ms(cpus)}")


if __name__ == "__main__":
    main()
