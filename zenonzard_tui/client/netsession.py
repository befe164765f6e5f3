"""A duel whose game is on a duel server (`zenonzard play --server`, `watch`, `host`): what the
duel screen needs of a session, with the server's channel in place of a local table.

The server holds the game (zenonzard_tui/net); this process has only its seat's channel
(`net.remote.RemoteChannel`: the view and the legal texts the server sends). The other seat's
desk gets `Elsewhere`, the same public knowledge with nothing to decide. There is no local game:
nothing to autosave (the server keeps it) and no undo; once the game is over, its save (sent by the
server to both seats) goes into the history like a local game's, and `s` saves it.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from zenonzard_tui.cards import load_pool
from zenonzard_tui.client.settings import Settings
from zenonzard_tui.clock import ClockView
from zenonzard_tui.engine.events import SEATS
from zenonzard_tui.engine.observe import EventView, Observation
from zenonzard_tui.engine.save import write_atomic
from zenonzard_tui.engine.summary import MatchSummary
from zenonzard_tui.net.remote import RemoteChannel
from zenonzard_tui.table import Callback, NotYourTurn, ReadOnly, WorldNotOffered


class Elsewhere:
    """The other seat's desk in a network game: public facts from this seat's channel, no
    decision (the other player decides on their own machine)."""

    def __init__(self, remote: RemoteChannel, seat: int) -> None:
        self.remote = remote
        self._seat = seat

    @property
    def seat(self) -> int | None:
        return self._seat

    @property
    def step(self) -> int:
        return self.remote.step

    def observation(self) -> Observation:
        return self.remote.observation()

    def event_count(self) -> int:
        return self.remote.event_count()

    def events(self, since: int = 0) -> list[EventView]:
        return self.remote.events(since)

    def deciding(self) -> int | None:
        return self.remote.deciding()

    def legal(self) -> tuple[str, ...]:
        return ()

    def publicly_forced(self) -> bool:
        return self.remote.publicly_forced()

    def idle_casts(self) -> tuple[str, ...]:
        return ()

    def clock(self) -> ClockView | None:
        return self.remote.clock()

    def summary(self) -> MatchSummary:
        return self.remote.summary()

    def act(self, text: str) -> str:
        raise NotYourTurn("the other player decides on their own machine")

    def concede(self) -> None:
        raise ReadOnly("only the other player can concede for their seat")

    def subscribe(self, callback: Callback) -> Callable[[], None]:
        return self.remote.subscribe(callback)

    async def next_change(self, after: int | None = None) -> int:
        return await self.remote.next_change(after)

    def updates(self) -> AsyncIterator[int]:
        return self.remote.updates()

    def world(self) -> Any:
        raise WorldNotOffered("the other seat's world is not this machine's")


class NetSession:
    """What `DuelScreen` reads of a session, for a seat (or a spectator) of a server's game."""

    network = True
    hotseat = False
    puzzle = None
    ai = None
    save_path: Path | None = None

    def __init__(self, remote: RemoteChannel, settings: Settings, server: str, room: str) -> None:
        pool = load_pool()
        self.remote = remote
        self.server, self.room = server, room
        self.settings = settings
        self.catalog = dict(pool.cards)
        self.forces = dict(pool.forces)
        self.autosave_dir: Path | None = None  # the app's: where the history is
        self.archived: Path | None = None
        self.notice: str | None = None
        self._told: str | None = None
        seat = remote.seat
        self._channels = tuple(remote if seat == s else Elsewhere(remote, s) for s in (0, 1))

    # who plays

    def channel(self, seat: int) -> Any:
        return self._channels[seat]

    def spectator(self) -> RemoteChannel:
        return self.remote  # what decides, the step, the figures: all public

    def is_ai(self, seat: int | None) -> bool:
        return False

    def seat_name(self, seat: int, you: int | None = None) -> str:
        name = next((p.get("name") for p in self.remote.players if p.get("seat") == SEATS[seat]),
                    None)  # fmt: skip
        label = f"{SEATS[seat]} {name}" if name else SEATS[seat]
        mine = you is not None and seat == you and self.remote.seat is not None
        return f"{label} (you)" if mine else label

    def news(self) -> str | None:
        """What the server said that a player should see once (waiting for a reconnect...)."""
        notice = self.remote.notice
        if notice is None or notice == self._told:
            return None
        self._told = notice
        return notice

    # the game's record

    @property
    def texts(self) -> list[str]:
        """The action texts (known here once the game is over: its save)."""
        save = self.remote.save
        return list(save.get("actions", [])) if save else []

    @property
    def unsaved(self) -> bool:
        return False  # the server keeps the game; at the end it is in the history

    def undo(self, seat: int | None = None) -> bool:
        return False

    def rematch(self) -> NetSession:
        raise NotYourTurn("a new network game: create or join another room")

    def autosave(self) -> None:
        """Nothing to keep while the game goes on (the server keeps it); once it is over, the
        save the server sent goes into the history (once)."""
        save = self.remote.save
        if save is None or self.archived is not None or self.autosave_dir is None:
            return
        from zenonzard_tui.client.saves import claim_autosave, history_dir

        path = claim_autosave(history_dir(self.autosave_dir))
        write_atomic(path, json.dumps(self.record(), indent=1))
        self.archived = path

    def record(self) -> dict[str, Any]:
        """The finished game's save as the server sent it, with the client's entry a local
        game's save has (its settings, turn, result, time: `play --list-saves` reads them) and
        where it was played."""
        save = self.remote.save
        if save is None:
            raise OSError("the server keeps this game; it can be saved once it is over")
        view = self.remote.observation()
        client: dict[str, Any] = {
            **self.settings.as_dict(),
            "turn": view.turn,
            "over": view.outcome is not None,
            "saved_at": datetime.now().isoformat(timespec="seconds"),
            "server": self.server,
            "room": self.room,
        }
        if view.outcome is not None:
            client["result"] = view.outcome.result()
            client["reason"] = view.outcome.reason
        return {**save, "client": client}

    def save(self, path: str | Path) -> Path:
        path = Path(path).expanduser()
        write_atomic(path, json.dumps(self.record(), indent=1))
        self.save_path = path
        return path

    def default_save_name(self) -> str:
        from zenonzard_tui.client.saves import save_name

        return save_name("-vs-".join(n for n in self.settings.names if n), self.room)
