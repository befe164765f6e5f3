"""Fixtures the bad-input tables share (tests/test_bad_input*.py)."""

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
