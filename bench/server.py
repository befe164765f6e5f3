"""The duel server under load: N concurrent bot games on one server process, loopback only.

    python bench/server.py [--games N] [--seconds S] [--think T] [--ai easy|random] [--procs P]

Starts `zenonzard server` (one process, a fresh data folder, 127.0.0.1, any free port) and P bot
processes that keep N games going between them (two bots a game, the starter decks; a finished game
is replaced by a new one) for S seconds after the last game started, each bot waiting T seconds
(+-50%) before it acts, as a player would. Bounded: at most N games at once, S seconds, then every
bot and the server stop.

Printed: the games held at once (the most seen together), games finished, actions relayed; the
round trip of an action (a bot's `act` sent until its next `update` arrives: the server checks and
applies it, and sends every view) p50/p95/max; the server's CPU per action (its CPU time from
/proc over the actions of the run); its memory (resident set) at the end, and per game above the
idle server's. The budget (issue 17): 200 games at once on 2 cores with p95 under 50 ms, the bots
at easy level in other processes.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CLK = os.sysconf("SC_CLK_TCK")


def proc_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK  # utime + stime


def proc_rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


async def bot_pair(url: str, decks: list[str], rng: random.Random, think: float, ai: str,
                   lat: list[float], stats: dict) -> None:  # fmt: skip
    from zenonzard_tui.ai import AIPlayer
    from zenonzard_tui.cli.bot_cmd import decide
    from zenonzard_tui.net.remote import Link

    a, b = Link(url), Link(url)
    await a.open()
    room = (
        await a.enter({"type": "create", "deck": rng.choice(decks), "world": ai != "random"})
    ).room
    await b.open(room)
    await b.enter(
        {"type": "join", "room": room, "deck": rng.choice(decks), "world": ai != "random"}
    )

    async def play(link: Link, seed: int) -> None:
        player = AIPlayer("easy", seed) if ai != "random" else None
        mine = random.Random(seed)
        sent_at: float | None = None
        async for message in link.messages():
            kind = message["type"]
            if kind == "update":
                if sent_at is not None:
                    lat.append(time.perf_counter() - sent_at)
                    sent_at = None
                if message["actions"]:
                    await asyncio.sleep(think * mine.uniform(0.5, 1.5))
                    text = (
                        decide(player, mine, message) if player else mine.choice(message["actions"])
                    )
                    sent_at = time.perf_counter()
                    await link.send({"type": "act", "action": text, "index": message["index"]})
            elif kind == "over":
                return
            elif kind == "error":
                stats["errors"] += 1
                sent_at = None

    stats["live"] += 1
    stats["peak"] = max(stats["peak"], stats["live"])
    try:
        await asyncio.gather(play(a, rng.randrange(2**32)), play(b, rng.randrange(2**32)))
        stats["finished"] += 1
    finally:
        stats["live"] -= 1
        await a.close()
        await b.close()


def bot_process(url: str, games: int, seconds: float, think: float, ai: str, seed: int,
                ramp: float, out) -> None:  # fmt: skip
    from zenonzard_tui.decks import read_deck_text, starter_files

    decks = [read_deck_text(p) for p in starter_files()]

    async def main() -> None:
        rng = random.Random(seed)
        lat: list[float] = []
        stats = {"live": 0, "peak": 0, "finished": 0, "errors": 0}
        tasks: set[asyncio.Task] = set()
        end = time.perf_counter() + ramp + seconds
        started = 0
        while time.perf_counter() < end:
            while len(tasks) < games and time.perf_counter() < end:
                task = asyncio.create_task(bot_pair(url, decks, rng, think, ai, lat, stats))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
                started += 1
                if started <= games:
                    await asyncio.sleep(ramp / games)  # the first games start over the ramp
            await asyncio.sleep(0.2)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        out.put((lat, stats))

    asyncio.run(main())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games at once (default 200)")
    ap.add_argument("--seconds", type=float, default=60.0, help="after the ramp (default 60)")
    ap.add_argument("--ramp", type=float, default=20.0, help="seconds to start the games")
    ap.add_argument("--think", type=float, default=1.0, help="a bot's wait before acting (s)")
    ap.add_argument("--ai", choices=("easy", "random"), default="easy")
    ap.add_argument("--procs", type=int, default=2, help="bot processes (default 2)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "zenonzard_tui",
                "server",
                "--port",
                "0",
                "--data",
                data,
                "--quiet",
            ],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            match = re.search(r"ws://([\d.]+):(\d+)", line)
            if match is None:
                print(f"the server did not start: {line!r}", file=sys.stderr)
                return 1
            url = f"ws://127.0.0.1:{match.group(2)}"
            idle_rss = proc_rss(server.pid)
            cpu0 = proc_cpu(server.pid)
            out: mp.Queue = mp.Queue()
            share = [args.games // args.procs + (i < args.games % args.procs)
                     for i in range(args.procs)]  # fmt: skip
            procs = [
                mp.Process(
                    target=bot_process,
                    args=(url, n, args.seconds, args.think, args.ai, i + 1, args.ramp, out),
                )
                for i, n in enumerate(share)
            ]
            for p in procs:
                p.start()
            peak_rss = 0
            deadline = time.perf_counter() + args.ramp + args.seconds
            while time.perf_counter() < deadline:
                time.sleep(1.0)
                peak_rss = max(peak_rss, proc_rss(server.pid))
            results = [out.get(timeout=args.seconds + 60) for _ in procs]
            for p in procs:
                p.join(timeout=30)
            cpu = proc_cpu(server.pid) - cpu0
        finally:
            server.terminate()
            server.wait(timeout=30)
    lat = sorted(x for r in results for x in r[0])
    peak = sum(r[1]["peak"] for r in results)
    finished = sum(r[1]["finished"] for r in results)
    errors = sum(r[1]["errors"] for r in results)
    if not lat:
        print("no action was relayed")
        return 1

    def q(f: float) -> float:
        return lat[min(len(lat) - 1, int(f * len(lat)))] * 1000

    print(f"server: one process, bots: {args.procs} processes, ai {args.ai}, think {args.think} s, "
          f"{os.cpu_count()} cores")  # fmt: skip
    print(f"games held at once {peak}, finished {finished}, actions relayed {len(lat)}, "
          f"errors {errors}")  # fmt: skip
    print(f"round trip of an action: p50 {q(0.5):.1f} ms, p95 {q(0.95):.1f} ms, "
          f"max {lat[-1] * 1000:.1f} ms")  # fmt: skip
    print(f"server CPU {cpu:.1f} s, {cpu / len(lat) * 1000:.2f} ms an action")
    per_game = (peak_rss - idle_rss) / max(1, peak) / 1024
    print(f"server memory: idle {idle_rss / 2**20:.0f} MB, peak {peak_rss / 2**20:.0f} MB, "
          f"{per_game:.0f} kB a game")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
