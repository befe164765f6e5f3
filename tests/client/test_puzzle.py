"""Practice puzzles: the game starts at the scenario's position; the end offers a new try."""

from __future__ import annotations

from tests.client.helpers import app, human_to_act, screen_text, wait_until
from zenonzard_tui.cli import build_parser, play_cmd
from zenonzard_tui.client.screens.modals import GameOverScreen
from zenonzard_tui.puzzles import PUZZLES

ONE_BLOW = PUZZLES / "one-blow.toml"


async def test_a_puzzle_is_played_to_its_end_and_started_again():
    session, restart = play_cmd.build(
        build_parser().parse_args(["play", "--scenario", str(ONE_BLOW)])
    )
    duel_app = app(session, restart=restart)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        text = screen_text(duel_app)
        assert "A: main phase (ZR 5.6)" in text and "Turn 5" in text
        assert duel_app.duel.query_one("#actions").texts[1] == "attack Drill Golem -> player"
        await pilot.press("2")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, GameOverScreen))
        text = screen_text(duel_app)
        assert "You win!" in text and "B's life reached 0 (ZR 1.2)" in text
        await pilot.press("n")
        await wait_until(pilot, lambda: human_to_act(duel_app) and not duel_app.session.over)
        assert duel_app.session is not session and duel_app.session.texts == []
        assert duel_app.session.game.turn == 5
