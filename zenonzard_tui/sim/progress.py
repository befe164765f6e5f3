"""A progress bar with an ETA on stderr (rich.progress), for `zenonzard sim` and bench/fuzz.py.

It shows only when asked and stderr is a terminal; otherwise every call does nothing, so a
caller never tests for it."""

from __future__ import annotations

import sys

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from zenonzard_tui.usertext import terminal_safe


class Bar:
    """`with Bar(enabled) as bar: task = bar.add("Red Rush vs Blue Tides", 100); bar.advance(task)`

    The description is shown as it is written (deck names are user text: no markup, no escapes)."""

    def __init__(self, enabled: bool = True) -> None:
        self.progress: Progress | None = None
        if enabled and sys.stderr.isatty():
            self.progress = Progress(
                TextColumn("{task.description}", markup=False),  # a deck name is not markup
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TextColumn("ETA"),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )

    def __enter__(self) -> Bar:
        if self.progress is not None:
            self.progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        if self.progress is not None:
            self.progress.stop()

    def add(self, description: str, total: int) -> TaskID | None:
        if self.progress is None:
            return None
        return self.progress.add_task(terminal_safe(description), total=total)

    def advance(self, task: TaskID | None, steps: int = 1) -> None:
        if self.progress is not None and task is not None:
            self.progress.advance(task, steps)
