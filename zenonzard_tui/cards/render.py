"""Rules text from card data: what a player reads is written from the record the engine runs.

`card_text(card)` gives a card's full text, one line per ability: keywords first ("Charge"), then a
deck-limit line ("<Deck> ..."), then one line per effect ("[When Summoned] Draw 1 card."). A card
with no ability (a vanilla minion) has the empty text "". `force_text(force)` gives a Force's
effect while Active; every Force also has the common [When Destroyed] effect of ZR 2.6, whose text
is `FORCE_COMMON_TEXT`. `card_summary(card)` is a one-line description of a card's stats.

Every term has its words in the vocabulary half of its registry entry (`zenonzard_tui.cards.terms`; the helpers they
use are in `zenonzard_tui.cards.words`); a term without words raises `ValueError` (the tests render
every term). The text uses `[...]` labels: callers that print with
Rich must escape it (`rich.markup.escape`). docs/cards.md shows each term with the text it renders.
"""

from __future__ import annotations

from typing import Any

from zenonzard_tui.cards import terms, vocab
from zenonzard_tui.cards.loader import CardPool
from zenonzard_tui.cards.model import KEYWORD_LABELS, CardDef, Effect, ForceDef
from zenonzard_tui.cards.terms.arrive import chain_label
from zenonzard_tui.cards.terms.boost import boost_ability_text, boost_text
from zenonzard_tui.cards.terms.conditions import condition_words
from zenonzard_tui.cards.words import Phrase, WordsContext, cap

terms.load()

__all__ = [
    "FORCE_COMMON_TEXT",
    "card_summary",
    "card_text",
    "cost_text",
    "effect_text",
    "force_common_text",
    "force_text",
    "timing_label",
]

# ZR 2.6: the [When Destroyed] effect every Force has (the engine gives it to all Forces).
FORCE_COMMON_TEXT = (
    "[When Destroyed] Choose 1 Base Minion card from your deck and put it into your base Active "
    "([When Placed] does not trigger). Then, shuffle your deck and draw 1 card."
)

DECK_ANY_TEXT = "<Deck> A deck may hold any number of this card."
ZONE_LABELS = {
    "base": "<Base>",
    "hand": "<Hand>",
    "trash": "<Trash>",
    "boost": "<Boost Ability>",  # ZR 17.4: an ability a Boost card gives while attached
}  # where an effect works, when not the field
TIMING_LABELS = {"main": "[Main]", "flash": "[Flash]"}


def timing_label(card: CardDef) -> str:
    """A Magic card's timing label: "[Main]", "[Flash]" or "[Main]/[Flash]" (ZR 6.3)."""
    return "/".join(TIMING_LABELS[t] for t in card.timing)


# ----------------------------------------------------------------------------------------------
# Conditions, triggers, effects


def _condition(cond: tuple[tuple[str, Any], ...], ctx: WordsContext) -> str:
    """The "if ..." words of a condition, without the comma: "if you do"."""
    return condition_words(cond, ctx)


def _watch(effect: Effect) -> str:
    """The "whenever ..." words of a whenever-trigger, from its `watch` selector."""
    assert effect.watch is not None
    term = terms.TRIGGERS.get(effect.when)
    if term is None or term.watch_words is None:
        raise ValueError(f"no rendering for the trigger {effect.when!r}")
    return term.watch_words(effect.watch)


def _labels(effect: Effect, owner: CardDef | ForceDef | None) -> str:
    trigger = terms.TRIGGERS.get(effect.when)
    if trigger is None:
        raise ValueError(f"no rendering for the trigger {effect.when!r}")
    labels = []
    if effect.zone in ZONE_LABELS:
        labels.append(ZONE_LABELS[effect.zone])
    continuous = effect.when == "passive" or trigger.watch_words is not None or bool(trigger.lead)
    if effect.during is not None:
        if effect.during not in vocab.DURING:
            raise ValueError(f"no rendering for during = {effect.during!r}")
        labels.append(f"[{vocab.DURING[effect.during]}]")
        if not continuous:
            labels.append(f"[{trigger.label}]")
    elif effect.when == "cast":
        if isinstance(owner, CardDef) and owner.timing:
            labels.append(timing_label(owner))
    elif effect.when == "chain":
        labels.append(chain_label(effect))  # ZR 15.1: "[Chain: Blue]"
    elif trigger.own_label and effect.watch is not None and effect.watch.filter("this"):
        labels.append(f"[{trigger.own_label}]")
    else:
        labels.append(f"[{trigger.label}]")
    for more in effect.also:  # ZR 10.9: a combined label "[A] & [B]"
        labels.append(f"& [{terms.TRIGGERS[more].label}]")
    return " ".join(labels)


def _steps_text(effect: Effect, ctx: WordsContext, lead: str) -> str:
    """The sentences of an effect's steps; `lead` ("whenever ..., if ..., ") opens the first."""
    sentences = []
    opens = ""  # a step that takes the later ones (gain_trigger) opens the next sentence
    for i, step in enumerate(effect.steps):
        term = terms.STEPS.get(step.do)
        if term is None:
            raise ValueError(f"no rendering for the step {step.do!r}")
        clause = term.words(step, ctx)
        prefix = lead if i == 0 else ""
        cond = _condition(step.condition, ctx)
        if opens:
            prefix, opens = opens + (cond + ", " if cond else ""), ""
        elif cond:
            prefix += cond + ", "
        elif i > 0 and step.target != "it":
            prefix += "then, "
        if term.rest:
            opens = prefix + clause.verb + ", "
            ctx.last = Phrase("that minion", "that minion", False, "that minion")
            continue
        sentences.append(clause.sentence(step.optional, prefix))
        if step.target is not None:
            ctx.last = ctx.target(step.target)
        elif step.do == "create_token":
            ctx.last = Phrase("that Token", "that Token", False, "that Token")
        elif step.do == "look_top":
            ctx.last = Phrase("that card", "that card", False, "that card")
    return " ".join(sentences)


def effect_text(
    effect: Effect, owner: CardDef | ForceDef | None = None, pool: CardPool | None = None
) -> str:
    """One effect as a line of rules text: "[When Summoned] Draw 1 card.".

    `owner` is the card or Force the effect belongs to: it gives "this minion" / "this Force" and a
    Magic card's timing label. `pool` names tokens (the shipped pool when omitted)."""
    ctx = WordsContext(owner, pool)
    ctx.zone = effect.zone
    ctx.mana = effect.when == "placed"  # a [When Placed] effect works on the card as mana (ZR 10.1)
    lead = ""
    if effect.watch is not None:
        lead = _watch(effect) + ", "
        if effect.watch.zone == "field":  # `it` is the watched minion at first (ZR 13.12)
            ctx.last = Phrase("that minion", "that minion", False, "that minion")
    else:
        own = terms.TRIGGERS.get(effect.when)
        if own is not None and own.lead:  # "whenever this minion wins a battle, "
            lead = own.lead + ", "
    cond = _condition(effect.condition, ctx)
    if cond and len(effect.steps) > 1:
        body = cap(cond) + ": " + _steps_text(effect, ctx, lead)
    else:
        if cond:
            lead += cond + ", "
        body = _steps_text(effect, ctx, lead)
    if effect.no_stack:
        body += " This effect does not stack."
    labels = _labels(effect, owner)
    return f"{labels} {body}" if labels else body


def _lines(card: CardDef, pool: CardPool | None) -> list[str]:
    lines = []
    if card.boost is not None:  # ZR 17.1: a Boost card's text begins with its condition
        lines.append(boost_text(card.boost))
        if card.boost_ability:
            lines.append(boost_ability_text(card.boost_ability))
    if card.keywords:
        lines.append(", ".join(KEYWORD_LABELS[k] for k in card.keywords))
    if card.deck_limit is None:
        lines.append(DECK_ANY_TEXT)
    elif card.deck_limit != 3 and not card.is_token:
        n = card.deck_limit
        lines.append(
            f"<Deck> A deck may hold at most {n} {'copy' if n == 1 else 'copies'} of this card."
        )
    lines += [effect_text(e, card, pool) for e in card.effects]
    return lines


_cache: dict[tuple[CardDef, str | None], str] = {}


def card_text(card: CardDef, pool: CardPool | None = None) -> str:
    """A card's rules text, one line per ability, joined by "\\n"; "" for a card without any.

    Keywords come first, then the deck limit, then the effects in the order of the record.
    Deterministic; cached per card (and pool version)."""
    key = (card, pool.version if pool is not None else None)
    text = _cache.get(key)
    if text is None:
        text = "\n".join(_lines(card, pool))
        if len(_cache) > 4096:
            _cache.clear()
        _cache[key] = text
    return text


def force_text(force: ForceDef, common: bool = False) -> str:
    """A Force's effect while Active (ZR 2.5); with `common`, also the [When Destroyed] of ZR 2.6."""
    lines = [effect_text(e, force) for e in force.effects]
    if common:
        lines.append(FORCE_COMMON_TEXT)
    return "\n".join(lines)


def force_common_text() -> str:
    """The [When Destroyed] effect every Force has (ZR 2.6)."""
    return FORCE_COMMON_TEXT


def cost_text(card: CardDef) -> str:
    """A card's cost with its coloured part: "2 (red 1)", "4"; "" for a Base Minion (ZR 2.2)."""
    if card.cost is None:
        return ""
    if not card.pips:
        return str(card.cost)
    pips = ", ".join(f"{c} {n}" for c, n in card.pips)
    return f"{card.cost} ({pips})"  # an estimated pip count is a data note, not card text


def card_summary(card: CardDef) -> str:
    """One line: "Drill Golem — red Field Minion, cost 2 (red 1), 300 BP / 1 DP, Golem"."""
    parts = [f"{card.color} {card.type_label}"]
    if card.cost is not None:
        parts.append(f"cost {cost_text(card)}")
    if card.timing:
        parts.append(timing_label(card))
    if card.bp is not None and card.dp is not None:
        parts.append(f"{card.bp} BP / {card.dp} DP")
    elif card.bp is not None:
        parts.append(f"{card.bp} BP")
    elif card.dp is not None:
        parts.append(f"{card.dp} DP")
    if card.classes:
        parts.append("/".join(card.classes))
    return f"{card.name} — {', '.join(parts)}"
