"""The deck builder: a legal deck built from nothing by key presses, saved and validated; an
existing deck opened and edited; the filter (sets read from the card data); play and a quick sim
from the builder; `zenonzard build` refusing a DECK it cannot read."""

from __future__ import annotations

import dataclasses
import shutil

from tests.client.helpers import RED, human_to_act, screen_text, wait_until
from zenonzard_tui.cards import CardPool, load_pool
from zenonzard_tui.cli import main
from zenonzard_tui.client.app import ZenonzardApp
from zenonzard_tui.client.deckdraft import CardFilter, DeckDraft, card_sets, deck_cards
from zenonzard_tui.client.screens.builder import (
    BuilderScreen,
    ForcesScreen,
    NameScreen,
    PathScreen,
    SimScreen,
)
from zenonzard_tui.client.screens.duel import DuelScreen
from zenonzard_tui.client.screens.modals import QuitScreen
from zenonzard_tui.decks import load_deck, read_deck_file


def builder_app(draft: DeckDraft | None = None) -> ZenonzardApp:
    return ZenonzardApp(builder=draft or DeckDraft(), ai_delay=0.0)


def builder(app: ZenonzardApp) -> BuilderScreen:
    screen = app.screen
    assert isinstance(screen, BuilderScreen)
    return screen


async def test_a_legal_deck_built_from_nothing_by_keys_is_saved_and_validates(tmp_path, capsys):
    app = builder_app()
    path = tmp_path / "my red.deck"
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("slash", *"red", "enter")  # the browser lists the red cards
        b = builder(app)
        assert b.shown and all(c.color == "red" for c in b.shown)
        assert b.shown[0].type == "base_minion"  # Base Minions first (no cost)
        miner = [c.name for c in b.shown].index("Miner of Aguma")
        await pilot.press(*["j"] * miner)
        await pilot.press(*["plus"] * 16)  # 16 Miner of Aguma: villagers have no copy limit
        for _ in range(8):  # 3 of each of the next eight red cards
            await pilot.press("j", "plus", "plus", "enter")
        assert b.draft.total == 40
        assert not b.report.legal  # no Forces yet (ZR 4.2)
        await pilot.press("f")
        await wait_until(pilot, lambda: isinstance(app.screen, ForcesScreen))
        await pilot.press("enter", "j", "enter", "escape")
        await wait_until(pilot, lambda: isinstance(app.screen, BuilderScreen))
        assert len(b.draft.forces) == 2 and b.report.legal, b.report.problems
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, NameScreen))
        await pilot.press(*["backspace"] * 20, *"Key Red", "tab", *"Built by keys", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, BuilderScreen))
        assert b.draft.name == "Key Red" and b.draft.description == "Built by keys"
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, PathScreen))
        app.screen.query_one("#path-input").value = str(path)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, BuilderScreen))
        assert not b.unsaved and b.draft.path == path
    assert main(["validate", str(path)]) == 0
    assert "LEGAL" in capsys.readouterr().out
    deck = load_deck(path)
    assert deck.name == "Key Red" and deck.description == "Built by keys"
    again = DeckDraft.open(path)  # loads back identically
    assert (again.name, again.description, again.forces, again.counts) == (
        b.draft.name,
        b.draft.description,
        b.draft.forces,
        b.draft.counts,
    )
    assert again.text() == path.read_text()


async def test_an_existing_deck_is_opened_edited_and_saved_in_place(tmp_path):
    path = tmp_path / "red.deck"
    shutil.copy(RED, path)
    before = load_deck(path)
    app = builder_app(DeckDraft.open(path))
    async with app.run_test(size=(120, 40)) as pilot:
        b = builder(app)
        assert b.report.legal and b.draft.total == 40 and not b.unsaved
        await pilot.press("l")  # to the deck list
        first = b.current_card()
        assert first is not None and b.draft.count(first.id) == dict(before.counts)[first]
        await pilot.press("minus")
        assert b.draft.total == 39 and b.unsaved and not b.report.legal
        assert any("39 cards" in p.message for p in b.report.problems)  # the live ZR 4.1 report
        await pilot.press("plus")
        assert b.draft.total == 40 and b.report.legal
        await pilot.press("minus", "h", "slash", *"cost:5", "enter", "plus")
        added = b.shown[0]
        assert added.cost == 5 and b.draft.total == 40
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not b.unsaved
    report = read_deck_file(path)
    assert report.legal and report.name == before.name
    assert dict((c.id, n) for c, n in report.deck.counts).get(added.id, 0) >= 1


async def test_leaving_with_changes_asks_first(tmp_path):
    app = builder_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("slash", *"golem", "escape")  # Esc leaves the filter, not the builder
        await pilot.pause()
        assert isinstance(app.screen, BuilderScreen)
        assert app.focused is app.screen.query_one("#b-pool")
        shown = builder(app).shown
        assert shown and all(CardFilter.parse("golem")[0].matches(c, load_pool()) for c in shown)
        assert any("Golem" in c.classes for c in shown)
        await pilot.press("plus", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, BuilderScreen)  # the question
        await pilot.press("escape")  # cancel
        await pilot.pause()
        assert isinstance(app.screen, BuilderScreen) and app.is_running
        await pilot.press("escape", "d")
        await pilot.pause()
    assert app.return_code == 0


async def test_play_from_the_builder_and_back(tmp_path):
    app = builder_app(DeckDraft.open(RED))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("p")
        await wait_until(pilot, lambda: isinstance(app.screen, DuelScreen))
        assert app.session.settings.names[0] == "Red Rush" and app.session.settings.mode == "ai"
        await wait_until(pilot, lambda: human_to_act(app))
        played = app.session
        await pilot.press("q")
        await pilot.pause()
        if played.texts:  # the AI moved first: quit without saving
            assert isinstance(app.screen, QuitScreen)
            await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, BuilderScreen))
        assert app.is_running


async def test_a_quick_sim_runs_in_a_worker_and_shows_the_result():
    app = builder_app(DeckDraft.open(RED))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, SimScreen))
        sim = app.screen
        bar = sim.query_one("#sim-bar")
        await wait_until(pilot, lambda: bar.progress == bar.total, timeout=120)
        await pilot.pause()
        text = screen_text(app)
        assert "overall" in text and "Blue Tides" in text
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, BuilderScreen))


async def test_play_and_sim_wait_for_a_legal_deck():
    app = builder_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("p", "r")
        await pilot.pause()
        assert isinstance(app.screen, BuilderScreen)


def test_the_filter_reads_colors_types_costs_classes_sets_and_words():
    pool = load_pool()
    cards = deck_cards(pool)

    def names(query: str) -> set[str]:
        f, problems = CardFilter.parse(query)
        assert problems == []
        return {c.name for c in cards if f.matches(c, pool)}

    assert names("set:basic red cost:2 type:magic") == {"Gravity", "High Pressure"}
    assert "Drill Golem" in names("class:golem") and "Eoraptor" not in names("class:golem")
    assert names("set:basic") == {c.name for c in cards if c.set == "BASIC"}
    assert "Miner of Aguma" in names("cannot block")  # words search the rendered rules text
    assert CardFilter.parse("cost:x type:dragon")[1] == ["cost:x", "type:dragon"]


def test_sets_come_from_the_card_data():
    pool = load_pool()
    drill = next(c for c in pool.cards.values() if c.name == "Drill Golem")
    promo = dataclasses.replace(drill, id="pc01_test", set="PC01")
    basic = {cid: c for cid, c in pool.cards.items() if c.set == "BASIC"}
    bigger = CardPool({**basic, promo.id: promo}, pool.forces, pool.version)
    assert card_sets(bigger) == ["BASIC", "PC01"]
    f, _ = CardFilter.parse("set:pc01")
    matched = [c for c in deck_cards(bigger) if f.matches(c, bigger)]
    assert "pc01_test" in [c.id for c in matched] and {c.set for c in matched} == {"PC01"}


def test_an_unfinished_deck_saves_and_opens_again(tmp_path):
    pool = load_pool()
    draft = DeckDraft(name="Half # done", description="two\nlines")
    draft.add(pool.card("Drill Golem"))
    draft.add(pool.card("Drill Golem"))
    path = draft.save(tmp_path / "half.deck")
    again = DeckDraft.open(path)
    assert again.counts == draft.counts and again.name == "Half done"
    assert again.description == "two lines" and again.forces == []


def test_build_refuses_a_deck_it_cannot_read(tmp_path, capsys):
    (tmp_path / "bin.deck").write_bytes(b"\0\1\2")
    assert main(["build", str(tmp_path / "bin.deck")]) == 2
    assert "bin.deck" in capsys.readouterr().err
    assert main(["build", str(tmp_path)]) == 2
    assert "folder" in capsys.readouterr().err
    assert main(["build", str(tmp_path / "nowhere" / "x.deck")]) == 2
    assert "no such folder" in capsys.readouterr().err
    assert main(["build", str(tmp_path / "new.deck")]) == 2  # readable, but no terminal here
    assert "needs a terminal" in capsys.readouterr().err


async def test_o_opens_another_deck_and_a_bad_file_stays_in_the_dialog(tmp_path):
    (tmp_path / "folder.deck").mkdir()
    app = builder_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("o")
        await wait_until(pilot, lambda: isinstance(app.screen, PathScreen))
        app.screen.query_one("#path-input").value = str(tmp_path / "folder.deck")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PathScreen)
        assert "folder" in str(app.screen.query_one("#path-error").render())
        app.screen.query_one("#path-input").value = str(RED)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, BuilderScreen))
        b = builder(app)
        assert b.draft.name == "Red Rush" and b.report.legal and not b.unsaved


def test_a_deck_in_progress_shows_its_curve_colors_and_pips_so_far():
    pool = load_pool()
    draft = DeckDraft()
    assert draft.provisional_report(pool) is None
    draft.add(pool.card("Sams - The All-Seeing Commander"))
    draft.add(pool.card("Miner of Aguma"))
    so_far = draft.provisional_report(pool)
    summary = so_far.summary
    assert summary.base_minions == 1 and dict(summary.by_color) == {"red": 2}
    assert [(n.color, n.base_minions) for n in summary.pips] == [("red", 1)]
    assert any(cost == 4 and minions == 1 for cost, minions, _ in summary.curve)
    assert not draft.report(pool).legal  # the verdict is still parse_deck's


async def test_a_sim_that_fails_says_so_on_screen(monkeypatch):
    import zenonzard_tui.sim.play as play

    def broken(*args, **kwargs):
        raise RuntimeError("no games today")

    monkeypatch.setattr(play, "play_game", broken)
    app = builder_app(DeckDraft.open(RED))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, SimScreen))
        await wait_until(pilot, lambda: "no games today" in screen_text(app))
        assert "The sim stopped on an error: RuntimeError" in " ".join(screen_text(app).split())


# ----------------------------------------------------------------------------------------------
# The edges of the builder (issue 19, section 4)

HAND_WRITTEN = """\
# name: Hand Red
# A deck typed by hand: its comments and sections stay.

powers: force of sin, Force of Triumph   # written in lower case

# Base Minions
13 miner of aguma

# Field Minions
3x Eoraptor        # 2: +300 BP when it attacks
2 Drill Golem
1 drill golem      # a second line of the same card
3 Sawblade Golem
3 Gayl Mouse
3 Sams - The All-Seeing Commander
2 Howling Direwolf
2 Spiral Python
2 Exptera
# Magic
3 High Pressure
3 Gravity
"""


def test_build_with_a_starter_name_opens_the_starter(monkeypatch):
    import zenonzard_tui.cli.play_cmd as play_cmd

    opened: list[DeckDraft] = []
    monkeypatch.setattr(play_cmd, "_has_terminal", lambda: True)
    monkeypatch.setattr(ZenonzardApp, "run", lambda self: opened.append(self.builder))
    assert main(["build", "red-rush"]) == 0
    (draft,) = opened
    assert draft.name == "Red Rush" and draft.total == 40
    assert draft.text() == RED.read_text()  # opened as it is, nothing rewritten


def test_saving_a_hand_written_deck_keeps_what_was_written(tmp_path):
    pool = load_pool()
    path = tmp_path / "hand.deck"
    path.write_text(HAND_WRITTEN)
    draft = DeckDraft.open(path)
    assert draft.total == 40 and draft.report(pool).legal
    assert draft.text(pool) == HAND_WRITTEN  # no change, no rewrite
    drill = pool.card("Drill Golem")
    draft.remove(drill)  # 3 -> 2: the last line of it goes
    draft.remove(pool.card("Gravity"))
    draft.add(pool.card("Bomb Wahl"))
    draft.add(pool.card("Bomb Wahl"))
    draft.save(path, pool)
    text = path.read_text()
    assert text.startswith("# name: Hand Red\n# A deck typed by hand: its comments and sections")
    assert "powers: force of sin, Force of Triumph   # written in lower case\n" in text
    assert "13 miner of aguma\n" in text and "3x Eoraptor        # 2: +300 BP" in text
    assert "2 Drill Golem\n" in text and "drill golem" not in text
    assert "2 Gravity\n2 Bomb Wahl\n" in text
    assert "# Base Minions\n" in text and "# Field Minions\n" in text and "# Magic\n" in text
    report = read_deck_file(path)
    assert report.legal and report.description.startswith("A deck typed by hand")
    assert DeckDraft.open(path).counts == draft.counts


def test_the_name_description_and_forces_change_only_their_lines(tmp_path):
    pool = load_pool()
    path = tmp_path / "hand.deck"
    path.write_bytes(HAND_WRITTEN.replace("\n", "\r\n").encode())
    draft = DeckDraft.open(path)
    draft.name, draft.description = "Hand Red II", "Now with one line."
    draft.forces = [draft.forces[0], "force_fusion"]
    draft.save(path, pool)
    raw = path.read_bytes().decode()
    assert "\r\n" in raw and "\n" not in raw.replace("\r\n", "")  # the line endings kept
    lines = raw.split("\r\n")
    assert lines[:2] == ["# name: Hand Red II", "# description: Now with one line."]
    assert "powers: Force of Sin, Force of Fusion   # written in lower case" in lines
    assert "3x Eoraptor        # 2: +300 BP when it attacks" in lines
    report = read_deck_file(path)
    assert (report.name, report.description) == ("Hand Red II", "Now with one line.")


def test_a_deck_without_a_name_line_keeps_its_name_when_saved_elsewhere(tmp_path):
    pool = load_pool()
    (tmp_path / "mine.deck").write_text("Forces: Force of Sin, Force of Triumph\n3 Drill Golem\n")
    draft = DeckDraft.open(tmp_path / "mine.deck")
    assert draft.name == "mine" and draft.text(pool) == draft.source  # nothing to rewrite
    draft.save(tmp_path / "other.deck", pool)
    assert read_deck_file(tmp_path / "other.deck").name == "mine"


def test_saved_decks_follow_the_umask(tmp_path):
    import os
    import stat

    old = os.umask(0o022)
    try:
        pool = load_pool()
        path = DeckDraft(name="Perms").save(tmp_path / "perms.deck", pool)
        assert stat.S_IMODE(path.stat().st_mode) == 0o644
        os.chmod(path, 0o640)  # a mode the user chose is kept
        DeckDraft.open(path).save(path, pool)
        assert stat.S_IMODE(path.stat().st_mode) == 0o640
    finally:
        os.umask(old)


async def test_ctrl_s_on_a_starter_asks_for_a_file_of_your_own(tmp_path):
    from zenonzard_tui.decks import find_deck

    starter = find_deck("red-rush")
    before = starter.read_text()
    app = builder_app(DeckDraft.open(starter))
    async with app.run_test(size=(120, 40)) as pilot:
        b = builder(app)
        await pilot.press("l", "minus", "ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, PathScreen))
        field = app.screen.query_one("#path-input")
        assert field.value != str(starter) and field.value.endswith("red-rush.deck")
        field.value = str(starter)  # typing the starter's own path is refused too
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PathScreen)
        assert "starter deck" in str(app.screen.query_one("#path-error").render())
        mine = tmp_path / "my-rush.deck"
        mine.write_text("# name: mine\n")
        field.value = str(mine)
        await pilot.press("enter")  # another deck file: Enter again replaces it
        await pilot.pause()
        assert "exists" in str(app.screen.query_one("#path-error").render())
        assert mine.read_text() == "# name: mine\n"
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, BuilderScreen))
        assert b.draft.path == mine and not b.unsaved
    assert starter.read_text() == before
    assert "# Base Minions: red mana" in mine.read_text()  # the starter's comments kept
    assert DeckDraft.open(mine).total == 39


async def test_the_open_dialog_lists_deck_files(tmp_path):
    from zenonzard_tui.client.screens.builder import decks_dir

    decks_dir().mkdir(parents=True)
    shutil.copy(RED, decks_dir() / "my-red.deck")
    (decks_dir() / "notes.txt").write_text("not a deck")
    app = builder_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("o")
        await wait_until(pilot, lambda: isinstance(app.screen, PathScreen))
        text = screen_text(app)
        assert "my-red.deck" in text and "notes.txt" not in text
        assert "starter decks" in text and "blue-tides.deck" in text
        await pilot.press("down")  # to the list: the first file
        await pilot.pause()
        assert app.screen.query_one("#path-input").value == str(decks_dir() / "my-red.deck")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, BuilderScreen))
        b = builder(app)
        assert b.draft.name == "Red Rush" and b.draft.path == decks_dir() / "my-red.deck"


async def test_a_new_deck_cites_no_line_of_a_file(tmp_path):
    for draft in (DeckDraft(), DeckDraft(name="x", path=tmp_path / "x.deck")):
        app = builder_app(draft)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "line 2" not in text and "Forces: 0 Forces given" in text, text


async def test_slash_and_a_filter_typed_in_one_burst_all_go_into_the_filter():
    """`/` moves the focus to the filter at once: every letter typed right after it is the
    filter's (the "o" of golem used to open the Open dialog, the "l" to go to the deck) and the
    Enter closes the filter without adding a card."""
    from tests.client.test_input import burst

    app = builder_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await burst(pilot, "/", *"golem", "enter")
        b = builder(app)
        assert app.screen is b and b.query_one("#b-filter").value == "golem"
        assert b.filter == CardFilter.parse("golem")[0]
        assert b.shown and all(b.filter.matches(c, b.pool) for c in b.shown)
        assert len(b.shown) < len(b.cards)
        assert b.draft.total == 0 and app.focused is b.query_one("#b-pool")
        await burst(pilot, "/", *"red", "enter")  # the old words are selected: typed over
        assert b.query_one("#b-filter").value == "red"
        await burst(pilot, "/", *"a/b")  # a "/" typed in the filter is text
        assert b.query_one("#b-filter").value == "a/b"
