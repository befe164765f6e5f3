"""`look_top` with `rest = "top_or_bottom"` (Pentagona Orchestra Trainees): the player puts each
card not taken on the top or the bottom of the deck; each group keeps its order; the log says
where they went. A card of this test's own."""

from __future__ import annotations

from zenonzard_tui.engine.invariants import problems
from zenonzard_tui.engine.log import sentences
from zenonzard_tui.scenarios import parse_scenario

CARDS = """
[[card]]
id = "t_looker"
name = "Test Looker"
type = "field_minion"
color = "blue"
cost = 0
bp = 100
dp = 1
effects = [{ when = "summoned", do = "look_top", count = 3, rest = "top_or_bottom" }]
"""


def test_the_chosen_go_to_the_bottom_the_others_stay_on_top() -> None:
    text = (
        f'name = "t"\n{CARDS}\n[state]\nturn = 3\nactive = "A"\nphase = "main"\n'
        '[state.A]\nhand = ["Test Looker"]\n'
        'deck = ["Drill Golem", "Miner of Aguma", "Venom Chomp", "Sonic Wave"]\n'
    )
    game = parse_scenario(text, "t.toml").new_game()
    for action in ("summon Test Looker", "choose Drill Golem", "choose Venom Chomp", "done"):
        game.apply(action)
        assert problems(game) == []
    names = [game.defs[u].name for u in game.players[0].deck]
    assert names == ["Miner of Aguma", "Sonic Wave", "Drill Golem", "Venom Chomp"]
    assert "A puts 2 cards on the bottom of their deck." in sentences(game)
