"""The deck builder's card panel shows the card that `+`, `-` and Enter act on: the highlighted
card of the list that has the focus (the card browser while the filter is typed in). It follows
the highlight, the focus and the rows: at start, after `+` and `-`, after a filter, after `h`
and `l`, however fast the keys come."""

from __future__ import annotations

from textual.widgets import OptionList, Static

from tests.client.helpers import RED
from tests.client.test_builder import builder, builder_app
from tests.client.test_input import burst
from zenonzard_tui.cards import CardDef
from zenonzard_tui.client.deckdraft import DeckDraft
from zenonzard_tui.client.screens.builder import BuilderScreen


def panel(b: BuilderScreen) -> str:
    """The card panel's first line: the name of the card it shows ("" when it shows none)."""
    return str(b.query_one("#b-card", Static).content).partition("\n")[0]


def highlighted(b: BuilderScreen, which: str) -> CardDef | None:
    listing = b.query_one(f"#b-{which}", OptionList)
    if listing.highlighted is None:
        return None
    option_id = listing.get_option_at_index(listing.highlighted).id
    return None if option_id is None else b.pool.cards[option_id]


async def plus_adds(pilot, b: BuilderScreen) -> CardDef:
    """Presses `+` and returns the card it added."""
    before = dict(b.draft.counts)
    await pilot.press("plus")
    (added,) = [i for i, n in b.draft.counts.items() if n == before.get(i, 0) + 1]
    return b.pool.cards[added]


async def minus_removes(pilot, b: BuilderScreen) -> CardDef:
    """Presses `-` and returns the card it took out."""
    before = dict(b.draft.counts)
    await pilot.press("minus")
    (removed,) = [i for i, n in before.items() if b.draft.counts.get(i, 0) == n - 1]
    return b.pool.cards[removed]


async def test_at_start_the_panel_shows_the_card_plus_adds():
    """`zenonzard build red-rush`: the browser has the focus on its first card (Dwarven Champion);
    the panel showed the deck list's first row (Miner of Aguma) and `+` added a card whose text
    was never on screen."""
    app = builder_app(DeckDraft.open(RED))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        b = builder(app)
        assert app.focused is b.query_one("#b-pool")
        browser_first = highlighted(b, "pool")
        deck_first = highlighted(b, "deck")
        assert browser_first and deck_first and browser_first != deck_first
        assert panel(b) == browser_first.name
        assert (await plus_adds(pilot, b)).name == browser_first.name


async def test_after_plus_and_minus_the_panel_stays_on_the_card_of_the_focused_list():
    """`+` in the browser rewrites the deck list's rows: the panel stays on the browser's card."""
    app = builder_app(DeckDraft.open(RED))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        b = builder(app)
        deck_first = highlighted(b, "deck")
        assert deck_first is not None
        # a browser card after the deck list's first row, not in the deck: adding it leaves the
        # deck list's highlight where it was, on another card
        after = b.shown.index(deck_first) + 1
        row = next(n for n, c in enumerate(b.shown[after:], after) if not b.draft.count(c.id))
        await pilot.press(*["j"] * row)
        card = highlighted(b, "pool")
        assert card is not None and panel(b) == card.name
        for _ in range(2):
            assert (await plus_adds(pilot, b)).name == card.name
            await pilot.pause()
            assert highlighted(b, "deck") == deck_first and panel(b) == card.name
        await pilot.press("minus")
        await pilot.pause()
        assert panel(b) == card.name
        await pilot.press("l", "j")  # in the deck list, `-` rewrites its own rows
        await pilot.pause()
        shown = panel(b)
        assert (await minus_removes(pilot, b)).name == shown
        await pilot.pause()
        assert panel(b) == highlighted(b, "deck").name


async def test_after_a_filter_the_panel_shows_the_card_plus_adds():
    app = builder_app(DeckDraft.open(RED))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        b = builder(app)
        await pilot.press("l")  # the deck list first: Enter in the filter goes to the browser
        await pilot.press("slash", *"red cost:2 type:magic", "enter")
        await pilot.pause()
        first = highlighted(b, "pool")
        assert first is not None and first == b.shown[0] and first.type == "magic"
        assert panel(b) == first.name
        assert (await plus_adds(pilot, b)).name == first.name
        # a filter nothing matches: no card in the panel, and `+` adds none
        await pilot.press("slash", *"zzzzzz", "enter")
        await pilot.pause()
        assert b.shown == [] and panel(b) == ""
        total = b.draft.total
        await pilot.press("plus")
        assert b.draft.total == total


async def test_a_filter_typed_in_a_burst_at_start_leaves_the_panel_on_the_card_plus_adds():
    """The filter typed at once, the lists' first highlights not handled yet (the audit saw the
    panel stay on the deck list's Miner of Aguma once while `+` added Gravity): the panel does
    not depend on the order in which the two lists' highlights arrive."""
    app = builder_app(DeckDraft.open(RED))
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, "/", *"red cost:2 type:magic", "enter")
        b = builder(app)
        first = highlighted(b, "pool")
        assert first is not None and panel(b) == first.name
        assert (await plus_adds(pilot, b)).name == first.name


async def test_moving_the_focus_between_the_lists_moves_the_panel():
    app = builder_app(DeckDraft.open(RED))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        b = builder(app)
        await pilot.press("j")  # the browser's second card: not the deck list's first row
        browser, deck = highlighted(b, "pool"), highlighted(b, "deck")
        assert browser and deck and browser != deck and panel(b) == browser.name
        await pilot.press("l")
        await pilot.pause()
        assert app.focused is b.query_one("#b-deck") and panel(b) == deck.name
        await pilot.press("h")
        await pilot.pause()
        assert app.focused is b.query_one("#b-pool") and panel(b) == browser.name
        await pilot.press("l")
        await pilot.pause()
        assert (await minus_removes(pilot, b)).name == deck.name


async def test_l_and_j_in_one_burst_move_in_the_deck_list_and_the_panel_follows():
    """`l j` typed fast: `l` moves the focus at once, so the `j` moves in the deck list (it used
    to move the browser), and the panel shows the card `-` takes out."""
    app = builder_app(DeckDraft.open(RED))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        b = builder(app)
        browser = highlighted(b, "pool")
        await burst(pilot, "l", "j")
        assert app.focused is b.query_one("#b-deck")
        assert highlighted(b, "pool") == browser
        assert b.query_one("#b-deck", OptionList).highlighted == 1
        deck = highlighted(b, "deck")
        assert deck is not None and panel(b) == deck.name
        assert (await minus_removes(pilot, b)).name == deck.name
        await burst(pilot, "h", "j")
        assert app.focused is b.query_one("#b-pool")
        assert b.query_one("#b-pool", OptionList).highlighted == 1
        browser = highlighted(b, "pool")
        assert browser is not None and panel(b) == browser.name
        assert (await plus_adds(pilot, b)).name == browser.name


async def test_a_key_right_after_enter_or_escape_in_the_filter_is_the_browsers():
    """`/gravity Enter +` in one burst: Enter leaves the filter at once, so `+` adds Gravity
    (it used to go into the filter, "gravity+", and add nothing); the same after Esc."""
    from textual.widgets import Input

    for leave in ("enter", "escape"):
        app = builder_app(DeckDraft.open(RED))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            b = builder(app)
            before = dict(b.draft.counts)
            await burst(pilot, "/", *"gravity", leave, "plus")
            assert b.query_one("#b-filter", Input).value == "gravity", leave
            gravity = highlighted(b, "pool")
            assert gravity is not None and gravity.name == "Gravity" and panel(b) == "Gravity"
            added = {i: n - before.get(i, 0) for i, n in b.draft.counts.items()}
            assert {i: n for i, n in added.items() if n} == {gravity.id: 1}, leave
