"""The games of a run played in this process (`jobs` 1) or in a pool of worker processes.

Each worker gets the decks once, when it starts (the pool's initializer), and then plays chunks
of games from their specs, a few chunks a worker given out at a time. Workers ignore Ctrl-C
(SIGINT): the terminal sends it to every process of the foreground group, and only the parent
acts on it, by terminating the workers itself; a worker that died of it would break the pool.

The pool is a `concurrent.futures.ProcessPoolExecutor`. When a worker's results are lost, a
worker killed by the system (the out-of-memory killer's SIGKILL) or results that cannot be
unpickled here, it breaks and fails every game given out (`BrokenProcessPool`), and the run stops
with a RunnerError that says which. (`multiprocessing.Pool` replaced a dead worker, or lost its
result-handler thread, and waited for ever for results that would never come.)
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import sys
from collections.abc import Collection, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from itertools import islice

from zenonzard_tui.decks import Deck
from zenonzard_tui.sim import RunnerError
from zenonzard_tui.sim.play import GameSpec, Result, canonical, chunks, play, play_chunk

WINDOW = 2  # chunks given out a worker: the one it plays and the next, so that it never waits

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
    # safe here because the workers are made before the progress bar starts its thread (and
    # before the pool's own thread, which the pool starts once they are made)
    if sys.platform == "linux":
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Terminate the pool's workers at once (as Python 3.14's `terminate_workers` does): one in
    the middle of a chunk would otherwise play it to the end first. The pool then breaks."""
    for process in list((pool._processes or {}).values()):
        process.terminate()


def _lost(exc: BrokenProcessPool) -> str:
    """What to tell of a broken pool: a worker died, or its results could not be received (the
    pool gives the traceback of that as the cause; its last line says what it was)."""
    if exc.__cause__ is None:
        return (
            "a worker process died before sending its games' results (killed? the system's "
            "out-of-memory killer does so without a word); the run cannot go on"
        )
    lines = [line.strip() for line in str(exc.__cause__).splitlines()]
    what = [line for line in lines if line and line != "'''"][-1:]
    return (
        f"the results of a worker process could not be received ({''.join(what)}); the run "
        "cannot go on"
    )


class LocalRunner:
    """`with LocalRunner(decks, jobs) as runner: for result in runner.results(specs): ...`

    Results come as games finish (in chunks, not in spec order). Leaving the `with` block by an
    exception (Ctrl-C among them) terminates the workers at once; none is left behind. Results
    that are lost (a worker killed, results that cannot be read) raise RunnerError."""

    def __init__(self, decks: Sequence[Deck], jobs: int) -> None:
        self.decks = tuple(decks)
        self.jobs = jobs
        self.pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> LocalRunner:
        if self.jobs == 1:
            return self
        # SIGINT is blocked while the workers are made, so that none starts with Python's
        # KeyboardInterrupt handler; each unblocks it after ignoring it. One that came meanwhile
        # reaches this process when it is unblocked here, and stops the run.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            self.pool = ProcessPoolExecutor(self.jobs, _context(), _start_worker, (self.decks,))
            # the pool makes its workers for its first tasks (forked all at the first, spawned
            # one a task): these make them now, with SIGINT blocked
            for _ in range(self.jobs):
                self.pool.submit(int)
        except BaseException:
            self.close(failed=True)
            raise
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
            _terminate(pool)
        pool.shutdown(wait=True, cancel_futures=True)

    def where(self) -> str:
        """Where the games are played, for the report."""
        return "in 1 process" if self.jobs == 1 else f"in {self.jobs} processes"

    def results(self, specs: Collection[GameSpec]) -> Iterator[Result]:
        """The results of the games `specs` names (a list, or a `Run` made as it is taken: at
        most WINDOW chunks a worker are given out at a time, the next as one comes back)."""
        if self.pool is None:
            for spec in specs:
                yield play(self.decks, spec)
            return
        pool = self.pool
        parts = chunks(specs, self.jobs)
        # each chunk's future puts itself here when it is done, from the pool's thread. (Not
        # `concurrent.futures.wait`: a Ctrl-C in the middle of its loop over the futures' locks
        # could leave one held, and the pool's thread waiting for it when the run is stopped.)
        done: queue.SimpleQueue[Future[list[Result]]] = queue.SimpleQueue()

        def give(count: int) -> int:
            """Gives out the next `count` chunks (fewer at the end): how many."""
            given = 0
            for part in islice(parts, count):
                pool.submit(_play_chunk, part).add_done_callback(done.put)
                given += 1
            return given

        try:
            out = give(WINDOW * self.jobs)
            while out:
                games = done.get().result()
                out -= 1
                try:
                    out += give(1)
                except BrokenProcessPool:
                    if not out:
                        raise
                    # it broke since: the chunks out fail with the reason, which says more
                yield from games
        except BrokenProcessPool as exc:
            raise RunnerError(_lost(exc)) from exc
