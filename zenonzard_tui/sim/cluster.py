"""The games of a run as Ray tasks, on this machine or on a Ray cluster (`zenonzard sim --ray`).

Needs Ray, the cluster extra (`pip install 'ray>=2.9'`, or `pip install -e '.[cluster]'` in a
clone; docs/sim.md): importing this module raises
ImportError without Ray. The decks go into Ray's object store once; each task plays one chunk of
games (the chunks of the local runner), so a task is worth its overhead. With no address Ray
starts on this machine only, on the cores this process may use and without its dashboard; with
one it joins that cluster, whose nodes must have zenonzard-tui installed (docs/sim.md), or fails
with a clear message when it cannot be reached within the timeout (reach.py).
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from itertools import islice
from typing import Any

import ray

from zenonzard_tui.decks import Deck
from zenonzard_tui.sim import RunnerError
from zenonzard_tui.sim.local import usable_cores
from zenonzard_tui.sim.play import GameSpec, Result, canonical, chunks, play_chunk
from zenonzard_tui.sim.reach import DEFAULT_TIMEOUT, check_address, within

WINDOW = 4  # tasks out a worker: enough to keep it busy, few enough to stop at once

AUTH_LOGGER = "ray._private.authentication.authentication_token_setup"  # Ray 2.5x


@contextmanager
def _quiet(name: str) -> Iterator[None]:
    """The warnings of logger `name` are not shown meanwhile (its errors are)."""
    logger = logging.getLogger(name)
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def _play_chunk(decks: tuple[Deck, ...], specs: tuple[GameSpec, ...]) -> list[Result]:
    return play_chunk(canonical(decks), specs)


class RayRunner:
    """`with RayRunner(decks, address) as runner: for result in runner.results(specs): ...`

    Results come as tasks finish. Leaving the `with` block cancels the tasks not yet done and
    disconnects (stopping a local Ray)."""

    def __init__(
        self, decks: Sequence[Deck], address: str | None, timeout: float = DEFAULT_TIMEOUT
    ) -> None:
        self.decks = tuple(decks)
        self.address = address
        self.timeout = timeout  # seconds to reach the cluster (reach.py)
        self.pending: list[Any] = []
        self.decks_ref: Any = None

    def __enter__(self) -> RayRunner:
        where = f"the Ray cluster at {self.address}" if self.address else "a local Ray"
        if self.address is not None:
            check_address(self.address, self.timeout)  # before Ray, which would wait for ever
        try:
            if self.address is None:  # this machine only
                with _quiet(AUTH_LOGGER):  # "Token authentication is enabled for this Ray
                    # cluster": Ray's default for the local cluster it starts (and stops at the
                    # end) for this run; nothing for the user to do, so not said
                    ray.init(
                        address="local",
                        include_dashboard=False,
                        num_cpus=usable_cores(),
                        logging_level=logging.WARNING,
                        log_to_driver=False,
                    )
            else:
                within(
                    self.timeout,
                    lambda: ray.init(
                        address=self.address, logging_level=logging.WARNING, log_to_driver=False
                    ),
                    where,
                )
        except KeyboardInterrupt:
            ray.shutdown()
            raise
        except RunnerError:
            raise  # no answer in time: a shutdown would wait for the call that hangs
        except Exception as exc:  # Ray raises ConnectionError, RuntimeError, its own errors
            ray.shutdown()
            raise RunnerError(f"cannot start or reach {where}: {exc}") from exc
        try:
            self.decks_ref = ray.put(self.decks)
        except BaseException:
            ray.shutdown()
            raise
        return self

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        try:
            for ref in self.pending:
                ray.cancel(ref, force=True)
        finally:
            self.pending = []
            ray.shutdown()

    def workers(self) -> int:
        return max(1, int(ray.cluster_resources().get("CPU", 1)))

    def where(self) -> str:
        """Where the games are played, for the report."""
        return f"on Ray at {self.address}" if self.address else "on a local Ray"

    def results(self, specs: Collection[GameSpec]) -> Iterator[Result]:
        """The results as tasks finish. At most WINDOW tasks a worker are out at a time, the next
        submitted as one finishes, so a run of 10**12 games (`Run`) is never a list of tasks."""
        task = ray.remote(_play_chunk)
        parts = chunks(specs, self.workers())
        window = WINDOW * self.workers()
        self.pending = [task.remote(self.decks_ref, part) for part in islice(parts, window)]
        while self.pending:
            done, self.pending = ray.wait(self.pending, num_returns=1)
            self.pending += [task.remote(self.decks_ref, p) for p in islice(parts, len(done))]
            for ref in done:
                yield from ray.get(ref)
