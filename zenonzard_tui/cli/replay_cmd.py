"""`zenonzard replay SAVE`: print the log of a saved game."""

from __future__ import annotations

import argparse
import sys

from zenonzard_tui.client.session import load_session  # no Textual: the client's saves too
from zenonzard_tui.engine.log import sentences
from zenonzard_tui.engine.save import SaveError
from zenonzard_tui.usertext import terminal_safe

SEATS = {"all": None, "A": 0, "B": 1}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help="print the log of a saved game")
    p.add_argument("save", help="a save file (JSON): a game or a puzzle saved by 'zenonzard play'")
    p.add_argument(
        "--seat",
        choices=("A", "B", "all"),
        default="all",
        help="show the log as one player saw it (default: everything)",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        session = load_session(args.save)  # an engine save, or a puzzle saved by the client
    except SaveError as exc:
        print(f"zenonzard replay: {terminal_safe(str(exc), newlines=True)}", file=sys.stderr)
        return 2
    if session.notice:
        print(
            f"zenonzard replay: note: {terminal_safe(session.notice, newlines=True)}",
            file=sys.stderr,
        )
    game = session.game
    for line in sentences(game, SEATS[args.seat]):
        print(terminal_safe(line))  # the log names cards and decks, which came from files
    if game.pending is not None:
        print(f"(the game goes on: turn {game.turn}, {'AB'[game.pending.seat]} to act)")
    return 0
