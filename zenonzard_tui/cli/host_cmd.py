"""`zenonzard host`: a duel server on this machine for the LAN and a room on it, in one step: it
shows the address and the room's code for the other player, and plays seat A here. The server
runs in this process: when this player quits, it stops (its rooms wait in the data folder for the
next `zenonzard host` or `zenonzard server`)."""

from __future__ import annotations

import argparse
import asyncio
import itertools
import socket
import sys
from pathlib import Path

from zenonzard_tui.cli.types import clock_option, listen_port
from zenonzard_tui.usertext import say

PROG = "zenonzard host"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "host",
        help="host a game for the LAN: a server here and a room on it, in one step",
        description="Start a duel server on this machine for the local network, create a room "
        "and play it; the other player joins with the address and code shown.",
    )
    p.add_argument("--deck", help="your deck file or a starter's name")
    p.add_argument("--name", help="the name the other player sees")
    p.add_argument("--port", type=listen_port, default=8765, help="the port (default 8765)")
    p.add_argument(
        "--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0: the LAN)"
    )
    p.add_argument("--data", metavar="DIR", help="where the rooms are kept (as for server)")
    p.add_argument(
        "--clock",
        type=clock_option,
        metavar="MINUTES[+SECONDS]",
        help="the room's chess clock, as for play --create (default: the settings', else none)",
    )
    p.add_argument("--no-autosave", action="store_true", help=argparse.SUPPRESS)
    p.set_defaults(run=run)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback (where the other player may reach it)."""
    found: list[str] = []
    try:  # Linux: the kernel's own list of this machine's addresses
        lines = Path("/proc/net/fib_trie").read_text().splitlines()
        for before, line in itertools.pairwise(lines):
            if "host LOCAL" in line:
                found.append(before.split()[-1])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    return [a for n, a in enumerate(found) if not a.startswith("127.") and a not in found[:n]]


def run(args: argparse.Namespace) -> int:
    from zenonzard_tui.cli.netplay import play_network
    from zenonzard_tui.cli.play_cmd import terminal_or_say
    from zenonzard_tui.cli.server_cmd import data_folder, is_loopback
    from zenonzard_tui.client.saves import autosaves_dir, saves_dir
    from zenonzard_tui.client.settings import load_settings
    from zenonzard_tui.decks import DeckError, find_deck, read_deck_text
    from zenonzard_tui.net.server import DuelServer, listen

    if not terminal_or_say(PROG):
        return 2
    prefs = load_settings().settings
    try:
        deck_text = read_deck_text(find_deck(args.deck or prefs.deck or "red-rush"))
    except DeckError as exc:
        say(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    folder: Path = data_folder(args.data)
    server_task: list[asyncio.Task] = []
    started: asyncio.Future | None = None

    async def serve() -> None:
        duel = DuelServer(folder)
        async with listen(duel, args.host, args.port) as server:
            assert started is not None
            started.set_result(next(iter(server.sockets)).getsockname()[1])
            await server.serve_forever()

    async def before() -> None:
        nonlocal started
        started = asyncio.get_running_loop().create_future()
        server_task.append(asyncio.get_running_loop().create_task(serve()))
        done, _ = await asyncio.wait([server_task[0], started], return_when=asyncio.FIRST_COMPLETED)
        if server_task[0] in done:
            server_task[0].result()  # what stopped it (OSError: the port is taken)
        bound = started.result()
        where = [f"ws://{a}:{bound}" for a in lan_addresses()] or [f"ws://THIS-MACHINE:{bound}"]
        if is_loopback(args.host):
            where = [f"ws://127.0.0.1:{bound}"]
        else:
            say(f"{PROG}: listening on {args.host}: anyone on this network can reach the game")
        for extra in where[1:]:
            say(f"{PROG}: this machine is also at {extra}")
        args.server, args.public_server = f"ws://127.0.0.1:{bound}", where[0]

    args.create, args.join = True, None
    autosave = None if args.no_autosave else autosaves_dir()
    try:
        return play_network(args, prefs, deck_text, autosave, saves_dir(), PROG, before)
    except OSError as exc:
        say(f"{PROG}: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}",
            file=sys.stderr)  # fmt: skip
        return 2
