"""Every scenario file in tests/scenarios/ (docs/scenarios.md), the loader's error messages,
and the exit status of `zenonzard scenario`."""

from __future__ import annotations

from pathlib import Path

import pytest

from zenonzard_tui.cli import main
from zenonzard_tui.scenarios import ScenarioError, load_scenario, parse_scenario, run_scenario

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_scenario(path):
    result = run_scenario(load_scenario(path))
    assert result.passed, result.message


def test_there_are_scenarios():
    assert len(FILES) >= 30


GOOD = """
name = "A small scenario"
rules = ["ZR 8.6"]

[state]
turn = 3
active = "A"
phase = "main"

[state.A]
field = ["Drill Golem"]

[state.B]
life = 5

[[step]]
do = "attack Drill Golem -> player"
[[step]]
do = "pass"
[[step]]
do = "pass"
[[step]]
do = "no block"

[expect]
"B.life" = 4
"""


def _error(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "t.toml")
    return info.value


def test_good_scenario_passes():
    result = run_scenario(parse_scenario(GOOD, "t.toml"))
    assert result.passed, result.message


def test_failing_expectation_names_step_key_expected_actual():
    result = run_scenario(parse_scenario(GOOD.replace('"B.life" = 4', '"B.life" = 3'), "t.toml"))
    assert not result.passed
    assert (result.step, result.key, result.expected, result.actual) == (None, "B.life", 3, 4)
    assert "expected 3, got 4" in result.message


def test_unexpected_decision_lists_pending_and_legal_actions():
    text = GOOD.replace('do = "no block"', 'do = "end turn"')
    result = run_scenario(parse_scenario(text, "t.toml"))
    assert not result.passed and result.step == 4 and result.key == "do"
    assert "B's block step" in result.message and "no block" in result.message


def test_bad_toml():
    err = _error(GOOD + "\n[expect\n")
    assert err.file == "t.toml" and err.line is not None and "not valid TOML" in err.problem


def test_unknown_top_level_key():
    err = _error("nmae = 'x'\n" + GOOD)
    assert err.line == 1 and "nmae" in err.problem


def test_unknown_state_field():
    err = _error(GOOD.replace("[state.B]\n", "[state.B]\nhnad = []\n"))
    assert "hnad" in err.problem and err.line == GOOD.splitlines().index("[state.B]") + 2


def test_unknown_card():
    err = _error(GOOD.replace('field = ["Drill Golem"]', 'field = ["Drill Gollem"]'))
    assert "Drill Gollem" in err.problem and "Drill Golem" in err.problem  # did you mean
    assert err.line is not None


def test_a_token_without_stats_cannot_be_placed():
    err = _error(GOOD.replace('field = ["Drill Golem"]', 'field = ["Token Water Dragon"]'))
    assert "Token Water Dragon has no BP/DP" in err.problem and "[[card]]" in err.problem
    assert err.line == GOOD.splitlines().index('field = ["Drill Golem"]') + 1


def test_parity_mismatch():
    err = _error(GOOD.replace('active = "A"', 'active = "B"'))
    assert "turn 3" in err.problem and "A's" in err.problem
    assert err.line == GOOD.splitlines().index('active = "A"') + 1


def test_unknown_option():
    err = _error(GOOD.replace("[state]", "[options]\nfirst_turn_atack = false\n\n[state]"))
    assert "first_turn_atack" in err.problem and err.line is not None


def test_unknown_expect_key():
    err = _error(GOOD + '"B.lfie" = 4\n')
    assert "B.lfie" in err.problem and "unknown expectation key" in err.problem


def test_legal_text_naming_a_card_that_is_nowhere_is_a_file_error():
    err = _error(GOOD + 'legal = ["summon Horned Walrus"]\n')
    assert "Horned Walrus" in err.problem and "nowhere" in err.problem


def test_step_text_that_does_not_parse():
    err = _error(GOOD.replace('do = "no block"', 'do = "smash everything"'))
    assert "not an action text" in err.problem and "step 4" in err.problem


def test_boost_text_is_read_and_checked():
    """ZR 17.2: 'boost MINION with CARD' is an action text; both names are checked."""
    parse_scenario(GOOD + 'not_legal = ["boost Drill Golem with Drill Golem"]\n', "t.toml")
    err = _error(GOOD + 'legal = ["boost Drill Golem with Silica - The Sand Sprite"]\n')
    assert "Silica" in err.problem and "nowhere" in err.problem
    err = _error(GOOD + 'legal = ["boost Drill Golem"]\n')
    assert "boost MINION with CARD" in err.problem


def test_zone_limit_and_force_id():
    err = _error(
        GOOD.replace(
            'field = ["Drill Golem"]',
            'field = ["Drill Golem"]\n' + "hand = [" + ", ".join(['"Drill Golem"'] * 11) + "]",
        )
    )
    assert "ZR 3.3" in err.problem
    err = _error(GOOD.replace("life = 5", 'life = 5\nforces = [{ id = "force_sloth" }]'))
    assert "force_sloth" in err.problem


def test_illegal_step_must_be_refused():
    text = GOOD.replace(
        '[[step]]\ndo = "pass"\n[[step]]\ndo = "pass"',
        '[[step]]\ndo = "end turn"\nillegal = true\n[[step]]\ndo = "pass"\n[[step]]\ndo = "pass"',
    )
    assert run_scenario(parse_scenario(text, "t.toml")).passed
    text = GOOD.replace('do = "no block"', 'do = "no block"\nillegal = true')
    result = run_scenario(parse_scenario(text, "t.toml"))
    assert not result.passed and result.step == 4


# -- the command ---------------------------------------------------------------------------------


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_cli_exit_codes(tmp_path, capsys):
    good = _write(tmp_path, "good.toml", GOOD)
    bad = _write(tmp_path, "bad.toml", GOOD.replace('"B.life" = 4', '"B.life" = 3'))
    broken = _write(tmp_path, "broken.toml", GOOD.replace('active = "A"', 'active = "B"'))
    assert main(["scenario", str(good)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    assert main(["scenario", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "1 passed, 1 failed" in out and "expected 3, got 4" in out
    assert main(["scenario", str(bad), str(broken)]) == 2  # 2 wins over 1
    captured = capsys.readouterr()
    assert "broken.toml:" in captured.err and "Traceback" not in captured.err + captured.out
    assert main(["scenario", str(tmp_path / "missing.toml")]) == 2
    assert main(["scenario", "--verbose", str(bad)]) == 1
    assert "game log" in capsys.readouterr().out


def test_cli_runs_a_folder(tmp_path, capsys):
    _write(tmp_path, "b.toml", GOOD)
    _write(tmp_path, "a.toml", GOOD)
    assert main(["scenario", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.index("a.toml") < out.index("b.toml") and "2 passed" in out


MULLIGAN_POSITION = """
name = "before the first turn"
[state]
turn = {turn}
active = "{active}"
phase = "mulligan"
[state.A]
hand = ["Drill Golem"]
{extra}
"""


@pytest.mark.parametrize(
    ("turn", "active", "extra", "problem"),
    [
        (3, "A", "", 'phase "mulligan" comes before turn 1'),
        (1, "A", "movement = 1", 'A.movement: in phase "mulligan" the game has not begun'),
        (1, "A", 'field = ["Drill Golem"]', 'A.field: in phase "mulligan"'),
        (1, "A", 'base = ["colorless"]', 'A.base: in phase "mulligan"'),
    ],
)
def test_a_mulligan_position_comes_before_turn_1_with_nothing_in_play(turn, active, extra, problem):
    """ZR 5.1, ZR 5.2: a position at the mulligans is turn 1 before it starts, A deciding first."""
    text = MULLIGAN_POSITION.format(turn=turn, active=active, extra=extra)
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text, "m.toml")
    assert problem in err.value.problem and err.value.line is not None


def test_a_mulligan_position_asks_a_then_b_then_starts_turn_1():
    game = parse_scenario(MULLIGAN_POSITION.format(turn=1, active="A", extra=""), "m").new_game()
    assert (game.phase, game.turn, game.pending.kind, game.pending.seat) == (
        "mulligan",
        0,
        "mulligan",
        0,
    )
    game.apply("keep")
    assert (game.pending.kind, game.pending.seat) == ("mulligan", 1)
    game.apply("keep")
    assert (game.phase, game.turn, game.active) == ("mana", 1, 0)
