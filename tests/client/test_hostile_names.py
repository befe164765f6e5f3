"""User text is data on the client's screens (issue 20, section 1), driven by Pilot: deck, puzzle
and save names with markup, terminal escapes, controls and wide characters are shown as they
are written (their controls escaped) on the cover, the duel's header, the notifications, the game
over summary, the resume list, the replay's title and the deck builder; none raises MarkupError,
none is styled, none reaches the terminal raw. And the save dialogs ask before they replace a
file; under `serve` the game's save dialog takes a name in the save folder, never a path."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from tests.client.helpers import BLUE, PUZZLE, RED, app, human_to_act, screen_text, wait_until
from tests.test_hostile_text import FUZZ_NAMES, assert_only_printable
from zenonzard_tui.client.app import Resume, ZenonzardApp
from zenonzard_tui.client.deckdraft import DeckDraft
from zenonzard_tui.client.screens.builder import BuilderScreen, PathScreen
from zenonzard_tui.client.screens.modals import CoverScreen, GameOverScreen, SaveScreen
from zenonzard_tui.client.screens.replay import ReplayScreen
from zenonzard_tui.client.screens.resume import ResumeScreen
from zenonzard_tui.client.session import Puzzle, Session, Settings, load_session
from zenonzard_tui.decks import load_deck
from zenonzard_tui.engine.game import new_game
from zenonzard_tui.puzzles import forced_win
from zenonzard_tui.scenarios import parse_scenario
from zenonzard_tui.usertext import terminal_safe

SIZE = (160, 50)
# The names of NAMES (tests/test_hostile_text.py) in pairs short enough to show whole, one pair
# for markup and wide characters, one for terminal escapes and controls: few apps to start.
PAIRS = [
    pytest.param(("[WIP] Rush [/] [b]I[/]", "[$accent]V[/] \\[b]s 全角🃏"), id="markup-and-wide"),
    pytest.param(("\x1b]0;PWN\x07\x1b[31mR", "\x9b1m\u202eZ\x07\x08\x7f"), id="escapes"),
]
ALL = [name for pair in PAIRS for name in pair.values[0]]


def named_session(names: tuple[str, str], mode: str = "ai", seed: int = 3) -> Session:
    a, b = load_deck(RED), load_deck(BLUE)
    return Session(
        new_game(a, b, seed=seed, first="A"), Settings(mode, 0, "medium", names), ai_seed=seed
    )


def assert_on_screen(duel_app: ZenonzardApp, *names: str) -> str:
    text = screen_text(duel_app)
    for name in names:
        assert terminal_safe(name) in text, text
    assert_only_printable(text)
    return text


@pytest.mark.parametrize("names", PAIRS)
async def test_the_hotseat_cover_shows_hostile_deck_names_as_written(names, tmp_path):
    duel_app = app(named_session(names, mode="hotseat"), tmp_path)
    async with duel_app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(duel_app.screen, CoverScreen))
        assert_on_screen(duel_app, f"Pass to player A ({names[0]})")
        await pilot.press("enter")
        await wait_until(pilot, lambda: duel_app.screen is duel_app.duel)
        assert_on_screen(duel_app, *names)  # the board's header names both decks
        await pilot.press("1")  # keep: B's turn to decide, under the cover
        await wait_until(pilot, lambda: isinstance(duel_app.screen, CoverScreen))
        await pilot.pause()
        assert_on_screen(duel_app, f"Pass to player B ({names[1]})")


async def test_notifications_quoting_hostile_names_are_plain_text(tmp_path):
    duel_app = app(named_session(("Red Rush", "Blue Tides")), tmp_path)
    async with duel_app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        for name in ALL:
            duel_app.notify(f"Saved {name}.json")  # as the builder and the duel say what they saved
            duel_app.duel.notify(f"Puzzle: {name}", title=name)  # a screen's notify: markup=True
        await pilot.pause(0.1)
        assert_on_screen(
            duel_app, *(f"Saved {n}.json" for n in ALL), *(f"Puzzle: {n}" for n in ALL)
        )


def puzzle_session(names: tuple[str, str], won: bool = False) -> Session:
    text = PUZZLE.read_text(encoding="utf-8")
    scenario = parse_scenario(text, "p.toml")
    session = Session(
        scenario.new_game(),
        Settings("ai", 0, "medium", names),
        Puzzle("p.toml", names[0], text, 0),
    )
    if won:
        for action in forced_win(session.game).line:
            session.apply(action)
        assert session.over
    return session


@pytest.mark.parametrize("names", PAIRS)
async def test_a_hostile_puzzle_name_is_announced_as_written(names, tmp_path):
    duel_app = app(puzzle_session(names), tmp_path)
    async with duel_app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await pilot.pause(0.1)
        assert_on_screen(duel_app, f"Puzzle: {names[0]}", *names)


@pytest.mark.parametrize("names", PAIRS)
async def test_the_game_over_summary_shows_hostile_names_as_written(names, tmp_path):
    duel_app = app(puzzle_session(names, won=True), tmp_path)
    async with duel_app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(duel_app.screen, GameOverScreen))
        await pilot.pause()
        summary = str(duel_app.screen.query(".note").last().render())
        # the table cuts a long name to fit its column ("..." at the end): what it shows of
        # each name is the name as written, never markup
        assert all(terminal_safe(name)[:15] in summary for name in names), summary
        assert_on_screen(duel_app, *names)


def saves_with(folder: Path, names: tuple[str, str], file: str = "hostile.json") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    session = named_session(names)
    session.apply("keep")
    return session.save(folder / file)


@pytest.mark.parametrize("names", PAIRS)
async def test_the_resume_list_shows_hostile_save_names_as_written(names, tmp_path):
    saves = tmp_path / "saves"
    saves_with(saves, names)
    saves_with(saves, ("Red Rush", "Blue Tides"), file="\x1b]0;T\x07[b].json")
    damaged = saves / "\x1b[2J[b].json"
    damaged.write_text("{", encoding="utf-8")
    resume = Resume(None, saves, load_session)
    duel_app = ZenonzardApp(resume=resume, ai_delay=0.0)
    async with duel_app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(duel_app.screen, ResumeScreen))
        await pilot.pause()
        assert_on_screen(duel_app, f"{names[0]} vs {names[1]}", damaged.name)
        session = load_session(saves / "hostile.json")
        duel_app.push_screen(ReplayScreen(session, f"{names[0]} vs {names[1]}"))
        await wait_until(pilot, lambda: isinstance(duel_app.screen, ReplayScreen))
        await pilot.pause()
        assert_on_screen(duel_app, f"{names[0]} vs {names[1]}")  # the replay's title


def hostile_deck(folder: Path, name: str, description: str = "A deck") -> Path:
    path = folder / "hostile.deck"
    text = RED.read_text(encoding="utf-8").replace(
        "# name: Red Rush", f"# name: {name}\n# {description}"
    )
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("names", PAIRS)
async def test_the_builder_shows_a_hostile_deck_name_and_description_as_written(names, tmp_path):
    path = hostile_deck(tmp_path, names[0], description=f"about {names[1]}")
    duel_app = ZenonzardApp(builder=DeckDraft.open(path), ai_delay=0.0)
    async with duel_app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(duel_app.screen, BuilderScreen))
        await pilot.pause()
        assert_on_screen(duel_app, names[0], f"about {names[1]}")


@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(name=FUZZ_NAMES.filter(lambda name: len(terminal_safe(name)) <= 30))
async def test_fuzz_names_on_the_cover_the_header_and_a_notification(name, tmp_path):
    duel_app = app(named_session((name, name), mode="hotseat"), tmp_path)
    async with duel_app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(duel_app.screen, CoverScreen))
        assert_on_screen(duel_app, name)
        duel_app.notify(name)
        await pilot.press("enter")
        await wait_until(pilot, lambda: duel_app.screen is duel_app.duel)
        assert_on_screen(duel_app, name)


# ----------------------------------------------------------------------------------------------
# Saving: never replace a file without asking; under `serve`, only a name in the save folder


async def open_save_dialog(pilot, duel_app) -> SaveScreen:
    await wait_until(pilot, lambda: human_to_act(duel_app))
    await pilot.press("s")
    await wait_until(pilot, lambda: isinstance(duel_app.screen, SaveScreen))
    assert isinstance(duel_app.screen, SaveScreen)
    return duel_app.screen


def dialog_text(screen) -> str:
    return str(screen.query_one("#save-error").render())


async def test_the_save_dialog_asks_before_it_replaces_a_file(tmp_path):
    other = tmp_path / "mine.json"
    other.write_text("precious", encoding="utf-8")
    duel_app = app(named_session(("Red Rush", "Blue Tides")), tmp_path)
    async with duel_app.run_test(size=SIZE) as pilot:
        dialog = await open_save_dialog(pilot, duel_app)
        dialog.query_one("Input").value = str(other)
        await pilot.press("enter")
        await pilot.pause()
        assert duel_app.screen is dialog and "mine.json exists" in dialog_text(dialog)
        assert other.read_text(encoding="utf-8") == "precious"  # not yet
        await pilot.press("enter")  # again: replace it
        await wait_until(pilot, lambda: duel_app.screen is duel_app.duel)
    assert load_session(other).settings.names == ("Red Rush", "Blue Tides")


async def test_the_save_dialog_asks_again_for_another_file(tmp_path):
    for name in ("a.json", "b.json"):
        (tmp_path / name).write_text("precious", encoding="utf-8")
    duel_app = app(named_session(("Red Rush", "Blue Tides")), tmp_path)
    async with duel_app.run_test(size=SIZE) as pilot:
        dialog = await open_save_dialog(pilot, duel_app)
        dialog.query_one("Input").value = str(tmp_path / "a.json")
        await pilot.press("enter")
        dialog.query_one("Input").value = str(tmp_path / "b.json")
        await pilot.press("enter")  # the warning was for a.json: b.json is asked about too
        await pilot.pause()
        assert duel_app.screen is dialog and "b.json exists" in dialog_text(dialog)
    assert (tmp_path / "b.json").read_text(encoding="utf-8") == "precious"


def served_app(tmp_path: Path) -> ZenonzardApp:
    return app(named_session(("Red Rush", "Blue Tides")), tmp_path / "saves", saves_by_name=True)


NOT_NAMES = ["../escape", "/tmp/elsewhere.json", "sub/x", ".hidden", "a\\b", "bell\x07", "x" * 200]


async def test_under_serve_the_save_dialog_takes_only_a_name(tmp_path):
    (tmp_path / "saves").mkdir()
    duel_app = served_app(tmp_path)
    async with duel_app.run_test(size=SIZE) as pilot:
        dialog = await open_save_dialog(pilot, duel_app)
        field = dialog.query_one("Input")
        assert field.value.endswith(".json") and "/" not in field.value  # a name is offered
        for typed in NOT_NAMES:
            field.value = typed
            await pilot.press("enter")
            await pilot.pause()
            assert duel_app.screen is dialog, typed
            expected = "at most 120" if len(typed) > 120 else "A name only"
            assert expected in dialog_text(dialog), typed
    assert not list(tmp_path.rglob("*.json"))
    assert not (tmp_path / "escape").exists() and not Path("/tmp/elsewhere.json").exists()


async def test_under_serve_a_name_is_saved_in_the_save_folder(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    duel_app = served_app(tmp_path)
    async with duel_app.run_test(size=SIZE) as pilot:
        dialog = await open_save_dialog(pilot, duel_app)
        dialog.query_one("Input").value = "my game"
        await pilot.press("enter")
        await wait_until(pilot, lambda: duel_app.screen is duel_app.duel)
    assert load_session(saves / "my game.json").texts == duel_app.session.texts


async def test_under_serve_a_link_in_the_save_folder_is_not_written_through(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    target = tmp_path / "outside.txt"
    target.write_text("precious", encoding="utf-8")
    (saves / "link.json").symlink_to(target)
    duel_app = served_app(tmp_path)
    async with duel_app.run_test(size=SIZE) as pilot:
        dialog = await open_save_dialog(pilot, duel_app)
        dialog.query_one("Input").value = "link"
        await pilot.press("enter")
        await pilot.press("enter")
        await pilot.pause()
        assert duel_app.screen is dialog and "not a save file" in dialog_text(dialog)
    assert target.read_text(encoding="utf-8") == "precious"
    assert (saves / "link.json").is_symlink()


async def test_the_builder_asks_before_it_replaces_a_deck_file(tmp_path):
    precious = tmp_path / "mine.deck"
    precious.write_text("# name: Mine\n", encoding="utf-8")
    duel_app = ZenonzardApp(builder=DeckDraft.open(hostile_deck(tmp_path, "New")), ai_delay=0.0)
    async with duel_app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(duel_app.screen, BuilderScreen))
        builder = duel_app.screen
        assert isinstance(builder, BuilderScreen)
        builder.draft.path = None  # as a new deck: saving asks where
        builder.action_save()
        await wait_until(pilot, lambda: isinstance(duel_app.screen, PathScreen))
        await pilot.pause()
        dialog = duel_app.screen
        dialog.query_one("Input").value = str(precious)
        await pilot.press("enter")
        await pilot.pause()
        said = str(dialog.query_one("#path-error").render())
        assert duel_app.screen is dialog and "mine.deck" in said and "exists" in said
        assert precious.read_text(encoding="utf-8") == "# name: Mine\n"
        await pilot.press("enter")
        await wait_until(pilot, lambda: duel_app.screen is builder)
    assert "# name: New" in precious.read_text(encoding="utf-8")
