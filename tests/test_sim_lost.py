"""`zenonzard sim --jobs N` stops with an error, never waits for ever, when a worker's results are
lost: a worker killed by the system (SIGKILL, as the out-of-memory killer sends it), or results
that the main process cannot read (unpickling fails there, as it did for a compiled build's
frozen records before 2947f23).

Each run is a process of its own under a timeout, so a run that hangs fails its test in seconds.
The faults reach the workers by replacing `play_chunk` in zenonzard_tui/sim/local.py before they
fork (FAULTS; RUN is the program): nothing of them is in the package.
"""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_sim_interrupt import _group_gone
from zenonzard_tui.sim.play import play_chunk

ROOT = Path(__file__).resolve().parents[1]
LOST = 5  # the game whose chunk of results is lost

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="forked workers: Linux")


def killed(decks, specs):
    """The worker is killed outright (SIGKILL) when it comes to game LOST."""
    if any(spec.index == LOST for spec in specs):
        os.kill(os.getpid(), signal.SIGKILL)
    return play_chunk(decks, specs)


def _refuse():
    raise pickle.UnpicklingError("a result that cannot be read here (a test's)")


class Unreadable:
    """Pickled in the worker as a call of `_refuse`, which raises when it is unpickled."""

    def __reduce__(self):
        return _refuse, ()


def unreadable(decks, specs):
    """The results of game LOST's chunk come with something the main process cannot unpickle."""
    results = play_chunk(decks, specs)
    if any(spec.index == LOST for spec in specs):
        results.append(Unreadable())
    return results


FAULTS = {"killed": killed, "unreadable": unreadable}

# the CLI with a fault in its workers, and two of them whatever the cores
RUN = (
    "import sys; from tests.test_sim_lost import FAULTS; "
    "from zenonzard_tui.cli import main, sim_cmd; from zenonzard_tui.sim import local; "
    "local.play_chunk = FAULTS[sys.argv[1]]; sim_cmd.usable_cores = lambda: 2; "
    "sys.exit(main(sys.argv[2:]))"
)


def _sim_with(fault: str) -> subprocess.CompletedProcess[str]:
    argv = ["sim", "red-rush", "blue-tides", "--games", "40", "--jobs", "2", "--quiet"]
    proc = subprocess.Popen(
        [sys.executable, "-c", RUN, fault, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        start_new_session=True,
    )
    try:
        # 40 games of the medium AI take a second or two; the old runner never ended
        out, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(f"sim with the {fault!r} fault still waits after 20 s")
    assert _group_gone(proc.pid, 5), "a worker of the run is still there"
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def test_a_worker_killed_mid_run_stops_the_run_with_an_error():
    done = _sim_with("killed")
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith("zenonzard sim: a worker process died"), done.stderr


def test_results_that_cannot_be_read_stop_the_run_with_an_error():
    done = _sim_with("unreadable")
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith("zenonzard sim: the results of a worker process could not be")
    assert "UnpicklingError: a result that cannot be read here (a test's)" in done.stderr
