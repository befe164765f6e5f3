"""Standard output when its reader leaves early (`zenonzard cards | head -3`): the output ends
quietly, with no traceback and no "Exception ignored" at exit, and the exit status stays the one
the command's work gives (cli.main: 0; `validate`: the decks' verdict, found before printing)."""

from __future__ import annotations

import errno
import os
import sys

from rich.console import Console


class PipeConsole(Console):
    """rich's Console, but a reader that left raises BrokenPipeError for the command to handle
    (rich's own answer is SystemExit(1), which `validate` would read as an illegal deck)."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError(errno.EPIPE, "the reader of standard output left")


def reader_left() -> None:
    """After a BrokenPipeError on standard output: point it at os.devnull, so that what is still
    buffered, flushed at exit, goes nowhere rather than failing again (the Python documentation's
    note on SIGPIPE)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
