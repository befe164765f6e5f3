"""The network side of `zenonzard play --server`, `zenonzard watch` and `zenonzard host`: take a
seat (or watch) in a room of a duel server, then run the client on the seat's channel over the
connection (client/netsession.py): first a waiting screen with the room's code until the server
starts the game, then the duel screen.

The connection and the client share one asyncio loop (`App.run_async`): the link's messages are
fed to the channel by a task beside the app, and the channel tells the duel screen.
"""

from __future__ import annotations

import asyncio
import shlex
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zenonzard_tui.usertext import say


@dataclass(frozen=True)
class Ending:
    """How a network client ended: the game's result ("A", "B", "draw"; None: not over),
    whether it had started, and where its save went in the history (None: not there)."""

    result: str | None
    started: bool
    archived: Path | None = None


async def enter_room(url: str, enter: dict[str, Any], prog: str) -> tuple[Any, Any] | int:
    """Connect and send `enter` (create, join or watch): (link, seating), or an exit status
    after saying why on stderr."""
    from zenonzard_tui.net.remote import Link, LinkError

    link = Link(url)
    try:
        await link.open(enter.get("room"))
        return link, await link.enter(enter)
    except LinkError as exc:
        say(f"{prog}: {exc}", file=sys.stderr)
        await link.close()
        return 2


async def run_client(
    url: str,
    link: Any,
    seating: Any,
    prefs: Any,
    autosave: Path | None,
    save_dir: Path | None,
    lines: list[str],
    saves_by_name: bool = False,
) -> Ending:
    """The client on the seat's channel until the player quits (the waiting screen with `lines`
    first); how it ended."""
    from zenonzard_tui.client.app import Lobby, ZenonzardApp
    from zenonzard_tui.client.netsession import NetSession
    from zenonzard_tui.net.remote import LinkError, RemoteChannel

    seat = None if seating.seat is None else "AB".index(seating.seat)
    remote = RemoteChannel(link, seat)
    tasks: list[asyncio.Task] = []

    async def start() -> Any:
        try:
            while remote.step == 0:  # the start, then the first update
                remote.feed(await link.receive())
                if remote.notice and remote.step == 0 and app.screen.id == "lobby":
                    app.screen.say(remote.notice)  # type: ignore[attr-defined]
        except LinkError as exc:
            app.exit(message=f"The server ended the wait: {exc}")
            raise
        names = {p.get("seat"): str(p.get("deck", "")) for p in remote.players}
        settings = prefs.for_game((names.get("A", ""), names.get("B", "")))
        settings.mode, settings.seat = "network", seat if seat is not None else 0
        tasks.append(asyncio.get_running_loop().create_task(_feed(remote, app)))
        return NetSession(remote, settings, url, seating.room)

    title = f"Room {seating.room}" + ("" if seat is None else f" · you are {seating.seat}")
    app = ZenonzardApp(
        lobby=Lobby(title, lines, start),
        save_dir=save_dir,
        autosave=autosave,
        settings=prefs,
        saves_by_name=saves_by_name,
    )
    try:
        await app.run_async()
    finally:
        for task in tasks:
            task.cancel()
        await link.close()
    session = app.session
    archived = getattr(session, "archived", None) if session is not None else None
    return Ending(remote.result, remote.step > 0, archived)


async def _feed(remote: Any, app: Any) -> None:
    from zenonzard_tui.net.remote import LinkError

    try:
        await remote.run()
    except LinkError as exc:
        app.notify(f"The server is gone: {exc}", severity="error", timeout=30)


def farewell(ending: Ending, room: str, prog: str, hosted: bool = False) -> None:
    """After a player's network client closes: what became of the game, as it is."""
    result = ending.result
    if result is not None:
        say(f"{prog}: the game is over: {'a draw' if result == 'draw' else result + ' wins'}")
        if ending.archived is not None:
            say(f"It is in your history: zenonzard replay {shlex.quote(str(ending.archived))}")
    elif hosted:
        say(f"{prog}: the server here has stopped; room {room} waits in its data folder.")
    elif ending.started:
        say(f"{prog}: you left room {room} while the game went on: the server keeps your seat "
            "for its grace period (90 seconds by default), then you concede; "
            "this client cannot take the seat back.")  # fmt: skip
    else:
        say(f"{prog}: you left room {room} before the game began.")


def play_network(args: Any, prefs: Any, deck_text: str, autosave: Path | None,
                 save_dir: Path | None, prog: str,
                 before: Callable[[], Awaitable[None]] | None = None) -> int:  # fmt: skip
    """`play --server URL --create/--join CODE`: the whole run; its exit status."""
    served = getattr(args, "served", False)  # a browser's: stdout is the page's, not a terminal

    async def main() -> int:
        if before is not None:
            await before()
        if args.create:
            enter = {"type": "create", "deck": deck_text}
            clock = getattr(args, "clock", None)
            clock = prefs.clock if clock is None else clock  # (the settings' for a new game)
            if clock:
                enter["clock"] = clock
        else:
            enter = {"type": "join", "room": args.join, "deck": deck_text}
        if args.name:
            enter["name"] = args.name
        taken = await enter_room(args.server, enter, prog)
        if isinstance(taken, int):
            return taken
        link, seating = taken
        server = getattr(args, "public_server", None) or args.server  # host: the LAN address
        join = f"zenonzard play --server {server} --join {seating.room}"
        lines = [f"Room code: {seating.room}", ""]
        if args.create:
            lines += ["The other player joins with:", f"  {join}", ""]
            if not served:
                say(f"Room code: {seating.room}  (the other player: {join})")
        lines.append("Waiting for the other player… (q quits; the room waits 30 minutes)")
        ending = await run_client(
            args.server, link, seating, prefs, autosave, save_dir, lines, saves_by_name=served
        )
        if not served:  # (a browser's stdout is its page)
            farewell(ending, seating.room, prog, hosted=before is not None)
        return 0

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        return 130
