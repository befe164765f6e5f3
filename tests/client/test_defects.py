"""Defects seen in play, each driven as a player would: reduced costs shown, undo with auto-pass,
undo in hotseat explained, a new game after loading a finished one."""

from __future__ import annotations

from pathlib import Path

from tests.client.helpers import (
    app,
    human_to_act,
    position_session,
    screen_text,
    session,
    wait_until,
)
from zenonzard_tui.client.session import Puzzle, Session, Settings
from zenonzard_tui.client.widgets.actions import ActionList
from zenonzard_tui.engine.save import start_game
from zenonzard_tui.scenarios import load_scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def scenario_session(name: str, mode: str = "ai") -> Session:
    scenario = load_scenario(SCENARIOS / name)
    game = scenario.new_game()
    info = Puzzle(name, scenario.name, scenario.text, 0)
    return Session(game, Settings(mode, 0, "medium", ("", "")), info)


async def test_the_hand_the_card_panel_and_the_actions_show_the_reduced_cost(tmp_path):
    sess = scenario_session("force_insight_cost_floor.toml")
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        text = screen_text(duel_app)
        assert "Eureka Waltz 1*" in text and "Apple of Power 2*" in text  # printed cost 3
        listing = duel_app.duel.query_one("#actions", ActionList)
        assert "cast Eureka Waltz · 1*" in [str(s) for s in listing._shown]
        await pilot.click("#my-hand", offset=(9, 0))
        await pilot.pause()
        details = str(duel_app.duel.query_one("#details").render())
        assert "cost 3" in details and "now 1: reduced" in details


async def test_undo_with_auto_pass_takes_back_the_last_real_decision(tmp_path):
    sess = session(first="A", seed=3)
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))

        def forced_after_last_choice() -> int | None:
            """Where A's last real decision is, if A answered forced decisions after it."""
            g = start_game(sess.game.setup_record, "test")
            real, forced = None, False
            for n, text in enumerate(sess.texts):
                if g.pending.seat == 0:
                    if len(g.legal()) > 1:
                        real, forced = n, False
                    else:
                        forced = True
                g.apply(text)
            return real if forced else None

        # A only ends its turns: B attacks, and A's "no block"s and Flash "pass"es are forced
        for _ in range(12):
            if forced_after_last_choice() is not None or sess.over:
                break
            texts = duel_app.duel.my_actions()
            await pilot.press("end" if "end turn" in texts else "1", "enter")
            await wait_until(pilot, lambda: human_to_act(duel_app), 30)
        real = forced_after_last_choice()
        assert real is not None, "no forced answer came up"
        await pilot.press("u")
        await pilot.pause()
        assert len(sess.texts) == real and duel_app.duel.can_act()
        await pilot.pause(0.3)  # nothing is answered again by itself
        assert len(sess.texts) == real


async def test_undo_in_hotseat_says_why_it_does_nothing(tmp_path):
    sess = session(mode="hotseat", first="A")
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")  # past the cover
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await pilot.press("1")
        await pilot.pause()
        texts = list(sess.texts)
        duel_app.duel.action_undo()
        await pilot.pause()
        assert sess.texts == texts
        assert any("hotseat" in n.message for n in duel_app._notifications)


async def test_n_after_loading_a_finished_game_starts_a_new_one_with_the_same_decks(tmp_path):
    from zenonzard_tui.client.session import load_session

    sess = session(first="A", seed=5)
    game = sess.game
    while not game.over:
        sess.apply(game.legal_actions()[0].text)
    path = sess.save(tmp_path / "done.json")
    loaded = load_session(path)
    assert loaded.over
    duel_app = app(loaded, tmp_path)  # as `play --load`: no restart given
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("escape")  # close the game-over dialog: the board shows "n"
        await pilot.press("n")
        await wait_until(pilot, lambda: not duel_app.duel.session.over)
        fresh = duel_app.duel.session
        assert fresh is not loaded and fresh.game.turn <= 1
        old = loaded.game.setup_record
        assert fresh.game.setup_record["decks"] == old["decks"]


STALE = """
name = "A holds Reprise; B has an attacker ready"
[state]
turn = 3
active = "A"
phase = "main"
[state.A]
hand = ["Reprise"]
field = ["Horned Walrus"]
base = ["Ring Raptor", "colorless"]
deck = ["Drill Golem", "Megalosaurus", "Ursarano", "Drill Golem", "Megalosaurus"]
[state.B]
field = ["Megalosaurus"]
base = ["Miner of Aguma", "Miner of Aguma"]
deck = ["Drill Golem", "Megalosaurus", "Ursarano", "Drill Golem", "Megalosaurus"]
"""


async def test_the_card_panel_follows_each_new_decision(tmp_path):
    sess = position_session(STALE)
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        duel = duel_app.duel
        await wait_until(pilot, lambda: human_to_act(duel_app))
        listing = duel.query_one("#actions", ActionList)
        await pilot.click("#my-hand", offset=(9, 0))  # the player looks at Reprise in the hand
        await pilot.pause()
        assert "Reprise" in str(duel.query_one("#details").render())
        duel.play("end turn")

        def blocking() -> bool:  # B attacks; after the forced Flash "pass", A may block
            pending = sess.game.pending
            return human_to_act(duel_app) and pending is not None and pending.kind == "block"

        await wait_until(pilot, blocking, 30)
        await pilot.pause()
        highlighted = listing.texts[listing.highlighted]
        assert "Reprise" not in highlighted
        assert "Reprise" not in str(duel.query_one("#details").render())


async def test_below_the_minimum_size_the_screen_says_so(tmp_path):
    sess = session(first="A")
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(40, 12)) as pilot:
        await wait_until(pilot, lambda: "The terminal is" in screen_text(duel_app))
        assert not human_to_act(duel_app)  # the game waits (test_input: keys play nothing)
        text = " ".join(screen_text(duel_app).split())
        assert "The terminal is 40x12" in text and "at least 80x24" in text
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        text = screen_text(duel_app)
        assert "The terminal is" not in text and "keep" in text


def test_a_line_too_long_is_cut_between_words():
    from textual.content import Content

    from zenonzard_tui.client.widgets.fitline import clip_words

    line = Content("B: block? (ZR 8.4)  B is the AI: thinking…")
    assert clip_words(line, 30).plain == "B: block? (ZR 8.4)  B is the…"
    assert clip_words(line, 12).plain == "B: block?…"
    assert clip_words(line, 100).plain == line.plain
    assert clip_words(Content("Supercalifragilistic"), 8).cell_length == 8


async def test_ctrl_c_names_the_quit_key_in_plain_words(tmp_path):
    """Textual's Ctrl+C note is markup; every note here is plain text, so it read 'Press
    [b]q[/b] to quit the app' (seen in the browser)."""
    duel_app = app(session(first="A"), tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await pilot.press("ctrl+c")
        await pilot.pause()
        said = [n.message for n in duel_app._notifications]
        assert "Press q to quit the app" in said, said
        assert not any("[b]" in m for m in said)
