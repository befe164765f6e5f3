"""`zenonzard validate`: check deck files against the deck rules (ZR 4) and explain legal decks.

Exit status: 0 every deck is legal, 1 some deck is illegal, 2 some input cannot be read (2 wins
over 1). The problems go to standard error as `path:line: problem`; the verdicts and summaries to
standard output. `--json` prints a JSON array with one object per deck; `--export` the canonical
text of each legal deck. The format and the checks: docs/decks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from zenonzard_tui.cards import CardPool, load_pool
from zenonzard_tui.cli.output import PipeConsole, reader_left
from zenonzard_tui.decks import (
    DECK_SUFFIX,
    STARTERS,
    DeckReadError,
    DeckReport,
    curve_chart,
    deck_files,
    decode_deck_bytes,
    export_deck,
    find_deck,
    parse_deck,
    read_deck_file,
    shown,
    type_label,
)

STDIN = "-"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "validate",
        help="check deck files against the deck rules (ZR 4)",
        description="Check deck files against the deck rules (ZR 4) and explain the legal ones.",
        epilog="Exit status: 0 every deck is legal, 1 a deck is illegal, 2 an input cannot be "
        "read or the command line is wrong. The format: docs/decks.md.",
    )
    p.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help=f"a deck file, a folder (every *{DECK_SUFFIX} in it), or a starter deck's name "
        "(red-rush); '-' reads standard input",
    )
    out = p.add_mutually_exclusive_group()
    out.add_argument(
        "--json",
        action="store_true",
        help="print a JSON array with one object per deck (path, legal, problems, summary)",
    )
    out.add_argument(
        "--export",
        action="store_true",
        help="print each legal deck in canonical form (Forces and cards by id, sorted)",
    )
    p.set_defaults(run=run)


@dataclass(frozen=True)
class Checked:
    """One input: its report, or why it could not be read."""

    source: str
    report: DeckReport | None
    error: str | None = None

    def as_dict(self) -> dict[str, Any]:
        if self.report is not None:
            return self.report.as_dict()
        return {
            "path": self.source,
            "readable": False,
            "legal": False,
            "name": None,
            "description": None,
            "problems": [
                {"line": 0, "message": self.error, "text": "", "rule": None, "suggestions": []}
            ],
            "forces": None,
            "cards": None,
            "summary": None,
        }


def run(args: argparse.Namespace) -> int:
    results = check_paths(args.paths)
    try:
        if args.json:
            text = json.dumps([r.as_dict() for r in results], indent=2, ensure_ascii=False)
            sys.stdout.write(text + "\n")
        elif args.export:
            _print_export(results)
        else:
            _print_human(results)
        sys.stdout.flush()
    except BrokenPipeError:  # `validate decks | head -1`: the verdict stands (cli/output.py)
        reader_left()
    return exit_status(results)


def exit_status(results: Iterable[Checked]) -> int:
    """2 if any input could not be read, else 1 if any deck is illegal, else 0."""
    results = list(results)
    if any(r.report is None for r in results):
        return 2
    if any(r.report is not None and not r.report.legal for r in results):
        return 1
    return 0


def check_paths(paths: Sequence[str], pool: CardPool | None = None) -> list[Checked]:
    """Check every deck the paths name, in order: files as given, folders' `*.deck` sorted."""
    pool = pool or load_pool()
    results: list[Checked] = []
    seen: set[str] = set()
    for source, path, error in _inputs(paths):
        if error is not None:
            results.append(Checked(source, None, error))
            continue
        key = os.path.realpath(path) if path is not None else source
        if key in seen:
            continue
        seen.add(key)
        try:
            if path is None:
                report = parse_deck(_read_stdin(), source, pool)
            else:
                report = read_deck_file(path, source, pool)
        except DeckReadError as exc:
            results.append(Checked(source, None, exc.reason))
            continue
        results.append(Checked(source, report))
    return results


def _inputs(paths: Sequence[str]) -> Iterable[tuple[str, Path | None, str | None]]:
    """(source name, path or None for standard input, error) for each deck the paths name."""
    for arg in paths:
        if arg == STDIN:
            yield "<stdin>", None, None
            continue
        path = Path(arg)
        if not os.path.lexists(path):  # os.path: False, not OSError, for a name too long
            try:
                path = find_deck(arg)  # a starter deck's name, as `play` and `sim` take
            except DeckReadError as exc:
                yield arg, None, exc.reason
                continue
            if path.is_relative_to(STARTERS):
                yield str(path), path, None
                continue
        try:
            is_dir = path.is_dir()
            files = deck_files(path) if is_dir else []
        except OSError as exc:
            yield arg, None, f"cannot be read: {exc.strerror or exc}"
            continue
        if not is_dir:
            yield arg, path, None
        elif not files:
            yield arg, None, f"folder holds no *{DECK_SUFFIX} files"
        else:
            for file in files:
                yield str(file), file, None


def _read_stdin() -> str:
    stream = getattr(sys.stdin, "buffer", None)
    try:
        data = stream.read(2_000_000) if stream is not None else b""
    except (OSError, ValueError) as exc:
        raise DeckReadError("<stdin>", f"cannot be read: {exc}") from None
    return decode_deck_bytes(data, "<stdin>")


# ----------------------------------------------------------------------------------------------
# Output


def _console() -> Console:
    """Standard output, decorated by rich (colours only decorate: every verdict is in words)."""
    return PipeConsole(highlight=False, emoji=False, soft_wrap=True)


def _print_error(source: str, reason: str | None) -> None:
    sys.stderr.write(f"{shown(source, 200)}: error: {reason}\n")
    sys.stderr.flush()


def _print_problems(report: DeckReport) -> None:
    """`path:line: problem`, then the line as written, on standard error. Plain text: these lines
    are for editors and `grep`, and a garbage file may have a hundred thousand of them."""
    source = shown(report.source, 200)
    lines = []
    for problem in report.problems:
        lines.append(problem.format(source))
        if problem.text:
            lines.append(f"{problem.line:>5} | {shown(problem.text, 120)}")
    sys.stderr.write("\n".join(lines) + "\n")
    sys.stderr.flush()  # before the verdict on standard output


def _print_human(results: Sequence[Checked]) -> None:
    out = _console()
    for result in results:
        report = result.report
        source = shown(result.source, 200)
        if report is None:
            _print_error(result.source, result.error)
            out.print(
                Text.assemble(f"{source}: ", ("CANNOT READ", "bold red"), f" ({result.error})")
            )
            continue
        name = shown(report.name, 80)
        if not report.legal:
            _print_problems(report)
            count = len(report.problems)
            out.print(
                Text.assemble(
                    f"{source}: ",
                    ("ILLEGAL", "bold red"),
                    f" - {name}: {count} problem{'s' if count != 1 else ''} (on standard error)",
                )
            )
            continue
        head = Text.assemble(f"{source}: ", ("LEGAL", "bold green"), f" - {name}")
        out.print(Text("\n").join([head, *_summary_lines(report)]))
    if len(results) > 1:
        legal = sum(r.report is not None and r.report.legal for r in results)
        unread = sum(r.report is None for r in results)
        illegal = len(results) - legal - unread
        totals = f"{len(results)} decks: {legal} legal, {illegal} illegal"
        out.print(Text(totals + (f", {unread} cannot be read" if unread else ""), style="bold"))


def _summary_lines(report: DeckReport) -> list[Text]:
    deck, summary = report.deck, report.summary
    assert deck is not None and summary is not None
    lines = []
    if report.description:
        lines.append(Text(f"  {shown(report.description, 500)}", style="italic"))
    forces = " + ".join(f"{f.name} (life {f.life})" for f in deck.forces)
    lines.append(Text(f"  Forces: {forces}; starting life {summary.starting_life} (ZR 5.1)"))
    types = ", ".join(type_label(t, n) for t, n in summary.by_type)
    lines.append(Text(f"  Cards:  {types}"))
    lines.append(Text(f"  Colors: {', '.join(f'{c} {n}' for c, n in summary.by_color)}"))
    lines.append(Text("  Cost curve (# Field Minion, + Magic):"))
    lines.extend(Text(f"    {row}") for row in curve_chart(summary))
    for need in summary.pips:
        paid = (
            f"{need.base_minions} {need.color} Base Minion{'s' if need.base_minions != 1 else ''}"
        )
        verdict = ("ok", "green") if need.payable else ("SHORT", "bold yellow")
        lines.append(
            Text.assemble(
                f"  Pips:   {need.color} up to {need.max_pips} ({need.cards} cards need "
                f"{need.color}, {need.cards_at_max} need {need.max_pips}); {paid}: ",
                verdict,
            )
        )
    for warning in summary.warnings:
        lines.append(Text.assemble("  ", ("warning:", "bold yellow"), f" {warning}"))
    return lines


def _print_export(results: Sequence[Checked]) -> None:
    legal = [r for r in results if r.report is not None and r.report.legal]
    for result in results:
        if result.report is None:
            _print_error(result.source, result.error)
        elif not result.report.legal:
            _print_problems(result.report)
    for i, result in enumerate(legal):  # several decks: a blank line between them
        assert result.report is not None and result.report.deck is not None
        sys.stdout.write(("\n" if i else "") + export_deck(result.report.deck))
