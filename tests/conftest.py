"""Fixtures tests share: the bad-input tables' `no_hang`, and `own_folders`; and the session's
own cache and data folders (the card pool's kept TOML, cards/cache.py; the user's own card
files, saves), never the user's."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile

import pytest

_CACHE: list[str] = []


def pytest_configure(config):
    """Every test and every command a test runs keeps the card pool in a folder of this session
    (removed at its end), not in the user's cache folder, and reads no card files of the user's
    own (a data folder of this session unless a test gives its own)."""
    _CACHE.append(tempfile.mkdtemp(prefix="zenonzard-test-cache-"))
    os.environ["ZENONZARD_CACHE_DIR"] = _CACHE[-1]
    _CACHE.append(tempfile.mkdtemp(prefix="zenonzard-test-data-"))
    os.environ["ZENONZARD_DATA_DIR"] = _CACHE[-1]


def pytest_unconfigure(config):
    for folder in _CACHE:
        shutil.rmtree(folder, ignore_errors=True)


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
