"""The code passes ruff (configured in pyproject.toml); ruff comes with the `test` extra."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _ruff() -> list[str]:
    exe = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if exe is None:
        pytest.fail("ruff is not installed: install the project with its test extra")
    return [exe]


@pytest.mark.parametrize("args", [["check"], ["format", "--check"]], ids=["check", "format"])
def test_ruff(args):
    result = subprocess.run(
        [*_ruff(), *args, "zenonzard_tui", "tests", "bench", "examples"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_reports_no_errors():
    """The package is typed (it ships py.typed): mypy, configured in pyproject.toml, is clean."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if "No module named mypy" in result.stderr:
        pytest.fail("mypy is not installed: install the project with its test extra")
    assert result.returncode == 0, result.stdout + result.stderr
    assert (ROOT / "zenonzard_tui" / "py.typed").exists()
