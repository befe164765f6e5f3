"""The `zenonzard` command: one sub-command per module of this package.

Exit status everywhere: 0 success, 1 a check that fails (an illegal deck, a failing scenario),
2 input that cannot be used (an unreadable file, a wrong command line). Never a traceback for bad
input: the sub-commands catch what they expect and say what is wrong, where.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from zenonzard_tui import __version__
from zenonzard_tui.cli import (
    build_cmd,
    cards_cmd,
    play_cmd,
    replay_cmd,
    scenario_cmd,
    serve_cmd,
    sim_cmd,
    validate_cmd,
)

COMMANDS = (
    play_cmd,
    build_cmd,
    serve_cmd,
    cards_cmd,
    validate_cmd,
    sim_cmd,
    scenario_cmd,
    replay_cmd,
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse's own exit status 2, with a hint
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n(see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="zenonzard",
        description="Zenonzard in a terminal: deck tools, rules scenarios, AI matches and the client.",
    )
    parser.add_argument("--version", action="version", version=f"zenonzard-tui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `zenonzard cards | head`
        sys.stderr.close()
        return 0
