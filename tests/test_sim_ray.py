"""`zenonzard sim --ray`: the same games as Ray tasks on a local Ray (runs when the cluster extra
is installed; without it, see test_sim_cli.py for the exit status 2)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from zenonzard_tui.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_ray_plays_the_same_games_as_local_processes(capsys):
    pytest.importorskip("ray")
    argv = ["sim", "red-rush", "blue-tides", "yellow-ambush", "--games", "30", "--seed", "5"]
    argv += ["--json", "--cards", "--ai-b", "easy"]
    # Ray in a process of its own, so that none of its threads stays in the test process
    done = subprocess.run(
        [sys.executable, "-m", "zenonzard_tui", *argv, "--ray"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "Token authentication" not in done.stderr  # Ray's warning about its default
    on_ray = json.loads(done.stdout)
    assert main([*argv, "--jobs", "2"]) == 0
    local = json.loads(capsys.readouterr().out)
    on_ray.pop("seconds"), local.pop("seconds")
    assert on_ray == local and on_ray["games"] == 60


def test_a_ray_that_cannot_be_reached_exits_2_with_a_message(capsys, monkeypatch):
    pytest.importorskip("ray")
    from zenonzard_tui.sim import cluster

    def unreachable(**kwargs):
        raise ConnectionError(f"Failed to connect to Ray cluster at {kwargs['address']}")

    monkeypatch.setattr(cluster.ray, "init", unreachable)
    monkeypatch.setattr(cluster.ray, "shutdown", lambda: None)
    assert main(["sim", "red-rush", "blue-tides", "--games", "2", "--ray", "10.0.0.9:6379"]) == 2
    err = capsys.readouterr().err
    assert "cannot start or reach the Ray cluster at 10.0.0.9:6379" in err
    assert "Traceback" not in err
