"""Hotseat: two players at one terminal. Whenever the seat that must decide changes, a cover screen
hides the board; the screen shows only the deciding seat's observation, never the other hand."""

from __future__ import annotations

from tests.client.helpers import BLUE, RED, app, position_session, screen_text, session, wait_until
from zenonzard_tui.client.screens.modals import CoverScreen
from zenonzard_tui.decks import load_deck


def hidden_names(sess, seat: int) -> set[str]:
    """Names in `seat`'s hand that appear nowhere the other seat may look (its own deck list,
    the public zones): if one of them is on screen, the hand leaked."""
    other = 1 - seat
    own_deck = load_deck(RED if other == 0 else BLUE)
    public = {c.name for c in own_deck.cards}
    view = sess.view(other)
    for p in view.players:
        public |= {c.name for c in p.field + p.base + p.trash}
    hand = sess.view(seat).players[seat].hand or ()
    return {c.name for c in hand} - public


async def test_the_cover_screen_hides_each_hand_from_the_other_player(tmp_path):
    sess = session(mode="hotseat", first="A", seed=4)
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(duel_app.screen, CoverScreen))
        text = screen_text(duel_app)
        assert "Pass to player A" in text and "press Enter" in text
        a_hidden, b_hidden = hidden_names(sess, 0), hidden_names(sess, 1)
        assert a_hidden and b_hidden  # the decks differ enough for the test to mean something
        assert not any(name in text for name in a_hidden | b_hidden)

        await pilot.press("enter")  # A sees A's mulligan
        await wait_until(pilot, lambda: duel_app.screen is duel_app.duel)
        text = screen_text(duel_app)
        assert "A: mulligan? (ZR 5.2)" in text
        assert any(name in text for name in a_hidden)
        assert not any(name in text for name in b_hidden)

        await pilot.press("1")  # keep: now B decides, so the cover comes back
        await wait_until(pilot, lambda: isinstance(duel_app.screen, CoverScreen))
        text = screen_text(duel_app)
        assert "Pass to player B" in text
        assert not any(name in text for name in a_hidden | b_hidden)

        await pilot.press("enter")
        await wait_until(pilot, lambda: duel_app.screen is duel_app.duel)
        text = screen_text(duel_app)
        assert "B: mulligan? (ZR 5.2)" in text
        assert not any(name in text for name in a_hidden)
        assert (
            "A draws a card." in text or "A keeps their hand." in text
        )  # B's log: A's draws unnamed

        # Play on: every screen shows only the deciding seat's own hand.
        for _ in range(12):
            await pilot.press("1")
            await pilot.pause()
            if isinstance(duel_app.screen, CoverScreen):
                text = screen_text(duel_app)
                assert not any(name in text for name in a_hidden | b_hidden)
                await pilot.press("enter")
                await pilot.pause()
            viewer = duel_app.duel.viewer
            assert viewer == sess.deciding
            text = screen_text(duel_app)
            hidden = hidden_names(sess, 1 - viewer)
            assert not any(name in text for name in hidden), hidden


async def test_an_attack_on_a_player_who_cannot_answer_needs_no_handover(tmp_path):
    """B has no minion and no Active mana: B's Flash window and block are forced in plain sight,
    so they are answered without passing the device."""
    text = """
name = "A attacks a defenceless B"
[state]
turn = 5
active = "A"
phase = "main"
[state.A]
field = ["Drill Golem"]
[state.B]
hand = ["Tidal Wave"]
"""
    sess = position_session(text, "hotseat")
    duel_app = app(sess, tmp_path)
    covers = []
    async with duel_app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(duel_app.screen, CoverScreen))
        await pilot.press("enter")
        await wait_until(
            pilot, lambda: duel_app.screen is duel_app.duel and duel_app.duel.can_act()
        )
        duel_app.duel.play("attack Drill Golem -> player")
        for _ in range(40):
            await pilot.pause(0.02)
            if isinstance(duel_app.screen, CoverScreen):
                covers.append(screen_text(duel_app))
            if sess.game.pending is not None and sess.game.pending.kind == "main":
                break
        assert sess.game.pending.kind == "main" and sess.game.pending.seat == 0
        assert "no block" in sess.texts and sess.game.players[1].life < 10
        assert covers == []  # B never had to take the device


async def test_a_player_may_choose_to_be_asked_in_flash_windows_only_with_a_usable_card(tmp_path):
    """B has Active red mana and only a blue Flash card: the window is not forced in plain
    sight, so by default B is asked (a handover); after B chose 'usable' (w), it is not."""
    text = """
name = "A attacks B, who holds nothing castable"
[state]
turn = 5
active = "A"
phase = "main"
[state.A]
field = ["Drill Golem"]
[state.B]
hand = ["Tidal Wave"]
base = ["Miner of Aguma"]
"""

    async def covers_for_b(choice: str) -> int:
        sess = position_session(text, "hotseat")
        duel_app = app(sess, tmp_path)
        seen = 0
        async with duel_app.run_test(size=(100, 30)) as pilot:
            await wait_until(pilot, lambda: isinstance(duel_app.screen, CoverScreen))
            await pilot.press("enter")
            await wait_until(pilot, lambda: duel_app.duel.can_act())
            duel_app.duel.flash_choice[1] = choice  # as B chose earlier with w
            duel_app.duel.play("attack Drill Golem -> player")
            for _ in range(60):
                await pilot.pause(0.02)
                if isinstance(duel_app.screen, CoverScreen):
                    seen += 1
                    break
                if sess.game.pending is not None and sess.game.pending.kind == "main":
                    break
        return seen

    assert await covers_for_b("ask") == 1
    assert await covers_for_b("usable") == 0


async def test_a_double_press_at_a_handover_shows_no_hand_and_plays_nothing(tmp_path):
    """Enter pressed twice by the player who just acted (the audit's case: `e Enter Enter`, or
    `y` then Enter 0.15 s later) must not show the next player's hand to them, nor play the next
    player's decision unseen: the cover takes no key in its first `handover_guard` seconds, and
    the board plays nothing for as long after the cover goes. (The guard is set long where a
    key must be refused, so that a slow machine cannot let the time run out, and to 0 where a
    key must go through.)"""
    from tests.client.test_input import burst

    sess = session(mode="hotseat", first="A", seed=4)
    duel_app = app(sess, tmp_path, handover_guard=5.0)
    async with duel_app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(duel_app.screen, CoverScreen))
        await burst(pilot, "enter", "enter")  # at once: the cover stays
        assert isinstance(duel_app.screen, CoverScreen)
        duel_app.handover_guard = 0.0
        await burst(pilot, "enter")  # A's view
        assert duel_app.screen is duel_app.duel and duel_app.duel.viewer == 0
        duel_app.handover_guard = 5.0  # (counted from the cover's going)
        await burst(pilot, "enter", "1", "y")
        assert sess.texts == []  # A's mulligan is still asked
        duel_app.handover_guard = 0.0
        await burst(pilot, "y")  # once A has seen the board, keys play again
        assert sess.texts == ["keep"]
        await wait_until(pilot, lambda: isinstance(duel_app.screen, CoverScreen))
        duel_app.handover_guard = 5.0
        await burst(pilot, "enter")  # A's second press, 0.15 s later: B's hand stays covered
        await pilot.pause(0.15)
        await burst(pilot, "enter")
        assert isinstance(duel_app.screen, CoverScreen)
        assert not any(name in screen_text(duel_app) for name in hidden_names(sess, 1))
