"""Boost (ZR 17) and banishing (ZR 18) on the duel screen, with the Boost test cards of
tests/engine/test_boost.py: the Boost action is played like the others (its number, its kind's
`]` jump, Enter on either card), the board marks the card attached under a minion and the card
panel says what it gives, the log says it, and a banished card is counted and listed."""

from __future__ import annotations

from tests.client.helpers import app, human_to_act, position_session, screen_text, wait_until
from tests.engine.test_boost import CARDS
from zenonzard_tui.client.screens.modals import CardActionsScreen, TrashScreen
from zenonzard_tui.client.widgets.actions import ActionList, action_group
from zenonzard_tui.client.widgets.zone import ZoneView

BOOST = "boost Test Dyana with Test Silica"


def _position(a: str, b: str = 'field = [{ card = "Drill Golem", rested = true }]'):
    """A's main phase, turn 3, against the AI, with A's zones `a` and B's `b` (TOML lines)."""
    deck = 'deck = ["Drill Golem", "Drill Golem", "Drill Golem"]'
    text = (
        f'name = "boost"\n{CARDS}\n[state]\nturn = 3\nactive = "A"\nphase = "main"\n'
        f"[state.A]\n{deck}\n{a}\n[state.B]\n{deck}\n{b}\n"
    )
    return position_session(text)


def _details(duel_app) -> str:
    return str(duel_app.duel.query_one("#details").render())


async def test_the_boost_action_is_listed_played_and_shown_on_the_board(tmp_path):
    """ZR 17.2: listed in the engine's words with the moves (`]` reaches it), it points at both
    cards; played by its number, the minion's chip names the card under it (⊕) with the BP it
    gives, the card panel lists it with its Boost BP/DP (ZR 17.4), and the log says it."""
    sess = _position('field = ["Test Dyana"]\nbase = ["Test Silica", "Miner of Aguma"]')
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        duel = duel_app.duel
        listing = duel.query_one("#actions", ActionList)
        assert BOOST in listing.texts and action_group(BOOST) == "move"
        listing.focus()
        await pilot.press("right_square_bracket", "left_square_bracket")  # the moves' kind
        assert listing.texts[listing.highlighted] == "advance Test Silica"
        for _ in range(4):
            if listing.texts[listing.highlighted] == BOOST:
                break
            await pilot.press("down")
        assert listing.texts[listing.highlighted] == BOOST
        await pilot.pause()
        field, base = duel.query_one("#my-field", ZoneView), duel.query_one("#my-base", ZoneView)
        assert field.pointed == {0} and base.pointed == {0}  # Dyana and Silica
        details = _details(duel_app)  # what it gives and costs (ZR 17.4, ZR 17.5)
        assert "Test Dyana: 400/1 now, 700/1 with Test Silica" in details
        assert "Costs 1 Movement (ZR 7)" in details
        await pilot.press(str(listing.texts.index(BOOST) + 1))
        await wait_until(pilot, lambda: sess.texts == [BOOST] and human_to_act(duel_app))
        await pilot.pause()
        text = screen_text(duel_app)
        assert "Test Dyana  700/1" in text and "⊕Test Silica" in text
        assert "A boosts Test Dyana with Test Silica (ZR 17.2)." in text
        field.focus()
        await pilot.pause()
        details = _details(duel_app)
        assert "Now: 700 BP / 1 DP" in details and "Boosted with (ZR 17.2):" in details
        assert "⊕ Test Silica: +300 BP / +0 DP (ZR 17.4); Boost: Blue" in details


async def test_a_boost_ability_shows_on_the_minion_and_in_its_panel(tmp_path):
    """ZR 17.4: Test Heavy Boost gives Revenge: the chip lists it among the keywords, the card
    panel says where it comes from."""
    sess = _position('field = ["Test Red Four"]\nbase = ["Test Heavy Boost"]')
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await pilot.press("slash", *"four heavy", "enter")
        await wait_until(pilot, lambda: bool(sess.texts) and human_to_act(duel_app))
        assert sess.texts == ["boost Test Red Four with Test Heavy Boost"]
        await pilot.pause()
        assert "600/2  Active  Revenge  ⊕Test Heavy Boost" in screen_text(duel_app)
        duel_app.duel.query_one("#my-field", ZoneView).focus()
        await pilot.pause()
        assert "+100 BP / +1 DP, <Boost Ability> Revenge (ZR 17.4)" in _details(duel_app)


async def test_enter_on_the_boost_card_in_the_base_offers_the_boost(tmp_path):
    """The Boost card's own menu: advance it (ZR 7) or attach it (ZR 17.2); the minion's menu
    holds the Boost too."""
    sess = _position('field = ["Test Dyana"]\nbase = ["Test Silica"]')
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        duel = duel_app.duel
        duel.query_one("#my-field", ZoneView).focus()
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, CardActionsScreen))
        assert BOOST in duel_app.screen.texts
        await pilot.press("escape")
        await wait_until(pilot, lambda: duel_app.screen is duel)
        duel.query_one("#my-base", ZoneView).focus()
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, CardActionsScreen))
        assert duel_app.screen.texts == ["advance Test Silica", BOOST]
        await pilot.press("2")
        await wait_until(pilot, lambda: bool(sess.texts) and human_to_act(duel_app))
        assert sess.texts == [BOOST]
        await pilot.pause()
        assert "⊕" in screen_text(duel_app)  # at 80x24 the short form: the mark alone fits


async def test_a_banished_card_is_counted_and_listed_with_the_trashes(tmp_path):
    """ZR 18.1: public, out of the game: B's line counts it and `t` lists both banished zones
    after the trashes, with the card's text."""
    sess = _position('hand = ["Test Banish"]', 'field = ["Test Tough"]')
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        assert "Banished" not in screen_text(duel_app)
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, TrashScreen))
        assert len(duel_app.screen.trashes) == 2  # none banished yet: the trashes alone
        await pilot.press("escape")
        await wait_until(pilot, lambda: duel_app.screen is duel_app.duel)
        await pilot.press("slash", *"banish", "enter")
        await wait_until(pilot, lambda: sess.texts == ["cast Test Banish"])
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await pilot.press("slash", *"tough", "enter")
        await wait_until(pilot, lambda: len(sess.texts) == 2 and human_to_act(duel_app))
        await pilot.pause()
        text = screen_text(duel_app)
        assert "Trash 0  Banished 1" in text and "B's Test Tough is banished (ZR 18.1)." in text
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, TrashScreen))
        screen = duel_app.screen
        titles = [title for title, _ in screen.trashes]
        assert titles == ["Your trash (A)", "B's trash", "Your banished (A)", "B's banished"]
        assert [c.name for c in screen.trashes[3][1]] == ["Test Tough"]
        await pilot.pause()
        text = screen_text(duel_app)
        assert "Trash and banished" in text and "B's banished: 1" in text


def test_a_boost_text_is_read_as_its_minion_and_its_card():
    """ "boost MINION with CARD" (ZR 17.2): the minion is the card it names first; a name that
    holds " with " gives one reading per place (the board keeps the one whose cards are there)."""
    from zenonzard_tui.client import describe as d

    assert d.action_name(BOOST) == ("boost", "Test Dyana")
    assert d.boost_parts(BOOST) == [("Test Dyana", "Test Silica")]
    assert d.boost_parts("boost Man with Hat with Silica#2") == [
        ("Man", "Hat with Silica#2"),
        ("Man with Hat", "Silica#2"),
    ]
    assert d.boost_parts("attack Man with Hat -> player") == []
