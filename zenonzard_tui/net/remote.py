"""The client side of a connection to a duel server: hello, create/join/resume/watch, and the
messages that follow, for the terminal client, the bot and spectators.

`Link` keeps what a reconnect needs (the room, the seat's token) and reconnects by itself when the
connection drops: `messages()` goes on yielding across reconnects, and a message that says the
game moved on brings the state up to date (the server sends the whole view on resume).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from zenonzard_tui.net.protocol import Versions, encode, normalize_code


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


class Link:
    def __init__(self, url: str, retry_for: float = 120.0, retry_every: float = 1.0) -> None:
        self.url = url
        self.ws: ClientConnection | None = None
        self.seating: Seating | None = None
        self.retry_for, self.retry_every = retry_for, retry_every
        self.closed = False
        self.reconnects = 0

    async def open(self, room: str | None = None) -> dict[str, Any]:
        """Connect and say hello; the server's welcome (LinkError if refused or unreachable).
        `room`: the code this connection is for, also in the address (`?room=CODE`), so that a
        proxy in front of several servers can route it (docs/server.md)."""
        url = self.url
        if room is not None:
            url += ("&" if "?" in url else "?") + "room=" + normalize_code(room)
        try:
            self.ws = await connect(url, open_timeout=10, max_size=8 * 1024 * 1024)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            raise LinkError(
                "unreachable", f"cannot reach the server at {self.url}: {exc}"
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
        deadline = asyncio.get_running_loop().time() + self.retry_for
        while True:
            await asyncio.sleep(self.retry_every)
            try:
                await self.open(self.seating.room)
                if self.seating.token is None:  # a spectator watches again
                    await self.enter({"type": "watch", "room": self.seating.room})
                else:
                    await self.enter(
                        {"type": "resume", "room": self.seating.room, "token": self.seating.token}
                    )
                self.reconnects += 1
                return
            except LinkError as exc:
                if exc.code not in ("unreachable", "closed") or (
                    asyncio.get_running_loop().time() > deadline
                ):
                    raise

    async def close(self) -> None:
        self.closed = True
        if self.ws is not None:
            await self.ws.close()
