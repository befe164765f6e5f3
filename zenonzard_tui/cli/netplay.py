"""The network side of `zenonzard play --server`, `zenonzard watch` and `zenonzard host`: take a
seat (or watch) in a room of a duel server, then run the client on the seat's channel over the
connection (client/netsession.py): first a waiting screen with the room's code until the server
starts the game, then the duel screen.

The connection and the client share one asyncio loop (`App.run_async`): the link's messages are
fed to the channel by a task beside the app, and the channel tells the duel screen.
"""

from __future__ import annotations

import asyncio
import contextlib
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
        try:  # (the link reconnects while the room waits, too)
            async with contextlib.aclosing(link.messages()) as messages:
                async for message in messages:
                    remote.feed(message)
                    if remote.step > 0:  # the start, then the first update
                        break
                    if remote.notice and app.screen.id == "lobby":
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
    link.on_down = LinkNotice(app, url)
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

    for _ in range(100):  # until the duel screen listens: news before it would go unseen (the
        if remote.heard():  # joiner of a room whose creator dropped: "waiting for A ...")
            break
        await asyncio.sleep(0.05)
    try:
        await remote.run()
    except LinkError as exc:  # the room is gone (the link retries an unreachable server)
        app.notify(f"The server is gone: {exc}", severity="error", timeout=30)


class LinkNotice:
    """The link's state on the player's screen (the link's `on_down`): while it is cut off, a
    notice that stays until it is back (not a toast that goes after a few seconds), on the
    waiting screen a line as well; once it is back, a short word that it is."""

    def __init__(self, app: Any, url: str) -> None:
        self.app, self.url = app, url
        self.shown: Any = None  # the notification on screen (textual's Notification)

    def __call__(self, why: str | None) -> None:
        from textual.notifications import Notification, Notify

        self._take_down()
        lobby = self.app.screen.id == "lobby"
        if why is None:
            back = f"The server at {self.url} is back."
            self.app.notify(back, timeout=6, markup=False)
            if lobby:
                self.app.screen.say(back)
            return
        text = f"{why[:1].upper()}{why[1:]}; q quits."
        # a notification that stays (a toast's timeout, but a day long) until it is taken down
        self.shown = Notification(text, "Cut off", "error", 86400.0, markup=False)
        self.app.post_message(Notify(self.shown))
        if lobby:
            self.app.screen.say(text)

    def _take_down(self) -> None:
        shown, self.shown = self.shown, None
        if shown is not None and shown in self.app._notifications:
            self.app._unnotify(shown)  # (textual has no public way to take one toast down)


def farewell(ending: Ending, room: str, prog: str, hosted: bool = False) -> None:
    """After a player's network client closes: what became of the game, as it is."""
    result = ending.result
    if result is not None:
        say(f"{prog}: the game is over: {'a draw' if result == 'draw' else result + ' wins'}")
        if ending.archived is not None:
            say(f"It is in your history: zenonzard replay {shlex.quote(str(ending.archived))}")
    elif not ending.started:  # (the server closes a room its creator leaves before a join)
        say(f"{prog}: you left room {room} before the game began: the room is closed.")
    elif hosted:
        say(f"{prog}: the server here has stopped; room {room} waits in its data folder.")
    else:
        say(f"{prog}: you left room {room} while the game went on: the server keeps your seat "
            "for its grace period (90 seconds by default), then you concede; "
            "this client cannot take the seat back.")  # fmt: skip


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
