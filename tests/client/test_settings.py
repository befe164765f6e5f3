"""The settings file: one typed `Settings`, read with tomllib, written by hand (atomically); a bad
file gives warnings and defaults, never a crash, and is kept aside, never overwritten."""

from __future__ import annotations

import tomllib

from hypothesis import given
from hypothesis import strategies as st

from tests.client.helpers import RED, session, wait_until
from zenonzard_tui.cli import build_parser, main, play_cmd
from zenonzard_tui.client.app import ZenonzardApp
from zenonzard_tui.client.screens.settings import SettingsScreen
from zenonzard_tui.client.settings import (
    Settings,
    load_settings,
    save_settings,
    settings_path,
    toml_string,
)


def test_settings_go_to_the_config_folder_the_environment_names(tmp_path, monkeypatch):
    monkeypatch.setenv("ZENONZARD_CONFIG_DIR", str(tmp_path))
    assert settings_path() == tmp_path / "settings.toml"


def test_a_saved_file_loads_back_the_same(tmp_path):
    mine = Settings(
        mode="hotseat", seat=1, ai="strong", theme="nord", ai_delay=0.25,
        deck='my "best" deck\\.deck', opponent_deck="red-rush", autopass=False,
    )  # fmt: skip
    path = save_settings(mine, tmp_path / "settings.toml")
    loaded = load_settings(path)
    assert loaded.warnings == [] and loaded.settings == mine


@given(st.text(max_size=40))
def test_any_text_is_written_as_a_toml_string_that_reads_back(text):
    assert tomllib.loads(f"x = {toml_string(text)}")["x"] == text


def test_no_file_gives_the_defaults_quietly(tmp_path):
    loaded = load_settings(tmp_path / "none.toml")
    assert loaded.settings == Settings() and loaded.warnings == []


def test_a_file_that_is_not_toml_is_kept_aside_with_a_warning(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('theme = "nord"\nai = [unclosed\n')
    loaded = load_settings(path)
    assert loaded.settings == Settings()
    assert "not valid TOML" in loaded.warnings[0] and "line 2" in loaded.warnings[0]
    assert not path.exists() and loaded.kept_aside is not None
    assert loaded.kept_aside.read_text().startswith('theme = "nord"')  # nothing lost
    assert str(loaded.kept_aside) in loaded.warnings[-1]


def test_bad_values_are_named_and_the_good_ones_kept(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('ai = "hard"\nai_delay = 0.1\ncolour = "red"\nautopass = "yes"\n')
    loaded = load_settings(path)
    text = "\n".join(loaded.warnings)
    assert "ai = 'hard': must be one of easy, medium, strong, expert; using 'medium'" in text
    assert "unknown setting 'colour'" in text and "autopass = 'yes'" in text
    assert loaded.settings.ai_delay == 0.1 and loaded.settings.ai == "medium"
    assert loaded.kept_aside is not None and not path.exists()


def test_play_takes_its_defaults_from_the_settings_and_the_command_line_wins():
    prefs = Settings(mode="hotseat", ai="strong", deck=str(RED), seat=1)
    args = build_parser().parse_args(["play", "--seed", "3"])
    sess, _ = play_cmd.build(args, prefs)
    assert sess.hotseat and sess.settings.seat == 1 and sess.settings.names[1] == "Red Rush"
    args = build_parser().parse_args(["play", "--seed", "3", "--ai", "easy"])
    sess, _ = play_cmd.build(args, prefs)
    assert not sess.hotseat and sess.settings.ai == "easy"


def test_a_bad_default_deck_is_reported_as_the_settings_files(capsys):
    save_settings(Settings(deck="no-such-deck"))
    assert main(["play", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert str(settings_path()) in err and "deck = 'no-such-deck'" in err


def test_a_bad_settings_file_warns_on_stderr_and_play_goes_on(capsys, monkeypatch):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("ai_delay = 99\n")
    monkeypatch.setattr(play_cmd, "_has_terminal", lambda: True)
    monkeypatch.setattr(ZenonzardApp, "run", lambda self, **_: None)
    assert main(["play", "--seed", "1"]) == 0
    err = capsys.readouterr().err
    assert "warning" in err and "ai_delay = 99" in err


async def test_f2_changes_settings_and_they_persist(tmp_path):
    file = tmp_path / "settings.toml"
    duel_app = ZenonzardApp(
        session(), ai_delay=0.0, settings=Settings(ai_delay=0.0), settings_file=file
    )
    async with duel_app.run_test(size=(100, 40)) as pilot:
        await pilot.press("f2")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, SettingsScreen))
        screen = duel_app.screen
        screen.query_one("#set-delay").value = "1.5"
        screen.query_one("#set-ai").value = "strong"
        screen.query_one("#set-theme").value = "nord"
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: not isinstance(duel_app.screen, SettingsScreen))
        assert duel_app.theme == "nord" and duel_app.duel.ai_delay == 1.5
    saved = load_settings(file)
    assert saved.warnings == []
    assert (saved.settings.ai, saved.settings.ai_delay, saved.settings.theme) == (
        "strong",
        1.5,
        "nord",
    )


async def test_a_wrong_value_in_the_form_stays_on_the_screen(tmp_path):
    file = tmp_path / "settings.toml"
    duel_app = ZenonzardApp(session(), ai_delay=0.0, settings_file=file)
    async with duel_app.run_test(size=(100, 40)) as pilot:
        await pilot.press("f2")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, SettingsScreen))
        duel_app.screen.query_one("#set-deck").value = "no-such-deck"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(duel_app.screen, SettingsScreen)
        assert "Your deck" in str(duel_app.screen.query_one("#settings-error").render())
        await pilot.press("escape")
    assert not file.exists()


async def test_a_theme_chosen_in_the_command_palette_is_kept(tmp_path):
    file = tmp_path / "settings.toml"
    duel_app = ZenonzardApp(session(), ai_delay=0.0, settings_file=file)
    async with duel_app.run_test(size=(100, 40)) as pilot:
        duel_app.theme = "gruvbox"  # what the palette's theme picker does
        await wait_until(pilot, file.exists)
    assert load_settings(file).settings.theme == "gruvbox"


async def test_auto_pass_off_in_the_settings_starts_a_game_without_it():
    prefs = Settings(autopass=False, deck=str(RED))
    sess, _ = play_cmd.build(build_parser().parse_args(["play", "--seed", "3"]), prefs)
    duel_app = ZenonzardApp(sess, ai_delay=0.0)
    async with duel_app.run_test(size=(100, 30)):
        assert duel_app.duel.autopass is False
    sess, _ = play_cmd.build(build_parser().parse_args(["play", "--seed", "3"]), Settings())
    duel_app = ZenonzardApp(sess, ai_delay=0.0)
    async with duel_app.run_test(size=(100, 30)):
        assert duel_app.duel.autopass is True


def test_each_hotseat_player_has_a_flash_choice_in_the_file(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('hotseat_flash = "usable"\n')  # a file written before: one choice for both
    assert load_settings(path).settings.hotseat_flash == ("usable", "usable")
    path.write_text('hotseat_flash = ["usable", "ask"]\n')
    loaded = load_settings(path)
    assert loaded.warnings == [] and loaded.settings.hotseat_flash == ("usable", "ask")
    save_settings(loaded.settings, path)
    assert load_settings(path).settings.hotseat_flash == ("usable", "ask")
    save_settings(Settings(), path)
    assert 'hotseat_flash = "ask"\n' in path.read_text()  # the same for both: one word
    path.write_text('hotseat_flash = ["ask"]\n')
    bad = load_settings(path)
    assert bad.settings.hotseat_flash == ("ask", "ask")
    assert "a list of two of them (A's, B's)" in "\n".join(bad.warnings)


async def test_the_flash_choice_of_each_seat_starts_a_hotseat_game():
    from tests.client.helpers import app

    sess = session(mode="hotseat")
    sess.settings.hotseat_flash = ("ask", "usable")
    duel_app = app(sess)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert duel_app.duel.flash_choice == ["ask", "usable"]


async def test_a_deck_the_form_refuses_shows_its_first_problems(tmp_path):
    """'illegal deck, 20 problems:' and nothing after it was all the form said (a browser audit)."""
    bad = tmp_path / "bad.deck"
    bad.write_text(
        "Forces: Force of Sin, Force of Triumph\n" + "".join(f"x{i}\n" for i in range(9))
    )
    duel_app = ZenonzardApp(session(), ai_delay=0.0, settings_file=tmp_path / "settings.toml")
    async with duel_app.run_test(size=(100, 40)) as pilot:
        await pilot.press("f2")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, SettingsScreen))
        duel_app.screen.query_one("#set-deck").value = str(bad)
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = str(duel_app.screen.query_one("#settings-error").render())
        assert "illegal deck" in error
        assert f"{bad}:2: not a deck line" in error  # the first problem itself
        assert "more (zenonzard validate lists them all)" in error
