"""The trigger `minion_retreated` (Giulio): whenever a minion card matching `watch` moves from the
field to its owner's base (ZR 11.5), by Movement or an effect; its steps' "that minion" is the
card, now mana. Cards of this test's own."""

from __future__ import annotations

from zenonzard_tui.engine.invariants import problems
from zenonzard_tui.scenarios import parse_scenario

CARDS = """
[[card]]
id = "t_waker"
name = "Test Waker"
type = "field_minion"
color = "blue"
cost = 1
bp = 100
dp = 1
effects = [{ when = "minion_retreated", watch = { side = "self", other = true, color = "blue" }, do = "activate", target = "it" }]

[[card]]
id = "t_blue"
name = "Test Blue"
type = "field_minion"
color = "blue"
cost = 1
bp = 300
dp = 1
"""


def test_a_rested_minion_retreats_and_becomes_active_mana() -> None:
    text = (
        f'name = "t"\n{CARDS}\n[state]\nturn = 3\nactive = "A"\nphase = "main"\n'
        '[state.A]\nmovement = 3\nfield = [{ card = "Test Waker", rested = true }, '
        '{ card = "Test Blue", rested = true }, { card = "Drill Golem", rested = true }]\n'
    )
    game = parse_scenario(text, "t.toml").new_game()
    for action in ("retreat Test Blue", "retreat Drill Golem", "retreat Test Waker"):
        game.apply(action)
        assert problems(game) == []
    assert [(s.name, s.rested) for s in game.players[0].base] == [
        ("Test Blue", False),  # blue, another minion: made Active
        ("Drill Golem", True),  # red: kept Rested (ZR 7.2)
        ("Test Waker", True),  # itself: not "other"
    ]
