"""`zenonzard watch`: watch a game on a duel server as a spectator (the public view only: no
hand, no decision), in the client."""

from __future__ import annotations

import argparse
import asyncio
import sys

from zenonzard_tui.usertext import say

PROG = "zenonzard watch"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "watch",
        help="watch a game on a duel server (the public view)",
        description="Watch a room of a duel server as a spectator: both fields, bases, Forces, "
        "trashes and the hands' sizes; no hand, no decision.",
    )
    p.add_argument("--server", required=True, metavar="URL", help="the server, ws://HOST:PORT")
    p.add_argument("room", metavar="CODE", help="the room's 6-character code")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from zenonzard_tui.cli.netplay import enter_room, run_client
    from zenonzard_tui.cli.play_cmd import terminal_or_say
    from zenonzard_tui.client.settings import load_settings
    from zenonzard_tui.net.remote import url_problem

    problem = url_problem(args.server)
    if problem is not None:
        say(f"{PROG}: --server {args.server} is not a server address: {problem}", file=sys.stderr)
        return 2
    if not terminal_or_say(PROG):
        return 2
    prefs = load_settings().settings

    async def main() -> int:
        taken = await enter_room(args.server, {"type": "watch", "room": args.room}, PROG)
        if isinstance(taken, int):
            return taken
        lines = ["Watching: the game starts when both players are in.", "(q quits)"]
        result = (await run_client(args.server, *taken, prefs, None, None, lines)).result
        if result is not None:
            say(f"{PROG}: the game is over: {'a draw' if result == 'draw' else result + ' wins'}")
        return 0

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        return 130
