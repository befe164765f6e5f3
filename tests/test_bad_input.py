"""Bad saves and scenarios never crash or hang a command: every case of the one table below is fed
to every command that reads such a file (`replay`, `play --load`, `scenario`, `scenario --solve`,
`play --scenario`), which must say what is wrong, naming the file, and exit with status 2, without
a traceback and before any screen starts. A new case is one more row of CASES.

The sibling tables of hostile input (issue 20):
- tests/test_hostile_text.py: names, descriptions and action texts with markup, terminal escapes,
  controls and wide characters through `validate`, `sim`, `play --list-saves`, `replay`,
  `play --load` and `scenario` (and a fuzz of random names through them);
- tests/client/test_hostile_names.py: the same names on the client's screens (Pilot);
- tests/client/test_serve_bounds.py: `serve` and its sessions (sizes, the session cap, the host,
  saves by name only);
- tests/test_bad_input_folders.py: the settings file and the save folders (autosaves/, history/,
  saves/), temporary files a killed writer leaves, saving through a link;
- tests/test_bad_input_commands.py: names too long for the system given to every command, sim
  --games 10**12 and --ray at an address nobody answers, a Forces line of 20,000 entries,
  scenario zones of 500,000 cards;
- tests/test_bad_input_env.py: calls of the PettingZoo environment (bad ids, seeds, agents, order)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zenonzard_tui.cards import load_pool
from zenonzard_tui.cli import main
from zenonzard_tui.client.session import Session, Settings, load_session
from zenonzard_tui.decks import load_deck, starter_files
from zenonzard_tui.engine.game import new_game
from zenonzard_tui.engine.save import SaveError, game_record
from zenonzard_tui.files import MAX_FILE_BYTES
from zenonzard_tui.puzzles import PUZZLES
from zenonzard_tui.scenarios import ScenarioError, parse_scenario, run_scenario

SAVE_COMMANDS = {"replay": ["replay"], "play --load": ["play", "--load"]}
SCENARIO_COMMANDS = {
    "scenario": ["scenario"],
    "scenario --solve": ["scenario", "--solve"],
    "play --scenario": ["play", "--scenario"],
}
DEEP = 100_000
PUZZLE_TEXT = (PUZZLES / "last-push.toml").read_text(encoding="utf-8")


# ----------------------------------------------------------------------------------------------
# Makers: each writes the bad file into a folder and returns the path to give the command


def _record() -> dict:
    """A legal save: two starter decks, a few actions."""
    a, b = (load_deck(p) for p in starter_files()[:2])
    game = new_game(a, b, seed=5, first="A")
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    record = game_record(game)
    record["client"] = Settings().as_dict()
    return record


RECORD = _record()


def save(change: Callable[[dict], object] | None = None, **raw: str) -> Callable[[Path], Path]:
    """A save: the legal one changed by `change`; `raw` puts JSON text as written in a field."""

    def make(folder: Path) -> Path:
        record = json.loads(json.dumps(RECORD))
        if change is not None:
            change(record)
        for key in raw:
            record[key] = f"@{key}@"
        text = json.dumps(record)
        for key, literal in raw.items():
            text = text.replace(json.dumps(f"@{key}@"), literal)
        path = folder / "bad.json"
        path.write_text(text, encoding="utf-8")
        return path

    return make


def deck_a(cards: Callable[[list[str]], list[str]] | None = None, forces=None):
    """A save whose deck A has other cards (`cards(old)`) or other Forces."""

    def change(record: dict) -> None:
        record["actions"] = []
        deck = record["decks"][0]
        if cards is not None:
            deck["cards"] = cards(deck["cards"])
        if forces is not None:
            deck["forces"] = forces

    return save(change)


def text(content: str | bytes, name: str = "bad.toml") -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = folder / name
        data = content.encode("utf-8") if isinstance(content, str) else content
        path.write_bytes(data)
        return path

    return make


def fifo(name: str) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = folder / name
        os.mkfifo(path)
        return path

    return make


def fifo_link_in_folder(folder: Path) -> Path:
    """A folder whose `*.toml` is a link to a FIFO: the folder is what the command is given."""
    pipe = folder / "pipe"
    os.mkfifo(pipe)
    scenarios = folder / "scenarios"
    scenarios.mkdir()
    (scenarios / "x.toml").symlink_to(pipe)
    return scenarios


def huge(name: str) -> Callable[[Path], Path]:
    """A file over the size limit (sparse: nothing is written)."""

    def make(folder: Path) -> Path:
        path = folder / name
        with open(path, "wb") as f:
            f.truncate(MAX_FILE_BYTES + 1)
        return path

    return make


def dev_zero(folder: Path) -> Path:
    return Path("/dev/zero")


def scenario(seed: str = "1", state_extra: str = "") -> Callable[[Path], Path]:
    """A puzzle file with its [state] seed written as given."""
    body = PUZZLE_TEXT.replace("seed = 11", f"seed = {seed}{state_extra}")
    assert body != PUZZLE_TEXT
    return text(body)


def puzzle_save(scenario_text: str) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        record = {
            "format": "zenonzard-puzzle-save",
            "version": 1,
            "scenario": {"path": "p.toml", "name": "p", "text": scenario_text},
            "actions": [],
        }
        path = folder / "puzzle.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        return path

    return make


POOL = load_pool()
TOKEN = next(c.id for c in POOL.cards.values() if c.type == "token")
GOLEM = POOL.card("Drill Golem").id
FORCES = list(POOL.forces)


@dataclass(frozen=True)
class Case:
    name: str
    kind: str  # "save", "scenario", "file" (every command), "folder" (scenario commands)
    make: Callable[[Path], Path]
    message: str  # a fragment of the message on standard error


CASES = [
    # saves: fields of the wrong kind
    Case("options-list", "save", save(options="[1, 2]"), '"options" must be a table'),
    Case("options-string", "save", save(options='"fast"'), '"options" must be a table'),
    Case("client-ai-list", "save", save(lambda r: r["client"].update(ai=["strong"])), "client.ai"),
    Case("client-not-table", "save", save(client="[1]"), '"client" must be a table'),
    Case("seed-1e400", "save", save(seed="1e400"), "the seed must be a whole number, not 1e400"),
    Case("seed-infinity", "save", save(seed="Infinity"), "whole number, not Infinity"),
    Case("seed-5000-digits", "save", save(seed="7" * 5000), "not a 5000-digit number"),
    Case("seed-1.9", "save", save(seed="1.9"), "the seed must be a whole number, not 1.9"),
    Case("seed-string", "save", save(seed='"12"'), 'the seed must be a whole number, not "12"'),
    Case("seed-true", "save", save(seed="true"), "the seed must be a whole number, not true"),
    Case("seed-2**70", "save", save(seed=str(2**70)), "from -2**63 to 2**64-1"),
    Case("version-0", "save", save(version="0"), "format version must be a whole number from 1"),
    Case("version--5", "save", save(version="-5"), "must be a whole number from 1, not -5"),
    Case("version-true", "save", save(version="true"), "must be a whole number from 1, not true"),
    Case(
        "pool-version-and-bad-action",
        "save",
        save(lambda r: r["actions"].append("A summons Nobody"), pool_version='"0123abcd"'),
        'the save was made with another card pool (pool_version "0123abcd"',
    ),
    Case("pool-version-number", "save", save(pool_version="5"), "must be a short text, not 5"),
    Case("json-deep", "save", text("[" * DEEP + "]" * DEEP, "deep.json"), "nested too deeply"),
    Case("json-deep-client", "save", save(client="[" * DEEP + "]" * DEEP), "nested too deeply"),
    Case("not-an-object", "save", text("[1, 2]", "list.json"), "a save is a JSON object"),
    Case(
        "puzzle-deep-toml",
        "save",
        puzzle_save("x = " + "[" * DEEP + "]" * DEEP),
        "nested too deeply",
    ),
    # saves: illegal decks (ZR 4), refused with the deck validator's problems
    Case("deck-0-cards", "save", deck_a(lambda c: []), "the deck lists no cards"),
    Case("deck-3-cards", "save", deck_a(lambda c: c[:3]), "lists 3 cards (37 short)"),
    Case("deck-5000-cards", "save", deck_a(lambda c: c * 125), "lists 5000 cards"),
    Case(
        "deck-10-copies",
        "save",
        deck_a(lambda c: [GOLEM] * 10 + c[10:]),
        "10 copies of 'Drill Golem'",
    ),
    Case("deck-token", "save", deck_a(lambda c: [TOKEN, *c[1:]]), "Token Minion"),
    Case("deck-0-forces", "save", deck_a(forces=[]), "0 Forces given"),
    Case("deck-1-force", "save", deck_a(forces=FORCES[:1]), "1 Force given"),
    Case("deck-6-forces", "save", deck_a(forces=FORCES[:6]), "6 Forces given"),
    Case("deck-same-force", "save", deck_a(forces=FORCES[:1] * 2), "named twice"),
    # scenarios
    Case("scenario-seed-5000-digits", "scenario", scenario("9" * 5000), "far too long"),
    Case("scenario-seed-100-digits", "scenario", scenario("9" * 100), "from -2**63 to 2**64-1"),
    Case(
        "scenario-deep-arrays",
        "scenario",
        scenario("1\nx = " + "[" * DEEP + "]" * DEEP),
        "nested too deeply",
    ),
    Case(
        "scenario-deep-inline-tables",
        "scenario",
        scenario("1\nx = " + "{a=" * DEEP + "}" * DEEP),
        "nested too deeply",
    ),
    # files that are not files one can read
    Case("fifo", "file", fifo("pipe.json"), "is not a regular file (a FIFO"),
    Case("dev-zero", "file", dev_zero, "is not a regular file (a device"),
    Case("over-16-mb", "file", huge("huge.json"), "is too large"),
    Case("fifo-link-in-folder", "folder", fifo_link_in_folder, "is not a regular file (a FIFO"),
]


def _commands(kind: str) -> dict[str, list[str]]:
    return {
        "save": SAVE_COMMANDS,
        "scenario": SCENARIO_COMMANDS,
        "file": {**SAVE_COMMANDS, **SCENARIO_COMMANDS},
        "folder": {k: v for k, v in SCENARIO_COMMANDS.items() if k != "play --scenario"},
    }[kind]


RUNS = [
    pytest.param(case, command, id=f"{case.name}:{command}")
    for case in CASES
    for command in _commands(case.kind)
]


@pytest.mark.parametrize(("case", "command"), RUNS)
def test_bad_input_is_refused_with_a_clear_message(case, command, tmp_path, capsys, no_hang):
    path = case.make(tmp_path)
    argv = [*_commands(case.kind)[command], str(path)]
    status = main(argv)
    err = capsys.readouterr().err
    assert status == 2, err
    assert case.message in err
    assert str(path) in err  # the message names the file
    assert "Traceback" not in err
    assert "needs a terminal" not in err  # refused before the client would start


def test_the_legal_save_of_the_table_is_read(tmp_path, capsys):
    """The cases above fail for what they change, not for something else in the save."""
    path = save()(tmp_path)
    assert main(["replay", str(path)]) == 0
    assert main(["play", "--load", str(path)]) == 2
    assert "needs a terminal" in capsys.readouterr().err


def test_a_byte_order_mark_is_fine(tmp_path, capsys):
    path = save()(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert main(["replay", str(path)]) == 0
    toml = tmp_path / "puzzle.toml"
    toml.write_bytes(b"\xef\xbb\xbf" + PUZZLE_TEXT.encode("utf-8"))
    assert main(["scenario", str(toml)]) == 0
    capsys.readouterr()


def test_a_puzzle_save_is_read(tmp_path, capsys):
    path = puzzle_save(PUZZLE_TEXT)(tmp_path)
    assert main(["replay", str(path)]) == 0
    assert "the game goes on" in capsys.readouterr().out


def test_a_saved_session_still_loads(tmp_path):
    a, b = (load_deck(p) for p in starter_files()[:2])
    session = Session(new_game(a, b, seed=9, first="B"), Settings(), ai_seed=9)
    session.apply("keep")
    path = session.save(tmp_path / "s.json")
    assert main(["replay", str(path)]) == 0


@pytest.mark.parametrize(
    ("name", "command"),
    [("fifo", "replay"), ("json-deep", "play --load"), ("scenario-seed-5000-digits", "scenario")],
)
def test_bad_input_in_a_real_process(name, command, tmp_path):
    case = next(c for c in CASES if c.name == name)
    path = case.make(tmp_path)
    argv = [sys.executable, "-m", "zenonzard_tui", *_commands(case.kind)[command], str(path)]
    done = subprocess.run(
        argv, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
    )
    assert done.returncode == 2, done.stderr
    assert case.message in done.stderr and str(path) in done.stderr
    assert "Traceback" not in done.stderr


def test_messages_name_the_command_and_the_file(tmp_path, capsys):
    path = save(seed="1.9")(tmp_path)
    main(["replay", str(path)])
    line = capsys.readouterr().err.strip()
    assert re.fullmatch(
        rf"zenonzard replay: {re.escape(str(path))}: the seed must be a whole number, not 1.9", line
    )


def test_validate_takes_a_starter_decks_name_like_play_and_sim(capsys):
    assert main(["validate", "red-rush"]) == 0
    assert "LEGAL - Red Rush" in capsys.readouterr().out
    assert main(["validate", "no-such-starter"]) == 2
    err = capsys.readouterr().err
    assert "no such deck file or starter deck" in err and "red-rush" in err


def test_play_scenario_with_an_unknown_name_points_to_the_puzzle_list(capsys):
    assert main(["play", "--scenario", "nosuch"]) == 2
    err = capsys.readouterr().err
    assert "zenonzard play: nosuch: no such scenario file or practice puzzle" in err
    assert "zenonzard scenario --puzzles" in err


# ----------------------------------------------------------------------------------------------
# Beyond the table: any value in any field of a save is a SaveError or a game, never a crash

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
PLACES = [
    ("format",),
    ("version",),
    ("pool_version",),
    ("seed",),
    ("first",),
    ("options",),
    ("options", "first_turn_attack"),
    ("decks",),
    ("decks", 0),
    ("decks", 1, "cards"),
    ("decks", 0, "cards", 3),
    ("decks", 1, "forces"),
    ("decks", 0, "forces", 1),
    ("actions",),
    ("actions", 2),
    ("client",),
    ("client", "mode"),
    ("client", "seat"),
    ("client", "ai"),
    ("client", "names"),
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(place=st.sampled_from(PLACES), value=JSON_VALUES)
def test_any_value_anywhere_in_a_save_is_a_clear_error_or_a_game(place, value, tmp_path_factory):
    record = json.loads(json.dumps(RECORD))
    target = record
    for key in place[:-1]:
        target = target[key]
    target[place[-1]] = value
    path = tmp_path_factory.mktemp("fuzz") / "save.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    try:
        load_session(path)
    except SaveError as exc:
        assert str(exc).startswith(f"{path}: ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["replay"], "cannot be read: File name too long"),
        (["play", "--load"], "cannot be read: File name too long"),
        (["scenario"], "no such file, folder or puzzle"),
        (["scenario", "--solve"], "no such file, folder or puzzle"),
        (["play", "--scenario"], "no such scenario file or practice puzzle"),
        (["play", "--deck"], "no such deck file or starter deck"),
        (["validate"], "no such deck file or starter deck"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else "",
)
def test_a_name_too_long_for_the_system_is_refused(argv, message, capsys):
    assert main([*argv, "a" * 5000]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize("seed", [str(2**64), "9" * 5000, "1.5"])
def test_play_takes_only_a_seed_a_save_can_hold(seed, capsys):
    with pytest.raises(SystemExit) as exit:
        main(["play", "--seed", seed])
    assert exit.value.code == 2
    assert "argument --seed" in capsys.readouterr().err


# ----------------------------------------------------------------------------------------------
# Any value in any field of a scenario's position is a ScenarioError or a game


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()) + "}"
    return "null"  # None: not TOML, a TOML error is fine too


TOML_VALUES = st.recursive(
    st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
    | st.sampled_from(["Drill Golem", "colorless", "force_sin", "A", "main", "standby"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["card", "id", "life", "rested", "arrived", "destroyed", "x"]),
            inner,
            max_size=3,
        )
    ),
    max_leaves=10,
)
STATE_PLACES = [("[state]", key) for key in ("turn", "active", "phase", "seed", "extra")] + [
    (f"[state.{who}]", key)
    for who in "AB"
    for key in ("life", "movement", "forces", "hand", "deck", "base", "field", "trash")
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(place=st.sampled_from(STATE_PLACES), value=TOML_VALUES)
def test_any_value_anywhere_in_a_position_is_a_clear_error_or_a_game(place, value):
    header, key = place
    lines = [line for line in PUZZLE_TEXT.splitlines() if not line.startswith(f"{key} =")]
    at = lines.index(header) + 1
    text = "\n".join([*lines[:at], f"{key} = {_toml(value)}", *lines[at:]])
    try:
        scenario = parse_scenario(text, "fuzz.toml")
    except ScenarioError as exc:
        assert str(exc).startswith("fuzz.toml")
    else:
        assert run_scenario(scenario).game is not None


def test_save_json_keeps_fractions_as_numbers_and_shows_the_unholdable_as_written():
    """A fraction is a float (a room file's 'created' time); 1e400 and Infinity, which no float
    holds, are numbers no check accepts, and a message shows them as written."""
    from zenonzard_tui.engine.save import parse_record, shown

    record = parse_record(b'{"created": 1700000000.25, "seed": 1e400, "x": -Infinity}', "f")
    assert record["created"] == 1700000000.25 and type(record["created"]) is float
    assert not isinstance(record["seed"], int | float) and shown(record["seed"]) == "1e400"
    assert not isinstance(record["x"], int | float) and shown(record["x"]) == "-Infinity"
