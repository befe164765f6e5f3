"""`zenonzard replay SAVE`: step through a saved game on the board in the terminal (the client's
replay viewer), or print its log (`--print`, or when stdout is not a terminal)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from zenonzard_tui.client.session import load_session  # no Textual: the client's saves too
from zenonzard_tui.engine.log import sentences
from zenonzard_tui.engine.observe import SPECTATOR
from zenonzard_tui.engine.save import SaveError
from zenonzard_tui.usertext import terminal_safe

if TYPE_CHECKING:
    from zenonzard_tui.client.app import ZenonzardApp
    from zenonzard_tui.client.session import Session

PROG = "zenonzard replay"
READERS = {"all": None, "A": 0, "B": 1, "spectator": SPECTATOR}  # whose log is printed
# --seat as a view of Session.replay_views ("all": every hand, not a view), and back
_VIEW: dict[str, int | str | None] = {"all": "all", "A": 0, "B": 1, "spectator": None}
_NAME: dict[int | None, str] = {0: "A", 1: "B", None: "spectator"}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "replay",
        help="step through a saved game on the board (or print its log)",
        description=(
            "In a terminal: the replay viewer, the game's board step by step (-> and <- step, "
            "Home and End, PgUp and PgDn by ten, ] and [ by turns, v switches the view, q "
            "quits). With --print, or when stdout is not a terminal: the game's log."
        ),
    )
    p.add_argument("save", help="a save file (JSON): a game or a puzzle saved by 'zenonzard play'")
    p.add_argument(
        "--seat",
        choices=tuple(READERS),
        help="whose view: A's, B's or a spectator's (no hand); 'all', the default, prints "
        "everything, and the viewer then starts from the seat of the save's player. A game "
        "that goes on (an autosave) shows no hand its players may not see: against the AI the "
        "player's view (the default) or a spectator's, two players at one screen a spectator's",
    )
    p.add_argument(
        "--print",
        action="store_true",
        dest="print_log",
        help="print the log instead of opening the viewer",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from zenonzard_tui.cli import play_cmd

    try:
        session = load_session(args.save)  # an engine save, or a puzzle saved by the client
    except SaveError as exc:
        print(f"{PROG}: {terminal_safe(str(exc), newlines=True)}", file=sys.stderr)
        return 2
    if session.notice:
        print(f"{PROG}: note: {terminal_safe(session.notice, newlines=True)}", file=sys.stderr)
    views = session.replay_views()  # (a game that goes on shows no hand its players hide)
    if args.seat is not None and _VIEW[args.seat] not in views:
        allowed = " or ".join(_NAME[v] for v in views)
        print(
            f"{PROG}: the game goes on: its replay shows {allowed} until it is over "
            "(no hand that its players may not see)",
            file=sys.stderr,
        )
        return 2
    seat = args.seat if args.seat or session.over else _NAME[views[0]]
    if args.print_log or not play_cmd._has_terminal():
        return print_log(session, seat or "all")
    app = viewer_app(session, seat)
    app.run()
    return app.return_code or 0


def print_log(session: Session, seat: str) -> int:
    game = session.game
    for line in sentences(game, READERS[seat]):
        print(terminal_safe(line))  # the log names cards and decks, which came from files
    if game.pending is not None:
        print(f"(the game goes on: turn {game.turn}, {'AB'[game.pending.seat]} to act)")
    return 0


def viewer_app(session: Session, seat: str | None) -> ZenonzardApp:
    """The client with the replay viewer alone on `session` (the settings' theme)."""
    from zenonzard_tui.client.app import Viewing, ZenonzardApp
    from zenonzard_tui.client.settings import load_settings

    loaded = load_settings()
    names = [n for n in session.settings.names if n]
    title = " vs ".join(names) if len(names) == 2 else "Replay"
    view = READERS.get(seat or "all")
    viewing = Viewing(
        session,
        title,
        seat=view if view in (0, 1) else None,
        spectator=seat == "spectator",
    )
    return ZenonzardApp(viewing=viewing, settings=loaded.settings, warnings=loaded.warnings)
