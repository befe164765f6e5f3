"""Decisions forced in plain sight (issue: hotseat without chores): the client may answer them for
a player without telling the other player anything about that player's hand."""

from __future__ import annotations

from zenonzard_tui.engine.observe import publicly_forced
from zenonzard_tui.scenarios import parse_scenario

POSITION = """
name = "A attacks B"
[state]
turn = 5
active = "A"
phase = "main"
[state.A]
field = ["Drill Golem"]
[state.B]
hand = ["Tidal Wave", "Horned Walrus"]
field = {b_field}
base = {b_base}
"""


def attacked(b_field: str = "[]", b_base: str = "[]"):
    text = POSITION.replace("{b_field}", b_field).replace("{b_base}", b_base)
    game = parse_scenario(text, "forced.toml").new_game()
    game.apply("attack Drill Golem -> player")
    return game


def answer_until(game, seat: int, kind: str):
    while game.pending.kind != kind or game.pending.seat != seat:
        game.apply("pass")


def test_a_flash_window_without_active_mana_and_a_block_without_blockers_are_forced():
    game = attacked()
    answer_until(game, 1, "priority")
    assert [a.text for a in game.legal_actions()] == ["pass"]
    assert publicly_forced(game)
    game.apply("pass")
    answer_until(game, 1, "block")
    assert [a.text for a in game.legal_actions()] == ["no block"]
    assert publicly_forced(game)


def test_active_mana_keeps_a_flash_window_open_even_when_nothing_can_be_cast():
    game = attacked(b_base='[{ card = "Miner of Aguma" }]')  # red mana: Tidal Wave needs blue
    answer_until(game, 1, "priority")
    assert [a.text for a in game.legal_actions()] == ["pass"]
    assert not publicly_forced(game)  # answering it would tell A that B holds nothing usable


def test_a_block_with_a_choice_is_not_forced():
    game = attacked(b_field='["Horned Walrus"]')
    while game.pending.kind != "block":
        game.apply("pass")
    assert len(game.legal_actions()) == 2 and not publicly_forced(game)
