"""The words of the card vocabulary: English helpers, selector noun phrases and clauses.

Every term of the registry (its vocabulary half, `zenonzard_tui.cards.terms`) writes its words with these helpers; the
renderer (`zenonzard_tui.cards.render`) puts them together into a card's rules text. This module
imports no card pool and no engine, so the registry's entries can use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from zenonzard_tui.cards.model import CardDef, ForceDef, Selector

if TYPE_CHECKING:
    from zenonzard_tui.cards.loader import CardPool

# ----------------------------------------------------------------------------------------------
# Small English helpers


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def join(items: list[str]) -> str:
    """Join words: "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def cards_word(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"-{-n}"


# ----------------------------------------------------------------------------------------------
# Selectors as noun phrases


@dataclass(frozen=True)
class Phrase:
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


def noun(sel: Selector) -> tuple[str, str, list[str]]:
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


def value_range(low: int | None, high: int | None, unit: str) -> str | None:
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


def describe(sel: Selector) -> tuple[list[str], str, str, str]:
    """(adjectives, singular noun, plural noun, trailing qualifiers) of a selector: each filter
    writes its own part (its registry entry's `words`), in the registry's order."""
    from zenonzard_tui.cards.terms.base import FILTERS

    sing, plur, _ = noun(sel)
    adjs: list[str] = ["other"] if sel.other else []
    withs: list[str] = []
    after = ""
    for name, _ in sel.filters:
        if name not in FILTERS:
            raise ValueError(f"no rendering for the selector filter {name!r}")
    for name, term in FILTERS.items():
        value = sel.filter(name)
        if value is None:
            continue
        part = term.words(sel, value)
        adjs += part.adjectives
        if part.quality:
            withs.append(part.quality)
        after += part.after
    post = f" with {join(withs)}" if withs else ""
    return adjs, sing, plur, post + after


def names_one(sel: Selector) -> bool:
    """A filter of the selector names a single card (FilterWords.the_one: the blocking minion)."""
    from zenonzard_tui.cards.terms.base import FILTERS

    return any(
        name in FILTERS and FILTERS[name].words(sel, value).the_one for name, value in sel.filters
    )


OWNER = {"self": "your", "opponent": "your opponent's", "any": "either player's"}


def place_words(sel: Selector, prep: str) -> str:
    """Where a selector looks, when that is not the field: " in your hand", " from your trash"."""
    if sel.zone in ("field", "forces"):
        return ""
    return f" {prep} {OWNER[sel.side]} {sel.zone}"


def phrase(sel: Selector, prep: str = "in") -> Phrase:
    adjs, sing, plur, post = describe(sel)
    adj = " ".join(adjs)
    adj_s = f"{adj} " if adj else ""
    place = place_words(sel, prep)
    owned = sel.zone in ("field", "forces") and sel.side != "any"
    if sel.count == "all":
        if owned:
            core = f"{OWNER[sel.side]} {adj_s}{plur}{post}"
            if sel.or_force:  # "all your minions and Forces"
                core += " and Forces"
            obj, subj = f"all {core}", core
        elif sel.zone in ("field", "forces"):
            core = f"{adj_s}{plur}{post}"
            obj = subj = f"all {core}"
        else:
            core = f"{adj_s}{plur}{post}{place}"
            obj, subj = f"all {core}", core
        that = f"those {plur}" if plur != "mana" else "that mana"
        return Phrase(obj, subj, plur != "mana", that)
    n = int(sel.count)
    if n == 1 and not sel.up_to and not sel.or_force and names_one(sel):
        text = f"the {adj_s}{sing}{post}{place}"  # "the blocking minion"
        return Phrase(text, text, False, f"that {sing}")
    qty = f"up to {n}" if sel.up_to else str(n)
    if sel.or_force:
        who = f"{qty} of {OWNER[sel.side]} " if sel.side != "any" else f"{qty} "
        if sel.side != "any":
            text = f"{who}{adj_s}minions{post} or Forces"
        elif n == 1:
            text = f"{qty} {adj_s}minion{post} or 1 Force"
        else:
            text = f"{qty} {adj_s}minions{post} or Forces"
        that = "that minion or Force" if n == 1 else "those minions or Forces"
        return Phrase(text, text, n > 1, that)
    if owned:
        text = f"{qty} of {OWNER[sel.side]} {adj_s}{plur}{post}"
    else:
        text = f"{qty} {adj_s}{sing if n == 1 else plur}{post}{place}"
    that = f"that {sing}" if n == 1 else f"those {plur}"
    return Phrase(text, text, n > 1, that)


def per_words(sel: Selector) -> str:
    """`per`: "for each of your opponent's destroyed Forces"."""
    adjs, sing, plur, post = describe(sel)
    adj_s = " ".join(adjs) + " " if adjs else ""
    if sel.zone in ("field", "forces") and sel.side != "any":
        return f"for each of {OWNER[sel.side]} {adj_s}{plur}{post}"
    return f"for each {adj_s}{sing}{post}{place_words(sel, 'in')}"


# ----------------------------------------------------------------------------------------------
# Clauses: an imperative ("draw 1 card") or a subject with a verb ("1 minion gets +300 BP")


@dataclass(frozen=True)
class Clause:
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
        text = cap(f"{prefix}{body}") + "."
        return f"{text} {self.after}" if self.after else text


def verb(plural: bool, singular_form: str, plural_form: str) -> str:
    return plural_form if plural else singular_form


class WordsContext:
    """What the words of one effect depend on: the card it belongs to, the pool (for tokens)
    and the target of the previous step (for `it`)."""

    def __init__(self, owner: CardDef | ForceDef | None, pool: CardPool | None):
        self.owner = owner
        self.pool = pool
        self.last: Phrase | None = None
        self.zone: str | None = None  # where the effect works: "base" says "this mana" (ZR 3.7)
        self.mana = False  # a mana effect (ZR 10.1: [When Placed], <Base>): "this card" is mana

    @property
    def this(self) -> Phrase:
        if isinstance(self.owner, ForceDef):
            name = "this Force"
        elif self.mana or self.zone == "base":
            name = "this mana"
        elif self.zone == "hand":
            name = "this card"
        elif isinstance(self.owner, CardDef) and self.owner.is_minion:
            name = "this minion"
        else:
            name = "this card"
        return Phrase(name, name, False, name)

    def target(self, target: Selector | str | None, prep: str = "in") -> Phrase:
        if target is None or target == "this":
            return self.this
        if target == "it":
            that = self.last.that if self.last else "that card"
            plural = self.last.plural if self.last else False
            return Phrase(that, that, plural, that)
        if target == "player":
            return Phrase("you", "you", True, "you")
        if target == "opponent":
            return Phrase("your opponent", "your opponent", False, "your opponent")
        if isinstance(target, Selector):
            return phrase(target, prep)
        raise ValueError(f"no rendering for the target {target!r}")

    def token(self, token_id: str) -> CardDef | None:
        """The token a step creates: from the given pool, else from the shipped pool."""
        found = self.pool.cards.get(token_id) if self.pool is not None else None
        if found is None:
            from zenonzard_tui.cards.loader import load_pool  # the loader imports the registry

            found = load_pool().cards.get(token_id)
        return found


def owner_zone(target: Selector | str | None, zone: str, plural: bool) -> str:
    """The zone a card goes to: "your hand", "your opponent's base", "its owner's hand"."""
    side = target.side if isinstance(target, Selector) else "self"
    if target in ("it", "this") or side == "any":
        return f"their owners' {zone}s" if plural else f"its owner's {zone}"
    return f"{OWNER[side]} {zone}"


def pronoun(plural: bool) -> str:
    return "them" if plural else "it"
