"""Snapshots of the duel screen (pytest-textual-snapshot; refresh with --snapshot-update after a
deliberate change of the screen or a Textual upgrade). The position is the practice puzzle, with
the human to move, so no AI thread runs before the picture is taken."""

from __future__ import annotations

import pytest

from tests.client.helpers import PUZZLE, app
from zenonzard_tui.cli import build_parser, play_cmd


def puzzle_app(*argv: str):
    session, _ = play_cmd.build(
        build_parser().parse_args(["play", "--scenario", str(PUZZLE), *argv])
    )
    return app(session)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_duel_screen(snap_compare, size):
    assert snap_compare(puzzle_app(), terminal_size=size, press=["down", "down"])


def test_the_hotseat_cover(snap_compare):
    assert snap_compare(puzzle_app("--hotseat"), terminal_size=(80, 24))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_deck_builder(snap_compare, size):
    """Blue Tides opened, one card taken out: the browser, the deck and the live ZR 4 report."""
    from tests.client.helpers import BLUE
    from zenonzard_tui.client.app import ZenonzardApp
    from zenonzard_tui.client.deckdraft import DeckDraft

    builder = ZenonzardApp(builder=DeckDraft.open(BLUE), ai_delay=0.0)
    assert snap_compare(builder, terminal_size=size, press=["l", "j", "minus"])


def test_a_restricted_minion_on_the_board(snap_compare):
    """Paralyzer cast on B's Leviathan: its chip says [can't block]; with the cursor on it the
    card panel lists the state with its duration and rule, and its modifiers (ZR 13.4)."""
    from tests.client.helpers import ROOT

    session, _ = play_cmd.build(
        build_parser().parse_args(
            ["play", "--scenario", str(ROOT / "tests" / "scenarios" / "card_paralyzer.toml")]
        )
    )
    keys = ["1", "1", "left", "k", "k", "k", "k", "l"]
    assert snap_compare(app(session), terminal_size=(120, 40), press=keys)
