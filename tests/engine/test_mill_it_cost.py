"""`mill` with `it_cost`: as many cards as the printed cost of the card the previous step chose
(Shatterbourne: the cost of the minion it destroyed). Cards of this test's own."""

from __future__ import annotations

from tests.engine.gamekit import checked_game

CARDS = """
[[card]]
id = "t_grinder"
name = "Test Grinder"
type = "magic"
color = "purple"
cost = 0
timing = ["main"]
effects = [{ when = "cast", steps = [
  { do = "destroy", target = { side = "opponent" } },
  { do = "mill", it_cost = true, if = { done = true } },
] }]

[[card]]
id = "t_tough"
name = "Test Tough"
type = "field_minion"
color = "red"
cost = 4
bp = 200
dp = 1
effects = [{ when = "passive", do = "cannot_be_destroyed" }]
"""

DECK = '["Drill Golem", "Horned Walrus", "Gravity", "Maulwurf", "Leviathan"]'


def _game(b_field: str):
    text = (
        f'name = "t"\n{CARDS}\n[state]\nturn = 3\nactive = "A"\nphase = "main"\n'
        f'[state.A]\nhand = ["Test Grinder"]\ndeck = {DECK}\n'
        f"[state.B]\nfield = {b_field}\n"
    )
    return checked_game(text)


def test_as_many_as_the_destroyed_minion_s_cost() -> None:
    game = _game('["Megalosaurus"]')  # cost 3
    game.apply("cast Test Grinder")
    game.apply("choose Megalosaurus")
    assert len(game.players[0].deck) == 2
    assert len(game.players[0].trash) == 1 + 3  # the Magic card and the three discarded


def test_nothing_destroyed_nothing_discarded() -> None:
    game = _game('["Test Tough"]')  # chosen, but not destroyed: "If you do" fails (ZR 10.8)
    game.apply("cast Test Grinder")
    game.apply("choose Test Tough")
    assert len(game.players[1].field) == 1
    assert len(game.players[0].deck) == 5
