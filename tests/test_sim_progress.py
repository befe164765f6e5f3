"""The progress bar of `zenonzard sim` and bench/fuzz.py: on a terminal's stderr only, with a
count and an ETA; never with --quiet (nor, for sim, --json); never when stderr is not a terminal."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from tests.terminal import read_pty

ROOT = Path(__file__).resolve().parents[1]
SIM = [sys.executable, "-m", "zenonzard_tui", "sim", "red-rush", "blue-tides", "--games", "3"]
FUZZ = [sys.executable, str(ROOT / "bench" / "fuzz.py"), "--games", "3"]


def _stderr_on_a_terminal(argv: list[str]) -> tuple[int, str, str]:
    master, slave = pty.openpty()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=slave, cwd=ROOT)
    os.close(slave)
    err = read_pty(master, 60)
    out, _ = proc.communicate(timeout=60)
    os.close(master)
    return proc.returncode, out.decode(), err.decode(errors="replace")


@pytest.mark.skipif(sys.platform != "linux", reason="a pty")
@pytest.mark.parametrize("argv", [SIM, FUZZ], ids=["sim", "fuzz"])
def test_a_bar_with_a_count_and_an_eta_shows_on_a_terminal_unless_quiet(argv):
    code, out, err = _stderr_on_a_terminal(argv)
    assert code == 0, err
    assert "3/3" in err and "ETA" in err
    assert "ETA" not in out
    code, out, err = _stderr_on_a_terminal([*argv, "--quiet"])
    assert code == 0 and "ETA" not in err and "/3" not in err


def test_no_bar_when_stderr_is_not_a_terminal_or_with_json():
    done = subprocess.run([*SIM, "--json"], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0 and done.stderr == ""
    code, _, err = _stderr_on_a_terminal([*SIM, "--json"])
    assert code == 0 and "ETA" not in err
