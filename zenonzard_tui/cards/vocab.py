"""The effect vocabulary: every trigger, condition, selector filter and step a card may use.

This module is the single list of what card data may say. The loader validates records against it,
the renderer turns each term into words, and the engine's effects runtime implements each term.
docs/cards.md explains every term with an example.
"""

from __future__ import annotations

from zenonzard_tui.cards.model import CARD_TYPES, COLORS, KEYWORDS

# Triggers (`when`). The value is the label written before the effect's text (ZR 9).
TRIGGERS: dict[str, str] = {
    "summoned": "When Summoned",
    "placed": "When Placed",
    "attacking": "When Attacking",
    "blocking": "When Blocking",
    "destroyed": "When Destroyed",
    "advancing": "When Advancing",
    "retreating": "When Retreating",
    "turn_start": "At the Start of Your Turn",
    "turn_end": "At the End of Your Turn",
    # "whenever" triggers: continuous abilities that react to events of the cards in `watch`
    "magic_used": "Passive",  # whenever a player of `watch.side` uses a Magic card
    "deals_damage": "Passive",  # whenever a minion matching `watch` deals DP damage
    "minion_advanced": "Passive",  # whenever a minion card matching `watch` moves base -> field
    # not triggers
    "cast": "",  # a Magic card's effect; its label is the card's timing
    "passive": "Passive",  # continuous while the card is where it works
}
WHENEVER_TRIGGERS = frozenset({"magic_used", "deals_damage", "minion_advanced"})

DURING = {"your_turn": "On Your Turn", "opponent_turn": "On Your Opponent's Turn"}

ZONES = ("field", "base", "hand", "trash", "deck", "forces")
SIDES = ("self", "opponent", "any")
TARGET_REFS = ("this", "it", "player", "opponent")  # step targets that are not selectors

# Selector filters and the type of their value.
FILTERS: dict[str, type | tuple] = {
    "bp_max": int,
    "bp_min": int,
    "cost_max": int,
    "cost_min": int,
    "class": str,
    "color": COLORS,
    "type": (*CARD_TYPES, "minion"),  # "minion": any minion card, token included
    "name": str,
    "keyword": KEYWORDS,
    "token": bool,  # field: is a Token Minion; base: is a colorless mana token
    "destroyed": bool,  # forces: destroyed or not
}

# Conditions (`if`), for an effect or a step.
CONDITIONS: dict[str, type | tuple] = {
    "mana_color": COLORS,  # with at_least: you have N or more mana of that color in your base
    "at_least": int,
    "mana_at_least": int,  # you have N or more mana in your base
    "it_class": str,  # the card chosen by the previous step has this class
    "opponent_turn": bool,  # it is (or is not) your opponent's turn
    "done": bool,  # the previous step did what it said
}

DURATIONS = ("end_of_turn", "battle")

STATIC_STEPS = frozenset(
    {
        "cannot_block",
        "cannot_attack_forces",
        "untargetable",
        "cost_reduction",
        "colorless_pays_pips",
        "reduce_damage",
        "enters_base_rested",
    }
)

# Steps (`do`) and their parameters. `target` is allowed where the spec says "target".
# Each parameter maps to its type or a tuple of allowed values; REQUIRED lists the parameters a
# step must give. A count or amount left out is 1.
STEPS: dict[str, dict[str, object]] = {
    "draw": {"count": int},
    "discard": {"count": int},
    "modify": {
        "target": "target",
        "bp": "signed",
        "dp": "signed",
        "grant": "keywords",
        "until": DURATIONS,
        "per": "selector",
    },
    "destroy": {"target": "target"},
    "rest": {"target": "target"},
    "activate": {"target": "target"},
    "move_to_base": {"target": "target", "rested": bool},
    "to_hand": {"target": "target", "reveal": bool},
    "put_into_base": {"target": "target", "rested": bool, "placed_trigger": bool},
    "heal": {"target": "target", "amount": int},
    "damage": {"target": "target", "amount": int},
    "create_token": {"token": str, "count": int, "bp": int, "dp": int},
    "shuffle_deck": {},
    "recolor_mana": {"target": "target"},
    "look_top": {"count": int, "pick": "selector", "reveal": bool, "rest": ("bottom_random",)},
    "must_block": {"target": "target"},
    "gain_movement": {"amount": int},
    "add_mana": {"count": int, "rested": bool},
    # continuous (only with when = "passive")
    "cannot_block": {"target": "target"},
    "cannot_attack_forces": {"target": "target"},
    "untargetable": {"target": "target", "by": ("opponent_magic", "opponent_minion_effects")},
    "cost_reduction": {"target": "target", "amount": int},
    "colorless_pays_pips": {"card_type": CARD_TYPES},
    "reduce_damage": {"amount": int, "to": ("player",), "source": ("minion",)},
    "enters_base_rested": {"target": "target"},
}

# Parameters a step must give (there is no sensible default for them).
REQUIRED: dict[str, frozenset[str]] = {
    "create_token": frozenset({"token"}),
    "cost_reduction": frozenset({"amount"}),
    "reduce_damage": frozenset({"amount"}),
}

# Steps that need a `target` (a selector or a reference).
TARGETED = frozenset(name for name, spec in STEPS.items() if spec.get("target") == "target") - {
    "cannot_block",
    "cannot_attack_forces",
    "enters_base_rested",
}
