"""The duel server: asyncio and the `websockets` library; the only judge of every game.

One connection is one seat or one spectator of one room. The server runs the engine (through each
room's table), checks every action, and sends each seat only what its channel gives: its own hand,
the public zones, the opponent's hand size. docs/protocol.md is the protocol; docs/server.md says
how to run a server on the internet.

Limits (`Limits`): the size of a message, messages per second per connection (a token bucket),
rooms per server, spectators per room, how long a seat is kept for a dropped connection (the grace
period, after which the game ends as a concession) and how long a room waits for its second
player. A malformed or hostile message gets an `error` message and changes nothing; it never
reaches another room.

A room's creator who leaves before anyone joined (closes the connection) closes the room; one whose
connection drops has the grace period to come back, as has each seat of a room that comes back
after a restart. A room that closed is remembered for a while (`Ended`), so that a join with its
code says what became of it rather than that there is no such room.

The log (`logging`, one line per event) names rooms, seats and what happened, never a hand, a deck
order, an action text (a mulligan's names the cards put back) or a token.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from zenonzard_tui.clock import ClockSetting
from zenonzard_tui.engine.game import SEATS
from zenonzard_tui.engine.observe import Observation
from zenonzard_tui.net.protocol import (
    MAX_MESSAGE,
    ProtocolError,
    Versions,
    decode,
    encode,
    error,
    normalize_code,
)
from zenonzard_tui.net.rooms import Room, RoomStore, new_code, read_deck
from zenonzard_tui.table import NotLegal, NotYourTurn, ReadOnly, TableError

log = logging.getLogger("zenonzard.server")


@dataclass(frozen=True)
class Limits:
    rooms: int = 1000  # rooms at once (waiting, playing, or over and not yet closed)
    watchers: int = 50  # spectators per room
    rate: float = 30.0  # messages per second per connection, on average; faster ones wait
    burst: int = 60  # ... and at once
    grace: float = 90.0  # seconds a dropped seat is kept before the game ends as a concession
    waiting: float = 1800.0  # seconds a room waits for its second player
    hello: float = 10.0  # seconds to say hello after connecting
    linger: float = 60.0  # seconds a finished room stays (for late reconnects) before it closes
    prefix: str = ""  # every room code this server makes starts with it (docs/server.md)
    remembered: int = 10_000  # closed rooms whose end a join with their code is told


class Bucket:
    """A token bucket: `wait()` is how long a message must wait to keep to the rate (0: none).
    A connection that sends faster is read more slowly (its messages wait, the socket fills and
    TCP slows the sender): nothing is refused, and a flood costs the server nothing but time."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def wait(self) -> float:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate) - 1
        self.at = now
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate


@dataclass(eq=False)
class Peer:
    """One connection: who it is in which room, and how much of the log it was sent."""

    ws: ServerConnection
    bucket: Bucket
    room: Room | None = None
    seat: int | None = None  # None: a spectator (when room is set)
    sent: int = 0  # events sent so far
    world: bool = False  # send the seat's world with each update where it decides
    ident: str = field(default_factory=lambda: secrets.token_hex(3))

    async def send(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(encode(message))


@dataclass(eq=False)
class Live:
    """A room's connections: a peer per seat (None while away), its spectators, and the timers."""

    seats: list[Peer | None] = field(default_factory=lambda: [None, None])
    watchers: set[Peer] = field(default_factory=set)
    timers: list[asyncio.TimerHandle | None] = field(default_factory=lambda: [None, None])
    closing: asyncio.TimerHandle | None = None
    flag: asyncio.TimerHandle | None = None  # when the deciding seat's clock runs out


class DuelServer:
    """The rooms and their connections. `handler` serves one WebSocket connection."""

    def __init__(self, data: Path | None = None, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self.store = RoomStore(data)
        self.rooms: dict[str, Room] = {}
        self.live: dict[str, Live] = {}
        self.versions = Versions.ours()
        self.loaded_problems: list[str] = []
        self.ended: dict[str, ProtocolError] = {}  # closed rooms: what a join with its code hears

    # ------------------------------------------------------------------------------------------
    # Start and stop

    def load(self) -> None:
        """Bring back the rooms of the data folder (after a restart); each game is replayed, and
        each seat gets the grace period to come back."""
        rooms, problems = self.store.load_all()
        self.loaded_problems = problems
        for problem in problems:
            log.warning("a room file was set aside: %s", problem)
        for room in rooms:
            self.rooms[room.code] = room
            live = self.live[room.code] = Live()
            if room.state == "playing":
                for seat in (0, 1):
                    self._start_grace(room, live, seat)
                self._arm_clock(room)
            elif room.state == "waiting":  # its creator has the grace period to come back
                self._start_grace(room, live, 0)
                self._close_later(room, live, self.limits.waiting)
            else:
                self._close_later(room, live, self.limits.linger)
            log.info("room %s back (%s, %d actions)", room.code, room.state, len(room.actions))

    async def handler(self, ws: ServerConnection) -> None:
        peer = Peer(ws, Bucket(self.limits.rate, self.limits.burst))
        try:
            if not await self._hello(peer):
                return
            async for frame in ws:
                pause = peer.bucket.wait()
                if pause:
                    await asyncio.sleep(pause)
                try:
                    await self._dispatch(peer, decode(frame))
                except ProtocolError as exc:
                    await peer.send(exc.to_message())
        except ConnectionClosed:
            pass
        finally:
            self._gone(peer, left=_client_closed(ws))

    async def _hello(self, peer: Peer) -> bool:
        try:
            frame = await asyncio.wait_for(peer.ws.recv(), self.limits.hello)
            message = decode(frame)
        except TimeoutError:
            await peer.ws.close(1008, "no hello")
            return False
        except ProtocolError as exc:
            await peer.send(exc.to_message())
            await peer.ws.close(1008, exc.code)
            return False
        if message["type"] != "hello":
            await peer.send(error("hello_first"))
            await peer.ws.close(1008, "hello_first")
            return False
        theirs = Versions(message["program"], message["protocol"], message["pool"])
        mismatch = self.versions.mismatch(theirs)
        if mismatch is not None:
            await peer.send(error("version", mismatch))
            await peer.ws.close(1008, "version")
            log.info("%s refused: %s", peer.ident, mismatch)
            return False
        ours = self.versions
        await peer.send(
            {
                "type": "welcome",
                "program": ours.program,
                "protocol": ours.protocol,
                "pool": ours.pool,
            }
        )
        return True

    # ------------------------------------------------------------------------------------------
    # Messages

    async def _dispatch(self, peer: Peer, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "ping":
            await peer.send({"type": "pong", **({"id": message["id"]} if "id" in message else {})})
            return
        if kind in ("create", "join", "resume", "watch"):
            if peer.room is not None:
                raise ProtocolError("malformed", "this connection is in a room already")
            await getattr(self, f"_{kind}")(peer, message)
            return
        if peer.room is None:
            raise ProtocolError("not_seated")
        if peer.seat is None:
            raise ProtocolError("spectator")
        if kind == "act":
            await self._act(peer, message["action"], message["index"])
        elif kind == "concede":
            await self._concede(peer.room, peer.seat)
        else:  # "hello" again
            raise ProtocolError("malformed", "hello is only the first message")

    async def _create(self, peer: Peer, message: dict[str, Any]) -> None:
        if len(self.rooms) >= self.limits.rooms:
            raise ProtocolError("full")
        deck = read_deck(message["deck"], "your")
        seed = message.get("seed")
        clock = None
        if message.get("clock"):
            try:
                clock = ClockSetting.parse(message["clock"])
            except ValueError as exc:
                raise ProtocolError("malformed", f"clock: {exc}") from None
        room = Room(
            code=new_code(self.rooms),
            seed=secrets.randbelow(2**63) if seed is None else seed,
            clock=clock,
        )
        seat, token = room.seat(message.get("name", ""), deck)
        peer.world = message.get("world", False)
        self.rooms[room.code] = room
        live = self.live[room.code] = Live()
        self._close_later(room, live, self.limits.waiting)
        self.store.write(room)
        self._sit(peer, room, seat)
        log.info("room %s created (%d rooms)", room.code, len(self.rooms))
        await peer.send(self._room_message(room, seat, token))

    async def _join(self, peer: Peer, message: dict[str, Any]) -> None:
        room = self._room(message["room"])
        if room.state == "over":
            raise _over(room.code, result_of(room))
        if room.state != "waiting":
            raise ProtocolError("room_full")
        deck = read_deck(message["deck"], "your")
        seat, token = room.seat(message.get("name", ""), deck)
        peer.world = message.get("world", False)
        live = self.live[room.code]
        if live.closing is not None:
            live.closing.cancel()
            live.closing = None
        self.store.write(room)
        self._sit(peer, room, seat)
        log.info("room %s joined: the game starts", room.code)
        await peer.send(self._room_message(room, seat, token))
        await self._broadcast(room, start=True)
        self._arm_clock(room)
        for away, timer in enumerate(live.timers):  # a creator whose connection dropped
            if timer is not None and live.seats[away] is None:
                left = max(0.0, timer.when() - asyncio.get_running_loop().time())
                await peer.send({"type": "waiting", "seat": SEATS[away], "seconds": left})

    async def _resume(self, peer: Peer, message: dict[str, Any]) -> None:
        room = self._room(message["room"])
        seat = room.seat_of(message["token"])
        peer.world = message.get("world", False)
        live = self.live[room.code]
        old = live.seats[seat]
        if old is not None:  # the same player from a new connection: the old one is dropped
            old.room = None
            await old.ws.close(1000, "resumed elsewhere")
        timer = live.timers[seat]
        if timer is not None:
            timer.cancel()
            live.timers[seat] = None
        self._sit(peer, room, seat)
        log.info("room %s: seat %s is back", room.code, SEATS[seat])
        await peer.send(self._room_message(room, seat, None))
        if room.table is not None:
            await self._send_start(peer, room)
            await self._update(peer, room)
            await self._tell_others(room, peer, {"type": "back", "seat": SEATS[seat]})
            if room.table.over:
                await self._send_over(peer, room)

    async def _watch(self, peer: Peer, message: dict[str, Any]) -> None:
        room = self._room(message["room"])
        live = self.live[room.code]
        if len(live.watchers) >= self.limits.watchers:
            raise ProtocolError("full", "this room has as many spectators as it may")
        peer.room, peer.seat = room, None
        live.watchers.add(peer)
        await peer.send(self._room_message(room, None, None))
        if room.table is not None:
            await self._send_start(peer, room)
            await self._update(peer, room)
            if room.table.over:
                await self._send_over(peer, room)

    async def _concede(self, room: Room, seat: int) -> None:
        if room.table is None:
            raise ProtocolError("not_your_turn", "the game has not started: waiting for a player")
        try:
            room.table.channel(seat).concede()
        except NotYourTurn:
            raise ProtocolError("over") from None
        await self._played(room)

    async def _act(self, peer: Peer, text: str, index: int) -> None:
        room = peer.room
        assert room is not None and peer.seat is not None
        if room.table is None:
            raise ProtocolError("not_your_turn", "the game has not started: waiting for a player")
        if room.table.over:
            raise ProtocolError("over")
        if index != len(room.actions):
            raise ProtocolError("stale", f"the game is at action {len(room.actions)}, not {index}")
        try:
            room.table.channel(peer.seat).act(text)
        except NotYourTurn as exc:
            raise ProtocolError("not_your_turn", str(exc)) from None
        except ReadOnly as exc:
            raise ProtocolError("spectator", str(exc)) from None
        except (NotLegal, TableError) as exc:
            raise ProtocolError("illegal", str(exc)) from None
        await self._played(room)

    async def _played(self, room: Room) -> None:
        """An action was applied: keep it, tell everyone, and close the game if it is over."""
        assert room.table is not None
        self.store.keep(room)
        await self._broadcast(room)
        self._arm_clock(room)
        if not room.table.over:
            return
        log.info("room %s over after %d actions: %s",
                 room.code, len(room.actions), result_of(room))  # fmt: skip
        self.store.finish(room)
        live = self.live[room.code]
        for peer in [*live.seats, *live.watchers]:
            if peer is not None:
                await self._send_over(peer, room)
        for seat, timer in enumerate(live.timers):
            if timer is not None:
                timer.cancel()
                live.timers[seat] = None
        self._close_later(room, live, self.limits.linger)

    # ------------------------------------------------------------------------------------------
    # What peers are sent

    def _room(self, code: str) -> Room:
        code = normalize_code(code)
        room = self.rooms.get(code)
        if room is None:
            ended = self.ended.get(code)
            if ended is None and self.store.finished(code):  # (before this server's start)
                ended = _over(code, None)
            raise ended or ProtocolError("no_room")
        return room

    def _sit(self, peer: Peer, room: Room, seat: int) -> None:
        peer.room, peer.seat, peer.sent = room, seat, 0
        self.live[room.code].seats[seat] = peer
        seated = room.seats[seat]
        assert seated is not None
        seated.connected = True

    def _room_message(self, room: Room, seat: int | None, token: str | None) -> dict[str, Any]:
        message: dict[str, Any] = {
            "type": "room",
            "room": room.code,
            "seat": None if seat is None else SEATS[seat],
            "state": room.state,
        }
        if token is not None:
            message["token"] = token
        return message

    def _players(self, room: Room) -> list[dict[str, Any]]:
        return [
            {"seat": SEATS[i], "name": s.name, "deck": s.deck_name, "connected": s.connected}
            for i, s in enumerate(room.seats)
            if s is not None
        ]

    async def _send_start(self, peer: Peer, room: Room) -> None:
        await peer.send({"type": "start", "players": self._players(room)})

    async def _update(self, peer: Peer, room: Room) -> None:
        assert room.table is not None
        channel = room.table.channel(peer.seat) if peer.seat is not None else room.public
        assert channel is not None
        events = channel.events(peer.sent)
        message = {
            "type": "update",
            "index": len(room.actions),
            "observation": channel.observation(),  # (wire.encode writes it, without its log)
            "events_from": peer.sent,
            "events": [event.to_dict() for event in events],
            "actions": list(channel.legal()) or None,
            "forced": channel.publicly_forced(),
            "idle": list(channel.idle_casts()) or None,
            "clock": None if (clock := channel.clock()) is None else clock.to_dict(),
        }
        if peer.world and message["actions"]:
            message["world"] = channel.world_snapshot()
        peer.sent += len(events)
        await peer.send(message)

    async def _broadcast(self, room: Room, start: bool = False) -> None:
        live = self.live[room.code]
        for peer in [*live.seats, *live.watchers]:
            if peer is not None:
                if start:
                    await self._send_start(peer, room)
                await self._update(peer, room)

    async def _send_over(self, peer: Peer, room: Room) -> None:
        assert room.table is not None
        assert room.public is not None
        summary = room.public.summary().to_dict()  # the match in figures: public
        message: dict[str, Any] = {
            "type": "over",
            "result": result_of(room),
            "summary": summary,
        }
        if peer.seat is not None:
            message["save"] = room.save_record()  # both decks and the seed: public now
        await peer.send(message)

    async def _tell_others(self, room: Room, peer: Peer | None, message: dict[str, Any]) -> None:
        live = self.live[room.code]
        for other in [*live.seats, *live.watchers]:
            if other is not None and other is not peer:
                await other.send(message)

    # ------------------------------------------------------------------------------------------
    # Connections that end, seats kept for a while, rooms that close

    def _gone(self, peer: Peer, left: bool = False) -> None:
        """A connection ended; `left`: its client closed it (a player who quit, not a network
        that dropped)."""
        room = peer.room
        if room is None or room.code not in self.live:
            return
        live = self.live[room.code]
        if peer.seat is None:
            live.watchers.discard(peer)
            return
        if live.seats[peer.seat] is not peer:
            return
        live.seats[peer.seat] = None
        seat = room.seats[peer.seat]
        assert seat is not None
        seat.connected = False
        if room.state == "waiting" and left:
            self._close(room, ProtocolError("room_closed"))
        elif room.state == "waiting":
            log.info("room %s: its creator dropped; kept for %.0f s",
                     room.code, self.limits.grace)  # fmt: skip
            self._start_grace(room, live, peer.seat)
        elif room.state == "playing":
            log.info("room %s: seat %s dropped; kept for %.0f s",
                     room.code, SEATS[peer.seat], self.limits.grace)  # fmt: skip
            self._start_grace(room, live, peer.seat)
            notice = {"type": "waiting", "seat": SEATS[peer.seat], "seconds": self.limits.grace}
            asyncio.get_running_loop().create_task(self._tell_others(room, None, notice))

    def _start_grace(self, room: Room, live: Live, seat: int) -> None:
        loop = asyncio.get_running_loop()
        timer = live.timers[seat]
        if timer is not None:
            timer.cancel()
        live.timers[seat] = loop.call_later(
            self.limits.grace, lambda: loop.create_task(self._forfeit(room, seat))
        )

    async def _forfeit(self, room: Room, seat: int) -> None:
        live = self.live.get(room.code)
        if live is None or live.seats[seat] is not None:
            return
        live.timers[seat] = None
        if room.table is None:  # nobody joined, and the creator did not come back
            log.info("room %s: its creator did not come back", room.code)
            self._close(room, ProtocolError("room_closed"))
            return
        if room.table.over:
            return
        log.info("room %s: seat %s did not come back: conceded", room.code, SEATS[seat])
        await self._concede(room, seat)

    def _arm_clock(self, room: Room) -> None:
        """Wake when the deciding seat's time runs out (the room's chess clock, clock.py)."""
        live = self.live.get(room.code)
        if live is None:
            return
        if live.flag is not None:
            live.flag.cancel()
            live.flag = None
        table = room.table
        clock = None if table is None or table.over else table.clock
        left = None if clock is None else clock.until_flag()
        if left is not None:
            loop = asyncio.get_running_loop()
            live.flag = loop.call_later(left + 0.01, lambda: loop.create_task(self._flag(room)))

    async def _flag(self, room: Room) -> None:
        """The deciding seat's time is up: it loses on time, connected or not."""
        live = self.live.get(room.code)
        if live is None or room.table is None or room.table.over:
            return
        live.flag = None
        if room.table.check_clock():
            log.info("room %s: seat %s ran out of time", room.code, room.actions[-1][:1])
            await self._played(room)
        else:
            self._arm_clock(room)  # (woken a moment early)

    def _close_later(self, room: Room, live: Live, seconds: float) -> None:
        if live.closing is not None:
            live.closing.cancel()
        live.closing = asyncio.get_event_loop().call_later(seconds, self._close, room)

    def _close(self, room: Room, why: ProtocolError | None = None) -> None:
        """Close the room; `why`: what a join with its code hears from now on (default: that
        nobody joined it, or that its game is over)."""
        live = self.live.pop(room.code, None)
        self.rooms.pop(room.code, None)
        if room.state == "waiting":
            self.store.drop(room)
            if why is not None:
                log.info("room %s closed: its creator left before anyone joined", room.code)
            else:
                log.info("room %s closed: nobody joined", room.code)
                why = ProtocolError("no_room", "that room closed: nobody joined it in time")
        else:
            log.info("room %s closed", room.code)
            if why is None:
                why = _over(room.code, result_of(room)) if room.state == "over" else None
        if why is not None:
            self.ended[room.code] = why
            while len(self.ended) > self.limits.remembered:
                del self.ended[next(iter(self.ended))]  # the oldest first
        if live is not None:
            for timer in (*live.timers, live.flag):
                if timer is not None:
                    timer.cancel()
            for peer in [*live.seats, *live.watchers]:
                if peer is not None:
                    peer.room = None
                    asyncio.get_running_loop().create_task(peer.ws.close(1000, "room closed"))


def _client_closed(ws: ServerConnection) -> bool:
    """Whether the client closed the connection itself (a player who quit), rather than the
    network or the server."""
    protocol = ws.protocol
    return protocol.close_rcvd is not None and protocol.close_rcvd_then_sent is True


def _over(code: str, result: str | None) -> ProtocolError:
    """The answer to a join of a room whose game is over."""
    said = "" if result is None else ": a draw" if result == "draw" else f": {result} won"
    return ProtocolError("over", f"that game is over{said} (room {code})")


def view_dict(observation: Observation) -> dict[str, Any]:
    """An observation as the wire carries it (`Observation.to_dict`'s values without the log)."""
    return json.loads(encode(observation))  # type: ignore[arg-type]


def result_of(room: Room) -> str | None:
    """ "A", "B" or "draw" once the game is over (the public outcome), else None."""
    assert room.public is not None
    return room.public.observation().winner


async def run_server(
    host: str = "127.0.0.1",
    port: int = 8765,
    data: Path | None = None,
    limits: Limits | None = None,
    ready: asyncio.Future[WsServer] | None = None,
) -> None:
    """Serve until cancelled. `ready` gets the websockets server once it listens (its sockets
    say the port, when 0 asked for any free one)."""
    duel = DuelServer(data, limits)
    async with listen(duel, host, port) as server:
        if ready is not None:
            ready.set_result(server)
        await server.serve_forever()


@contextlib.asynccontextmanager
async def listen(duel: DuelServer, host: str, port: int) -> AsyncIterator[WsServer]:
    """The server listening on host:port with its rooms loaded; closed on leaving."""
    duel.load()
    async with serve(duel.handler, host, port, max_size=MAX_MESSAGE, ping_interval=20,
                     ping_timeout=20) as server:  # fmt: skip
        yield server
