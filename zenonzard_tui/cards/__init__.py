"""The card pool as data: definitions, their loader and schema, and the rules-text renderer."""

from zenonzard_tui.cards.loader import CardDataError, CardPool, load_pool, normalize_name
from zenonzard_tui.cards.model import CardDef, Effect, ForceDef, Selector, Step

__all__ = [
    "CardDataError",
    "CardDef",
    "CardPool",
    "Effect",
    "ForceDef",
    "Selector",
    "Step",
    "load_pool",
    "normalize_name",
]
