"""Playing against the AI with the keyboard: the AI's decisions come from a worker thread and show
in the log; the status line says whose decision it is and what kind."""

from __future__ import annotations

from tests.client.helpers import app, human_to_act, screen_text, session, wait_until
from zenonzard_tui.client.screens.modals import GameOverScreen, QuitScreen
from zenonzard_tui.client.widgets.actions import ActionList


async def test_a_few_actions_by_keys_against_the_ai(tmp_path):
    sess = session(first="A")
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        text = screen_text(duel_app)
        assert "A: mulligan? (ZR 5.2)" in text
        assert "1 keep" in text
        await pilot.press("1")  # keep
        await wait_until(pilot, lambda: human_to_act(duel_app) and sess.game.phase == "mana")
        assert sess.texts[0] == "keep" and sess.texts[1].startswith(("keep", "mulligan"))
        text = screen_text(duel_app)
        assert "A: mana? (ZR 5.5)" in text
        assert "B keeps their hand." in text or "B mulligans" in text  # the AI's decision, logged
        await pilot.press("down", "enter")  # the second action, by arrow and Enter
        await wait_until(pilot, lambda: human_to_act(duel_app) and sess.game.phase == "main")
        listing = duel_app.duel.query_one("#actions", ActionList)
        assert listing.texts[-1] == "end turn"
        await pilot.press("end", "enter")
        await wait_until(pilot, lambda: human_to_act(duel_app) and sess.game.turn >= 3)
        assert "A ends their turn." in "\n".join(sess.view(0).log)
        assert "Turn 2: B's turn." in sess.view(0).log


async def test_a_full_game_against_the_ai_ends_on_the_game_over_screen(tmp_path):
    sess = session(first="B", seed=8, ai="easy")
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        while not sess.over:
            await wait_until(pilot, lambda: human_to_act(duel_app), timeout=20)
            if sess.over:
                break
            await pilot.press("1")  # the first action: summon, attack, keep, block ...
            if duel_app.duel._typed:  # a list of 10 or more: "1" waits for a second digit,
                await pilot.press("enter")  # and Enter plays action 1 (a "1" would make 11)
        await wait_until(pilot, lambda: isinstance(duel_app.screen, GameOverScreen))
        text = screen_text(duel_app)
        assert "wins" in text or "draw" in text
        assert "See the board" in text
        flat = " ".join(text.split())
        assert f"Turns: {sess.game.turn}" in flat and "damage" in flat  # the match summary
        assert any(c in text for c in "▁▂▃▄▅▆▇█")  # life over the turns
        await pilot.press("enter")
        assert "Game over." in screen_text(duel_app)


async def test_a_click_on_an_action_plays_it_and_a_card_shows_its_text(tmp_path):
    sess = session(first="A")
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await pilot.click("#my-hand", offset=(9, 0))  # the first card of the hand
        await pilot.pause()
        hand = sess.view(0).players[0].hand
        details = str(duel_app.duel.query_one("#details").render())
        assert hand is not None and hand[0].name in details
        await pilot.click("#actions", offset=(3, 0))  # "1 keep"
        await wait_until(pilot, lambda: len(sess.texts) >= 1)
        assert sess.texts[0] == "keep"


async def test_an_ai_failure_never_ends_the_game(tmp_path):
    sess = session(first="B")

    class BrokenAI:
        def choose(self, game):
            raise RuntimeError("out of ideas")

    # the session's AI, made at its first look (an AIPlayer's method cannot be replaced in the
    # compiled build, docs/build.md)
    sess._ai = BrokenAI()
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        assert sess.texts[0] == "keep"  # the AI's decision fell back to the first legal action
        assert duel_app.is_running


async def test_ctrl_q_asks_before_losing_moves(tmp_path):
    sess = session(first="A")
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await pilot.press("ctrl+q")  # nothing played yet: quits at once
        await wait_until(pilot, lambda: not duel_app.is_running)
    sess = session(first="A")
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await pilot.press("1")
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, QuitScreen))
        await pilot.press("d")
        await wait_until(pilot, lambda: not duel_app.is_running)


async def test_undo_takes_back_your_last_decision_and_the_ais_answers(tmp_path):
    sess = session(first="A")
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await pilot.press("1")  # keep
        await wait_until(pilot, lambda: human_to_act(duel_app) and sess.game.phase == "mana")
        before = list(sess.texts)  # A's keep, then the AI's mulligan decision
        await pilot.press("1")  # a mana
        await wait_until(pilot, lambda: human_to_act(duel_app) and sess.game.phase == "main")
        assert len(sess.texts) == len(before) + 1
        await pilot.press("u")
        await wait_until(pilot, lambda: human_to_act(duel_app) and sess.game.phase == "mana")
        assert sess.texts == before
        assert any("taken back" in n.message for n in duel_app._notifications)
        await pilot.press("u", "u")  # back past the AI's mulligan to A's own, then nothing left
        await wait_until(pilot, lambda: human_to_act(duel_app))
        assert sess.texts == [] and sess.game.pending.kind == "mulligan"


def test_undo_is_refused_in_hotseat_and_before_any_decision():
    assert not session(mode="hotseat").undo()
    assert not session().undo()
