"""Ctrl-C stops `zenonzard sim --jobs 2` at once, every time (issue 7 §3).

A real SIGINT goes to the whole process group, as a terminal sends it: the run must exit 130
within seconds, print the summary of the games so far, show no traceback, and leave no process
of its group behind. stderr is a pseudo-terminal so that the progress bar shows; the kill comes
once it has counted some games, at a different moment on each try, since the old hang was
intermittent.
"""

from __future__ import annotations

import os
import pty
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.terminal import read_pty

DECKS = Path(__file__).resolve().parents[1] / "decks"
GAMES = 100_000


def _group_gone(pgid: int, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def _interrupt(runner: list[str], delay: float) -> None:
    """Start a long run on `runner`, Ctrl-C it `delay` seconds after the bar counted games."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "zenonzard_tui",
            "sim",
            str(DECKS / "red-rush.deck"),
            str(DECKS / "blue-tides.deck"),
            "--games",
            str(GAMES),
            *runner,
        ],
        stdout=subprocess.PIPE,
        stderr=slave,
        start_new_session=True,
    )
    os.close(slave)
    pgid = proc.pid
    try:
        err = b""
        deadline = time.monotonic() + 120
        while not re.search(rb"[1-9]\d*/100000", err):  # the bar has counted games
            assert time.monotonic() < deadline, err.decode(errors="replace")
            assert proc.poll() is None, err.decode(errors="replace")
            err += read_pty(master, 0.1)
        err += read_pty(master, delay)
        os.killpg(pgid, signal.SIGINT)
        stopped = time.monotonic()
        out, _ = proc.communicate(timeout=90)
        took = time.monotonic() - stopped
        err += read_pty(master, 0.5)
    finally:
        if proc.poll() is None:
            os.killpg(pgid, signal.SIGKILL)
            proc.wait()
        os.close(master)
    text, errors = out.decode(), err.decode(errors="replace")
    assert proc.returncode == 130, (text, errors)
    # the old hang never ended; a stop takes under a second here, Ray's a few seconds, and the
    # bound is wide for a loaded machine (it is not a speed check)
    assert took < 30
    assert "Traceback" not in errors and "KeyboardInterrupt" not in errors, errors
    played = int(re.match(r"Red Rush \(medium\) vs Blue Tides \(medium\): (\d+) games", text)[1])
    assert 0 < played < GAMES and f"(stopped early, of {GAMES})" in text
    assert "Red Rush going first" in text and "games/s" in text
    assert _group_gone(pgid, 5), "a process of the run is still there"


@pytest.mark.skipif(sys.platform != "linux", reason="process groups and a pty: Linux")
@pytest.mark.parametrize("delay", [0.0, 0.15, 0.4, 0.8, 1.3])
def test_ctrl_c_stops_at_once_with_the_partial_summary_and_no_process_left(delay):
    _interrupt(["--jobs", "2"], delay)


@pytest.mark.skipif(sys.platform != "linux", reason="process groups and a pty: Linux")
def test_ctrl_c_stops_a_run_on_ray_too():
    pytest.importorskip("ray")
    _interrupt(["--ray"], 0.3)
