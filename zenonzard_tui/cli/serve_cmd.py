"""`zenonzard serve`: the same client in a web browser, through textual-serve.

textual-serve runs `zenonzard play --served` (with the options given after `--`) once per
browser tab, with pipes instead of a terminal and TEXTUAL_DRIVER set to Textual's web driver;
`play` accepts that in place of a terminal, and `--served` keeps its saves to names in the save
folder. The play options are checked here first, so a bad deck or save is reported before the
server starts (exit status 2). The server itself (zenonzard_tui/cli/web.py) bounds what a browser
may ask for: the terminal's size, the number of games at once, the pages that may open a game.
"""

from __future__ import annotations

import argparse
import shlex
import sys

from zenonzard_tui.cli.types import port

PROG = "zenonzard serve"
DEFAULT_MAX_SESSIONS = 4  # games at once: each is a process, its AI a thread in it
MAX_SESSIONS = 64


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "serve",
        help="play in a web browser: serve the client with textual-serve",
        description=(
            "Serve the Zenonzard client over HTTP: open the printed address in a browser; each "
            "tab is a new 'zenonzard play'. Options after '--' go to play, e.g. "
            "'zenonzard serve -- --hotseat'. The server listens on 127.0.0.1 unless --host says "
            "otherwise: anyone who reaches it can play, and sees the saves of the user running it."
        ),
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; any other is reachable from the network, "
        "and is warned about)",
    )
    p.add_argument("--port", type=port, default=8000, help="port to listen on (default 8000)")
    p.add_argument(
        "--max-sessions",
        type=_sessions,
        default=DEFAULT_MAX_SESSIONS,
        metavar="N",
        help=f"games played at once, one browser tab each (default {DEFAULT_MAX_SESSIONS}); the "
        "next tab is told to try again later",
    )
    p.add_argument(
        "play_args",
        nargs=argparse.REMAINDER,
        metavar="-- PLAY OPTIONS",
        help="options for 'zenonzard play' (after '--')",
    )
    p.set_defaults(run=run)


def _sessions(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 1 <= value <= MAX_SESSIONS:
        raise argparse.ArgumentTypeError(f"from 1 to {MAX_SESSIONS}, got {value}")
    return value


def play_command(play_args: list[str]) -> str:
    """The shell command textual-serve runs for each browser tab."""
    return shlex.join([sys.executable, "-m", "zenonzard_tui", "play", "--served", *play_args])


def run(args: argparse.Namespace) -> int:
    from zenonzard_tui.cli import build_parser, parse, play_cmd
    from zenonzard_tui.client.settings import Settings
    from zenonzard_tui.decks import DeckError
    from zenonzard_tui.engine.save import SaveError
    from zenonzard_tui.scenarios import ScenarioError
    from zenonzard_tui.tutorial import LessonError

    play_args = list(args.play_args)
    if play_args[:1] == ["--"]:
        play_args = play_args[1:]
    try:
        parsed = parse(build_parser(), ["play", *play_args])
    except SystemExit as exc:  # argparse has said what is wrong
        return int(exc.code or 2)
    if parsed.list_saves:
        print(
            f"{PROG}: --list-saves prints a list; run 'zenonzard play --list-saves'",
            file=sys.stderr,
        )
        return 2
    try:
        if play_cmd.is_network(parsed):  # a room on a duel server: each tab takes a seat
            play_cmd.network_deck(parsed, Settings())
        elif parsed.tutorial is not None:  # each tab its own tutorial
            play_cmd.tutorial_for(parsed)
        else:
            play_cmd.build(parsed)
    except (play_cmd.UsageError, DeckError, ScenarioError, SaveError, LessonError) as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    try:
        from zenonzard_tui.cli.web import BoundedServer, is_loopback
    except ImportError:
        print(
            f"{PROG}: textual-serve is not installed (pip install textual-serve)", file=sys.stderr
        )
        return 2
    if not is_loopback(args.host):
        print(
            f"{PROG}: warning: listening on {args.host}, not only this machine: anyone who can "
            f"reach it on port {args.port} can play, and save games into your save folder "
            "(--host 127.0.0.1 keeps it to this machine)",
            file=sys.stderr,
        )
    server = BoundedServer(
        play_command(play_args),
        host=args.host,
        port=args.port,
        title="Zenonzard",
        max_sessions=args.max_sessions,
    )
    try:
        server.serve()
    except OSError as exc:  # the port is taken, the address is not this machine's
        print(
            f"{PROG}: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}",
            file=sys.stderr,
        )
        return 2
    return 0
