"""`zenonzard server`: the duel server that holds network games (zenonzard_tui/net).

It listens on 127.0.0.1 unless --host says otherwise. Rooms and their games are kept in the data
folder (default: the user-data folder's `server/`) after every action, so a restart loses no game.
Ctrl-C stops it; the games wait in the folder for the next start.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import logging
import sys
from pathlib import Path

from zenonzard_tui.cli.types import listen_port, seconds

PROG = "zenonzard server"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "server",
        help="run a duel server for games over the network (rooms, reconnects, spectators)",
        description=(
            "Run the duel server: players create and join rooms with 'zenonzard play --server "
            "URL --create/--join CODE', bots with 'zenonzard bot', spectators with 'zenonzard "
            "watch'. It listens on 127.0.0.1 unless --host says otherwise; on the internet, put it "
            "behind a reverse proxy with TLS (docs/server.md)."
        ),
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument(
        "--port", type=listen_port, default=8765, help="port to listen on (default 8765)"
    )
    p.add_argument(
        "--data",
        metavar="DIR",
        help="where rooms and finished games are kept (default: the user-data folder's server/)",
    )
    p.add_argument(
        "--grace",
        type=seconds(1, 86400),
        default=90.0,
        help="seconds a dropped player's seat is kept before the game ends as a concession "
        "(default 90)",
    )
    p.add_argument(
        "--code-prefix",
        type=_prefix,
        default=None,
        metavar="LETTERS",
        help="start every room code with these letters (1 or 2), so that a proxy in front of "
        "several servers can send a code to its server (docs/server.md)",
    )
    p.add_argument("--quiet", action="store_true", help="log warnings only")
    p.set_defaults(run=run)


def _prefix(text: str) -> str:
    from zenonzard_tui.net.protocol import CODE_ALPHABET

    text = text.upper()
    if not 1 <= len(text) <= 2 or set(text) - set(CODE_ALPHABET):
        raise argparse.ArgumentTypeError(
            f"a code prefix is 1 or 2 of the letters and digits {CODE_ALPHABET}, not {text!r}"
        )
    return text


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def data_folder(given: str | None) -> Path:
    if given is not None:
        return Path(given).expanduser()
    from zenonzard_tui.files import data_dir

    return data_dir() / "server"


def run(args: argparse.Namespace) -> int:
    from zenonzard_tui.net.server import Limits, run_server

    folder = data_folder(args.data)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".probe"
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        print(
            f"{PROG}: the data folder {folder} cannot be written: {exc.strerror}", file=sys.stderr
        )
        return 2
    logging.basicConfig(
        level=logging.WARNING if args.quiet else logging.INFO,
        format="%(asctime)s %(message)s",
        datefmt="%Y-%m-%d %H:%M:%S",
        stream=sys.stderr,
    )
    logging.getLogger("websockets").setLevel(logging.WARNING)  # our own lines say what matters
    if not is_loopback(args.host):
        print(
            f"{PROG}: listening on {args.host}, not only this machine: anyone who reaches it can "
            "create and join rooms. On the internet, run it behind a reverse proxy with TLS "
            "(wss://), as docs/server.md shows.",
            file=sys.stderr,
        )
    ready: asyncio.Future | None = None

    async def main() -> None:
        nonlocal ready
        ready = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(
            run_server(
                args.host,
                args.port,
                folder,
                Limits(grace=args.grace, prefix=args.code_prefix or ""),
                ready,
            )
        )
        server = await asyncio.wait([task, ready], return_when=asyncio.FIRST_COMPLETED)
        del server
        if task.done():
            task.result()  # raises what stopped it
            return
        bound = next(iter(ready.result().sockets)).getsockname()
        print(f"{PROG}: listening on ws://{_host(args.host)}:{bound[1]} (rooms kept in {folder})",
              flush=True)  # fmt: skip
        await task

    try:
        asyncio.run(main())
    except OSError as exc:
        print(f"{PROG}: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}",
              file=sys.stderr)  # fmt: skip
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: stopped; the rooms wait in {folder}", file=sys.stderr)
        return 0
    return 0


def _host(host: str) -> str:
    return f"[{host}]" if ":" in host else host
