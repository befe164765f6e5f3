"""The table: the one owner of a game, and the channels through which seats and spectators reach it.

Pokémon Showdown's battle stream is the model (sim/battle-stream.ts `getPlayerStreams`,
sim/battle.ts `makeRequest` and `add` with secret and shared parts): the simulator talks to each
player through a stream of its own, so the same game runs at one keyboard, behind a server or
against a bot. Here a `Table` owns the engine's `Game`, its action texts, its saves, its autosave
and its place in the history; `table.channel(seat)` hands out that seat's `Channel`,
`table.spectator()` a channel with the public view only. Nothing else touches the game.

A `Channel` (a Protocol, so that a channel over the network can be one too) gives:
- `observation()`: the seat's `Observation` (engine/observe.py);
- `events(since)`: the log's typed events from record `since` on, filtered for the seat and
  self-contained (`EventView`: names, not uids to look up; JSON-ready);
- `deciding()`, `legal()`: who decides now (public), and the legal action texts when it is this
  seat (else none); `publicly_forced()`: the decision has one answer both players can tell;
  `idle_casts()`: the casts of this seat's Flash window that would change nothing (smart stops);
  `clock()`: the chess clock's times, if the game has one (public);
- `act(text)`: play an action, refused with `NotYourTurn`, `NotLegal` or `ReadOnly` (a spectator,
  a replay) and the game unchanged; `concede()`: the seat gives up, at any time;
- `subscribe(callback)` and the awaitable `next_change(after)` / the async iterator `updates()`:
  told of every change (an action, an undo), in the order they happen;
- `summary()`: the match in figures (public);
- `world()`: a copy of the game for the local AI to sample the worlds its seat cannot tell apart
  from (engine/belief.py). Only a local seat channel has one; any other raises `WorldNotOffered`
  (a remote bot runs its AI where the game is, or from its observation alone).

A table's step count (`step`) goes up by one with every change; a channel's observation is kept
for the step it was made at, so reading it again is free.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from zenonzard_tui.cards import load_pool
from zenonzard_tui.cards.model import CardDef, ForceDef
from zenonzard_tui.clock import ChessClock, ClockView
from zenonzard_tui.engine.actions import ActionError, normalize_text
from zenonzard_tui.engine.game import LEAVING, SEATS, Game, new_game
from zenonzard_tui.engine.log import Sentences
from zenonzard_tui.engine.observe import (
    SPECTATOR,
    EventView,
    Observation,
    event_views,
    observe,
    publicly_forced,
    spectate,
)
from zenonzard_tui.engine.save import (
    SaveError,
    check_version,
    game_record,
    load_record,
    read_record,
    replay,
    shown,
    start_game,
    write_atomic,
)
from zenonzard_tui.engine.stops import idle_casts, nothing_to_decide
from zenonzard_tui.files import hold, let_go

if TYPE_CHECKING:
    from zenonzard_tui.decks import Deck
    from zenonzard_tui.engine.summary import MatchSummary

__all__ = [
    "Change",
    "Channel",
    "Held",
    "NotLegal",
    "NotYourTurn",
    "Puzzle",
    "ReadOnly",
    "Replay",
    "Table",
    "TableError",
    "World",
    "WorldNotOffered",
    "count_actions",
    "deal",
    "game_of_record",
    "held_in",
    "leaving",
    "load_table",
    "read_save",
]

World = Game  # what `Channel.world()` hands the local AI: a copy of the game, to sample from

PUZZLE_FORMAT = "zenonzard-puzzle-save"
PUZZLE_VERSION = 1


# ----------------------------------------------------------------------------------------------
# Errors and changes


class TableError(Exception):
    """An action or a request the table refuses; the game is unchanged."""


class NotYourTurn(TableError):
    """The channel's seat does not decide now (the other seat does, or the game is over)."""


class NotLegal(TableError):
    """The text names no legal action now (or several: an owner prefix left out)."""


class ReadOnly(TableError):
    """The channel cannot act: a spectator's, or a replay's."""


class WorldNotOffered(TableError):
    """This channel hands out no copy of the game (a spectator's, a remote one)."""


@dataclass(frozen=True, slots=True)
class Change:
    """What a subscriber is told: the table's `step` after the change; `text` the action played
    and `seat` who played it ("A", "B"); `reset` when the game was put back (an undo): read
    everything again."""

    step: int
    text: str | None = None
    seat: str | None = None
    reset: bool = False


Callback = Callable[[Change], None]


@runtime_checkable
class Channel(Protocol):
    """One seat's (or a spectator's) way to a game; see the module text. `seat` is 0 (A), 1 (B)
    or None for a spectator."""

    @property
    def seat(self) -> int | None: ...

    @property
    def step(self) -> int: ...

    def observation(self) -> Observation: ...

    def event_count(self) -> int: ...

    def events(self, since: int = 0) -> list[EventView]: ...

    def deciding(self) -> int | None: ...

    def legal(self) -> tuple[str, ...]: ...

    def publicly_forced(self) -> bool: ...

    def idle_casts(self) -> tuple[str, ...]: ...

    def clock(self) -> ClockView | None: ...

    def summary(self) -> MatchSummary: ...

    def act(self, text: str) -> str: ...

    def concede(self) -> None: ...

    def subscribe(self, callback: Callback) -> Callable[[], None]: ...

    async def next_change(self, after: int | None = None) -> int: ...

    def updates(self) -> AsyncIterator[int]: ...

    def world(self) -> World: ...


# ----------------------------------------------------------------------------------------------
# The table


@dataclass
class Puzzle:
    """Where a practice puzzle came from: its file and its full text (saved with the game)."""

    path: str
    name: str
    text: str
    steps: int = 0  # scripted steps in the file (a puzzle starts before them)


class Table:
    """Owns one game: its action texts, how it began (a seed and decks, or a puzzle), its saves
    (the engine's record, engine/save.py, or a puzzle's), its autosave file and its place in the
    history; hands out the channels. `client_fields()` is what a save keeps beside the game under
    "client" (the client's Session adds its settings)."""

    def __init__(
        self,
        game: Game,
        puzzle: Puzzle | None = None,
        texts: list[str] | None = None,
        *,
        save_path: Path | None = None,
        saved_count: int | None = None,
        autosave_dir: Path | None = None,
        autosave_file: Path | None = None,
        archived: Path | None = None,
        resumed_from: Path | None = None,
        autosaved: bool = False,
        notice: str | None = None,
        read_only: bool = False,
    ) -> None:
        self.game = game
        self.puzzle = puzzle
        self.texts: list[str] = list(texts) if texts is not None else []  # action texts, in order
        self.save_path = save_path
        self.saved_count = saved_count  # len(texts) at the last save; None: never saved
        self.autosave_dir = autosave_dir  # where this game keeps its autosave (None: none)
        self.autosave_file = autosave_file  # its own file there, claimed at the first autosave
        self.archived = archived  # where the finished game went in the history
        self.resumed_from = resumed_from  # the autosave this game was resumed from
        self.autosaved = autosaved  # True while autosave_file holds this game's latest position
        self.autosave_failed = False  # the last autosave could not be written (OSError)
        self.archive_failed = False  # the finished game could not be written into the history
        self.notice = notice  # what a player should know about the loaded save (shown at start)
        self.read_only = read_only  # a replay's snapshot: no channel may act
        self.catalog: dict[str, CardDef] = dict(game.catalog)
        self.forces: dict[str, ForceDef] = dict(load_pool().forces)
        self.step = 0
        self._callbacks: list[Callback] = []
        self._waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Future[int]]] = []
        self._queue: list[Change] = []
        self._telling = False
        self._seats = (LocalChannel(self, 0), LocalChannel(self, 1))
        self.clock: ChessClock | None = None  # a chess clock (set_clock), or none

    # ------------------------------------------------------------------------------------------
    # Channels

    def channel(self, seat: int) -> LocalChannel:
        """Seat `seat`'s channel (0: A, 1: B); the same object every time."""
        return self._seats[seat]

    def spectator(self) -> LocalChannel:
        """A channel with the public view only (it cannot act)."""
        return LocalChannel(self, None)

    def view(self, seat: int) -> Observation:
        """What `seat` may know: its channel's observation."""
        return self._seats[seat].observation()

    # ------------------------------------------------------------------------------------------
    # The state of play

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def deciding(self) -> int | None:
        """The seat that must decide now (None once the game is over)."""
        return None if self.game.pending is None else self.game.pending.seat

    def apply(self, text: str) -> str:
        """Apply a legal action by its text for whoever decides (the table is the judge: a
        channel checks the seat first); returns the text as the engine lists it."""
        seat = self.deciding
        action = self.game.match(text)
        self.game.apply(action)
        self.texts.append(action.text)
        self._changed(Change(self.step + 1, action.text, None if seat is None else SEATS[seat]))
        return action.text

    def set_clock(self, clock: ChessClock | None) -> None:
        """Give the game a chess clock (clock.py; None: none): from now on it runs for the seat
        that decides; `check_clock` ends the game when a time is up."""
        self.clock = clock
        if clock is not None:
            clock.run_for(self.deciding)

    def check_clock(self) -> bool:
        """When the deciding seat's time is up, it loses on time ("A runs out of time" in the
        save, the log says so): True. Whoever keeps the time calls it (a screen's timer, the
        server's)."""
        clock = self.clock
        seat = None if clock is None or self.over or self.read_only else clock.flagged()
        if seat is None:
            return False
        self.game.out_of_time(seat)
        text = f"{SEATS[seat]} runs out of time"
        self.texts.append(text)
        self._changed(Change(self.step + 1, text, SEATS[seat]))
        return True

    def concede(self, seat: int) -> None:
        """`seat` gives up (at any time while the game goes on): the other player wins."""
        self.game.concede(seat)
        text = f"{SEATS[seat]} concedes"
        self.texts.append(text)
        self._changed(Change(self.step + 1, text, SEATS[seat]))

    def chosen(self, counts: Callable[[int], bool]) -> bool:
        """True once a seat that `counts` made a decision in this game (forced answers, the only
        legal action, do not count), or when the game came from a file: until then a client
        keeps no autosave (quitting at the mulligan leaves nothing to resume)."""
        if self.save_path or self.resumed_from or self.saved_count is not None:
            return True
        if not self.texts:
            return False
        if self.puzzle is None and self.game.setup_record is None:
            return True  # a game from a position cannot be replayed from its start: keep it
        game = self.fresh_game()
        for text in self.texts:
            seat = None if game.pending is None else game.pending.seat
            if seat is not None and counts(seat) and len(game.legal()) > 1:
                return True
            game.apply(text)
        return False

    def undo(self, seat: int) -> bool:
        """Take back `seat`'s last decision and what the other seat did after it: the game is
        replayed from its start without them. False when there is none. A forced answer (the
        only legal action) is no decision: it is taken back with the decision before it; so is
        a pass where nothing else would change anything (engine/stops.py: a smart stop's)."""
        game = self.fresh_game()
        last = None  # (the game before seat's last decision, how many texts came before)
        for n, text in enumerate(self.texts):
            pending = game.pending
            if (
                pending is not None
                and pending.seat == seat
                and len(game.legal()) > 1
                and not nothing_to_decide(game)
            ):
                last = (game.clone(), n)
            game.apply(text)
        if last is None:
            return False
        self.game, n = last
        self.texts = self.texts[:n]
        self._changed(Change(self.step + 1, reset=True))
        return True

    def fresh_game(self) -> Game:
        """This game as it started, before any action (to replay it)."""
        if self.puzzle is not None:
            return _puzzle_game(self.puzzle)
        assert self.game.setup_record is not None  # a game not from a position has one
        return start_game(self.game.setup_record, "this game")

    def new_deal(self, seed: int) -> Game:
        """A new game like this one: the same puzzle from its start, or the same decks with a
        new seed (the first player drawn again)."""
        if self.puzzle is not None:
            return _puzzle_game(self.puzzle)
        assert self.game.setup_record is not None  # a game not from a position has one
        setup = {**self.game.setup_record, "seed": seed, "first": "random"}
        return start_game(setup, "this game")

    # ------------------------------------------------------------------------------------------
    # Telling the subscribers

    def _subscribe(self, callback: Callback) -> Callable[[], None]:
        self._callbacks.append(callback)

        def unsubscribe() -> None:
            if callback in self._callbacks:
                self._callbacks.remove(callback)

        return unsubscribe

    def _changed(self, change: Change) -> None:
        """One change: the step goes up, the awaiting wake (in their own loops, from any thread),
        the callbacks are called in order; a change made by a callback is told after this one."""
        self.step = change.step
        if self.clock is not None:  # the time of whoever decides now runs
            self.clock.run_for(self.deciding)
        waiters, self._waiters = self._waiters, []
        for loop, future in waiters:
            if not loop.is_closed():  # (a reader's loop that has ended waits for nothing)
                loop.call_soon_threadsafe(_wake, future, change.step)
        self._queue.append(change)
        if self._telling:
            return
        self._telling = True
        try:
            while self._queue:
                told = self._queue.pop(0)
                for callback in list(self._callbacks):
                    callback(told)
        finally:
            self._telling = False
            self._queue.clear()

    async def _next_change(self, after: int | None) -> int:
        after = self.step if after is None else after
        while self.step <= after:
            loop = asyncio.get_running_loop()
            future: asyncio.Future[int] = loop.create_future()
            self._waiters.append((loop, future))
            await future
        return self.step

    # ------------------------------------------------------------------------------------------
    # Saving

    @property
    def unsaved(self) -> bool:
        """True when the user's save does not hold the game as it is: the file's actions are
        not the game's, one by one (actions played since, or taken back); never saved: once
        there is an action."""
        if self.save_path is None:
            return bool(self.texts)
        held = self.in_save()
        return held is None or not held.current

    def client_fields(self) -> dict[str, Any]:
        """What a save keeps under "client" besides the turn, the result and the time."""
        return {}

    def record(self) -> dict[str, Any]:
        """The save record: the engine's, or a puzzle's; with `client_fields()`."""
        if self.puzzle is None:
            record = game_record(self.game)
        else:
            record = {
                "format": PUZZLE_FORMAT,
                "version": PUZZLE_VERSION,
                "scenario": {
                    "path": self.puzzle.path,
                    "name": self.puzzle.name,
                    "text": self.puzzle.text,
                },
                "actions": list(self.texts),
            }
        record["client"] = {
            **self.client_fields(),
            "turn": self.game.turn,
            "over": self.game.over,
            "saved_at": datetime.now().isoformat(timespec="seconds"),
        }
        if self.game.outcome is not None:
            record["client"]["result"] = self.game.outcome.result()
            record["client"]["reason"] = self.game.outcome.reason
        return record

    def save(self, path: str | Path) -> Path:
        """Write the save atomically (never half a file); remember the path."""
        path = Path(path).expanduser()
        write_atomic(path, json.dumps(self.record(), indent=1))
        self.save_path = path
        self.saved_count = len(self.texts)
        return path

    def autosave(self) -> None:
        """Keep the game in its own autosave file (it does not count as the user's save).

        The file is claimed on the first write (`saves.claim_autosave`), so no other copy of the
        client writes into it. A finished game's autosave is removed. A game resumed from an
        autosave writes a new one and then removes the old. OSError when the file cannot be
        written; `autosaved` then stays False, so nobody is pointed to a stale file."""
        if self.autosave_dir is None:
            return
        if self.game.over:
            self.autosaved = False
            try:
                self._archive()
            except OSError:  # (its autosave stays: the game before its last action)
                self.archive_failed = True
                raise
            if self.autosave_file is not None:
                self.autosave_file.unlink(missing_ok=True)
                let_go(self.autosave_file)
            self._drop_resumed()
            return
        self.autosaved = False
        self.autosave_failed = True  # (until the write is done)
        if self.autosave_file is None:
            self.autosave_file = _claim(self.autosave_dir)
            hold(self.autosave_file)  # (a new file: no other copy of the client has it)
        write_atomic(self.autosave_file, json.dumps(self.record(), indent=1))
        self.autosaved, self.autosave_failed = True, False
        self._drop_resumed()

    def in_save(self) -> Held | None:
        """The user's save and how the game differs from it (None: not saved, or the file
        cannot be read now)."""
        return None if self.save_path is None else held_in(self.save_path, self.texts)

    def in_autosave(self) -> Held | None:
        """This game's autosave, else the autosave it was resumed from (until its own is
        written), and how the game differs from it (None: neither can be read). An undo writes
        no autosave, so the file may hold a later position."""
        for path in (self.autosave_file, self.resumed_from):
            held = None if path is None else held_in(path, self.texts)
            if held is not None:
                return held
        return None

    def kept_in(self) -> Path | None:
        """The file besides the user's save that holds this game as it is now: its autosave, or
        the autosave it was resumed from, when its actions are the game's (None: neither)."""
        held = self.in_autosave()
        return held.path if held is not None and held.current else None

    def _archive(self) -> None:
        """A finished game goes into the history (once), to be listed and replayed."""
        if self.archived is not None or self.autosave_dir is None or not self.texts:
            return
        from zenonzard_tui.client.saves import history_dir

        path = _claim(history_dir(self.autosave_dir))
        write_atomic(path, json.dumps(self.record(), indent=1))
        self.archived = path

    def _drop_resumed(self) -> None:
        if self.resumed_from is not None and self.resumed_from != self.autosave_file:
            self.resumed_from.unlink(missing_ok=True)
            let_go(self.resumed_from)  # (held since it was resumed: play_cmd.resume_session)
        self.resumed_from = None


@dataclass(frozen=True)
class Held:
    """A file that holds a game at some position (the user's save or an autosave), and how the
    game on the table differs from it: the last `back` of the file's actions were taken back,
    then `since` actions were played. Both 0: the file holds the game as it is."""

    path: Path
    turn: int | None  # the game's turn in the file (None: the file does not say)
    back: int
    since: int

    @property
    def current(self) -> bool:
        return self.back == 0 and self.since == 0

    def gap(self, what: str) -> str:
        """How the game differs from the file, in words; `what` names the file ("your save"):
        "2 actions since your save in PATH", or "you took back 2 actions (and played 1) since
        your save in PATH, which still holds the game as it was (turn 7)"."""
        where = f"{what} in {self.path}"
        if not self.back:
            return f"{count_actions(self.since)} since {where}"
        played = f" and played {self.since}" if self.since else ""
        on = f" (turn {self.turn})" if self.turn is not None else ""
        return (
            f"you took back {count_actions(self.back)}{played} since {where}, "
            f"which still holds the game as it was{on}"
        )


def count_actions(count: int) -> str:
    """ "1 action", "2 actions"."""
    return f"{count} action" + ("" if count == 1 else "s")


def held_in(path: Path, texts: list[str]) -> Held | None:
    """How the game whose actions are `texts` differs from the save at `path`, compared action by
    action (an undo shortens the list; an undo and new moves make it diverge). None when the
    file cannot be read or holds no list of actions."""
    try:
        record = read_record(path)
    except SaveError:
        return None
    actions = record.get("actions") if isinstance(record, dict) else None
    if not isinstance(actions, list):
        return None
    client = record.get("client")
    turn = client.get("turn") if isinstance(client, dict) else None
    if not isinstance(turn, int) or isinstance(turn, bool):
        turn = None
    same = 0
    for held, played in zip(actions, texts, strict=False):
        if held != played:
            break
        same += 1
    return Held(path, turn, len(actions) - same, len(texts) - same)


def _claim(folder: Path) -> Path:
    # (imported here: the client package imports this module)
    from zenonzard_tui.client.saves import claim_autosave

    return claim_autosave(folder)


def _wake(future: asyncio.Future[int], step: int) -> None:
    if not future.done():
        future.set_result(step)


# ----------------------------------------------------------------------------------------------
# The local channel


class LocalChannel:
    """A `Channel` on a table in this process: a seat's (0, 1) or a spectator's (None)."""

    def __init__(self, table: Table, seat: int | None) -> None:
        self._table = table
        self._seat = seat
        self._reader = SPECTATOR if seat is None else seat
        self._log = Sentences(self._reader)  # the log's sentences for this reader, kept
        self._seen: tuple[int, Game, Observation] | None = None
        self._idle: tuple[int, Game, tuple[str, ...]] | None = None  # idle_casts, per step

    def __repr__(self) -> str:
        who = "spectator" if self._seat is None else SEATS[self._seat]
        return f"LocalChannel({who}, step {self._table.step})"

    @property
    def seat(self) -> int | None:
        return self._seat

    @property
    def step(self) -> int:
        return self._table.step

    def observation(self) -> Observation:
        table = self._table
        seen = self._seen
        if seen is not None and seen[0] == table.step and seen[1] is table.game:
            return seen[2]
        game = table.game
        log = self._log.of(game)
        view = spectate(game, log) if self._seat is None else observe(game, self._seat, log)
        self._seen = (table.step, game, view)
        return view

    def event_count(self) -> int:
        return len(self._table.game.log)

    def events(self, since: int = 0) -> list[EventView]:
        return event_views(self._table.game, self._reader, since)

    def deciding(self) -> int | None:
        return self._table.deciding

    def legal(self) -> tuple[str, ...]:
        if self._seat is None or self._table.deciding != self._seat:
            return ()
        return tuple(a.text for a in self._table.game.legal_actions())

    def publicly_forced(self) -> bool:
        return publicly_forced(self._table.game)

    def clock(self) -> ClockView | None:
        clock = self._table.clock
        return None if clock is None else clock.view()

    def idle_casts(self) -> tuple[str, ...]:
        table = self._table
        if self._seat is None or table.deciding != self._seat:
            return ()
        kept = self._idle
        if kept is None or kept[0] != table.step or kept[1] is not table.game:
            kept = self._idle = (table.step, table.game, idle_casts(table.game))
        return kept[2]

    def summary(self) -> MatchSummary:
        from zenonzard_tui.engine.summary import summarize  # (at the game's end)

        return summarize(self._table.game)

    def act(self, text: str) -> str:
        table = self._table
        if self._seat is None:
            raise ReadOnly("a spectator cannot act")
        if table.read_only:
            raise ReadOnly("this is a replay: nothing can be played")
        if table.over:
            raise NotYourTurn("the game is over")
        deciding = table.deciding
        if deciding != self._seat:
            raise NotYourTurn(
                f"it is not {SEATS[self._seat]}'s decision: {SEATS[deciding or 0]} decides"
            )
        try:
            return table.apply(text)
        except ActionError as exc:
            raise NotLegal(str(exc)) from None

    def concede(self) -> None:
        """This seat gives up: the other wins (ZR 1.2; "A concedes" in the save)."""
        if self._seat is None or self._table.read_only:
            raise ReadOnly("only a seat at a game in play can concede")
        if self._table.over:
            raise NotYourTurn("the game is over")
        self._table.concede(self._seat)

    def subscribe(self, callback: Callback) -> Callable[[], None]:
        return self._table._subscribe(callback)

    async def next_change(self, after: int | None = None) -> int:
        """Wait until the table's step passes `after` (default: now); the step then."""
        return await self._table._next_change(after)

    async def updates(self) -> AsyncIterator[int]:
        """Every step from now on (several changes close together may come as the last one)."""
        step = self.step
        while True:
            step = await self.next_change(step)
            yield step

    def world(self) -> World:
        """A copy of the game, for the local AI of this seat to sample from (engine/belief.py
        draws every card hidden from the seat afresh; tests/ prove the AI reads no more). Only
        a seat's local channel offers it."""
        if self._seat is None:
            raise WorldNotOffered("a spectator's channel hands out no game")
        return self._table.game.clone()

    def world_snapshot(self) -> dict[str, Any]:
        """The seat's world as data, for an AI in another process (a duel server sends it to a
        bot): engine/snapshot.seat_snapshot, every card hidden from the seat hidden."""
        from zenonzard_tui.engine.snapshot import seat_snapshot

        if self._seat is None:
            raise WorldNotOffered("a spectator's channel hands out no world")
        return seat_snapshot(self._table.game, self._seat)


# ----------------------------------------------------------------------------------------------
# Replays


class Replay:
    """A finished (or saved) game stepped through: a read-only table at every decision, from
    its start (a save is "seed + decks + actions"), each with its channels. `turns[step]` is the
    turn at each step (public)."""

    def __init__(self, table: Table) -> None:
        game = table.fresh_game()
        self.texts = list(table.texts)
        self.tables = [Table(game.clone(), table.puzzle, read_only=True)]
        self.turns = [game.turn]
        for n, text in enumerate(table.texts, 1):
            game.apply(text)
            self.tables.append(Table(game.clone(), table.puzzle, self.texts[:n], read_only=True))
            self.turns.append(game.turn)
        self._spectators: dict[int, LocalChannel] = {}
        self._primed: set[tuple[int, int | None]] = set()
        # each reader's sentences of the whole game, written once, and how many of them the
        # first n records make: a step's log is its first records' (a record's sentence
        # depends on the record and the cards it names, not on what came after: log.Sentences)
        self._logs: dict[int, tuple[list[str], list[int]]] = {}

    def __len__(self) -> int:
        return len(self.tables)

    def channel(self, step: int, seat: int | None) -> LocalChannel:
        """Seat `seat`'s channel at `step` (0: the start); None: the spectator's (the public
        view: no hand), the same object every time."""
        if seat is not None:
            channel = self.tables[step].channel(seat)
        else:
            if step not in self._spectators:
                self._spectators[step] = self.tables[step].spectator()
            channel = self._spectators[step]
        if (step, seat) not in self._primed:
            self._primed.add((step, seat))
            game = self.tables[step].game
            texts, upto = self._log(SPECTATOR if seat is None else seat)
            count = len(game.log.records)
            channel._log.prime(game, count, texts[: upto[count]])
        return channel

    def _log(self, reader: int) -> tuple[list[str], list[int]]:
        if reader not in self._logs:
            last = self.tables[-1].game
            texts, upto = [], [0]
            for event in last.log.records:
                text = event.sentence(last, reader)
                if text:
                    texts.append(text)
                upto.append(len(texts))
            self._logs[reader] = texts, upto
        return self._logs[reader]


# ----------------------------------------------------------------------------------------------
# Loading


def leaving(text: str) -> bool:
    """An end a player brings about at any time, not a legal action ("A concedes", "B runs out
    of time", as a save's actions have them): the text names its seat, which need not be the
    one that was deciding."""
    said = normalize_text(text)
    return any(
        said == words.format(seat.casefold()) for words in LEAVING.values() for seat in SEATS
    )


def deal(deck_a: Deck, deck_b: Deck, seed: int, first: str = "random") -> Game:
    """A new game of two decks for a table to own, the first player drawn by `seed` unless
    `first` says ("A", "B"; ZR 5.1)."""
    return new_game(deck_a, deck_b, seed=seed, first=first)


def read_save(path: str | Path) -> dict[str, Any]:
    """A save file's record (a JSON object), or SaveError naming the file and the problem."""
    source = str(Path(path).expanduser())
    record = read_record(Path(path).expanduser())
    if not isinstance(record, dict):
        raise SaveError(f"{source}: a save is a JSON object (a table), not {shown(record)}")
    return record


def game_of_record(record: dict[str, Any], source: str) -> tuple[Game, Puzzle | None, list[str]]:
    """The game a save's record holds (an engine save or a puzzle save), replayed and checked,
    with its puzzle (or None) and its action texts. SaveError naming `source` and the problem."""
    if record.get("format") == PUZZLE_FORMAT:
        return _load_puzzle(record, source)
    game = load_record(record, source)
    return game, None, list(record["actions"])


def load_table(path: str | Path) -> Table:
    """A table from a save file, every field checked before any game starts."""
    path = Path(path).expanduser()
    game, puzzle, texts = game_of_record(read_save(path), str(path))
    return Table(game, puzzle, texts, save_path=path, saved_count=len(texts))


def _puzzle_game(puzzle: Puzzle) -> Game:
    """A puzzle's position as it starts (the scenario reader is imported for puzzles only)."""
    from zenonzard_tui.scenarios import parse_scenario

    return parse_scenario(puzzle.text, puzzle.path).new_game()


def _load_puzzle(record: dict, source: str) -> tuple[Game, Puzzle, list[str]]:
    check_version(record, PUZZLE_VERSION, source, "puzzle save")
    scenario = record.get("scenario")
    actions = record.get("actions")
    if not isinstance(scenario, dict) or not isinstance(scenario.get("text"), str):
        raise SaveError(f'{source}: the save is damaged (no "scenario" text)')
    if not isinstance(actions, list):
        raise SaveError(f'{source}: "actions" must be a list of action texts')
    origin = scenario.get("path")
    if not isinstance(origin, str) or not origin or len(origin) > 4096:
        origin = source
    from zenonzard_tui.scenarios import ScenarioError, parse_scenario  # (puzzles only)

    try:
        parsed = parse_scenario(scenario["text"], origin)
    except ScenarioError as exc:
        raise SaveError(f"{source}: the puzzle in this save cannot be read: {exc}") from None
    game = replay(parsed.new_game(), actions, source)
    puzzle = Puzzle(origin, parsed.name, scenario["text"], len(parsed.steps))
    return game, puzzle, list(actions)
