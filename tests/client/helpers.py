"""Helpers for the client tests: sessions from the starter decks, the screen as plain text, and
waiting for the AI's worker thread."""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from zenonzard_tui.client.app import ZenonzardApp
from zenonzard_tui.client.session import Session, Settings
from zenonzard_tui.decks import load_deck
from zenonzard_tui.engine.game import new_game
from zenonzard_tui.puzzles import PUZZLES

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "decks"
RED = DECKS / "red-rush.deck"
BLUE = DECKS / "blue-tides.deck"
PUZZLE = PUZZLES / "last-push.toml"


def session(mode: str = "ai", seed: int = 3, first: str = "A", seat: int = 0, ai: str = "medium"):
    """A new game of Red Rush (A) against Blue Tides (B)."""
    a, b = load_deck(RED), load_deck(BLUE)
    game = new_game(a, b, seed=seed, first=first)
    return Session(game, Settings(mode, seat, ai, (a.name, b.name)), ai_seed=seed)


def app(sess: Session, tmp_path: Path | None = None, **kwargs) -> ZenonzardApp:
    kwargs.setdefault("ai_delay", 0.0)
    kwargs.setdefault("handover_guard", 0.0)  # (the keys come at machine speed: no double press)
    if tmp_path is not None:
        kwargs.setdefault("save_dir", tmp_path)
    return ZenonzardApp(sess, **kwargs)


def screen_text(app: ZenonzardApp) -> str:
    """Everything on the screen (the top screen over the ones it lets show through), as text."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), record=True, legacy_windows=False
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()


async def wait_until(pilot, condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Let the app run (and the AI think) until `condition()` holds."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting for the app")
        await pilot.pause(0.01)
        await asyncio.sleep(0)


def human_to_act(app: ZenonzardApp) -> bool:
    duel = app.duel
    return duel.session.over or (duel.can_act() and app.screen is duel)


def position_session(text: str, mode: str = "ai", source: str = "position.toml") -> Session:
    """A game from a scenario's text (a position), played as a puzzle is: against the AI
    (the human at A) or hotseat."""
    from zenonzard_tui.client.session import Puzzle
    from zenonzard_tui.scenarios import parse_scenario

    scenario = parse_scenario(text, source)
    return Session(
        scenario.new_game(),
        Settings(mode, 0, "medium", ("", "")),
        Puzzle(source, scenario.name, text, 0),
    )
