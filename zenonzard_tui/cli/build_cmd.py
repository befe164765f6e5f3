"""`zenonzard build [DECK]`: the deck builder of the client, on a deck file or a new deck.

A DECK that cannot be read is reported before any screen starts (exit status 2). An illegal deck
opens: the builder shows its problems and is where to fix them.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

from zenonzard_tui.files import FileReadError, exists

PROG = "zenonzard build"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "build",
        help="the deck builder: browse the cards, edit a deck, check it, try it",
        description=(
            "Open the deck builder on DECK (a deck file; a new file is created when you save) or "
            "on a new deck. Keys: arrows/hjkl move, Enter/+ adds, -/Delete removes, / filters, "
            "f Forces, n name, Ctrl+S saves, a saves as, o opens, p plays it against the AI, r runs a quick "
            "sim, Esc backs out."
        ),
    )
    p.add_argument(
        "deck",
        nargs="?",
        metavar="DECK",
        help="the deck file to edit, or a starter deck's name such as red-rush (saved as a file "
        "of your own); default: a new deck",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from zenonzard_tui.client.deckdraft import DeckDraft
    from zenonzard_tui.decks import DeckError, DeckReadError, find_deck
    from zenonzard_tui.usertext import say

    if args.deck is None:
        draft = DeckDraft()
    else:
        path = Path(args.deck).expanduser()
        try:
            found = exists(path)
            if not found:
                with contextlib.suppress(DeckReadError):  # else a new deck file
                    path = find_deck(args.deck)  # a starter deck's name: `zenonzard build red-rush`
                    found = exists(path)
        except FileReadError as exc:  # a name too long for the system, ...
            print(f"{PROG}: {exc}", file=sys.stderr)
            return 2
        if not found:
            draft = DeckDraft(name=path.stem or "New deck", path=path)
            if not path.parent.is_dir():
                print(f"{PROG}: {path}: no such folder: {path.parent}", file=sys.stderr)
                return 2
        else:
            try:
                draft = DeckDraft.open(path)
            except DeckError as exc:
                say(f"{PROG}: {exc}", file=sys.stderr)
                return 2
    from zenonzard_tui.cli.play_cmd import terminal_or_say

    if not terminal_or_say(PROG):
        return 2
    from zenonzard_tui.client.app import ZenonzardApp
    from zenonzard_tui.client.saves import autosaves_dir, saves_dir
    from zenonzard_tui.client.settings import load_settings, settings_path

    loaded = load_settings()
    for warning in loaded.warnings:
        say(f"{PROG}: warning: {warning}", file=sys.stderr)
    app = ZenonzardApp(
        builder=draft,
        ai_delay=loaded.settings.ai_delay,
        save_dir=saves_dir(),
        autosave=autosaves_dir(),
        settings=loaded.settings,
        settings_file=settings_path(),
        warnings=loaded.warnings,
    )
    app.run()
    return app.return_code or 0
