"""Practice puzzles: the game starts at the scenario's position; the end offers a new try."""

from __future__ import annotations

from tests.client.helpers import app, human_to_act, screen_text, wait_until
from tests.client.helpers import session as new_session
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


async def test_in_a_puzzle_i_gives_the_next_move_of_a_forced_win():
    session, _ = play_cmd.build(build_parser().parse_args(["play", "--scenario", "same-cost"]))
    duel_app = app(session)
    async with duel_app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await pilot.press("i")

        await wait_until(pilot, lambda: duel_app.duel.tip is not None, timeout=20)
        panel = duel_app.duel.query_one("#advice")
        assert panel.display and panel.plain.startswith("Hint: cast Binding Ivy")
        listing = duel_app.duel.query_one("#actions")
        assert listing.texts[listing.highlighted] == "cast Binding Ivy"  # the hint's action


async def test_no_hint_outside_a_puzzle(tmp_path):
    duel_app = app(new_session(first="A"), tmp_path)
    async with duel_app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        assert not duel_app.duel.check_action("hint", ())
