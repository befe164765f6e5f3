"""Reaching an action quickly at 80x24: jumping between kinds of action, and Enter on a board card
offering that card's own actions."""

from __future__ import annotations

from tests.client.helpers import app, human_to_act, position_session, wait_until
from zenonzard_tui.client.screens.modals import CardActionsScreen
from zenonzard_tui.client.session import Puzzle, Session, Settings
from zenonzard_tui.client.widgets.actions import ActionList, action_group
from zenonzard_tui.client.widgets.zone import ZoneView
from zenonzard_tui.puzzles import PUZZLES
from zenonzard_tui.scenarios import load_scenario


def washed_out() -> Session:
    path = PUZZLES / "washed-out.toml"
    scenario = load_scenario(path)
    info = Puzzle(str(path), scenario.name, scenario.text, 0)
    return Session(scenario.new_game(), Settings("ai", 0, "medium", ("", "")), info)


async def test_brackets_jump_between_kinds_of_action(tmp_path):
    sess = washed_out()
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        listing = duel_app.duel.query_one("#actions", ActionList)
        listing.focus()
        kinds = []
        for _ in range(5):
            kinds.append(action_group(listing.texts[listing.highlighted]))
            await pilot.press("right_square_bracket")
        assert kinds == ["play", "move", "attack", "end", "play"]
        assert action_group(listing.texts[listing.highlighted]) == "move"
        await pilot.press("left_square_bracket", "left_square_bracket")
        assert action_group(listing.texts[listing.highlighted]) == "end"  # round the list


async def test_enter_on_a_board_card_offers_that_cards_actions(tmp_path):
    sess = washed_out()
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        field = duel_app.duel.query_one("#my-field", ZoneView)
        field.focus()
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, CardActionsScreen))
        menu = duel_app.screen
        assert menu.texts == [
            "retreat Drill Golem",
            "attack Drill Golem -> player",
            "attack Drill Golem -> Force of Harmony",
            "attack Drill Golem -> Force of Eternity",
        ]
        await pilot.press("2")
        await wait_until(pilot, lambda: duel_app.screen is duel_app.duel)
        assert sess.texts[0] == "attack Drill Golem -> player"


async def test_typing_filters_the_actions_and_enter_plays_the_first(tmp_path):
    sess = washed_out()
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        listing = duel_app.duel.query_one("#actions", ActionList)
        await pilot.press("slash", *"eter")
        await pilot.pause()
        assert listing.texts == ["attack Drill Golem -> Force of Eternity"]
        await pilot.press("escape")
        await pilot.pause()
        assert len(listing.texts) > 1  # Escape shows them all again
        await pilot.press("slash", *"harm", "enter")
        await wait_until(pilot, lambda: bool(sess.texts))
        assert sess.texts[0] == "attack Drill Golem -> Force of Harmony"
        assert duel_app.duel.filter == ""


async def test_L_gives_the_log_the_whole_height_and_back(tmp_path):
    sess = washed_out()
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        log = duel_app.duel.query_one("#log")
        small = log.size.height
        await pilot.press("L")
        await pilot.pause()
        assert log.size.height >= 18 > small and not duel_app.duel.query_one("#board").display
        await pilot.press("L")
        await pilot.pause()
        assert log.size.height == small


async def test_the_other_players_turn_is_recapped_and_its_changes_marked(tmp_path):
    from tests.client.test_defects import STALE

    sess = position_session(STALE.replace('hand = ["Reprise"]', "hand = []"))
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(100, 32)) as pilot:
        duel = duel_app.duel
        await wait_until(pilot, lambda: human_to_act(duel_app))
        recap = duel.query_one("#recap")
        assert not recap.display
        duel.play("end turn")
        await wait_until(pilot, lambda: human_to_act(duel_app) and sess.game.turn == 4, 30)
        await pilot.pause()
        text = str(recap.render())
        assert recap.display and "Since your last move" in text
        assert "B's Megalosaurus attacks the player." in text
        await pilot.press("x")
        await pilot.pause()
        assert not recap.display


async def test_a_battles_result_shows_between_the_fields(tmp_path):
    sess = washed_out()
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        duel = duel_app.duel
        await wait_until(pilot, lambda: human_to_act(duel_app))
        duel.play("attack Drill Golem -> Force of Harmony")
        await wait_until(pilot, lambda: human_to_act(duel_app) and sess.game.attack is None, 20)
        await pilot.pause()
        line = duel.query_one("#attack").plain
        assert duel.result_line and duel.result_line[:20] in line
        assert any(w in duel.result_line for w in ("blocks", "damage", "destroyed"))


async def test_the_coach_suggests_a_move_with_a_reason_and_highlights_it(tmp_path):
    sess = position_session((PUZZLES / "one-blow.toml").read_text("utf-8"))  # against the AI
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await pilot.press("c")
        await wait_until(pilot, lambda: duel_app.duel.tip is not None, 60)
        note = duel_app.duel.query_one("#advice").plain
        assert note.startswith("Coach: attack Drill Golem -> player: wins this turn")
        listing = duel_app.duel.query_one("#actions", ActionList)
        assert listing.texts[listing.highlighted] == "attack Drill Golem -> player"
