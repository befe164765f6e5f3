"""Smart stops (engine/stops.py): a Flash window's casts that would change nothing (ZR 8.3)."""

from __future__ import annotations

from zenonzard_tui.engine.stops import idle_casts, nothing_to_decide
from zenonzard_tui.scenarios import parse_scenario

WINDOW = """
name = "A attacks; B holds Reinforce Armor (ZR 8.3, ZR 10.10)"
[state]
turn = 3
active = "A"
phase = "main"
[state.A]
field = ["Drill Golem"]
base = ["Miner of Aguma", "Miner of Aguma"]
[state.B]
field = [FIELD]
hand = ["Reinforce Armor"]
base = ["Miner of Aguma", "Miner of Aguma"]
"""


def flash_window(field: str):
    game = parse_scenario(WINDOW.replace("FIELD", field), "window.toml").new_game()
    game.apply("attack Drill Golem -> player")
    assert game.pending is not None and game.pending.kind == "priority" and game.pending.seat == 1
    return game


def test_reinforce_armor_with_no_token_would_change_nothing_ZR_10_10():
    game = flash_window('"Horned Walrus", "Megalosaurus"')
    assert {a.text for a in game.legal_actions()} == {"cast Reinforce Armor", "pass"}
    assert idle_casts(game) == ("cast Reinforce Armor",)
    assert nothing_to_decide(game)


def test_reinforce_armor_with_a_token_gives_bp_so_it_stops():
    game = flash_window('"Horned Walrus", "Token Golem S"')
    assert "cast Reinforce Armor" in [a.text for a in game.legal_actions()]
    assert idle_casts(game) == ()
    assert not nothing_to_decide(game)


def test_the_check_leaves_the_game_as_it_was():
    game = flash_window('"Horned Walrus"')
    before = (list(game.history), game.pending.kind, game.players[1].hand[:])
    idle_casts(game)
    assert (list(game.history), game.pending.kind, game.players[1].hand[:]) == before


def test_only_pass_and_no_block_need_no_decision_and_other_decisions_do():
    game = parse_scenario(WINDOW.replace("FIELD", ""), "window.toml").new_game()
    assert not nothing_to_decide(game)  # A's main phase
    assert idle_casts(game) == ()
