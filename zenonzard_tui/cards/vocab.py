"""The effect vocabulary: every trigger, condition, selector filter and step a card may use.

This module is the single list of what card data may say. The loader validates records against it,
the renderer turns each term into words, and the engine's effects runtime implements each term.
docs/cards.md explains every term with an example.
"""

from __future__ import annotations

from typing import Any

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

# The steps (`do`) are registry entries (zenonzard_tui.engine.terms.steps), each with its schema,
# words and runtime. The views below are read from the registry when first asked for:
# STEPS (step -> {parameter: type or allowed values}), REQUIRED (step -> parameters it must give),
# TARGETED (steps that need a `target`) and STATIC_STEPS (steps only in a passive effect).
_STEP_VIEWS = ("STEPS", "REQUIRED", "TARGETED", "STATIC_STEPS")


def __getattr__(name: str) -> Any:
    if name not in _STEP_VIEWS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from zenonzard_tui.engine import terms

    terms.load()
    registry = terms.STEPS
    views: dict[str, object] = {
        "STEPS": {n: t.schema for n, t in registry.items()},
        "REQUIRED": {n: t.required for n, t in registry.items() if t.required},
        "TARGETED": frozenset(n for n, t in registry.items() if t.needs_target),
        "STATIC_STEPS": frozenset(n for n, t in registry.items() if t.continuous),
    }
    globals().update(views)
    return views[name]
