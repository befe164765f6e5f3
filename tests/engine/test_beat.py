"""The condition `beat` (ZR 13.1): in a "wins a battle" effect, the minion beaten matches a
selector (Chronora: "wins a battle against a minion with cost 3 or less"). Cards of this test's
own."""

from __future__ import annotations

from zenonzard_tui.engine.invariants import problems
from zenonzard_tui.scenarios import parse_scenario

CARDS = """
[[card]]
id = "t_duelist"
name = "Test Duelist"
type = "field_minion"
color = "white"
cost = 5
bp = 900
dp = 1
effects = [{ when = "won_battle", if = { beat = { cost_max = 3 } }, do = "activate", target = "this" }]
"""


def _duel(blocker: str):
    text = (
        f'name = "t"\n{CARDS}\n[state]\nturn = 3\nactive = "A"\nphase = "main"\n'
        '[state.A]\nfield = ["Test Duelist"]\n'
        f'[state.B]\nfield = ["{blocker}"]\n'
    )
    game = parse_scenario(text, "t.toml").new_game()
    for action in ("attack Test Duelist -> player", "pass", "pass", f"block {blocker}"):
        game.apply(action)
        assert problems(game) == []
    return game


def test_a_win_against_cost_3_or_less() -> None:
    game = _duel("Megalosaurus")  # cost 3
    assert game.players[1].field == []
    assert game.players[0].field[0].rested is False  # made Active again


def test_a_win_against_a_costlier_minion() -> None:
    game = _duel("Leviathan")  # cost 5
    assert game.players[1].field == []
    assert game.players[0].field[0].rested is True
