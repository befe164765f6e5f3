"""Fixtures tests share: the bad-input tables' `no_hang`, and `own_folders`; and the session's
own cache and data folders (the card pool's kept TOML, cards/cache.py; the user's own card
files, saves), never the user's. The `pure` mark: a test that patches or counts the engine's
Python code runs on the .py modules even where the compiled build is installed."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from zenonzard_tui import buildinfo

_CACHE: list[str] = []
# In the process that runs the `pure` tests: where each test's reports go (JSON lines)
PURE_REPORT = "ZENONZARD_TEST_PURE_REPORT"


def pytest_configure(config):
    """Every test and every command a test runs keeps the card pool in a folder of this session
    (removed at its end), not in the user's cache folder, and reads no card files of the user's
    own (a data folder of this session unless a test gives its own)."""
    config.addinivalue_line(
        "markers",
        "pure: patches or counts the engine's Python code, which a compiled build does not run: "
        "on a compiled build the test runs in a process of its own on the .py modules "
        "(ZENONZARD_PURE=1 at run time, docs/build.md)",
    )
    _CACHE.append(tempfile.mkdtemp(prefix="zenonzard-test-cache-"))
    os.environ["ZENONZARD_CACHE_DIR"] = _CACHE[-1]
    _CACHE.append(tempfile.mkdtemp(prefix="zenonzard-test-data-"))
    os.environ["ZENONZARD_DATA_DIR"] = _CACHE[-1]


def pytest_unconfigure(config):
    for folder in _CACHE:
        shutil.rmtree(folder, ignore_errors=True)


_PURE_RESULTS: dict[str, list[dict]] = {}


def _run_pure(session: pytest.Session) -> dict[str, list[dict]]:
    """Runs every `pure` test of the session in one process on the .py modules; each test's
    reports (setup, call, teardown) by its node id."""
    if not _PURE_RESULTS:
        ids = [item.nodeid for item in session.items if item.get_closest_marker("pure")]
        with tempfile.TemporaryDirectory(prefix="zenonzard-pure-") as folder:
            report = Path(folder, "reports.jsonl")
            env = {**os.environ, "ZENONZARD_PURE": "1", PURE_REPORT: str(report)}
            done = subprocess.run(
                [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *ids],
                cwd=session.config.rootpath, env=env, capture_output=True, text=True,
                timeout=1800, check=False,
            )  # fmt: skip
            lines = report.read_text().splitlines() if report.exists() else []
        for line in lines:
            entry = json.loads(line)
            _PURE_RESULTS.setdefault(entry["nodeid"], []).append(entry)
        _PURE_RESULTS.setdefault("", []).append(
            {"output": done.stdout[-3000:] + done.stderr[-2000:]}
        )
    return _PURE_RESULTS


def pytest_pyfunc_call(pyfuncitem):
    """A `pure` test on a compiled build: its result is that of its run on the .py modules."""
    if pyfuncitem.get_closest_marker("pure") is None or not buildinfo.running_compiled():
        return None
    results = _run_pure(pyfuncitem.session)
    reports = results.get(pyfuncitem.nodeid)
    if not reports:
        pytest.fail(f"did not run on the .py modules:\n{results[''][0]['output']}")
    failed = [r for r in reports if r["outcome"] == "failed"]
    if failed:
        pytest.fail(f"failed on the .py modules ({failed[0]['when']}):\n{failed[0]['longrepr']}")
    if any(r["outcome"] == "skipped" for r in reports):
        pytest.skip(
            f"on the .py modules: {next(r['longrepr'] for r in reports if r['outcome'] == 'skipped')}"
        )
    if not any(r["when"] == "call" and r["outcome"] == "passed" for r in reports):
        pytest.fail(f"did not pass on the .py modules: {reports}")
    return True


def pytest_runtest_logreport(report):
    """In the process that runs the `pure` tests: every report, for the process that asked."""
    path = os.environ.get(PURE_REPORT)
    if path:
        entry = {"nodeid": report.nodeid, "when": report.when, "outcome": report.outcome,
                 "longrepr": str(report.longrepr) if report.longrepr else ""}  # fmt: skip
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(entry) + "\n")


class Hang(Exception):
    pass


@pytest.fixture
def no_hang():
    """A command that blocks (on a FIFO, /dev/zero) fails the test instead of hanging it."""

    def alarm(signum, frame):
        raise Hang("the command did not finish within 20 s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.fixture
def own_folders(tmp_path_factory, monkeypatch):
    """The test's own config and data folders: no test reads or writes the user's settings,
    saves or autosaves."""
    monkeypatch.setenv("ZENONZARD_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("ZENONZARD_DATA_DIR", str(tmp_path_factory.mktemp("data")))
