"""Reading what a process writes to a pseudo-terminal (for the tests of progress bars and Ctrl-C)."""

from __future__ import annotations

import os
import select
import time


def read_pty(fd: int, seconds: float) -> bytes:
    """What comes from `fd` within `seconds`, or until the other end is closed."""
    out = b""
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the other end is closed
            break
        if not chunk:
            break
        out += chunk
    return out
