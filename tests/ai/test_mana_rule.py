"""The mana phase (ZR 5.5) by the rule of thumb, at every level (issue 21, "Mana"): a pip is paid
only with mana of its color (ZR 6.1), so the rule places the Base Minion of the color its hand is
shortest of (`policy.shortfall`), and strong and expert take the rule's choice instead of searching
(searched, they placed a colorless mana token and kept the needed Base Minion in hand)."""

from __future__ import annotations

import random

import pytest

from zenonzard_tui.ai import AIPlayer, policy
from zenonzard_tui.ai.coach import suggest
from zenonzard_tui.engine.actions import Action
from zenonzard_tui.engine.game import Game
from zenonzard_tui.scenarios import parse_scenario

# A's mana phase on turn 5. Snake Ward (cost 7, two blue pips) needs blue and the base has none;
# Songbird of Poseido is a blue Base Minion, Miner of Aguma a red one (the base has red already).
# Nothing in hand can be paid for this turn whatever is placed, so a search sees no difference
# before the turns its playouts do not reach.
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
TWO_BASES = '["Miner of Aguma", "Songbird of Poseido", "Snake Ward", "Drill Golem"]'
NEEDED = "mana Songbird of Poseido"
# The other way round: the base has blue and no red, Exptera (two red pips) needs red, and the hand
# holds both Base Minions (the card order alone would take Songbird of Poseido).
NEEDS_RED = (
    NEEDS_BLUE.replace('base = ["colorless", "colorless", "Miner of Aguma"]',
                       'base = ["colorless", "colorless", "Songbird of Poseido"]')
    .replace("HAND", '["Songbird of Poseido", "Miner of Aguma", "Exptera", "Horned Walrus"]')
)  # fmt: skip


def _position(hand: str) -> Game:
    return parse_scenario(NEEDS_BLUE.replace("HAND", hand), "needs-blue.toml").new_game()


def _text(game: Game, action: Action) -> str:
    game.legal_actions()  # (the actions' texts)
    return action.text


def test_shortfall_counts_the_pips_the_base_cannot_pay() -> None:
    """Per color, the most pips one card in hand needs beyond the base's mana of that color:
    Snake Ward's two blue against no blue mana; Drill Golem's red pip is paid by the Miner."""
    game = _position(TWO_BASES)
    assert policy.shortfall(game, 0) == {"blue": 2}
    game = _position('["Drill Golem", "Exptera"]')  # Exptera: two red pips, one red mana
    assert policy.shortfall(game, 0) == {"red": 1}
    assert policy.shortfall(_red(), 0) == {"red": 2}  # Horned Walrus's blue pip is paid


def _red() -> Game:
    return parse_scenario(NEEDS_RED, "needs-red.toml").new_game()


def test_the_rule_places_the_color_the_hand_needs_over_the_card_order() -> None:
    game = _red()
    assert _text(game, policy.act(game, random.Random(1))) == "mana Miner of Aguma"


@pytest.mark.parametrize("hand", [ONE_BASE, TWO_BASES])
def test_the_rule_places_the_base_minion_of_the_color_the_hand_lacks(hand: str) -> None:
    """Not a colorless token, and not the red Base Minion that comes first in the card order."""
    game = _position(hand)
    action = policy.act(game, random.Random(1))
    assert _text(game, action) == NEEDED


@pytest.mark.parametrize("level", ["strong", "expert"])
@pytest.mark.parametrize("hand", [ONE_BASE, TWO_BASES])
def test_the_searching_levels_place_the_needed_base_minion(level: str, hand: str) -> None:
    game = _position(hand)
    action = AIPlayer(level, seed=3, iterations=50).choose(game)
    assert _text(game, action) == NEEDED


def test_the_coach_gives_the_mana_rule_and_the_color_the_hand_needs() -> None:
    advice = suggest(_position(TWO_BASES))
    assert advice.action.text == NEEDED
    assert advice.reason == (
        "your hand needs 2 more blue mana (Snake Ward); a pip is paid only with mana of its "
        "color (the mana rule)"
    )
