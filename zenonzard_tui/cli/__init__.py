"""The `zenonzard` command: one sub-command per module of this package.

Exit status everywhere: 0 success, 1 a check that fails (an illegal deck, a failing scenario),
2 input that cannot be used (an unreadable file, a wrong command line). Never a traceback for bad
input: the sub-commands catch what they expect and say what is wrong, where; an OSError none of
them foresaw (a file or folder the system refuses) is still one line naming it, with status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Sequence
from importlib import import_module
from typing import NoReturn

from zenonzard_tui import __version__


class Command:
    """A sub-command: its name, the module that registers and runs it, and its one-line help
    (the same as the module's own: a test keeps them equal). The module is imported only when its
    sub-command runs, so `zenonzard --help` does not load the engine, the AI or Textual. (A plain
    class: importing dataclasses alone would cost `--help` a tenth of its time.)"""

    __slots__ = ("help", "module", "name")

    def __init__(self, name: str, module: str, help: str) -> None:
        self.name, self.module, self.help = name, module, help


COMMANDS = (
    Command("play", "play_cmd", "play a game in the terminal (against the AI or hotseat)"),
    Command(
        "build", "build_cmd", "the deck builder: browse the cards, edit a deck, check it, try it"
    ),
    Command("serve", "serve_cmd", "play in a web browser: serve the client with textual-serve"),
    Command("cards", "cards_cmd", "list the card pool, show a card, list the Forces"),
    Command("validate", "validate_cmd", "check deck files against the deck rules (ZR 4)"),
    Command("sim", "sim_cmd", "play AI-vs-AI matches to test a deck (one opponent or a gauntlet)"),
    Command("scenario", "scenario_cmd", "run rules scenarios; list and solve practice puzzles"),
    Command("replay", "replay_cmd", "step through a saved game on the board (or print its log)"),
    Command(
        "server",
        "server_cmd",
        "run a duel server for games over the network (rooms, reconnects, spectators)",
    ),
    Command("bot", "bot_cmd", "an AI player for a game on a duel server"),
    Command("watch", "watch_cmd", "watch a game on a duel server (the public view)"),
    Command(
        "host", "host_cmd", "host a game for the LAN: a server here and a room on it, in one step"
    ),
)


class _Version(argparse.Action):
    """`--version`: the version and which build runs (compiled with mypyc, or pure Python and
    why), worked out only when asked (zenonzard_tui/buildinfo.py, docs/build.md)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(
            option_strings, dest, nargs=0, help="show the version and build, then exit"
        )

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> NoReturn:
        from zenonzard_tui.buildinfo import describe

        sys.stdout.write(f"zenonzard-tui {__version__} ({describe()})\n")
        parser.exit(0)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse's own exit status 2, with a hint
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n(see '{self.prog} --help')\n")


def build_parser(full: Iterable[str] | None = None) -> argparse.ArgumentParser:
    """The `zenonzard` parser. `full`: the sub-commands whose modules are imported to register
    their options (None: all); the others are listed by name and help only."""
    chosen = None if full is None else set(full)
    parser = _Parser(
        prog="zenonzard",
        description="Zenonzard in a terminal: deck tools, rules scenarios, AI matches and the client.",
    )
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for command in COMMANDS:
        if chosen is None or command.name in chosen:
            import_module(f"{__name__}.{command.module}").register(sub)
        else:
            sub.add_parser(command.name, help=command.help)
    return parser


def _chosen(argv: Sequence[str]) -> list[str]:
    """The sub-command named on the command line (the first word that is not an option: the
    top-level options take no value), as a list of at most one name."""
    names = {c.name for c in COMMANDS}
    first = next((a for a in argv if not a.startswith("-")), None)
    return [first] if first in names else []


def parse(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.Namespace:
    """`parser.parse_args(argv)`, but an argument the sub-command does not know is said by the
    sub-command's own parser (`zenonzard sim: error: ...`, its usage and `zenonzard sim --help`),
    not by the top level's, which would show the usage of `zenonzard` alone."""
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        _sub_parser(parser, args.command).error(f"unrecognized arguments: {' '.join(unknown)}")
    return args


def _sub_parser(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    """The parser of the sub-command `command` (named on the command line: parsed)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action.choices[command]
    raise AssertionError("the parser has no sub-commands")


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parse(build_parser(_chosen(argv)), argv)
    try:
        return int(args.run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `zenonzard cards | head`: the reader left (cli/output.py)
        from zenonzard_tui.cli.output import reader_left

        reader_left()
        return 0
    except OSError as exc:  # a file or folder the system refuses, that no sub-command foresaw
        print(f"zenonzard {args.command}: {_os_error(exc)}", file=sys.stderr)
        return 2
    except ValueError as exc:  # a card file of the user's own that the loader refuses
        from zenonzard_tui.cards.loader import CardDataError  # (not imported for --help)

        if not isinstance(exc, CardDataError):
            raise
        return _card_data_error(args.command, exc)


def _card_data_error(command: str, exc: Exception) -> int:
    from zenonzard_tui.cards.loader import CardDataError, user_card_dir

    assert isinstance(exc, CardDataError)
    print(f"zenonzard {command}: the cards cannot be loaded: {exc}", file=sys.stderr)
    folder = user_card_dir()
    if os.path.dirname(exc.file) == str(folder):
        print(
            f"(a card file of your own: fix it, or move it out of {folder}; "
            f"`zenonzard cards --check {exc.file}` checks it alone)",
            file=sys.stderr,
        )
    return 2


def _os_error(exc: OSError) -> str:
    """An OSError as a line: the file it names and the system's reason, no traceback."""
    reason = exc.strerror or str(exc)
    names = [n for n in (exc.filename, exc.filename2) if n is not None]
    return ": ".join([*(str(n) for n in names), reason])
