"""TEMPORARY shim for the server branch, with the real table's names (issue 17 section 1);
replaced by the real table at the merge."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zenonzard_tui.engine.actions import ActionError
from zenonzard_tui.engine.game import SEATS, Game
from zenonzard_tui.engine.observe import Observation, observe
from zenonzard_tui.engine.save import game_record


class TableError(Exception):
    pass


class NotYourTurn(TableError):
    pass


class NotLegal(TableError):
    pass


class ReadOnly(TableError):
    pass


@dataclass(frozen=True, slots=True)
class Change:
    step: int
    text: str | None = None
    seat: str | None = None
    reset: bool = False


class WorldNotOffered(TableError):
    pass


class _View:
    def __init__(self, index: int, text: str | None) -> None:
        self.index, self.text = index, text

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "text": self.text}


class LocalChannel:
    def __init__(self, table: Table, seat: int | None) -> None:
        self.table, self.seat = table, seat

    def observation(self) -> Observation:
        import dataclasses

        view = observe(self.table.game, 0 if self.seat is None else self.seat)
        if self.seat is None:
            players = tuple(dataclasses.replace(p, hand=None) for p in view.players)
            pending = view.pending and dataclasses.replace(view.pending, actions=None)
            view = dataclasses.replace(view, players=players, pending=pending)  # type: ignore[arg-type]
        return view

    def events(self, since: int = 0) -> list[_View]:
        game = self.table.game
        seat = 0 if self.seat is None else self.seat
        return [
            _View(n, e.sentence(game, seat)) for n, e in enumerate(game.log.records[since:], since)
        ]

    def legal(self) -> tuple[str, ...]:
        game = self.table.game
        if self.seat is None or game.pending is None or game.pending.seat != self.seat:
            return ()
        return tuple(a.text for a in game.legal_actions())

    def act(self, text: str) -> str:
        game = self.table.game
        if self.seat is None:
            raise ReadOnly("spectators can only watch")
        conceding = text.strip().casefold() == f"{SEATS[self.seat].casefold()} concedes"
        if not conceding and (game.pending is None or game.pending.seat != self.seat):
            raise NotYourTurn("the other player decides now")
        listed = game.legal_actions() if game.pending is not None else []
        try:
            game.apply(text)
        except ActionError as exc:
            raise NotLegal(str(exc)) from None
        last = game.history[-1]
        for action in listed:
            if action is last or action == last:
                return action.text
        return last.text

    def publicly_forced(self) -> bool:
        from zenonzard_tui.engine.observe import publicly_forced

        return publicly_forced(self.table.game)

    def world_snapshot(self) -> dict[str, Any]:
        from zenonzard_tui.engine.snapshot import seat_snapshot

        assert self.seat is not None
        return seat_snapshot(self.table.game, self.seat)


class Table:
    def __init__(self, game: Game) -> None:
        self.game = game

    def channel(self, seat: int) -> LocalChannel:
        return LocalChannel(self, seat)

    def spectator(self) -> LocalChannel:
        return LocalChannel(self, None)

    @property
    def over(self) -> bool:
        return self.game.over

    def record(self) -> dict[str, Any]:
        return game_record(self.game)
