"""The network side of `zenonzard play --server`, `zenonzard watch` and `zenonzard host`: take a
seat (or watch) in a room of a duel server, wait for the game to start, then run the client on
the seat's channel over the connection (client/netsession.py).

The connection, the wait and the client share one asyncio loop (`App.run_async`): the link's
messages are fed to the channel by a task beside the app, and the channel tells the duel screen.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from zenonzard_tui.usertext import say

WAIT_NOTE = (
    "waiting for the other player to join (Ctrl-C to give up; the room closes in 30 minutes)"
)


async def take_seat(
    url: str,
    enter: dict[str, Any],
    prog: str,
    announce: Callable[[str], None] | None = None,
) -> tuple[Any, Any, list[dict[str, Any]]] | int:
    """Connect, send `enter` (create, join or watch) and wait until the game starts; (link,
    seating, the messages so far) or an exit status after saying why."""
    from zenonzard_tui.net.remote import Link, LinkError

    link = Link(url)
    try:
        await link.open(enter.get("room"))
        seating = await link.enter(enter)
        if announce is not None:
            announce(seating.room)
        first: list[dict[str, Any]] = []
        if seating.seat is not None or enter["type"] != "watch":
            say(f"{prog}: room {seating.room}, seat {seating.seat}: {WAIT_NOTE}", file=sys.stderr)
        while True:  # until the game's first update
            message = await link.receive()
            first.append(message)
            if message.get("type") == "update":
                return link, seating, first
            if message.get("type") == "error":
                raise LinkError(str(message.get("code")), str(message.get("message")))
    except LinkError as exc:
        say(f"{prog}: {exc}", file=sys.stderr)
        await link.close()
        return 2


async def run_client(
    url: str,
    link: Any,
    seating: Any,
    first: list[dict[str, Any]],
    prefs: Any,
    autosave: Path | None,
    save_dir: Path | None,
) -> str | None:
    """The client on the seat's channel until the player quits; the game's result, if over."""
    from zenonzard_tui.client.app import ZenonzardApp
    from zenonzard_tui.client.netsession import NetSession
    from zenonzard_tui.net.remote import RemoteChannel

    seat = None if seating.seat is None else "AB".index(seating.seat)
    remote = RemoteChannel(link, seat)
    for message in first:
        remote.feed(message)
    settings = prefs.for_game(_deck_names(remote)) if hasattr(prefs, "for_game") else prefs
    settings.mode, settings.seat = "network", seat if seat is not None else 0
    session = NetSession(remote, settings, url, seating.room)
    app = ZenonzardApp(session, save_dir=save_dir, autosave=autosave, settings=prefs)  # type: ignore[arg-type]
    feeder = asyncio.get_running_loop().create_task(_feed(remote, app))
    try:
        await app.run_async()
    finally:
        feeder.cancel()
        await link.close()
    return remote.result


async def _feed(remote: Any, app: Any) -> None:
    from zenonzard_tui.net.remote import LinkError

    try:
        await remote.run()
    except LinkError as exc:
        app.notify(f"The server is gone: {exc}", severity="error", timeout=30)


def _deck_names(remote: Any) -> tuple[str, str]:
    names = {p.get("seat"): str(p.get("deck", "")) for p in remote.players}
    return names.get("A", ""), names.get("B", "")


def play_network(args: Any, prefs: Any, deck_text: str, autosave: Path | None,
                 save_dir: Path | None, prog: str,
                 before: Callable[[], Awaitable[None]] | None = None) -> int:  # fmt: skip
    """`play --server URL --create/--join CODE`: the whole run; its exit status."""

    async def main() -> int:
        if before is not None:
            await before()
        if args.create:
            enter = {"type": "create", "deck": deck_text}
        else:
            enter = {"type": "join", "room": args.join, "deck": deck_text}
        if args.name:
            enter["name"] = args.name

        def announce(code: str) -> None:
            if args.create:  # (host: the address the other machine reaches)
                server = getattr(args, "public_server", None) or args.server
                say(f"Room code: {code}  (the other player: zenonzard play --server "
                    f"{server} --join {code})")  # fmt: skip

        taken = await take_seat(args.server, enter, prog, announce)
        if isinstance(taken, int):
            return taken
        result = await run_client(args.server, *taken, prefs, autosave, save_dir)
        if result is not None:
            say(f"{prog}: the game is over: {'a draw' if result == 'draw' else result + ' wins'}")
        return 0

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        return 130
