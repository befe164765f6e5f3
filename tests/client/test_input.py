"""Input that never plays what nobody chose (issue 19): keys typed in one burst after `/` go
into the filter in order, and Enter in the filter plays only the action its words name."""

from __future__ import annotations

import contextlib

import pytest
from textual import events
from textual.keys import _character_to_key

from tests.client.helpers import app, human_to_act, wait_until
from tests.client.test_flow import washed_out
from zenonzard_tui.client.widgets.actions import ActionFilter, ActionList
from zenonzard_tui.client.widgets.keybar import KeyBar


@contextlib.asynccontextmanager
async def your_move(sess, size: tuple[int, int] = (120, 40), tmp_path=None):
    """The duel on `sess` at the human's first decision: (the app, its pilot)."""
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        yield duel_app, pilot


async def burst(pilot, *keys: str) -> None:
    """The keys as a terminal sends what was typed fast (or `tmux send-keys` in one call): all
    read at once, queued before the app has handled the first, then the app let run."""
    driver = pilot.app._driver
    for key in keys:  # a character ("/", "e") or a key's name ("enter", "down")
        char = key if len(key) == 1 else None
        if char is not None and not char.isalnum():
            key = _character_to_key(char)  # "/": the key "slash" with its character
        event = events.Key(key, char)
        event.set_sender(pilot.app)
        driver.send_message(event)
    for _ in range(3):
        await pilot.pause()


async def test_keys_typed_fast_after_slash_go_into_the_filter_in_order(tmp_path):
    sess = washed_out()
    async with your_move(sess, (120, 40), tmp_path) as (duel_app, pilot):
        await burst(pilot, "/", "e", "t", "e", "r")
        box = duel_app.duel.query_one("#filter", ActionFilter)
        assert box.value == "eter" and duel_app.focused is box
        listing = duel_app.duel.query_one("#actions", ActionList)
        assert listing.texts == ["attack Drill Golem -> Force of Eternity"]
        assert sess.texts == []


async def test_slash_end_enter_in_one_burst_ends_the_turn(tmp_path):
    sess = washed_out()
    async with your_move(sess, (120, 40), tmp_path) as (_app, pilot):
        await burst(pilot, "/", "e", "n", "d", "enter")
        assert sess.texts[:1] == ["end turn"]  # not the highlighted summon


async def test_enter_on_an_empty_or_ambiguous_filter_plays_nothing_and_says_so(tmp_path):
    sess = washed_out()
    async with your_move(sess, (120, 40), tmp_path) as (duel_app, pilot):
        duel = duel_app.duel
        await burst(pilot, "/", "enter")
        assert sess.texts == []
        assert any("Type words of an action" in n.message for n in duel_app._notifications)
        await burst(pilot, *"attack", "enter")
        listing = duel.query_one("#actions", ActionList)
        assert sess.texts == [] and len(listing.texts) == 3
        assert any("3 actions match 'attack'" in n.message for n in duel_app._notifications)
        await burst(pilot, *" zzz", "enter")  # nothing matches
        assert sess.texts == []
        await burst(pilot, "escape", "/", *"attack", "down", "down", "enter")
        assert sess.texts[:1] == ["attack Drill Golem -> Force of Harmony"]  # picked in the list
        assert not duel.query_one("#filter").display and duel.filter == ""


async def test_a_slash_typed_in_the_filter_box_is_text():
    sess = washed_out()
    async with your_move(sess, (120, 40)) as (duel_app, pilot):
        await burst(pilot, "/", "a", "/", "b")
        assert duel_app.duel.query_one("#filter", ActionFilter).value == "a/b"


async def test_the_actions_players_take_most_have_keys_of_their_own(tmp_path):
    """e: end turn, p: pass, b: no block, y: keep, d: done, whenever each is legal, wherever it
    is in the list; shown in the list and the key bar, and hidden while not legal."""
    from tests.client.helpers import session

    sess = session(first="A", seed=3)
    async with your_move(sess, (120, 40), tmp_path) as (duel_app, pilot):
        await pilot.pause()
        shown = {item.key: item.description for item in duel_app.duel.query_one(KeyBar).items}
        assert shown.get("y") == "Keep" and "e" not in shown  # the mulligan (ZR 5.2)
        listing = duel_app.duel.query_one("#actions", ActionList)
        assert "keep (y)" in str(listing.get_option_at_index(0).prompt)
        await pilot.press("e", "p", "b", "d")  # none is legal now: nothing happens
        assert sess.texts == []
        await pilot.press("y")
        assert sess.texts[:1] == ["keep"]


async def test_e_ends_the_turn_wherever_end_turn_is_listed(tmp_path):
    sess = washed_out()
    async with your_move(sess, (80, 24), tmp_path) as (duel_app, pilot):
        await pilot.pause()
        listing = duel_app.duel.query_one("#actions", ActionList)
        end = listing.texts.index("end turn")
        assert end > 0 and "end turn (e)" in str(listing.get_option_at_index(end).prompt)
        shown = {item.key: item.description for item in duel_app.duel.query_one(KeyBar).items}
        assert shown.get("e") == "End turn" and "y" not in shown and "p" not in shown
        await pilot.press("e")
        assert sess.texts[:1] == ["end turn"]


async def test_numbers_past_nine_are_typed_as_two_digits():
    """With 12 actions or more: 1 then 2 in quick succession is action 12; 1 alone (after a
    short window) is action 1; a number the list does not have plays nothing and says so."""
    from zenonzard_tui.client.screens.duel import DIGIT_WINDOW

    sess = washed_out()
    async with your_move(sess, (120, 40)) as (duel_app, pilot):
        duel = duel_app.duel
        listing = duel.query_one("#actions", ActionList)
        # the list made as long as a big decision's: numbers reach 12
        listing.show_actions((list(listing.texts) * 3)[:12], listing.token + 1)
        count = len(listing.texts)
        assert count >= 12 and str(listing.get_option_at_index(11).prompt).startswith("12 ")
        assert str(listing.get_option_at_index(0).prompt).startswith(" 1 ")
        played: list[str] = []
        duel.play = played.append  # what the digits pick, without playing it
        await burst(pilot, "1", "2")
        assert played == [listing.texts[11]]
        await burst(pilot, "1")
        assert len(played) == 1 and listing.highlighted == 0  # waiting for a second digit
        await pilot.pause(DIGIT_WINDOW + 0.2)
        assert played[-1] == listing.texts[0]
        beyond = count + 1  # 1 then a digit past the list's end: nothing is played
        assert beyond < 20
        await burst(pilot, *str(beyond))
        assert len(played) == 2
        said = [n.message for n in duel_app._notifications]
        assert f"There is no action {beyond}: the list has {count}." in said
        await burst(pilot, "2")  # 20 > count: no second digit is waited for
        assert played[-1] == listing.texts[1]


ARMOR = """
name = "A attacks; A holds Reinforce Armor"
[state]
turn = 3
active = "A"
phase = "main"
[state.A]
field = [FIELD]
hand = ["Reinforce Armor"]
base = ["Miner of Aguma", "Miner of Aguma"]
[state.B]
field = ["Horned Walrus"]
base = ["Miner of Aguma"]
"""


@pytest.mark.parametrize(
    ("field", "stops"),
    [('"Drill Golem"', False), ('"Drill Golem", "Token Golem S"', True)],
    ids=["no-token-passes", "a-token-stops"],
)
async def test_auto_pass_stops_at_a_flash_window_only_when_a_held_card_could_do_something(
    field, stops
):
    """A smart stop (ZR 8.3, ZR 10.10): A attacks and, after B's pass, has the Flash window.
    Reinforce Armor is legal there, but with no token it gives +0 BP: auto-pass passes. With a
    token it would give +100 BP: the window waits for A."""
    from tests.client.helpers import position_session

    sess = position_session(ARMOR.replace("FIELD", field))
    async with your_move(sess, (120, 40)) as (duel_app, pilot):
        assert duel_app.duel.autopass
        duel_app.duel.play("attack Drill Golem -> player")

        def flash_window_of_a() -> bool:
            pending = sess.game.pending
            return pending is not None and pending.kind == "priority" and pending.seat == 0

        await wait_until(pilot, lambda: flash_window_of_a() or len(sess.texts) > 3)
        await pilot.pause(0.2)
        if stops:
            assert flash_window_of_a() and human_to_act(duel_app)
            assert sess.texts == ["attack Drill Golem -> player", "pass"]  # B's pass
        else:
            assert sess.texts[:3] == ["attack Drill Golem -> player", "pass", "pass"]


async def test_in_hotseat_the_flash_window_asks_even_when_no_card_could_do_anything():
    """The hotseat rule stays (docs/client.md): auto-pass off, every Flash window with a card
    that may be cast asks, so the other player learns nothing of the hand from a pass."""
    from tests.client.helpers import position_session

    sess = position_session(ARMOR.replace("FIELD", '"Drill Golem"'), mode="hotseat")
    duel_app = app(sess)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        duel = duel_app.duel
        duel.autopass = True  # even with auto-pass agreed on
        await wait_until(pilot, lambda: duel_app.screen is not duel or duel.can_act())
        while not (sess.texts and duel.can_act() and sess.game.pending.seat == 0):
            if duel_app.screen is not duel:
                await pilot.press("enter")  # the cover
            elif not sess.texts:
                duel.play("attack Drill Golem -> player")
            else:
                duel.play("pass")  # B's window
            await pilot.pause(0.1)
        assert sess.game.pending.kind == "priority"
        assert sess.texts == ["attack Drill Golem -> player", "pass"]


def test_undo_takes_back_a_smart_stop_pass_with_the_decision_before_it():
    """Against the AI, `u` after a pass auto-pass gave at a smart stop goes back to the attack
    before it (else the pass would be given again at once, and `u` would seem to do nothing)."""
    from tests.client.helpers import position_session

    sess = position_session(ARMOR.replace("FIELD", '"Drill Golem"'))
    for text in ("attack Drill Golem -> player", "pass", "pass"):
        sess.channel(sess.game.pending.seat).act(text)
    assert sess.undo()
    assert sess.texts == []


async def test_concede_asks_first_and_then_ends_the_game(tmp_path):
    from zenonzard_tui.client.screens.modals import ConcedeScreen, GameOverScreen

    sess = washed_out()
    async with your_move(sess, (80, 24), tmp_path) as (duel_app, pilot):
        await pilot.press("G")
        assert isinstance(duel_app.screen, ConcedeScreen)
        box = duel_app.screen.query_one("#concede-box").region  # centred, as every dialog
        assert abs(2 * box.x + box.width - 80) <= 1 and abs(2 * box.y + box.height - 24) <= 1, box
        await pilot.press("enter")  # the focus is on "Play on": Enter alone does not concede
        assert duel_app.screen is duel_app.duel and not sess.over
        await pilot.press("G", "escape")
        assert duel_app.screen is duel_app.duel and not sess.over
        await pilot.press("G", "y")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, GameOverScreen))
        assert sess.over and sess.game.outcome.result() == "B"
        assert sess.texts[-1] == "A concedes"
        assert "conceded" in duel_app.screen.reason


async def test_no_undo_once_the_game_is_over(tmp_path):
    """A conceded game is in the history: `u` (from the board behind the game-over dialog) does
    not reopen it, and the key bar no longer offers it."""
    from zenonzard_tui.client.screens.modals import GameOverScreen
    from zenonzard_tui.client.widgets.keybar import KeyBar

    sess = washed_out()
    async with your_move(sess, (120, 40), tmp_path) as (duel_app, pilot):
        assert "Undo" not in str(duel_app.duel.query_one(KeyBar).render())  # nothing to undo yet
        await pilot.press("G", "y")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, GameOverScreen))
        await pilot.press("enter", "u")  # to the board, then undo
        await pilot.pause()
        assert sess.over and sess.texts[-1] == "A concedes"
        assert "Undo" not in str(duel_app.duel.query_one(KeyBar).render())
        duel_app.duel.action_undo()  # (as the command palette would)
        await pilot.pause()
        assert sess.over and sess.texts[-1] == "A concedes"
        assert any("The game is over" in n.message for n in duel_app._notifications)


async def test_the_command_palette_offers_concede_while_the_game_goes_on(tmp_path):
    from zenonzard_tui.client.screens.modals import ConcedeScreen

    sess = washed_out()
    async with your_move(sess, (120, 40), tmp_path) as (duel_app, pilot):
        commands = {c.title: c for c in duel_app.get_system_commands(duel_app.duel)}
        assert "Concede" in commands
        commands["Concede"].callback()
        await pilot.pause()
        assert isinstance(duel_app.screen, ConcedeScreen)
        await pilot.press("y")
        await wait_until(pilot, lambda: sess.over)
        assert "Concede" not in {c.title for c in duel_app.get_system_commands(duel_app.duel)}


async def test_in_hotseat_the_player_at_the_board_concedes(tmp_path):
    from tests.client.helpers import position_session

    sess = position_session(ARMOR.replace("FIELD", '"Drill Golem"'), mode="hotseat")
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        duel = duel_app.duel
        await wait_until(pilot, lambda: duel_app.screen is not duel or duel.can_act())
        if duel_app.screen is not duel:
            await pilot.press("G")  # under the cover: nobody's view, no concession
            assert not sess.over
            await pilot.press("enter")
        assert duel.viewer == 0
        await pilot.press("G", "y")
        await wait_until(pilot, lambda: sess.over)
        assert sess.texts[-1] == "A concedes" and sess.game.outcome.result() == "B"


def clocked(spec: str, mode: str = "ai"):
    """A new game of two starter decks with a chess clock, as `play --clock SPEC` makes it."""
    from zenonzard_tui.cli import build_parser, play_cmd

    argv = ["play", "--deck", "red-rush", "--opponent-deck", "blue-tides", "--seed", "3"]
    argv += ["--clock", spec] + (["--hotseat"] if mode == "hotseat" else [])
    session, _ = play_cmd.build(build_parser().parse_args(argv))
    return session


async def test_the_clock_shows_for_the_players_and_a_time_that_runs_out_loses(tmp_path):
    from zenonzard_tui.client.screens.modals import GameOverScreen
    from zenonzard_tui.clock import ChessClock
    from zenonzard_tui.engine.outcome import Termination

    sess = clocked("0.05")  # 3 seconds
    assert sess.clock is not None and sess.clock.timed == (0,)  # against the AI: yours alone
    # the clock reads a time the test moves (not the machine's: a loaded machine is slow)
    now = [0.0]
    sess.set_clock(ChessClock(sess.clock.setting, sess.clock.timed, None, now=lambda: now[0]))
    async with your_move(sess, (120, 40), tmp_path) as (duel_app, pilot):
        await pilot.pause(0.3)
        from tests.client.helpers import screen_text

        text = screen_text(duel_app)
        assert "Clock" in text and ("0:03" in text or "3.0" in text), text
        assert not isinstance(duel_app.screen, GameOverScreen)
        now[0] = 3.5
        await wait_until(pilot, lambda: isinstance(duel_app.screen, GameOverScreen), 10)
        assert sess.game.outcome.termination is Termination.TIME
        assert sess.texts[-1] == "A runs out of time"
        assert "A ran out of time (loss on time)" in duel_app.screen.reason


async def test_in_hotseat_both_clocks_run_and_a_save_keeps_the_times_left(tmp_path):
    from zenonzard_tui.client.session import load_session

    sess = clocked("5+2", mode="hotseat")
    assert sess.clock.timed == (0, 1)
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: duel_app.screen is not duel_app.duel)  # the cover
        await pilot.press("enter")
        await pilot.pause(0.3)
        from tests.client.helpers import screen_text

        text = screen_text(duel_app)
        assert text.count("4:5") + text.count("5:00") == 2  # both players' lines
        path = sess.save(tmp_path / "clocked.json")
    left = sess.clock_left()
    loaded = load_session(path)
    assert loaded.settings.clock == "5+2" and loaded.clock is not None
    kept = loaded.clock_left()
    assert kept is not None and all(abs(k - w) < 1 for k, w in zip(kept, left, strict=True))


def test_a_clock_that_cannot_be_used_is_refused_on_the_command_line(capsys):
    from zenonzard_tui.cli import main

    with pytest.raises(SystemExit) as stopped:  # argparse's own exit: status 2, no traceback
        main(["play", "--clock", "ten"])
    assert stopped.value.code == 2
    assert "argument --clock: 'ten' is not a clock" in capsys.readouterr().err


def test_the_settings_file_keeps_a_clock_and_names_a_bad_one(tmp_path):
    from zenonzard_tui.client.settings import Settings, load_settings, save_settings

    path = save_settings(Settings(clock="10+5"), tmp_path / "settings.toml")
    assert 'clock = "10+5"' in path.read_text() and load_settings(path).settings.clock == "10+5"
    path.write_text('clock = "soon"\n')
    loaded = load_settings(path)
    assert loaded.settings.clock == ""
    assert any("clock" in w and "'soon' is not a clock" in w for w in loaded.warnings)


def test_a_network_games_clock_is_set_by_the_room_that_creates_it(capsys):
    from zenonzard_tui.cli import build_parser, play_cmd
    from zenonzard_tui.cli.play_cmd import UsageError
    from zenonzard_tui.client.settings import Settings

    parse = build_parser().parse_args
    args = parse(["play", "--server", "ws://127.0.0.1:1", "--join", "ABCDEF", "--clock", "5"])
    with pytest.raises(UsageError, match="--clock is the room's"):
        play_cmd.network_deck(args, Settings())
    args = parse(["play", "--server", "ws://127.0.0.1:1", "--create", "--clock", "5+2"])
    assert args.clock == "5+2"


async def test_f2_sets_the_chess_clock_of_new_games_and_refuses_one_it_cannot_read(tmp_path):
    from tests.client.helpers import session
    from zenonzard_tui.client.app import ZenonzardApp
    from zenonzard_tui.client.screens.settings import SettingsScreen
    from zenonzard_tui.client.settings import Settings, load_settings

    file = tmp_path / "settings.toml"
    duel_app = ZenonzardApp(
        session(), ai_delay=0.0, settings=Settings(ai_delay=0.0), settings_file=file
    )
    async with duel_app.run_test(size=(100, 40)) as pilot:
        await pilot.press("f2")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, SettingsScreen))
        duel_app.screen.query_one("#set-clock").value = "soon"
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = str(duel_app.screen.query_one("#settings-error").render())
        assert "Chess clock: 'soon' is not a clock" in error
        duel_app.screen.query_one("#set-clock").value = " 10+5 "
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: not isinstance(duel_app.screen, SettingsScreen))
    assert load_settings(file).settings.clock == "10+5"


async def test_left_then_enter_in_one_burst_uses_the_board_card_not_the_list(tmp_path):
    """← moves the focus to the board at once: the Enter typed right after it is the board
    card's (a hand card with one action: that action highlighted, nothing played), not the
    list's (which would play its highlighted action)."""
    from zenonzard_tui.client.widgets.zone import ZoneView

    sess = washed_out()
    async with your_move(sess, (120, 40), tmp_path) as (duel_app, pilot):
        await burst(pilot, "left", "enter")
        assert sess.texts == []
        await burst(pilot, "left")
        assert isinstance(duel_app.focused, ZoneView)


async def test_enter_on_a_board_card_then_a_digit_in_one_burst_picks_from_the_cards_menu(tmp_path):
    """Enter on a board card that several actions use opens the card's own menu at once: the
    digit typed right after it is the menu's number (its 2: attack the player), never action 2 of
    the list (the zone's Enter used to post a message that the screen read only after the app had
    handed the digit to the list's key)."""
    from zenonzard_tui.client.screens.modals import CardActionsScreen
    from zenonzard_tui.client.widgets.zone import ZoneView

    sess = washed_out()
    async with your_move(sess, (120, 40), tmp_path) as (duel_app, pilot):
        field = duel_app.duel.query_one("#my-field", ZoneView)
        field.focus()
        await pilot.pause()
        listing = duel_app.duel.query_one("#actions", ActionList)
        assert listing.texts[1] != "attack Drill Golem -> player"  # the two numbers differ
        await burst(pilot, "enter", "2")
        await wait_until(pilot, lambda: bool(sess.texts))
        assert sess.texts[:1] == ["attack Drill Golem -> player"]
        assert not isinstance(duel_app.screen, CardActionsScreen)


async def test_the_same_note_raised_by_a_burst_of_keys_shows_once(tmp_path):
    """Ten presses of a key that plays nothing raise one toast, not ten stacked over the board;
    a different note (the puzzle's, from the start) still shows beside it. (`w` is for hotseat
    games: against the AI it says so.)"""
    sess = washed_out()
    async with your_move(sess, (120, 40), tmp_path) as (duel_app, pilot):
        await burst(pilot, *"w" * 10)
        said = [n.message for n in duel_app._notifications]
        assert sum("for hotseat games" in m for m in said) == 1, said
        assert sum(m.startswith("Puzzle: Washed out") for m in said) == 1, said
        await burst(pilot, *"w" * 3)
        said = [n.message for n in duel_app._notifications]
        assert sum("for hotseat games" in m for m in said) == 1 and len(said) == 2, said
        assert sess.texts == []


def test_every_dialog_is_centred_by_a_style_rule():
    """Each modal screen of the client is named in a rule that centres it (app.tcss or its own
    DEFAULT_CSS): one left out opens in the top-left corner over the board (the concede dialog
    did)."""
    import inspect
    import re
    from pathlib import Path

    from textual.screen import ModalScreen

    import zenonzard_tui.client.screens as screens

    folder = Path(screens.__file__).parent
    modules = [f"zenonzard_tui.client.screens.{p.stem}" for p in folder.glob("*.py")]
    styles = (folder.parent / "app.tcss").read_text(encoding="utf-8")
    centred: set[str] = set()
    dialogs: dict[str, type] = {}
    for name in modules:
        module = __import__(name, fromlist=["_"])
        for cls_name, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, ModalScreen) and cls.__module__ == name:
                dialogs[cls_name] = cls
    for text in [styles, *(getattr(c, "DEFAULT_CSS", "") for c in dialogs.values())]:
        for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", text):
            if re.search(r"align:\s*center middle", body):
                centred |= {s.strip() for s in selectors.split("/")[-1].split(",")}
    assert len(dialogs) >= 10
    missing = sorted(n for n in dialogs if n not in centred)
    assert not missing, missing


async def test_the_game_waits_while_the_terminal_is_too_small(tmp_path):
    """Below 80x24 the board is hidden and the screen says the game waits: so it does. The AI
    does not move, and keys play nothing (they did: `e` ended the turn and the AI played its
    whole turn unseen); once the terminal is large enough the game goes on."""
    from tests.client.helpers import screen_text, session

    sess = session(first="B", ai="easy")  # the AI (B) decides first
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(60, 20)) as pilot:
        await pilot.pause(0.3)
        assert "The game waits" in screen_text(duel_app)
        assert sess.texts == []  # the AI has not moved
        await pilot.resize_terminal(120, 40)
        await wait_until(pilot, lambda: human_to_act(duel_app))
        made = list(sess.texts)
        assert made  # the AI's mulligan
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await burst(pilot, "y", "e", "1", "enter")
        assert sess.texts == made
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await burst(pilot, "1")
        assert len(sess.texts) > len(made)
