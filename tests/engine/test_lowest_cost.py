"""The selector filter `lowest_cost`: on the field, the minions of the lowest cost among their
controller's minions, all of them when several share it (Frieren). Cards of this test's own."""

from __future__ import annotations

from tests.engine.gamekit import checked_game

CARDS = """
[[card]]
id = "t_cull"
name = "Test Cull"
type = "magic"
color = "white"
cost = 0
timing = ["main"]
effects = [{ when = "cast", do = "destroy", target = { side = "opponent", count = "all", lowest_cost = true } }]
"""


def _game(b_field: str):
    text = (
        f'name = "t"\n{CARDS}\n[state]\nturn = 3\nactive = "A"\nphase = "main"\n'
        '[state.A]\nhand = ["Test Cull"]\nfield = ["Two-Tailed Cat"]\n'
        f"[state.B]\nfield = {b_field}\n"
    )
    return checked_game(text)


def test_all_the_minions_of_the_lowest_cost_and_only_them() -> None:
    # Horned Walrus and Drill Golem cost 2, Megalosaurus 3; A's cost-2 Cat is not B's
    game = _game('["Horned Walrus", "Megalosaurus", "Drill Golem"]')
    game.apply("cast Test Cull")
    assert [s.name for s in game.players[1].field] == ["Megalosaurus"]
    assert [s.name for s in game.players[0].field] == ["Two-Tailed Cat"]


def test_a_base_minion_on_the_field_counts_as_cost_0() -> None:
    game = _game('["Horned Walrus", "Miner of Aguma"]')  # ZR 2.4
    game.apply("cast Test Cull")
    assert [s.name for s in game.players[1].field] == ["Horned Walrus"]
