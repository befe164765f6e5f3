"""bench/zzproject.py's harness timing (the clocks and the random choice a decision, timed with
no engine), through the worker's protocol for ours and directly for ZZ-Project's policy (whose
worker needs a ZZ-Project checkout, which the tests do not have)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "bench" / "zzproject.py"


def test_the_worker_times_the_harness_alone():
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--worker", "ours"],
        input=json.dumps({"op": "harness"}) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    hello, answer = (json.loads(line) for line in proc.stdout.splitlines())
    assert "zenonzard-tui" in hello["engine"]
    assert len(answer["seg_cpu"]) == len(answer["seg_wall"]) == 100_000 - 1
    assert min(answer["seg_wall"]) >= 0 and sum(answer["seg_wall"]) > 0


def test_zz_projects_harness_goes_through_its_policy():
    spec = importlib.util.spec_from_file_location("zzproject", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    timed = module.harness("zz", n=500)
    assert len(timed["seg_cpu"]) == 499 and sum(timed["seg_wall"]) > 0
