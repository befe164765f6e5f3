"""The client side of a connection to a duel server: hello, create/join/resume/watch, and the
messages that follow, for the terminal client, the bot and spectators.

`Link` keeps what a reconnect needs (the room, the seat's token) and reconnects by itself when the
connection drops: `messages()` goes on yielding across reconnects, and a message that says the
game moved on brings the state up to date (the server sends the whole view on resume). It keeps
trying for as long as it is open (a server restarted with its data folder takes its seats back),
each try a little later than the last up to `retry_cap` seconds apart, and tells `on_down` why it
is cut off (a sentence) after each failed try and None once it is back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import ssl
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from zenonzard_tui.clock import ClockView
from zenonzard_tui.net.protocol import Versions, encode, normalize_code
from zenonzard_tui.table import Change

if TYPE_CHECKING:
    from zenonzard_tui.engine.game import Game
    from zenonzard_tui.engine.observe import Observation
    from zenonzard_tui.engine.summary import MatchSummary


class LinkError(Exception):
    """The server cannot be reached, refused us, or closed the room: `code` and a sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Seating:
    room: str
    seat: str | None  # "A", "B", or None for a spectator
    token: str | None


def url_problem(url: str) -> str | None:
    """What is wrong with a server's address, in words (None: it can be tried)."""
    try:
        parts = urlsplit(url)
        port = parts.port  # (ValueError: out of range, or not a number)
    except ValueError as exc:
        reason = str(exc)
        if "could not be cast" in reason:
            reason = "the port must be a number"
        elif "out of range" in reason:
            reason = "the port must be from 1 to 65535"
        elif "IPv6" in reason:
            reason = "an IPv6 address must be in [brackets], both of them"
        return reason
    if parts.scheme not in ("ws", "wss"):
        return "it must start with ws:// or wss:// (ws://HOST:PORT)"
    if not parts.hostname:
        return "it names no host (ws://HOST:PORT)"
    if port == 0:
        return "the port must be from 1 to 65535"
    return None


def _why(exc: BaseException, url: str) -> str:
    """Why a connection failed, in words (some errors have no text of their own)."""
    tls = url.startswith("wss:")
    if tls and isinstance(exc, ssl.SSLError | ConnectionResetError | InvalidHandshake):
        reason = str(exc) or "the connection was reset"
        return f"the secure (TLS) handshake failed: {reason} (is it a plain ws:// server?)"
    if isinstance(exc, TimeoutError):
        return "no answer within 10 seconds"
    if str(exc):
        return str(exc)
    if isinstance(exc, ConnectionResetError):
        return "the connection was reset"
    return type(exc).__name__


class Link:
    """`retry_for`: give up reconnecting after this many seconds (None: never, while open);
    `retry_every`: the first wait before a try, doubled after each failed try up to `retry_cap`;
    `on_down`: told why the link is cut off after each failed try, and None once it is back."""

    def __init__(
        self,
        url: str,
        retry_for: float | None = None,
        retry_every: float = 1.0,
        retry_cap: float = 5.0,
    ) -> None:
        self.url = url
        self.ws: ClientConnection | None = None
        self.seating: Seating | None = None
        self.retry_for, self.retry_every, self.retry_cap = retry_for, retry_every, retry_cap
        self.closed = False
        self.reconnects = 0
        self.down: str | None = None  # why the link is cut off now (None: it is up)
        self.on_down: Callable[[str | None], None] | None = None

    async def open(self, room: str | None = None) -> dict[str, Any]:
        """Connect and say hello; the server's welcome (LinkError if refused or unreachable).
        `room`: the code this connection is for, also in the address (`?room=CODE`), so that a
        proxy in front of several servers can route it (docs/server.md)."""
        url = self.url
        problem = url_problem(url)
        if problem is not None:
            raise LinkError("bad_url", f"{url} is not a server address: {problem}")
        if room is not None:
            url += ("&" if "?" in url else "?") + "room=" + normalize_code(room)
        try:
            self.ws = await connect(url, open_timeout=10, max_size=8 * 1024 * 1024)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ValueError) as exc:
            raise LinkError(
                "unreachable", f"cannot reach the server at {self.url}: {_why(exc, url)}"
            ) from None
        ours = Versions.ours()
        await self.send(
            {"type": "hello", "program": ours.program, "protocol": ours.protocol, "pool": ours.pool}
        )
        reply = await self.receive()
        if reply.get("type") != "welcome":
            raise LinkError(str(reply.get("code", "refused")), str(reply.get("message", reply)))
        return reply

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(encode(message))

    async def receive(self) -> dict[str, Any]:
        assert self.ws is not None
        try:
            frame = await self.ws.recv()
        except ConnectionClosed as exc:
            reason = exc.rcvd.reason if exc.rcvd is not None else ""
            raise LinkError(
                "closed", f"the server closed the connection {reason}".strip()
            ) from None
        message = json.loads(frame)
        if not isinstance(message, dict):
            raise LinkError("malformed", "the server sent something that is not a message")
        return message

    async def enter(self, message: dict[str, Any]) -> Seating:
        """Send create/join/watch/resume and wait for the room message (LinkError on an error)."""
        await self.send(message)
        reply = await self.receive()
        if reply.get("type") == "error":
            raise LinkError(str(reply.get("code")), str(reply.get("message")))
        if reply.get("type") != "room":
            raise LinkError("malformed", f"expected the room, got {reply.get('type')!r}")
        token = reply.get("token") or (self.seating.token if self.seating else None)
        self.seating = Seating(reply["room"], reply.get("seat"), token)
        return self.seating

    async def messages(self) -> AsyncIterator[dict[str, Any]]:
        """Every message from the server, reconnecting (resume with the token) when the
        connection drops, until `close()` or a room that is gone."""
        while not self.closed:
            try:
                message = await self.receive()
            except LinkError as exc:
                if self.closed or exc.code != "closed" or self.seating is None:
                    raise
                await self._reconnect()
                continue
            yield message

    async def _reconnect(self) -> None:
        assert self.seating is not None
        loop = asyncio.get_running_loop()
        deadline = None if self.retry_for is None else loop.time() + self.retry_for
        wait = self.retry_every
        while True:
            await asyncio.sleep(wait)
            wait = min(self.retry_cap, wait * 2)
            try:
                await self.open(self.seating.room)
                if self.seating.token is None:  # a spectator watches again
                    await self.enter({"type": "watch", "room": self.seating.room})
                else:
                    await self.enter(
                        {"type": "resume", "room": self.seating.room, "token": self.seating.token}
                    )
                self.reconnects += 1
                self._tell_down(None)
                return
            except LinkError as exc:
                if self.closed:
                    raise
                if exc.code not in ("unreachable", "closed") or (
                    deadline is not None and loop.time() > deadline
                ):
                    self._tell_down(None)
                    raise
                self._tell_down(f"{exc}: trying again every {self.retry_cap:.0f} s")

    def _tell_down(self, why: str | None) -> None:
        if why == self.down:
            return
        self.down = why
        if self.on_down is not None:
            self.on_down(why)

    async def close(self) -> None:
        self.closed = True
        if self.ws is not None:
            await self.ws.close()


# ----------------------------------------------------------------------------------------------
# A seat's or a spectator's channel over a link


class RemoteChannel:
    """A channel (zenonzard_tui/table.py's `Channel`) whose game is on a duel server: what it
    gives is what the server's last update said. `act` checks the text against the legal texts
    the server sent and sends it; the server's answer comes as the next update (or an `error`,
    given to `on_error`). `world()` is the seat's world the server sent with the update, its hidden
    cards filled afresh (engine/snapshot.world_from_seat), when the seat asked for it.

    `feed(message)` takes each message from the link (`run()` does it until the game is over);
    subscribers are told of every update, as a local channel's are of every change."""

    def __init__(self, link: Link, seat: int | None, rng: Any = None) -> None:
        import random

        from zenonzard_tui.engine.observe import EventView

        self.link = link
        self._seat = seat
        self._step = 0
        self._index = 0
        self._observation: Observation | None = None
        self._events: list[EventView] = []
        self._legal: tuple[str, ...] = ()
        self._world: dict[str, Any] | None = None
        self._forced = False
        self._idle: tuple[str, ...] = ()
        self._clock: tuple[ClockView, float] | None = None  # the last update's, when it came
        self._callbacks: list[Callable[[Change], None]] = []
        self._waiters: list[asyncio.Future[int]] = []
        self.rng = rng or random.Random()
        self.players: list[dict[str, Any]] = []  # the start message's: names, decks
        self.save: dict[str, Any] | None = None  # the finished game's, from `over`
        self.result: str | None = None
        self._summary: dict[str, Any] | None = None
        self.notice: str | None = None  # the last word from the server: waiting, back, error
        self.on_error: Callable[[str, str], None] | None = None
        self._sending: set[asyncio.Task] = set()

    # what the Channel protocol asks

    @property
    def seat(self) -> int | None:
        return self._seat

    @property
    def step(self) -> int:
        return self._step

    def observation(self) -> Observation:
        if self._observation is None:
            raise LinkError("waiting", "the game has not started yet")
        return self._observation

    def event_count(self) -> int:
        return len(self._events)

    def events(self, since: int = 0) -> list:
        return self._events[since:]

    def deciding(self) -> int | None:
        view = self._observation
        if view is None or view.pending is None:
            return None
        return "AB".index(view.pending.seat)

    def legal(self) -> tuple[str, ...]:
        return self._legal

    def publicly_forced(self) -> bool:
        return self._forced

    def idle_casts(self) -> tuple[str, ...]:
        return self._idle

    def clock(self) -> ClockView | None:
        """The server's clock as of its last update, counted down since it came."""
        if self._clock is None:
            return None
        view, at = self._clock
        return view.after(time.monotonic() - at)

    def summary(self) -> MatchSummary:
        """The match in figures, from the server's `over` message (LinkError before)."""
        from zenonzard_tui.engine.summary import MatchSummary

        if self._summary is None:
            raise LinkError("waiting", "the figures come with the game's end")
        try:
            return MatchSummary.from_dict(self._summary)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise LinkError("malformed", f"the server's summary cannot be read: {exc}") from None

    @property
    def index(self) -> int:
        """The number of actions the game has had (the last update's)."""
        return self._index

    def act(self, text: str) -> str:
        from zenonzard_tui.engine.actions import normalize_text
        from zenonzard_tui.table import NotLegal, NotYourTurn, ReadOnly

        if self._seat is None:
            raise ReadOnly("a spectator cannot act")
        if not self._legal:
            raise NotYourTurn("the other player decides now")
        wanted = normalize_text(text)
        match = [t for t in self._legal if normalize_text(t) == wanted]
        if not match:
            raise NotLegal(f"not a legal action now: {text}")
        self._legal = ()  # until the server's next update
        self._send({"type": "act", "action": match[0], "index": self._index})
        return match[0]

    def concede(self) -> None:
        from zenonzard_tui.table import NotYourTurn, ReadOnly

        if self._seat is None:
            raise ReadOnly("a spectator cannot concede")
        if self.result is not None:
            raise NotYourTurn("the game is over")
        self._send({"type": "concede"})

    def _send(self, message: dict[str, Any]) -> None:
        task = asyncio.get_running_loop().create_task(self._send_now(message))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _send_now(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(ConnectionClosed):  # lost with the connection: the update
            await self.link.send(message)  # after the reconnect says where the game is

    def heard(self) -> bool:
        """Whether anything is subscribed (a screen that shows the changes)."""
        return bool(self._callbacks)

    def subscribe(self, callback: Callable[[Change], None]) -> Callable[[], None]:
        self._callbacks.append(callback)

        def unsubscribe() -> None:
            if callback in self._callbacks:
                self._callbacks.remove(callback)

        return unsubscribe

    async def next_change(self, after: int | None = None) -> int:
        after = self._step if after is None else after
        while self._step <= after:
            future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
            self._waiters.append(future)
            await future
        return self._step

    async def updates(self) -> AsyncIterator[int]:
        step = self._step
        while True:
            step = await self.next_change(step)
            yield step

    def world(self) -> Game:
        from zenonzard_tui.engine.snapshot import world_from_seat
        from zenonzard_tui.table import WorldNotOffered

        if self._world is None:
            raise WorldNotOffered("the server sent no world for this decision")
        return world_from_seat(self._world, self.rng)

    # the messages

    def feed(self, message: dict[str, Any]) -> None:
        from zenonzard_tui.engine.observe import EventView
        from zenonzard_tui.net.wire import observation_from_wire

        kind = message.get("type")
        if kind == "start":
            self.players = list(message.get("players") or [])
            return
        if kind == "update":
            start = int(message.get("events_from", 0))
            events = [EventView.from_dict(e) for e in message.get("events") or []]
            if start == 0:
                self._events = events
            else:
                self._events[start:] = events
            # the log as this seat saw it: its events' sentences (the wire does not send it twice)
            log = tuple(e.text for e in self._events if e.text)
            self._observation = replace(observation_from_wire(message["observation"]), log=log)
            self._legal = tuple(message.get("actions") or ())
            self._index = int(message["index"])
            self._world = message.get("world")
            self._forced = bool(message.get("forced", False))
            self._idle = tuple(str(t) for t in message.get("idle") or () if t in self._legal)
            self._clock = _clock_of(message.get("clock"))
            self.notice = None
            if self._observation.outcome is not None and self.result is None:
                return  # the game is over: subscribers hear of it with `over` and its figures
            self._changed(Change(self._step + 1))
        elif kind == "over":
            self.result = message.get("result")
            self.save = message.get("save")
            self._summary = message.get("summary")
            self._changed(Change(self._step + 1))
        elif kind in ("waiting", "back"):
            who = message.get("seat")
            self.notice = (
                f"waiting for {who} to reconnect ({message.get('seconds', 0):.0f} s)"
                if kind == "waiting"
                else f"{who} is back"
            )
            self._changed(Change(self._step + 1))
        elif kind == "error":
            self.notice = str(message.get("message"))
            if self.on_error is not None:
                self.on_error(str(message.get("code")), self.notice)
            self._changed(Change(self._step + 1, reset=True))

    async def run(self) -> None:
        """Feed every message of the link to this channel until the game is over."""
        async for message in self.link.messages():
            self.feed(message)
            if message.get("type") == "over":
                return

    def _changed(self, change: Change) -> None:
        self._step = change.step
        for callback in list(self._callbacks):
            callback(change)
        waiters, self._waiters = self._waiters, []
        for future in waiters:
            if not future.done():
                future.set_result(self._step)


def _clock_of(raw: Any) -> tuple[ClockView, float] | None:
    """An update's clock (None: the room has none, or one that cannot be read) and when it came."""
    if not isinstance(raw, dict):
        return None
    try:
        return ClockView.from_dict(raw), time.monotonic()
    except (KeyError, TypeError, ValueError):
        return None
