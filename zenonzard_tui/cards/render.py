"""Rules text from card data: what a player reads is written from the record the engine runs.

`card_text(card)` gives a card's full text, one line per ability: keywords first ("Charge"), then a
deck-limit line ("<Deck> ..."), then one line per effect ("[When Summoned] Draw 1 card."). A card
with no ability (a vanilla minion) has the empty text "". `force_text(force)` gives a Force's
effect while Active; every Force also has the common [When Destroyed] effect of ZR 2.6, whose text
is `FORCE_COMMON_TEXT`. `card_summary(card)` is a one-line description of a card's stats.

Every term of `zenonzard_tui.cards.vocab` has a rendering here; a term without one raises
`ValueError` (the tests render every term). The text uses `[...]` labels: callers that print with
Rich must escape it (`rich.markup.escape`). docs/cards.md shows each term with the text it renders.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from zenonzard_tui.cards import vocab
from zenonzard_tui.cards.loader import CardPool, load_pool
from zenonzard_tui.cards.model import (
    KEYWORD_LABELS,
    TYPE_LABELS,
    CardDef,
    Effect,
    ForceDef,
    Selector,
    Step,
)

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
ZONE_LABELS = {"base": "<Base>", "hand": "<Hand>"}  # where an effect works, when not the field
TIMING_LABELS = {"main": "[Main]", "flash": "[Flash]"}
DURATION_TEXT = {"end_of_turn": "until the end of the turn", "battle": "during this battle"}


def timing_label(card: CardDef) -> str:
    """A Magic card's timing label: "[Main]", "[Flash]" or "[Main]/[Flash]" (ZR 6.3)."""
    return "/".join(TIMING_LABELS[t] for t in card.timing)


# ----------------------------------------------------------------------------------------------
# Small English helpers


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _join(items: list[str]) -> str:
    """Join words: "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"-{-n}"


# ----------------------------------------------------------------------------------------------
# Selectors as noun phrases


@dataclass(frozen=True)
class _Phrase:
    """A noun phrase for a selector: as an object ("all your minions"), as a subject ("Your
    minions"), with its number (for the verb) and the noun a later "it" refers to."""

    obj: str
    subj: str
    plural: bool
    that: str  # "that minion" / "those minions": what `it` means in the next step


_TYPE_NOUNS = {
    "minion": ("minion", "minions"),
    "field_minion": ("Field Minion", "Field Minions"),
    "base_minion": ("Base Minion", "Base Minions"),
    "token": ("Token Minion", "Token Minions"),
    "magic": ("Magic card", "Magic cards"),
}
_CARD_NOUNS = {
    None: ("card", "cards"),
    "minion": ("minion card", "minion cards"),
    "field_minion": ("Field Minion card", "Field Minion cards"),
    "base_minion": ("Base Minion card", "Base Minion cards"),
    "token": ("Token Minion card", "Token Minion cards"),
    "magic": ("Magic card", "Magic cards"),
}


def _noun(sel: Selector) -> tuple[str, str, list[str]]:
    """(singular, plural, extra adjectives) for what the selector picks, by zone and type."""
    ctype = sel.filter("type")
    token = sel.filter("token")
    adjs: list[str] = []
    if sel.zone == "forces":
        return "Force", "Forces", adjs
    if sel.zone == "field":
        if ctype is None and token is True:
            return "Token Minion", "Token Minions", adjs
        if token is False:
            adjs.append("non-token")
        elif token is True:
            adjs.append("token")
        sing, plur = _TYPE_NOUNS[ctype or "minion"]
        return sing, plur, adjs
    if sel.zone == "base" and ctype is None:
        if token is True:
            return "colorless mana token", "colorless mana tokens", adjs
        if token is False:
            return "mana card", "mana cards", adjs
        return "mana", "mana", adjs
    if token is True:
        adjs.append("token")
    elif token is False:
        adjs.append("non-token")
    sing, plur = _CARD_NOUNS[ctype]
    return sing, plur, adjs


def _range(low: int | None, high: int | None, unit: str) -> str | None:
    """A range of values: "400 BP or less", "cost 5 or more", "200 to 400 BP"."""
    if low is None and high is None:
        return None
    before, after = ("cost ", "") if unit == "cost" else ("", f" {unit}")
    if low is not None and high is not None:
        if low == high:
            return f"{before}{low}{after}"
        return f"{before}{low} to {high}{after}"
    if high is not None:
        return f"{before}{high}{after} or less"
    return f"{before}{low}{after} or more"


def _describe(sel: Selector) -> tuple[list[str], str, str, str]:
    """(adjectives, singular noun, plural noun, trailing qualifiers) of a selector."""
    sing, plur, extra = _noun(sel)
    adjs: list[str] = []
    if sel.other:
        adjs.append("other")
    destroyed = sel.filter("destroyed")
    if destroyed is True:
        adjs.append("destroyed")
    elif destroyed is False:
        adjs.append("undestroyed")
    adjs += extra
    if sel.filter("color") is not None:
        adjs.append(sel.filter("color"))
    if sel.filter("class") is not None:
        adjs.append(sel.filter("class"))
    withs = [
        w
        for w in (
            _range(sel.filter("bp_min"), sel.filter("bp_max"), "BP"),
            _range(sel.filter("cost_min"), sel.filter("cost_max"), "cost"),
            KEYWORD_LABELS[sel.filter("keyword")] if sel.filter("keyword") else None,
        )
        if w
    ]
    post = f" with {_join(withs)}" if withs else ""
    if sel.filter("name") is not None:
        post += f' named "{sel.filter("name")}"'
    for name, _ in sel.filters:
        if name not in vocab.FILTERS:
            raise ValueError(f"no rendering for the selector filter {name!r}")
    return adjs, sing, plur, post


_OWNER = {"self": "your", "opponent": "your opponent's", "any": "either player's"}


def _place(sel: Selector, prep: str) -> str:
    """Where a selector looks, when that is not the field: " in your hand", " from your trash"."""
    if sel.zone in ("field", "forces"):
        return ""
    return f" {prep} {_OWNER[sel.side]} {sel.zone}"


def _phrase(sel: Selector, prep: str = "in") -> _Phrase:
    adjs, sing, plur, post = _describe(sel)
    adj = " ".join(adjs)
    adj_s = f"{adj} " if adj else ""
    place = _place(sel, prep)
    owned = sel.zone in ("field", "forces") and sel.side != "any"
    if sel.count == "all":
        if owned:
            core = f"{_OWNER[sel.side]} {adj_s}{plur}{post}"
            obj, subj = f"all {core}", core
        elif sel.zone in ("field", "forces"):
            core = f"{adj_s}{plur}{post}"
            obj = subj = f"all {core}"
        else:
            core = f"{adj_s}{plur}{post}{place}"
            obj, subj = f"all {core}", core
        that = f"those {plur}" if plur != "mana" else "that mana"
        return _Phrase(obj, subj, plur != "mana", that)
    n = int(sel.count)
    qty = f"up to {n}" if sel.up_to else str(n)
    if sel.or_force:
        who = f"{qty} of {_OWNER[sel.side]} " if sel.side != "any" else f"{qty} "
        if sel.side != "any":
            text = f"{who}{adj_s}minions{post} or Forces"
        elif n == 1:
            text = f"{qty} {adj_s}minion{post} or 1 Force"
        else:
            text = f"{qty} {adj_s}minions{post} or Forces"
        that = "that minion or Force" if n == 1 else "those minions or Forces"
        return _Phrase(text, text, n > 1, that)
    if owned:
        text = f"{qty} of {_OWNER[sel.side]} {adj_s}{plur}{post}"
    else:
        text = f"{qty} {adj_s}{sing if n == 1 else plur}{post}{place}"
    that = f"that {sing}" if n == 1 else f"those {plur}"
    return _Phrase(text, text, n > 1, that)


def _per(sel: Selector) -> str:
    """`per`: "for each of your opponent's destroyed Forces"."""
    adjs, sing, plur, post = _describe(sel)
    adj_s = " ".join(adjs) + " " if adjs else ""
    if sel.zone in ("field", "forces") and sel.side != "any":
        return f"for each of {_OWNER[sel.side]} {adj_s}{plur}{post}"
    return f"for each {adj_s}{sing}{post}{_place(sel, 'in')}"


# ----------------------------------------------------------------------------------------------
# Clauses: an imperative ("draw 1 card") or a subject with a verb ("1 minion gets +300 BP")


@dataclass(frozen=True)
class _Clause:
    subject: str | None  # None: an order to the player ("draw 1 card")
    verb: str  # the verb phrase agreeing with the subject ("gets +300 BP"), or the order
    base: str = ""  # the bare verb phrase, for "you may have X <base>" ("get +300 BP")
    after: str = ""  # a following sentence that belongs to the step ("Put the rest ...")

    def sentence(self, optional: bool = False, prefix: str = "") -> str:
        if self.subject is None:
            body = f"you may {self.verb}" if optional else self.verb
        elif optional:
            body = f"you may have {self.subject} {self.base or self.verb}"
        else:
            body = f"{self.subject} {self.verb}"
        text = _cap(f"{prefix}{body}") + "."
        return f"{text} {self.after}" if self.after else text


def _verb(plural: bool, singular_form: str, plural_form: str) -> str:
    return plural_form if plural else singular_form


class _Context:
    """What the words of one effect depend on: the card it belongs to, the pool (for tokens)
    and the target of the previous step (for `it`)."""

    def __init__(self, owner: CardDef | ForceDef | None, pool: CardPool | None):
        self.owner = owner
        self.pool = pool
        self.last: _Phrase | None = None

    @property
    def this(self) -> _Phrase:
        if isinstance(self.owner, ForceDef):
            noun = "this Force"
        elif isinstance(self.owner, CardDef) and self.owner.is_minion:
            noun = "this minion"
        else:
            noun = "this card"
        return _Phrase(noun, noun, False, noun)

    def target(self, target: Selector | str | None, prep: str = "in") -> _Phrase:
        if target is None or target == "this":
            return self.this
        if target == "it":
            that = self.last.that if self.last else "that card"
            plural = self.last.plural if self.last else False
            return _Phrase(that, that, plural, that)
        if target == "player":
            return _Phrase("you", "you", True, "you")
        if target == "opponent":
            return _Phrase("your opponent", "your opponent", False, "your opponent")
        if isinstance(target, Selector):
            return _phrase(target, prep)
        raise ValueError(f"no rendering for the target {target!r}")

    def token(self, token_id: str) -> CardDef | None:
        """The token a step creates: from the given pool, else from the shipped pool."""
        found = self.pool.cards.get(token_id) if self.pool is not None else None
        if found is None:
            found = load_pool().cards.get(token_id)
        return found


def _owner_zone(target: Selector | str | None, zone: str, plural: bool) -> str:
    """The zone a card goes to: "your hand", "your opponent's base", "its owner's hand"."""
    side = target.side if isinstance(target, Selector) else "self"
    if target in ("it", "this") or side == "any":
        return f"their owners' {zone}s" if plural else f"its owner's {zone}"
    return f"{_OWNER[side]} {zone}"


def _pronoun(plural: bool) -> str:
    return "them" if plural else "it"


# One function per step. Each returns a clause; `ctx.last` is updated by the caller.


def _s_draw(step: Step, ctx: _Context) -> _Clause:
    return _Clause(None, f"draw {_cards(step.param('count', 1))}")


def _s_discard(step: Step, ctx: _Context) -> _Clause:
    return _Clause(None, f"discard {_cards(step.param('count', 1))}")


def _s_modify(step: Step, ctx: _Context) -> _Clause:
    who = ctx.target(step.target)
    parts = []
    if step.param("bp") is not None:
        parts.append(f"{_signed(step.param('bp'))} BP")
    if step.param("dp") is not None:
        parts.append(f"{_signed(step.param('dp'))} DP")
    parts += [KEYWORD_LABELS[k] for k in step.param("grant", ())]
    what = _join(parts)
    per = step.param("per")
    if per is not None:
        what += f" {_per(per)}"
    until = step.param("until")
    if until is not None:
        what += f" {DURATION_TEXT[until]}"
    return _Clause(who.subj, f"{_verb(who.plural, 'gets', 'get')} {what}", f"get {what}")


def _s_destroy(step: Step, ctx: _Context) -> _Clause:
    return _Clause(None, f"destroy {ctx.target(step.target).obj}")


def _s_rest(step: Step, ctx: _Context) -> _Clause:
    return _Clause(None, f"rest {ctx.target(step.target).obj}")


def _s_activate(step: Step, ctx: _Context) -> _Clause:
    return _Clause(None, f"make {ctx.target(step.target).obj} Active")


def _rested(step: Step) -> str:
    return " Rested" if step.param("rested", False) else ""


def _s_move_to_base(step: Step, ctx: _Context) -> _Clause:
    who = ctx.target(step.target)
    dest = _owner_zone(step.target, "base", who.plural)
    return _Clause(None, f"move {who.obj} into {dest}{_rested(step)}")


def _s_to_hand(step: Step, ctx: _Context) -> _Clause:
    who = ctx.target(step.target, "from")
    dest = _owner_zone(step.target, "hand", who.plural)
    if step.param("reveal", False):
        return _Clause(None, f"reveal {who.obj} and put {_pronoun(who.plural)} into {dest}")
    return _Clause(None, f"return {who.obj} to {dest}")


def _s_put_into_base(step: Step, ctx: _Context) -> _Clause:
    who = ctx.target(step.target, "from")
    dest = _owner_zone(step.target, "base", who.plural)
    if step.param("placed_trigger", False):
        note = " ([When Placed] triggers)"
    else:
        note = " ([When Placed] does not trigger)"
    return _Clause(None, f"put {who.obj} into {dest}{_rested(step)}{note}")


def _s_heal(step: Step, ctx: _Context) -> _Clause:
    amount = step.param("amount", 1)
    if step.target in ("player", "opponent"):
        who = ctx.target(step.target)
        verb = _verb(who.plural, "recovers", "recover")
        return _Clause(who.subj, f"{verb} {amount} life", f"recover {amount} life")
    return _Clause(None, f"restore {amount} life to {ctx.target(step.target).obj}")


def _s_damage(step: Step, ctx: _Context) -> _Clause:
    return _Clause(None, f"deal {step.param('amount', 1)} damage to {ctx.target(step.target).obj}")


def _s_create_token(step: Step, ctx: _Context) -> _Clause:
    token_id = step.param("token")
    count = step.param("count", 1)
    token = ctx.token(token_id)
    if token is None:
        return _Clause(None, f"put {count} {token_id} onto your field")
    facts = [token.color, *token.classes]
    if token.cost is not None:
        facts.append(f"cost {token.cost}")
    bp = step.param("bp", token.bp)
    dp = step.param("dp", token.dp)
    if bp is not None and dp is not None:
        facts.append(f"{bp} BP/{dp} DP")
    elif bp is not None:
        facts.append(f"{bp} BP")
    elif dp is not None:
        facts.append(f"{dp} DP")
    facts += [KEYWORD_LABELS[k] for k in token.keywords]
    return _Clause(None, f"put {count} {token.name} ({', '.join(facts)}) onto your field")


def _s_shuffle_deck(step: Step, ctx: _Context) -> _Clause:
    return _Clause(None, "shuffle your deck")


def _s_recolor_mana(step: Step, ctx: _Context) -> _Clause:
    who = ctx.target(step.target)
    return _Clause(None, f"change {who.obj} into mana of a color of your choice")


def _s_look_top(step: Step, ctx: _Context) -> _Clause:
    count = step.param("count", 1)
    look = "the top card" if count == 1 else f"the top {count} cards"
    after = []
    pick: Selector | None = step.param("pick")
    if pick is not None:
        # the picked cards are cards of the deck, whatever zone the selector names
        adjs, sing, plur, post = _describe(replace(pick, zone="deck", side="self"))
        adj_s = " ".join(adjs) + " " if adjs else ""
        take = (
            "reveal {} and put {} into your hand"
            if step.param("reveal", False)
            else "put {} into your hand"
        )
        if count == 1:
            what = f"{_article(adj_s + sing)} {adj_s}{sing}{post}"
            after.append(f"If it is {what}, " + take.format("it", "it") + ".")
        else:
            many = pick.count == "all" or pick.count > 1
            qty = (
                "all"
                if pick.count == "all"
                else (f"up to {pick.count}" if pick.up_to else str(pick.count))
            )
            chosen = f"{qty} {adj_s}{plur if many else sing}{post} among them"
            after.append(_cap(take.format(chosen, _pronoun(many))) + ".")
    if step.param("rest") == "bottom_random":
        after.append("Put the rest on the bottom of your deck in random order.")
    return _Clause(None, f"look at {look} of your deck", after=" ".join(after))


def _s_must_block(step: Step, ctx: _Context) -> _Clause:
    who = ctx.target(step.target)
    return _Clause(who.subj, "must block during this turn", "block during this turn")


def _s_gain_movement(step: Step, ctx: _Context) -> _Clause:
    return _Clause(None, f"gain {step.param('amount', 1)} extra Movement")


def _s_add_mana(step: Step, ctx: _Context) -> _Clause:
    count = step.param("count", 1)
    noun = "colorless mana token" if count == 1 else "colorless mana tokens"
    return _Clause(None, f"put {count} {noun} into your base{_rested(step)}")


def _s_cannot_block(step: Step, ctx: _Context) -> _Clause:
    who = ctx.target(step.target)
    return _Clause(who.subj, "cannot block", "not block")


def _s_cannot_attack_forces(step: Step, ctx: _Context) -> _Clause:
    who = ctx.target(step.target)
    return _Clause(who.subj, "cannot attack Forces", "not attack Forces")


_BY = {
    "opponent_magic": "your opponent's Magic cards",
    "opponent_minion_effects": "your opponent's minion effects",
    None: "your opponent's effects",
}


def _s_untargetable(step: Step, ctx: _Context) -> _Clause:
    who = ctx.target(step.target)
    by = _BY[step.param("by")]
    return _Clause(who.subj, f"cannot be chosen by {by}", f"not be chosen by {by}")


def _s_cost_reduction(step: Step, ctx: _Context) -> _Clause:
    who = ctx.target(step.target)
    amount = step.param("amount", 1)
    return _Clause(
        who.subj, f"{_verb(who.plural, 'costs', 'cost')} {amount} less", f"cost {amount} less"
    )


def _s_colorless_pays_pips(step: Step, ctx: _Context) -> _Clause:
    kind = step.param("card_type")
    costs = f"{TYPE_LABELS[kind]} costs" if kind else "costs"
    verb = f"may pay the colored part of {costs} as any color"
    return _Clause("your colorless mana", verb, verb)


def _s_reduce_damage(step: Step, ctx: _Context) -> _Clause:
    to = "you" if step.param("to") == "player" else "you and your Forces"
    by = " by minions" if step.param("source") == "minion" else ""
    amount = step.param("amount", 1)
    return _Clause(
        f"DP damage dealt to {to}{by}", f"is reduced by {amount}", f"be reduced by {amount}"
    )


def _s_enters_base_rested(step: Step, ctx: _Context) -> _Clause:
    who = ctx.target(step.target)
    verb = _verb(who.plural, "enters", "enter")
    return _Clause(who.subj, f"{verb} the base Rested", "enter the base Rested")


_STEPS: dict[str, Callable[[Step, _Context], _Clause]] = {
    "draw": _s_draw,
    "discard": _s_discard,
    "modify": _s_modify,
    "destroy": _s_destroy,
    "rest": _s_rest,
    "activate": _s_activate,
    "move_to_base": _s_move_to_base,
    "to_hand": _s_to_hand,
    "put_into_base": _s_put_into_base,
    "heal": _s_heal,
    "damage": _s_damage,
    "create_token": _s_create_token,
    "shuffle_deck": _s_shuffle_deck,
    "recolor_mana": _s_recolor_mana,
    "look_top": _s_look_top,
    "must_block": _s_must_block,
    "gain_movement": _s_gain_movement,
    "add_mana": _s_add_mana,
    "cannot_block": _s_cannot_block,
    "cannot_attack_forces": _s_cannot_attack_forces,
    "untargetable": _s_untargetable,
    "cost_reduction": _s_cost_reduction,
    "colorless_pays_pips": _s_colorless_pays_pips,
    "reduce_damage": _s_reduce_damage,
    "enters_base_rested": _s_enters_base_rested,
}


# ----------------------------------------------------------------------------------------------
# Conditions, triggers, effects


def _condition(cond: tuple[tuple[str, Any], ...], ctx: _Context) -> str:
    """The "if ..." words of a condition, without the comma: "if you do"."""
    values = dict(cond)
    parts = []
    for key, value in cond:
        if key not in vocab.CONDITIONS:
            raise ValueError(f"no rendering for the condition {key!r}")
        if key == "mana_color":
            parts.append(f"you have {values['at_least']} or more {value} mana in your base")
        elif key == "mana_at_least":
            parts.append(f"you have {value} or more mana in your base")
        elif key == "it_class":
            that = ctx.last.that if ctx.last else "that card"
            verb = "are" if ctx.last and ctx.last.plural else "is"
            parts.append(f"{that} {verb} {_article(value)} {value}")
        elif key == "opponent_turn":
            parts.append("it is your opponent's turn" if value else "it is your turn")
        elif key == "done":
            parts.append("you do" if value else "you do not")
    return "if " + " and ".join(parts) if parts else ""


def _watch(effect: Effect) -> str:
    """The "whenever ..." words of a whenever-trigger, from its `watch` selector."""
    sel = effect.watch
    assert sel is not None
    adjs, sing, plur, post = _describe(sel)
    adj_s = " ".join(adjs) + " " if adjs else ""
    if effect.when == "magic_used":
        who = {"self": "you use", "opponent": "your opponent uses", "any": "a player uses"}
        # the selector describes the Magic card: its filters, not its zone
        return f"whenever {who[sel.side]} {_article(adj_s + 'Magic')} {adj_s}Magic card{post}"
    if effect.when == "deals_damage":
        event = "deals damage"
    elif effect.when == "minion_advanced":
        event = "moves from the base to the field"
    else:
        raise ValueError(f"no rendering for the trigger {effect.when!r}")
    if sel.side == "any":
        if "other" in adjs:
            adjs_wo = [a for a in adjs if a != "other"]
            rest = " ".join(adjs_wo) + " " if adjs_wo else ""
            return f"whenever another {rest}{sing}{post} {event}"
        return f"whenever {_article(adj_s or sing)} {adj_s}{sing}{post} {event}"
    return f"whenever one of {_OWNER[sel.side]} {adj_s}{plur}{post} {event}"


def _labels(effect: Effect, owner: CardDef | ForceDef | None) -> str:
    if effect.when not in vocab.TRIGGERS:
        raise ValueError(f"no rendering for the trigger {effect.when!r}")
    labels = []
    if effect.zone in ZONE_LABELS:
        labels.append(ZONE_LABELS[effect.zone])
    continuous = effect.when == "passive" or effect.when in vocab.WHENEVER_TRIGGERS
    if effect.during is not None:
        if effect.during not in vocab.DURING:
            raise ValueError(f"no rendering for during = {effect.during!r}")
        labels.append(f"[{vocab.DURING[effect.during]}]")
        if not continuous:
            labels.append(f"[{vocab.TRIGGERS[effect.when]}]")
    elif effect.when == "cast":
        if isinstance(owner, CardDef) and owner.timing:
            labels.append(timing_label(owner))
    else:
        labels.append(f"[{vocab.TRIGGERS[effect.when]}]")
    return " ".join(labels)


def _steps_text(effect: Effect, ctx: _Context, lead: str) -> str:
    """The sentences of an effect's steps; `lead` ("whenever ..., if ..., ") opens the first."""
    sentences = []
    for i, step in enumerate(effect.steps):
        render = _STEPS.get(step.do)
        if render is None:
            raise ValueError(f"no rendering for the step {step.do!r}")
        clause = render(step, ctx)
        prefix = lead if i == 0 else ""
        cond = _condition(step.condition, ctx)
        if cond:
            prefix += cond + ", "
        elif i > 0 and step.target != "it":
            prefix += "then, "
        sentences.append(clause.sentence(step.optional, prefix))
        if step.target is not None:
            ctx.last = ctx.target(step.target)
        elif step.do == "create_token":
            ctx.last = _Phrase("that Token", "that Token", False, "that Token")
        elif step.do == "look_top":
            ctx.last = _Phrase("that card", "that card", False, "that card")
    return " ".join(sentences)


def effect_text(
    effect: Effect, owner: CardDef | ForceDef | None = None, pool: CardPool | None = None
) -> str:
    """One effect as a line of rules text: "[When Summoned] Draw 1 card.".

    `owner` is the card or Force the effect belongs to: it gives "this minion" / "this Force" and a
    Magic card's timing label. `pool` names tokens (the shipped pool when omitted)."""
    ctx = _Context(owner, pool)
    lead = ""
    if effect.watch is not None:
        lead = _watch(effect) + ", "
    cond = _condition(effect.condition, ctx)
    if cond and len(effect.steps) > 1:
        body = _cap(cond) + ": " + _steps_text(effect, ctx, lead)
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
