"""Fixtures tests share: the bad-input tables' `no_hang`, and `own_folders`."""

from __future__ import annotations

import signal

import pytest


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
