"""The effect vocabulary as the card loader and the renderer see it.

Every step, trigger, condition, selector filter and duration is one entry of the registry, whose
vocabulary half (its schema and words) is in `zenonzard_tui.cards.terms` and whose runtime the
engine registers under the same name; this module gives the loader views of their schemas, read
from the vocabulary, and holds the few words of a selector or an effect
that are not terms (zones, sides, references, `during`). docs/cards.md explains every term with an
example.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

DURING = {
    "your_turn": "On Your Turn",
    "opponent_turn": "On Your Opponent's Turn",
    "your_mana_phase": "During Your Mana Phase",  # ZR 11.6, ZR 16
}

ZONES = ("field", "base", "hand", "trash", "deck", "forces")
SIDES = ("self", "opponent", "any")
TARGET_REFS = ("this", "it", "player", "opponent")  # step targets that are not selectors

# Steps, triggers, conditions, selector filters and durations are registry entries (their
# vocabulary half: zenonzard_tui.cards.terms, each with its schema and words). The views below are
# read from the vocabulary when first asked for:
# STEPS (step -> {parameter: type or allowed values}), REQUIRED (step -> parameters it must give),
# TARGETED (steps that need a `target`), STATIC_STEPS (steps only in a passive effect),
# DUAL_STEPS (steps both one-shot and in a passive effect),
# TRIGGERS (trigger -> its label), WHENEVER_TRIGGERS (triggers that watch other cards' events),
# CONDITIONS and FILTERS (term -> the type or allowed values of its value), COMPANIONS
# (condition -> the one it completes: at_least -> mana_color), DURATIONS (names).


def _views() -> dict[str, Any]:
    from zenonzard_tui.cards import terms

    terms.load()
    steps = terms.STEPS
    return {
        "STEPS": {n: t.schema for n, t in steps.items()},
        "REQUIRED": {n: t.required for n, t in steps.items() if t.required},
        "TARGETED": frozenset(n for n, t in steps.items() if t.needs_target),
        "STATIC_STEPS": frozenset(n for n, t in steps.items() if t.continuous),
        "DUAL_STEPS": frozenset(n for n, t in steps.items() if t.also_continuous),
        "TRIGGERS": {n: t.label for n, t in terms.TRIGGERS.items()},
        "WHENEVER_TRIGGERS": frozenset(
            n for n, t in terms.TRIGGERS.items() if t.watch_words is not None
        ),
        "CONDITIONS": {n: t.schema for n, t in terms.CONDITIONS.items()},
        "COMPANIONS": {n: t.companion for n, t in terms.CONDITIONS.items() if t.companion},
        "FILTERS": {n: t.schema for n, t in terms.FILTERS.items()},
        "DURATIONS": tuple(terms.DURATIONS),
    }


_VIEWS = frozenset(
    ("STEPS", "REQUIRED", "TARGETED", "STATIC_STEPS", "DUAL_STEPS", "TRIGGERS", "WHENEVER_TRIGGERS",
     "CONDITIONS", "COMPANIONS", "FILTERS", "DURATIONS")
)  # fmt: skip


if TYPE_CHECKING:  # the views' types, for readers; the values come from __getattr__ below
    TRIGGERS: dict[str, str]


def __getattr__(name: str) -> Any:
    if name not in _VIEWS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from zenonzard_tui.cards import terms

    views = _views()
    if terms.loaded():  # not while the vocabulary is still being imported
        globals().update(views)
    return views[name]
