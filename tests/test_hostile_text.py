"""User text is data (issue 20, section 1): a deck, puzzle or save name, a description or an action
text from a file is shown as it is written, never read as Rich or Textual markup and never
passed to the terminal as an escape (ANSI CSI, OSC, other C0 and C1 controls). Each command that
shows such a text gets the hostile names of NAMES, and a fuzz of random names (markup, escapes,
controls and wide characters) goes through `validate`, `sim`'s report and progress bar,
`play --list-saves` and `replay`. The client's screens get the same names in
tests/client/test_hostile_names.py. Listed in the bad-input tables' docstring
(tests/test_bad_input.py)."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zenonzard_tui.cli import main
from zenonzard_tui.cli.sim_cmd import report
from zenonzard_tui.client.session import Session, Settings
from zenonzard_tui.decks import load_deck, starter_files
from zenonzard_tui.engine.game import new_game
from zenonzard_tui.sim.progress import Bar
from zenonzard_tui.sim.tally import Tally
from zenonzard_tui.usertext import plain, terminal_safe

ROOT = Path(__file__).resolve().parents[1]
RED = ROOT / "decks" / "red-rush.deck"
RED_TEXT = RED.read_text(encoding="utf-8")

# Each is a name a careless or hostile file may hold (none has a line break: a deck's name is
# one line of its file).
NAMES = {
    "closing-tag": "Rush [/]",
    "bracketed-word": "[WIP] Red Rush",
    "style": "[bold red]INJ[/]",
    "click-action": "[@click=app.quit]Quit[/]",
    "variable": "[$accent]Var[/] $text",
    "backslash": "back\\[b]slash\\",
    "osc-title": "\x1b]0;PWNED\x07Title",
    "csi-colour": "\x1b[31mRed\x1b[0m",
    "c1-csi": "C1\x9b31mcsi",
    "bidi": "Zen\u202eodnaz",
    "wide": "全角デッキ 🃏 Ω",
    "bell-backspace": "ding\x07\x08\x7f",
}
CASES = [pytest.param(name, id=key) for key, name in NAMES.items()]

FRAGMENTS = st.sampled_from(
    [
        "[", "]", "[/]", "[b]", "[bold red]", "[@click=app.bell]", "[$accent]", "\\", "$", "\\[",
        "\x1b", "\x1b[2J", "\x1b]0;T\x07", "\x1b]8;;http://x\x1b\\", "\x9b", "\x9d", "\x07",
        "\x08", "\x7f", "\u202e", "\u200b", "\ufeff", "全角", "🃏", "\u0301", "Ω", "a", " ", "-",
    ]
)  # fmt: skip
FUZZ_NAMES = st.lists(FRAGMENTS, min_size=1, max_size=8).map(
    lambda parts: "N" + "".join(parts) + "N"
)


def assert_only_printable(out: str) -> None:
    """Nothing in `out` is a control character or an escape (line breaks aside)."""
    bad = sorted({ch for ch in out if not ch.isprintable() and ch != "\n"})
    assert not bad, f"unprintable characters reached the output: {bad!r}"


def assert_shown(out: str, name: str) -> None:
    """`name` appears as it is written (its controls escaped), and nothing else unprintable."""
    assert terminal_safe(name) in out
    assert_only_printable(out)


def deck_named(folder: Path, name: str, file: str = "hostile.deck") -> Path:
    path = folder / file
    path.write_text(RED_TEXT.replace("# name: Red Rush", f"# name: {name}"), encoding="utf-8")
    return path


def save_named(
    folder: Path,
    names: tuple[str, str],
    actions: list[str] | None = None,
    file: str = "hostile.json",
) -> Path:
    a, b = (load_deck(p) for p in starter_files()[:2])
    session = Session(new_game(a, b, seed=5, first="A"), Settings(names=names), ai_seed=5)
    session.apply("keep")
    path = session.save(folder / file)
    if actions is not None:
        record = json.loads(path.read_text(encoding="utf-8"))
        record["actions"] = actions
        path.write_text(json.dumps(record), encoding="utf-8")
    return path


# ----------------------------------------------------------------------------------------------
# The helpers themselves


def test_terminal_safe_escapes_every_control_and_keeps_the_rest():
    assert terminal_safe("\x1b]0;T\x07 \x9b \u202e ok") == "\\x1b]0;T\\x07 \\x9b \\u202e ok"
    assert terminal_safe("全角 [b] $x \\") == "全角 [b] $x \\"
    assert terminal_safe("a\nb\x1b", newlines=True) == "a\nb\\x1b"
    assert terminal_safe("a\nb") == "a\\nb"
    assert terminal_safe("abcdef", 4) == "abc…"


def test_plain_is_never_markup():
    text = plain("[bold red]INJ[/] \x1b[31m", style="italic")
    assert text.plain == "[bold red]INJ[/] \\x1b[31m"
    assert [span.style for span in text.spans] == [] and text.style == "italic"


# ----------------------------------------------------------------------------------------------
# validate (already escaped: these pin it)


@pytest.mark.parametrize("name", CASES)
def test_validate_shows_a_hostile_deck_name_as_written(name, tmp_path, capsys):
    assert main(["validate", str(deck_named(tmp_path, name))]) == 0
    assert_shown(capsys.readouterr().out, name)


# ----------------------------------------------------------------------------------------------
# sim: the report and the progress bar


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def without_the_bars_own_codes(out: str) -> str:
    """The bar's output less the colours and cursor moves Rich writes itself (CSI sequences and
    carriage returns): what is left is what the bar shows."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\r", "", out)


def bar_output(description: str, monkeypatch) -> str:
    """What the progress bar writes to a terminal while it shows `description`."""
    err = FakeTerminal()
    monkeypatch.setattr("sys.stderr", err)
    with Bar() as bar:
        task = bar.add(description, 2)
        bar.advance(task)
        assert bar.progress is not None
        bar.progress.refresh()
    return err.getvalue()


@pytest.mark.parametrize("name", CASES)
def test_the_sim_progress_bar_shows_a_hostile_name_as_written(name, monkeypatch):
    out = bar_output(f"{name} vs Blue Tides", monkeypatch)
    assert terminal_safe(name) in out  # as written: not read as markup (a MarkupError before)
    assert_only_printable(without_the_bars_own_codes(out))


def _tally(a: str, b: str) -> Tally:
    tally = Tally((a, b), ("easy", "easy"))
    return tally


@pytest.mark.parametrize("name", CASES)
def test_the_sim_report_shows_a_hostile_name_as_written(name):
    assert_shown(report(_tally(name, "Blue Tides"), 10), name)


def test_sim_end_to_end_with_a_hostile_deck_name(tmp_path, capsys):
    name = "[bold]B[/] \x1b]0;PWNED\x07 \x9b31m [WIP]"
    deck = deck_named(tmp_path, name)
    assert main(["sim", str(deck), "blue-tides", "--games", "1", "--ai", "easy", "--cards"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"{terminal_safe(name)} (easy) vs Blue Tides (easy): 1 games")
    assert f"{terminal_safe(name)}: its cards over 1 games" in out
    assert_only_printable(out)
    assert_only_printable(err)


def test_sim_names_a_hostile_deck_file_of_a_folder_without_its_escapes(tmp_path, capsys):
    folder = tmp_path / "gauntlet"
    folder.mkdir()
    (folder / "\x1b]0;PWNED\x07.deck").write_text("Forces: Force of Sin\n", encoding="utf-8")
    assert main(["sim", "red-rush", str(folder), "--games", "1", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "\\x1b]0;PWNED\\x07.deck" in err
    assert_only_printable(err)


# ----------------------------------------------------------------------------------------------
# play --list-saves, replay, play --load


@pytest.fixture
def data_dir(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("ZENONZARD_DATA_DIR", str(folder))
    monkeypatch.setenv("ZENONZARD_CONFIG_DIR", str(tmp_path / "config"))
    (folder / "saves").mkdir(parents=True)
    return folder


@pytest.mark.parametrize("name", CASES)
def test_list_saves_shows_hostile_deck_names_as_written(name, data_dir, capsys):
    save_named(data_dir / "saves", (name, "Blue Tides"))
    assert main(["play", "--list-saves"]) == 0
    assert_shown(capsys.readouterr().out, name)


def test_list_saves_shows_a_hostile_file_name_and_puzzle_name_as_written(data_dir, capsys):
    path = save_named(data_dir / "saves", ("Red Rush", "Blue Tides"))
    record = json.loads(path.read_text(encoding="utf-8"))
    record["scenario"] = {"name": "\x1b[2J[b]Puzzle"}
    (data_dir / "saves" / "\x1b]0;T\x07.json").write_text(json.dumps(record), encoding="utf-8")
    assert main(["play", "--list-saves"]) == 0
    out = capsys.readouterr().out
    assert "\\x1b]0;T\\x07.json" in out and "puzzle \\x1b[2J[b]Puzzle" in out
    assert_only_printable(out)


def test_list_saves_lines_up_wide_names_by_their_width_on_screen(data_dir, capsys):
    from rich.cells import cell_len

    save_named(data_dir / "saves", ("全角デッキ", "Blue Tides"), file="a.json")
    save_named(data_dir / "saves", ("Red Rush", "Blue Tides"), file="b.json")
    assert main(["play", "--list-saves"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    columns = {cell_len(line[: line.index("AI medium")]) for line in lines[1:]}
    assert len(columns) == 1, lines  # the mode column starts at the same place on screen


TAMPERED = ["keep", "A summons \x9b31mGolem\u202e \x1b]0;PWNED\x07"]


@pytest.mark.parametrize("command", [["replay"], ["play", "--load"]])
def test_a_tampered_action_text_is_named_without_its_escapes(command, tmp_path, capsys):
    path = save_named(tmp_path, ("Red Rush", "Blue Tides"), TAMPERED)
    assert main([*command, str(path)]) == 2
    err = capsys.readouterr().err
    assert "cannot be replayed" in err and "\\x9b31mGolem\\u202e" in err
    assert_only_printable(err)


def test_a_tampered_deck_card_is_named_without_its_escapes(tmp_path, capsys):
    path = save_named(tmp_path, ("Red Rush", "Blue Tides"))
    record = json.loads(path.read_text(encoding="utf-8"))
    record["decks"][0]["cards"][0] = "\x9b2J\u202eNobody"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "\\x9b2J\\u202eNobody" in err
    assert_only_printable(err)


def test_replay_of_a_save_with_hostile_names_prints_only_printable_text(tmp_path, capsys):
    path = save_named(tmp_path, ("\x1b]0;A\x07[b]", "\x9bB"))
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert_only_printable(out)
    assert_only_printable(err)


def test_the_scenario_command_names_a_hostile_puzzle_as_written(tmp_path, capsys):
    from zenonzard_tui.puzzles import PUZZLES

    text = (PUZZLES / "last-push.toml").read_text(encoding="utf-8")
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("name ="))
    lines[at] = 'name = "\\u001b]0;PWNED\\u0007 [b]P[/] \\u009b"'
    path = tmp_path / "p.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    main(["scenario", str(path)])
    out = capsys.readouterr().out
    assert "\\x1b]0;PWNED\\x07 [b]P[/] \\x9b" in out
    assert_only_printable(out)


def test_a_scenario_card_named_with_escapes_is_refused(tmp_path, capsys):
    from zenonzard_tui.puzzles import PUZZLES

    text = (PUZZLES / "last-push.toml").read_text(encoding="utf-8")
    card = (
        '\n[[card]]\nid = "custom_evil"\nname = "\\u001b]0;PWNED\\u0007Evil"\n'
        'type = "field_minion"\ncolor = "red"\ncost = 1\nbp = 100\ndp = 0\n'
    )
    path = tmp_path / "p.toml"
    path.write_text(text + card, encoding="utf-8")
    for command in (["scenario"], ["play", "--scenario"]):
        assert main([*command, str(path)]) == 2
        err = capsys.readouterr().err
        assert "a card's name is printable text" in err and "\\x1b]0;PWNED\\x07Evil" in err
        assert_only_printable(err)


# ----------------------------------------------------------------------------------------------
# The fuzz: random names through every command that shows them


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=FUZZ_NAMES.filter(lambda name: len(terminal_safe(name)) <= 40))  # one line of output
def test_fuzz_names_through_validate_list_saves_replay_and_sim(name, tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz")
    status, out, err = run_main(["validate", str(deck_named(folder, name))])
    assert status == 0, err
    assert_shown(out, name.strip())
    assert_only_printable(err)
    assert_shown(report(_tally(name, name + "2"), 5), name)
    saves = folder / "data" / "saves"
    saves.mkdir(parents=True)
    save_named(saves, (name, name))
    with pytest.MonkeyPatch.context() as env:
        env.setenv("ZENONZARD_DATA_DIR", str(folder / "data"))
        env.setenv("ZENONZARD_CONFIG_DIR", str(folder / "config"))
        status, out, err = run_main(["play", "--list-saves"])
    assert status == 0, err
    assert_shown(out, name)
    status, out, err = run_main(["replay", str(saves / "hostile.json")])
    assert status == 0, err
    assert_only_printable(out + err)


def run_main(argv: list[str]) -> tuple[int, str, str]:
    """`main(argv)` with its output caught: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


@settings(max_examples=40, deadline=None)
@given(name=FUZZ_NAMES.filter(lambda name: len(terminal_safe(name)) <= 36))  # the bar's room
def test_fuzz_names_through_the_sim_progress_bar(name):
    import sys

    err, old = FakeTerminal(), sys.stderr
    sys.stderr = err
    try:
        with Bar() as bar:
            bar.advance(bar.add(name, 1))
            assert bar.progress is not None
            bar.progress.refresh()
    finally:
        sys.stderr = old
    out = err.getvalue()
    assert terminal_safe(name) in out
    assert_only_printable(without_the_bars_own_codes(out))
