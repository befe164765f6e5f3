"""Benchmark the command's start-up: `zenonzard --help` (and a few more) in fresh processes.

Each command runs N times as `python -m zenonzard_tui ...` in a subprocess; prints the median wall
time and the median CPU time of the child (user + system, from os.wait4's rusage). The children
run as an installed program does, with their bytecode (kept in a scratch folder, whatever
PYTHONDONTWRITEBYTECODE says, and made by a first run that is not counted). The budget for
`zenonzard --help` is 80 ms of wall time. Also prints which heavy packages `--help` imports.

    python bench/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

COMMANDS = (["--help"], ["play", "--help"], ["validate", "--help"], ["cards", "--help"])
HEAVY = ("textual", "zenonzard_tui.engine", "zenonzard_tui.ai", "zenonzard_tui.cards", "rich")
BUDGET_MS = 80
SCRATCH = "/tmp/zenonzard-bench"  # the bytecode and the card pool's cache; nothing of the user's
ENV = {
    **{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
    "PYTHONPYCACHEPREFIX": f"{SCRATCH}/pycache",
    "ZENONZARD_CACHE_DIR": f"{SCRATCH}/cache",
}


def run_once(args: list[str], python_only: bool = False) -> tuple[float, float]:
    """(wall ms, child CPU ms) of one run (`python_only`: the interpreter alone, the floor)."""
    start = time.perf_counter()
    argv = ["-c", "pass"] if python_only else ["-m", "zenonzard_tui", *args]
    proc = subprocess.Popen(
        [sys.executable, *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=ENV,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"zenonzard {' '.join(args)} exited with {proc.returncode}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000


def imported_by_help() -> list[str]:
    code = (
        "import sys, contextlib, io\n"
        "from zenonzard_tui.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try: main(['--help'])\n"
        "    except SystemExit: pass\n"
        f"print(' '.join(h for h in {HEAVY!r} if h in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.split()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10, help="runs per command (default 10)")
    args = ap.parse_args(argv)
    for command in COMMANDS:  # warm the file cache and write the bytecode
        run_once(command)
    for command in (None, *COMMANDS):
        runs = [run_once(command or [], command is None) for _ in range(args.runs)]
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        label = (
            "python -c pass (the floor)" if command is None else "zenonzard " + " ".join(command)
        )
        print(f"{label:<28} median wall {wall:6.1f} ms   cpu {cpu:6.1f} ms   ({args.runs} runs)")
    heavy = imported_by_help()
    print(f"--help imports: {', '.join(heavy) or 'none of ' + ', '.join(HEAVY)}")
    print(f"budget for zenonzard --help: {BUDGET_MS} ms wall")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
