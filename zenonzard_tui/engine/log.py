"""The game log: typed events (engine/events.py), turned into sentences only when someone reads
them.

Recording is one small object appended (no string building in the hot path) and can be switched
off for search. `sentences(game, seat)` writes what that seat may know: the opponent's draws are
counted, not named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zenonzard_tui.engine.events import EVENTS, Event

if TYPE_CHECKING:
    from zenonzard_tui.engine.game import Game


class Log:
    __slots__ = ("enabled", "records")

    def __init__(self) -> None:
        self.enabled = True
        self.records: list[Event] = []

    def add(self, kind: str, *fields: object) -> None:
        """Record the event of this kind (engine/events.py), its fields in order."""
        if self.enabled:
            self.records.append(EVENTS[kind](*fields))

    def clone(self) -> Log:
        new = Log.__new__(Log)
        new.enabled = self.enabled
        new.records = self.records[:] if self.enabled else []
        return new

    def __len__(self) -> int:
        return len(self.records)


def sentence(game: Game, event: Event, seat: int | None) -> str | None:
    """One event as a sentence for `seat` (None: an all-knowing reader). None: nothing to say."""
    return event.sentence(game, seat)


def sentences(game: Game, seat: int | None = None) -> list[str]:
    out = []
    for event in game.log.records:
        text = event.sentence(game, seat)
        if text:
            out.append(text)
    return out
