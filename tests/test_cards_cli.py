"""`zenonzard cards`: the listing, its filters, --json, --show and --forces; bad values exit 2."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from zenonzard_tui.cards import load_pool
from zenonzard_tui.cards.render import FORCE_COMMON_TEXT, card_text, force_text
from zenonzard_tui.cli import main

POOL = load_pool()


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich reads the width from COLUMNS when the output is not a terminal."""
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("NO_COLOR", raising=False)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(["cards", *argv])
    except SystemExit as exc:  # argparse errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def names_in(out: str) -> set[str]:
    return {c.name for c in POOL.cards.values() if c.name in out}


# ----------------------------------------------------------------------------------------------
# Listing


def test_lists_the_whole_pool(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert code == 0 and err == ""
    assert names_in(out) == {c.name for c in POOL.cards.values()}
    tokens = sum(c.is_token for c in POOL.cards.values())
    assert f"{len(POOL.cards)} cards ({tokens} tokens, never in a deck)" in out
    assert "Token Minion" in out


def test_listing_shows_rules_text_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "Sawblade")
    assert code == 0
    assert "[When Summoned] Put 1 Token Golem S" in out  # the brackets survive Rich
    assert "red_03_02_00_00" in out


def test_listing_is_sorted_by_color_cost_name(capsys: pytest.CaptureFixture[str]) -> None:
    cards = run_json(capsys)
    colors = ["red", "yellow", "white", "green", "blue", "purple", "colorless"]
    keys = [(colors.index(c["color"]), -1 if c["cost"] is None else c["cost"]) for c in cards]
    assert keys == sorted(keys)
    reds = [c["name"] for c in cards if c["color"] == "red"]
    assert POOL.card(reds[0]).type == "base_minion"  # the Base Minions (no cost) first
    assert reds.index("Drill Golem") < reds.index("Eoraptor")


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["golem"], {"Drill Golem", "Sawblade Golem", "Token Golem S", "Token Golem M"}),
        (["GOLEM", "--type", "token"], {"Token Golem S", "Token Golem M"}),
        (["red_02_02_00_01"], {"Drill Golem"}),
        (
            ["cannot attack forces"],
            {f"Token {k} Dragon" for k in ("Fire", "Water", "Wind", "Thunder")},
        ),
        (
            ["--color", "blue", "--cost", "2"],
            {"Pentagona Orchestra Tubist", "Horned Walrus", "Controlling Current", "Token Merman"},
        ),
        (
            ["--color", "Green", "--type", "magic"],
            {"Binding Ivy", "Apple of Power", "Crest of Guidance"},
        ),
        (
            ["--class", "dragon", "--cost", "4+"],
            {"Token Dragon", "Token Wind Dragon", "Token Thunder Dragon"},
        ),
        (["--type", "base", "--color", "white"], {"Denizen of Machinas"}),
        (
            ["--cost", "0"],
            {c.name for c in POOL.cards.values() if c.type == "base_minion" and c.set == "BASIC"},
        ),
        (
            ["--cost", "6-7", "--color", "colorless"],
            {"Revolver Condor", "Spiked Octopus", "Bon Balloon Mouse", "Nue - Beast of Death"},
        ),
        (["--type", "field_minion", "--class", "Golem"], {"Drill Golem", "Sawblade Golem"}),
    ],
)
def test_filters_combine(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: set[str]
) -> None:
    argv = [*argv, "--set", "BASIC"]  # the expectations name BASIC cards
    assert {c["name"] for c in run_json(capsys, *argv)} == expected
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert names_in(out) >= expected


@pytest.mark.parametrize(
    "value", ["BASIC", "basic", "PC01", "awaken", "PC01R", "Beyond", "PC02", "contract", "EX01"]
)
def test_set_filter_takes_a_code_or_a_name(capsys: pytest.CaptureFixture[str], value: str) -> None:
    code = {
        "basic": "BASIC",
        "pc01": "PC01",
        "awaken": "PC01",
        "pc02": "PC02",
        "contract": "PC02",
        "ex01": "EX01",
    }.get(value.casefold(), "PC01R")
    cards = run_json(capsys, "--set", value)
    assert {c["id"] for c in cards} == {cid for cid, c in POOL.cards.items() if c.set == code}
    assert all(c["set"] == code for c in cards)
    if cards:  # the listing names the set in its Set column
        _, out, _ = run(capsys, "--set", value)
        assert f" {code} " in out


def test_the_contract_and_ex01_sets_list_all_their_cards(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert len(run_json(capsys, "--set", "CONTRACT")) == 100
    assert len(run_json(capsys, "--set", "EX01")) == 12


@pytest.mark.parametrize(
    ("form", "types"),
    [
        ("field", {"field_minion"}),
        ("Field Minion", {"field_minion"}),
        ("base_minion", {"base_minion"}),
        ("base", {"base_minion"}),
        ("magic", {"magic"}),
        ("tokens", {"token"}),
        ("token_minion", {"token"}),
        ("minion", {"field_minion", "base_minion", "token"}),
    ],
)
def test_type_accepts_friendly_forms(
    capsys: pytest.CaptureFixture[str], form: str, types: set[str]
) -> None:
    assert {c["type"] for c in run_json(capsys, "--type", form)} == types


def test_no_match_is_not_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "no such card anywhere")
    assert (code, out.strip(), err) == (0, "no cards match", "")
    assert run_json(capsys, "no such card anywhere") == []


def test_narrow_console_hides_the_text_column(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, "--color", "red")
    assert code == 0
    assert all(len(line) <= 80 for line in out.splitlines())
    assert "Sams - The All-Seeing Commander" in out
    assert "[On Your Turn]" not in out
    assert "--text" in out  # says how to see the text
    code, out, _ = run(capsys, "--color", "red", "--text")
    assert all(len(line) <= 80 for line in out.splitlines())
    assert "[On Your Turn]" in out
    assert "Sawblade Golem — red Field Minion, cost 3 (red 1), 200 BP / 1 DP, Golem" in out


def test_no_text_hides_it_when_wide(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "Sams", "--no-text")
    assert "[On Your Turn]" not in out


# ----------------------------------------------------------------------------------------------
# --json


def test_json_has_every_field(capsys: pytest.CaptureFixture[str]) -> None:
    cards = run_json(capsys)
    assert len(cards) == len(POOL.cards)
    by_id = {c["id"]: c for c in cards}
    golem = by_id["red_03_02_00_00"]
    assert golem == golem | {
        "name": "Sawblade Golem",
        "type": "field_minion",
        "token": False,
        "color": "red",
        "cost": 3,
        "pips": {"red": 1},
        "bp": 200,
        "dp": 1,
        "classes": ["Golem"],
        "rarity": "Basic",
        "set": "BASIC",
        "set_name": "BASIC",
        "unsupported": None,
        "keywords": [],
        "deck_limit": 3,
        "estimated": False,
        "text": card_text(POOL.cards["red_03_02_00_00"]),
    }
    step = golem["effects"][0]["steps"][0]
    assert golem["effects"][0]["when"] == "summoned"
    assert step["do"] == "create_token" and step["token"] == "red_01_04_00_00"
    assert by_id["red_00_01_00_00"]["deck_limit"] is None
    assert by_id["red_00_01_00_00"]["cost"] is None
    assert by_id["red_04_04_00_00"]["token"] is True
    assert by_id["red_02_03_00_00"]["timing"] == ["main", "flash"]
    for card in cards:
        assert set(card) >= {"id", "name", "type", "color", "cost", "pips", "bp", "dp", "text"}


def test_json_effects_are_plain_data(capsys: pytest.CaptureFixture[str]) -> None:
    sams = run_json(capsys, "Sams")[0]
    effect = sams["effects"][0]
    assert effect["during"] == "your_turn"
    step = effect["steps"][0]
    assert step["target"] == {
        "side": "self",
        "zone": "field",
        "count": "all",
        "up_to": False,
        "other": False,
        "or_force": False,
        "keyword": "charge",
    }
    shadowhand = run_json(capsys, "Shadowhand")[0]
    per = shadowhand["effects"][0]["steps"][0]["per"]
    assert per["zone"] == "forces" and per["destroyed"] is True
    apple = run_json(capsys, "Apple of Power")[0]
    assert apple["effects"][0]["steps"][0]["grant"] == ["pierce"]


# ----------------------------------------------------------------------------------------------
# --show


def test_show_a_card(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--show", "Sawblade Golem")
    assert code == 0 and err == ""
    for words in ("Sawblade Golem", "Field Minion", "3 (red 1)", "200 / 1", "Golem", "Basic"):
        assert words in out
    assert re.search(r"Set +BASIC", out)
    assert "red_03_02_00_00" in out
    assert "[When Summoned] Put 1 Token Golem S (red, Golem, cost 1, 100 BP/1 DP)" in out


@pytest.mark.parametrize("query", ["red_03_02_00_00", "sawblade golem", "sawblade"])
def test_show_by_id_name_or_unique_part(capsys: pytest.CaptureFixture[str], query: str) -> None:
    assert run_json(capsys, "--show", query)["id"] == "red_03_02_00_00"


def test_show_a_token_says_who_creates_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--show", "Token Golem S")
    assert code == 0
    assert "Token Minion" in out and "Sawblade Golem" in out and "No effect." in out


def test_show_a_force(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--show", "Cyclops")
    assert code == 0
    assert "Force of Sin" in out and "[Passive] Your minions get +100 BP." in out
    assert "[When Destroyed]" in out
    assert run_json(capsys, "--show", "force_sin")["life"] == 2


def test_show_unknown_exits_2_with_suggestions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--show", "Sawblade Golme")
    assert code == 2 and out == ""
    assert "no card or Force named 'Sawblade Golme'" in err
    assert "did you mean: Sawblade Golem" in err
    assert "Traceback" not in err


def test_show_ambiguous_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--show", "golem")
    assert code == 2
    assert "matches several cards" in err and "Drill Golem" in err


def test_show_takes_no_filters(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--show", "Drill Golem", "--color", "red")
    assert code == 2 and "--show" in err


# ----------------------------------------------------------------------------------------------
# --forces


def test_forces_listing(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--forces")
    assert code == 0
    for force in POOL.forces.values():
        assert force.name in out and force.creature in out
    assert "Make all your non-token minions Active." in out
    assert "[When Destroyed]" in out  # the common effect, once


def test_forces_json(capsys: pytest.CaptureFixture[str]) -> None:
    forces = run_json(capsys, "--forces")
    assert len(forces) == 10
    sin = next(f for f in forces if f["id"] == "force_sin")
    assert (
        sin
        | {
            "name": "Force of Sin",
            "creature": "Cyclops",
            "life": 2,
            "era": "launch",
            "text": force_text(POOL.forces["force_sin"]),
            "common_text": FORCE_COMMON_TEXT,
        }
        == sin
    )
    assert sin["effects"][0]["steps"][0]["bp"] == 100


def test_forces_query(capsys: pytest.CaptureFixture[str]) -> None:
    assert [f["id"] for f in run_json(capsys, "--forces", "movement")] == ["force_ascension"]
    code, out, _ = run(capsys, "--forces", "nothing like this")
    assert code == 0 and "no Forces match" in out


def test_forces_take_no_card_filters(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--forces", "--color", "red")
    assert code == 2 and "--color" in err


# ----------------------------------------------------------------------------------------------
# Bad values: exit 2, a clear message, never a traceback


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--color", "orange"], "unknown color 'orange'"),
        (["--type", "creature"], "unknown type 'creature'"),
        (["--cost", "cheap"], "bad cost 'cheap'"),
        (["--cost", "5-2"], "bad cost '5-2'"),
        (["--cost", "-1"], "bad cost"),
        (["--class", "Golum"], "did you mean: Golem?"),
        (
            ["--set", "FAN9"],  # (a set of one's own that no card file has)
            "no card of the set 'FAN9'; sets: BASIC, PC01 (AWAKEN), PC01R (BEYOND), PC02 (CONTRACT), EX01",
        ),
        (
            ["--set", "no such"],
            "unknown set 'no such'; sets: BASIC, PC01 (AWAKEN), PC01R (BEYOND), PC02 (CONTRACT), EX01",
        ),
        (["--show", "Drill Golem", "--forces"], "not allowed with"),
        (["--bogus"], "unrecognized arguments"),
    ],
)
def test_bad_values_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert words in err
    assert "Traceback" not in err and out == ""


def test_json_writes_nested_terms_as_plain_data(capsys: pytest.CaptureFixture[str]) -> None:
    """A filter of selectors (any_of), a condition parameter (instead_if) and an effect parameter
    (gain_ability) come out as the shapes of the TOML record."""
    by_id = {c["id"]: c for c in run_json(capsys)}
    selika = by_id["yellow_04_02_02_00"]["effects"][0]["steps"][0]["target"]
    assert [alt["color"] if "color" in alt else alt["cost_min"] for alt in selika["any_of"]] == [
        "yellow",
        9,
    ]
    breaching = by_id["red_03_03_02_01"]["effects"][0]["steps"][0]
    assert breaching["instead_if"] == {"it_class": "Dragon"} and breaching["instead_bp"] == -600
    charmi = by_id["yellow_05_02_02_00"]["effects"][0]["steps"][0]["ability"]
    assert charmi["when"] == "destroyed" and charmi["steps"][0]["do"] == "to_hand"
