"""The mana phase (ZR 5.5): expert places the colored Base Minion its hand needs rather than a
colorless mana token (issue 21, "Mana"). Pips are paid only with mana of their color (ZR 6.1): a
token pays none. With the value fit on medium's games, a card in hand weighed +0.28 and a Base
Minion placed from the hand lost that card, so a token (a mana, the hand kept) valued higher. The
value fit on strong's games (`bench/fit_value.py --level strong`) weighs a card in the base above
one in the hand, and the search then sees which color the hand can use."""

from __future__ import annotations

import pytest

from zenonzard_tui.ai import AIPlayer, value
from zenonzard_tui.scenarios import parse_scenario

# A's mana phase, turn 5: its hand's Snake Ward (7, two blue pips) needs blue that its base has
# none of; Songbird of Poseido is a blue Base Minion. Snake Ward cannot be summoned this turn
# whatever is placed (4 mana), so only the value of the position after it tells the choices
# apart. Miner of Aguma, Active, pays Drill Golem's red pip already.
NEEDS_BLUE = """
name = "the hand needs blue"
[state]
turn = 5
active = "A"
phase = "mana"
seed = 4
[state.A]
life = 7
hand = HAND
deck = ["Drill Golem", "Songbird of Poseido", "Horned Walrus", "Drill Golem"]
base = ["colorless", "colorless", "Miner of Aguma"]
field = ["Drill Golem"]
[state.B]
life = 7
hand = ["Drill Golem", "Miner of Aguma"]
deck = ["Drill Golem", "Miner of Aguma", "Drill Golem", "Exptera"]
base = ["Miner of Aguma", "colorless", "Miner of Aguma"]
field = ["Drill Golem"]
"""
ONE_BASE = '["Songbird of Poseido", "Snake Ward", "Drill Golem"]'
TWO_BASES = '["Songbird of Poseido", "Miner of Aguma", "Snake Ward", "Drill Golem"]'
NEEDED = "mana Songbird of Poseido"


def _position(hand: str):
    return parse_scenario(NEEDS_BLUE.replace("HAND", hand), "needs-blue.toml").new_game()


def _after(hand: str, text: str):
    game = _position(hand)
    game.apply(text)
    return game


@pytest.mark.parametrize("hand", [ONE_BASE, TWO_BASES])
def test_the_value_puts_a_placed_base_minion_above_a_token(hand: str) -> None:
    """Right after the mana phase, expert's value (`win_chance`) is higher with the blue Base
    Minion placed than with a colorless mana token, which keeps a card in hand."""
    assert value.win_chance(_after(hand, NEEDED), 0) > value.win_chance(
        _after(hand, "mana colorless"), 0
    )


def test_expert_places_the_base_minion_the_hand_needs() -> None:
    """With one Base Minion in hand, expert places it, not a colorless token (on the value fit
    on medium's games, it placed the token in two of these seeds)."""
    for seed in range(6):
        game = _position(ONE_BASE)
        action = AIPlayer("expert", seed, iterations=300).choose(game)
        game.legal_actions()  # (the actions' texts)
        assert action.text == NEEDED, seed
