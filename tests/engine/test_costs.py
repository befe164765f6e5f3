"""Costs now (ZR 12.1, ZR 12.2, ZR 11.12): what `observe` shows for a card in the hand follows
every cost change as the turn goes on, and the listing's quick "can this be paid?" agrees with the
payment itself when mana is worth more than 1."""

from __future__ import annotations

from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.observe import observe
from zenonzard_tui.scenarios import parse_scenario

POSITION = """
name = "costs"
[state]
turn = 3
active = "A"
phase = "main"
[state.A]
hand = ["Pentagona Orchestra Timpanist", "Eureka Waltz", "Swift Fleet", "Yggdrawalker - Bearer of Golden Fruit"]
forces = [{ id = "force_sin", destroyed = true }, "force_harmony"]
base = ["Songbird of Poseido", "Songbird of Poseido", "colorless", "colorless", "colorless"]
deck = ["Drill Golem", "Drill Golem", "Drill Golem"]
[state.B]
forces = [{ id = "force_sin", destroyed = true }, "force_harmony"]
deck = ["Drill Golem"]
"""


def _costs(game) -> dict[str, int | None]:
    hand = observe(game, 0).players[0].hand
    assert hand is not None
    return {c.name: c.cost for c in hand}


def test_observed_costs_follow_the_turn_history_and_destroyed_forces() -> None:
    game = parse_scenario(POSITION, "t.toml").new_game()
    costs = _costs(game)
    assert costs["Pentagona Orchestra Timpanist"] == 4
    assert costs["Swift Fleet"] == 4
    assert costs["Yggdrawalker - Bearer of Golden Fruit"] == 6  # 12 - 3 x 2 destroyed Forces
    game.apply("cast Eureka Waltz")  # a blue Magic card (ZR 14.1)
    costs = _costs(game)
    assert costs["Pentagona Orchestra Timpanist"] == 1  # basic cost 0, the blue pip stays
    assert costs["Swift Fleet"] == 4  # no cost-5 summon yet
    game.apply("end turn")
    game.apply("mana skip")
    # B's turn: "on your turn" cost effects of A's hand do not work (ZR 12.1)
    hand = [game.defs[u] for u in game.players[0].hand]
    ygg = next(c for c in hand if c.name.startswith("Yggdrawalker"))
    assert fx.cost_of(game, 0, ygg) == 12


VAHN = """
name = "vahn"
[state]
turn = 3
active = "A"
phase = "main"
[state.A]
hand = ["Alrûna - Flower of Passion", "Rockeater"]
base = ["Vahn Jean - Bearer of Fruition", "colorless", "colorless", "colorless", "colorless"]
[state.B]
field = ["Drill Golem"]
"""


def test_the_listing_agrees_with_the_payment_with_mana_worth_three() -> None:
    game = parse_scenario(VAHN, "t.toml").new_game()
    texts = {a.text for a in game.legal_actions()}
    # Alrûna (7, green 2) is paid by Vahn Jean as 3 green plus 4 colorless (ZR 11.12)
    assert "summon Alrûna - Flower of Passion" in texts
    # Rockeater (4, colorless) is not green: the 4 colorless pay it, Vahn Jean stays Active
    assert "summon Rockeater" in texts
    alruna = next(game.defs[u] for u in game.players[0].hand if game.defs[u].name.startswith("Alr"))
    paid = fx.payment(game, 0, alruna)
    assert paid is not None and len(paid) == 5
    game.players[0].base[1].rested = True  # one colorless less: 3 + 3 < 7
    game.forget_legal()
    texts = {a.text for a in game.legal_actions()}
    assert "summon Alrûna - Flower of Passion" not in texts
    assert fx.payment(game, 0, alruna) is None
