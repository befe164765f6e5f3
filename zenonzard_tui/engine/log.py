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
        new = Log()
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


class Sentences:
    """The log's sentences for one reader, kept as the game goes: each record is written once
    (the whole log again at every look cost a table's observation most of its time). A record's
    sentence depends on the record and the cards it names, not on what came after, so the kept
    sentences are those `sentences()` would write (tests/test_table.py checks it over games)."""

    __slots__ = ("count", "game", "seat", "texts")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.game: Game | None = None
        self.count = 0  # records read
        self.texts: list[str] = []

    def prime(self, game: Game, count: int, texts: list[str]) -> None:
        """Take `texts` as the sentences of `game`'s first `count` records (a replay's step,
        whose sentences were written once for the whole game: they are the same)."""
        self.game, self.count, self.texts = game, count, texts

    def of(self, game: Game) -> tuple[str, ...]:
        """The sentences of `game`'s log (another game, or a shorter log: read again)."""
        records = game.log.records
        if game is not self.game or len(records) < self.count:
            self.game, self.count, self.texts = game, 0, []
        for event in records[self.count :]:
            text = event.sentence(game, self.seat)
            if text:
                self.texts.append(text)
        self.count = len(records)
        return tuple(self.texts)
