"""Card and Force definitions: immutable records shared by every game (ZR 2).

A definition is data: stats plus effects in the vocabulary of `zenonzard_tui.cards.vocab`. The
engine reads the records; the renderer (`zenonzard_tui.cards.render`) writes the rules text from
them, so the text a player reads and what the card does cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from zenonzard_tui.frozen import picklable

CARD_TYPES: Final = ("field_minion", "base_minion", "magic", "token")
COLORS: Final = ("red", "yellow", "white", "green", "blue", "purple", "colorless")  # ZR 2.3
RARITIES: Final = ("Basic", "C", "R", "E", "L")
# The shipped sets: code -> name (`zenonzard cards --set` takes either); the launch era first
SETS: Final = {
    "BASIC": "BASIC",
    "PC01": "AWAKEN",
    "PC01R": "BEYOND",
    "PC02": "CONTRACT",
    "EX01": "EX01",
}
# The launch era (2019): the pool before CONTRACT
LAUNCH_SETS: Final = ("BASIC", "PC01", "PC01R")
KEYWORDS: Final = ("charge", "swoop", "resurge", "revenge", "pierce", "infiltrate")  # ZR 2.7
TIMINGS: Final = ("main", "flash")

TYPE_LABELS: Final = {
    "field_minion": "Field Minion",
    "base_minion": "Base Minion",
    "magic": "Magic",
    "token": "Token Minion",
}
KEYWORD_LABELS: Final = {k: k.capitalize() for k in KEYWORDS}
# [0]: has a card of several colors been defined in this process? Until one is, no mana has
# several colors (a card in play makes its card's colors; an effect recolors mana to one), and
# the engine counts and pays mana by one color, the fast path (engine/effects.py)
SEVERAL_COLORS: Final = [False]
# [0]: has a Boost card (ZR 17.1) been defined in this process? Until one is, the legal actions
# look for no Boost (engine/legal.py)
BOOST_CARDS: Final = [False]


@dataclass(frozen=True, slots=True)
class Selector:
    """Which cards (or Forces) an effect step looks at; see docs/cards.md, "Selectors"."""

    side: str = "any"  # self | opponent | any (seen from the effect's controller)
    zone: str = "field"  # field | base | hand | trash | deck | forces
    count: int | str = 1  # a number, or "all"
    up_to: bool = False  # "up to N": 0..N may be chosen (ZR 6.4)
    other: bool = False  # not the card the effect belongs to
    or_force: bool = False  # "one minion or one Force"
    filters: tuple[tuple[str, Any], ...] = ()  # (name, value) pairs: bp_max, cost_min, class, ...

    def filter(self, name: str, default: Any = None) -> Any:
        for key, value in self.filters:
            if key == name:
                return value
        return default


@dataclass(frozen=True, slots=True)
class Step:
    """One thing an effect does: `do` plus its parameters (docs/cards.md, "Steps")."""

    do: str
    target: Selector | str | None = None  # a selector, or "this" / "it" / "player" / "opponent"
    params: tuple[tuple[str, Any], ...] = ()
    condition: tuple[tuple[str, Any], ...] = ()  # `if = {...}`: the step happens only if it holds
    optional: bool = False  # "may"

    def param(self, name: str, default: Any = None) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        return default


@dataclass(frozen=True, slots=True)
class Effect:
    """A triggered, continuous or Magic effect: when it happens and the steps it takes."""

    when: str  # a trigger, "cast" (Magic) or "passive" (continuous)
    steps: tuple[Step, ...]
    during: str | None = None  # None | "your_turn" | "opponent_turn" | "your_mana_phase"
    zone: str | None = None  # where the card must be for it to work; "base" marks <Base>
    watch: Selector | None = None  # for "whenever ..." triggers: which cards' events count
    condition: tuple[tuple[str, Any], ...] = ()  # `if` on the whole effect
    no_stack: bool = False  # "this effect cannot stack"
    also: tuple[str, ...] = ()  # ZR 10.9: more triggers of a combined label "[A] & [B]"

    def on(self, event: str) -> bool:
        """Does this effect trigger on `event` (its `when`, or one of a combined label's)?"""
        return self.when == event or event in self.also


# A card's continuous effects by their first step's `do` (`passives_by_do`). Never changed once
# made; a dict, not a Mapping, so that the compiled build looks them up as dicts (a Mapping's
# `get` is a generic method call there, ten times as dear).
Passives = dict[str, tuple[Effect, ...]]


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card of the pool (ZR 2.2). Shared and never changed while games run."""

    id: str
    name: str
    type: str
    color: str
    cost: int | None  # None for Base Minions (they count as cost 0 on the field, ZR 2.4)
    pips: tuple[tuple[str, int], ...] = ()  # the coloured part of the cost, e.g. (("blue", 1),)
    bp: int | None = None
    dp: int | None = None
    classes: tuple[str, ...] = ()
    rarity: str = "Basic"
    set: str = "BASIC"
    keywords: tuple[str, ...] = ()
    timing: tuple[str, ...] = ()  # Magic only: ("main",), ("flash",) or ("main", "flash")
    deck_limit: int | None = 3  # None: a deck may hold any number (ZR 4.1)
    effects: tuple[Effect, ...] = ()
    estimated: bool = False  # pips not known from the card facts; estimated by cost
    # why this card cannot be played yet (kept out of legal decks, ZR 4); "" when it can
    unsupported: str = ""
    file: str = field(default="", compare=False)
    # the card's colors: one color is the common case, and `color` is that color; a card of
    # several colors has them all here, `color` being the first (the in-play object's mana
    # color, ZR 6.1.1, is still one color). () when made: `(color,)`.
    colors: tuple[str, ...] = ()
    # ZR 17.1: a Boost card's condition (a Base Minion whose text begins "Boost: ..."): the
    # selector filters the minion it is attached to must pass (no filters: "No Conditions");
    # None: not a Boost card. `boost_ability`: its <Boost Ability> keywords (ZR 17.4).
    boost: Selector | None = None
    boost_ability: tuple[str, ...] = ()
    # Derived from `effects` once, for the engine's continuous effects (ZR 3.7): its passive
    # effects by their first step's `do`, wherever they work / on the field / in the base / in
    # the hand (ZR 12.1: a card's own cost effects).
    passives: Passives = field(init=False, compare=False, repr=False)
    field_passives: Passives = field(init=False, compare=False, repr=False)
    base_passives: Passives = field(init=False, compare=False, repr=False)
    hand_passives: Passives = field(init=False, compare=False, repr=False)
    # the events its effects trigger on (`when`, and `also`: the engine skips a card with no
    # effect of an event)
    whens: frozenset[str] = field(init=False, compare=False, repr=False)
    # the events its "whenever ..." effects (those with a `watch`) trigger on
    watches: frozenset[str] = field(init=False, compare=False, repr=False)
    # (cost, pip color or None, pip count) when the printed cost has at most one pip, not a
    # colorless one, and the card has no <Hand> effect: where nothing changes payments, it can be
    # paid with enough Active mana for its cost (this one, or the changed one where cost changes
    # are at work) and enough of the pip's color. Else None.
    quick_pay: tuple[int, str | None, int] | None = field(init=False, compare=False, repr=False)
    # how it is played from the hand in the main phase and in a Flash window (ZR 5.6, ZR 5.7):
    # "summon" (a Field Minion; in a Flash window only with Swoop), "cast" (a Magic card of
    # that timing) or None
    plays: tuple[str | None, str | None] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.colors:
            object.__setattr__(self, "colors", (self.color,))
        elif self.colors[0] != self.color:
            raise ValueError(f"{self.name}: `color` is the first of `colors` {self.colors!r}")
        if len(self.colors) > 1:
            SEVERAL_COLORS[0] = True
        if self.boost is not None:
            BOOST_CARDS[0] = True
        object.__setattr__(self, "whens", _whens(self.effects))
        object.__setattr__(self, "watches", _watches(self.effects))
        object.__setattr__(self, "quick_pay", None)
        object.__setattr__(self, "plays", _plays(self))
        every = passives_by_do(self.effects)
        object.__setattr__(self, "passives", every)
        object.__setattr__(self, "field_passives", _where(every, (None, "field")))
        object.__setattr__(self, "base_passives", _where(every, ("base",)))
        object.__setattr__(self, "hand_passives", _where(every, ("hand",)))  # its own costs
        cost = self.cost or 0
        if not self.hand_passives:
            if not self.pips:
                object.__setattr__(self, "quick_pay", (cost, None, 0))
            elif len(self.pips) == 1 and (self.pips[0][0] != "colorless" or not cost):
                object.__setattr__(self, "quick_pay", (cost, *self.pips[0]))

    def __hash__(self) -> int:
        # The engine's caches look cards up all the time; hashing every field each time was most
        # of a game's cost. Equal cards share an id; a token given other stats compares unequal.
        return hash(self.id)

    @property
    def is_minion(self) -> bool:
        return self.type != "magic"

    @property
    def is_token(self) -> bool:
        return self.type == "token"

    @property
    def pip_count(self) -> int:
        return sum(n for _, n in self.pips)

    @property
    def type_label(self) -> str:
        return TYPE_LABELS[self.type]

    def pip(self, color: str) -> int:
        for c, n in self.pips:
            if c == color:
                return n
        return 0


@dataclass(frozen=True, slots=True)
class ForceDef:
    """A Force (ZR 2.5): chosen beside the deck, with its own life. The common [When Destroyed]
    effect of ZR 2.6 belongs to every Force and is not part of the record."""

    id: str
    name: str
    creature: str
    life: int
    effects: tuple[Effect, ...] = ()
    era: str = "launch"
    file: str = field(default="", compare=False)
    # Derived from `effects` once: its passive effects by their first step's `do` (ZR 2.5).
    passives: Passives = field(init=False, compare=False, repr=False)
    whens: frozenset[str] = field(init=False, compare=False, repr=False)  # as CardDef's
    watches: frozenset[str] = field(init=False, compare=False, repr=False)  # as CardDef's

    def __post_init__(self) -> None:
        object.__setattr__(self, "passives", passives_by_do(self.effects))
        object.__setattr__(self, "whens", _whens(self.effects))
        object.__setattr__(self, "watches", _watches(self.effects))

    def __hash__(self) -> int:
        return hash(self.id)


_NO_PASSIVES: Final[Passives] = {}  # shared by every card without any


def _plays(card: CardDef) -> tuple[str | None, str | None]:
    """`CardDef.plays`."""
    if card.type == "field_minion":
        return ("summon", "summon" if "swoop" in card.keywords else None)
    if card.type == "magic":
        main, flash = ("cast" if t in card.timing else None for t in TIMINGS)
        return (main, flash)
    return (None, None)


def _whens(effects: tuple[Effect, ...]) -> frozenset[str]:
    """Every event one of `effects` triggers on (Effect.on)."""
    return frozenset(e.when for e in effects) | frozenset(x for e in effects for x in e.also)


def _watches(effects: tuple[Effect, ...]) -> frozenset[str]:
    """The events the "whenever ..." effects among `effects` trigger on."""
    return frozenset(e.when for e in effects if e.watch is not None)


def passives_by_do(effects: tuple[Effect, ...]) -> Passives:
    """The continuous (`when = "passive"`) effects by their first step's `do`, in card order."""
    found: dict[str, list[Effect]] = {}
    for e in effects:
        if e.when == "passive":
            found.setdefault(e.steps[0].do, []).append(e)
    return {do: tuple(es) for do, es in found.items()} if found else _NO_PASSIVES


def _where(passives: Passives, zones: tuple[str | None, ...]) -> Passives:
    """Those of `passives` whose `zone` is one of `zones`."""
    out = {}
    for do, es in passives.items():
        kept = tuple(e for e in es if e.zone in zones)
        if kept:
            out[do] = kept
    return out or _NO_PASSIVES


# pickled and copied through their constructors, in both builds (zenonzard_tui/frozen.py)
picklable(Selector, Step, Effect, CardDef, ForceDef)
