"""The games of a run played in this process (`jobs` 1) or in a pool of worker processes.

Each worker gets the decks once, when it starts (the pool's initializer), and then plays chunks
of games from their specs. Workers ignore Ctrl-C (SIGINT): the terminal sends it to every process
of the foreground group, and only the parent acts on it, by terminating the pool itself; a worker
that died of it would leave the parent waiting for its results.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Collection, Iterator, Sequence
from multiprocessing.pool import Pool

from zenonzard_tui.decks import Deck
from zenonzard_tui.sim.play import GameSpec, Result, canonical, chunks, play, play_chunk

_DECKS: tuple[Deck, ...] = ()  # a worker's decks, set once by its initializer


def usable_cores() -> int:
    """How many cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _start_worker(decks: tuple[Deck, ...]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    global _DECKS
    _DECKS = canonical(decks)


def _play_chunk(specs: tuple[GameSpec, ...]) -> list[Result]:
    return play_chunk(_DECKS, specs)


def _context() -> multiprocessing.context.BaseContext:
    # fork: a worker starts in no time with the modules and the card pool already loaded; it is
    # safe here because the pool is made before the progress bar starts its thread
    if sys.platform == "linux":
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


class LocalRunner:
    """`with LocalRunner(decks, jobs) as runner: for result in runner.results(specs): ...`

    Results come as games finish (in chunks, not in spec order). Leaving the `with` block by an
    exception (Ctrl-C among them) terminates the workers at once; none is left behind."""

    def __init__(self, decks: Sequence[Deck], jobs: int) -> None:
        self.decks = tuple(decks)
        self.jobs = jobs
        self.pool: Pool | None = None

    def __enter__(self) -> LocalRunner:
        if self.jobs == 1:
            return self
        # SIGINT is blocked while the workers are made, so that none starts with Python's
        # KeyboardInterrupt handler; each unblocks it after ignoring it. One that came meanwhile
        # reaches this process when it is unblocked here, and stops the run.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            self.pool = _context().Pool(self.jobs, _start_worker, (self.decks,))
        finally:
            try:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
            except BaseException:
                self.close(failed=True)
                raise
        return self

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        self.close(failed=kind is not None)

    def close(self, failed: bool) -> None:
        if self.pool is None:
            return
        pool, self.pool = self.pool, None
        if failed:
            pool.terminate()
        else:
            pool.close()
        pool.join()

    def where(self) -> str:
        """Where the games are played, for the report."""
        return "in 1 process" if self.jobs == 1 else f"in {self.jobs} processes"

    def results(self, specs: Collection[GameSpec]) -> Iterator[Result]:
        """The results of the games `specs` names (a list, or a `Run` made as it is taken: the
        pool's feeder takes chunks only as fast as the workers' pipe takes them in)."""
        if self.pool is None:
            for spec in specs:
                yield play(self.decks, spec)
            return
        for done in self.pool.imap_unordered(_play_chunk, chunks(specs, self.jobs)):
            yield from done
