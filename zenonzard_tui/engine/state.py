"""The game's mutable state: players, zones and the cards in play (ZR 3).

Cards in the deck, hand and trash are plain ints (their uid); the game's `defs` table maps a uid to
its shared, immutable CardDef. Cards in play (field and base) are `Slot`s, which carry the state a
card has only in play: Active/Rested, arrival, modifiers. Cloning copies the slots and lists only.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Final

from zenonzard_tui.cards.model import CardDef, Effect, ForceDef, Step
from zenonzard_tui.frozen import picklable

FIELD_LIMIT: Final = 5  # ZR 3.4
BASE_LIMIT: Final = 10  # ZR 3.5
HAND_LIMIT: Final = 10  # ZR 3.3
LIFE_CAP: Final = 10  # ZR 3.6
START_LIFE: Final = 12  # ZR 5.1
START_HAND: Final = 6  # ZR 5.1
TURN_LIMIT: Final = 200  # ZR 1.5
SEATS: Final = ("A", "B")  # the seats' names: seat 0 is "A", seat 1 is "B"
# ZR 11.11: the uids kept after the deck cards for copies (Janus), which are cards of `defs`;
# tokens and colorless mana tokens get uids after them
COPY_ROOM: Final = 10_000
# The zones a card moves between (ZR 3.1), as `Zones.move` names them: a player's deck, hand,
# field, base and trash; `LIMBO`, the game's cards between zones (a Magic resolving, a card on
# its way into play, ZR 6.3); `BANISHED`, a player's banished cards (public, out of the game, ZR
# 18.1); `ATTACHED`: under a minion (Boost, ZR 17.2: in no zone); `NEW` (a source only): a token
# made now; `GONE` (a destination only): out of the game (a token, ZR 11.7)
COLORLESS: Final = ("colorless",)  # the colors of a colorless mana token's mana
DECK: Final = "deck"
HAND: Final = "hand"
FIELD: Final = "field"
BASE: Final = "base"
TRASH: Final = "trash"
LIMBO: Final = "limbo"
BANISHED: Final = "banished"
ATTACHED: Final = "attached"
NEW: Final = "new"
GONE: Final = "gone"


@dataclass(frozen=True)
class Options:
    """Rule options by their ZR names (ZR 5.4, ZR 5.8, ZR 11.3, ZR 17, ZR 20: the ⚑ alternatives)."""

    second_player_draws_two: bool = False  # ZR 5.4
    first_turn_attack: bool = True  # ZR 5.8
    advance_enters_field: bool = False  # ZR 11.3: advancing counts as entering the field
    boost_needs_active: bool = False  # ZR 17.2: only an Active minion can receive a Boost
    boost_gives_stats: bool = True  # ZR 17.4: off: a Boost gives its <Boost Ability> only
    # ZR 17.6: the attached card returns to the base only when the minion is destroyed, and goes
    # to the trash when it leaves the field any other way
    boost_returns_only_when_destroyed: bool = False
    # ZR 17.6: off: the card's return to the base is not a placement (it counts neither for
    # Chain, ZR 15.1, nor for "is placed" watchers)
    boost_return_is_placement: bool = True
    # ZR 20.1: "if you have chosen the Force of X" holds only while X is not destroyed
    chosen_force_needs_undestroyed: bool = False

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))

    @classmethod
    def from_mapping(cls, raw: dict) -> Options:
        unknown = set(raw) - set(cls.names())
        if unknown:
            raise ValueError(
                f"unknown rule option {sorted(unknown)[0]!r}; known: {', '.join(cls.names())}"
            )
        for key, value in raw.items():
            if not isinstance(value, bool):
                raise ValueError(f"rule option {key!r} takes true or false, got {value!r}")
        return cls(**raw)

    def to_dict(self) -> dict:
        return {name: getattr(self, name) for name in self.names()}


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """One summon (ZR 11.1a) or one Magic use of this turn, for "this turn you have summoned /
    used ..." (ZR 14.1): who, what, and the card's uid (for "another"); or ("once") an effect
    with the condition once_per_turn that resolved, and its card."""

    seat: int
    kind: str  # "summon", "magic" or "once"
    card: CardDef
    uid: int


@dataclass(frozen=True, slots=True)
class Lasting:
    """An effect that outlives the step that made it (ZR 12.1, ZR 14.4, ZR 14.5), kept by the
    game (`GameCore.lasting`) until `until` ends it:
    - "delayed": `effect` resolves when this turn ends, among the end-of-turn effects (ZR 14.4);
    - "passive": `effect` is a continuous effect of `seat` (a cost change this turn, ZR 12.1);
    - "next_summon": `step` (next_summon) applies to the next matching summon of `seat` (ZR 14.4);
    - "locked": the cards and Forces `keys` cannot become Active (ZR 14.5);
    - "watch": `effect` is a whenever-effect of `seat` (gain_trigger: Lock-On, Arondai);
    - "ability": `effect` is a triggered ability the minion `keys[0]` ("c", uid, order) gained
      while that object of it stays on the field (gain_ability: Sniper Ewan, Angel Charmi;
      `until` "in_play"; dropped by `end_lasting` once it has left)."""

    seat: int  # the effect's controller
    kind: str
    name: str = ""  # the card it comes from, for the log
    source: str = "minion"  # the kind of effect it is (ZR 10.1): minion, magic, mana
    effect: Effect | None = None
    step: Step | None = None
    until: str = "end_of_turn"  # a duration (engine/terms/triggers.py, engine/terms/costs.py)
    turn: int = 0  # the turn it was made
    keys: tuple = ()  # "locked": ("c", uid, order) for a card in play, ("f", seat, index) for a Force


class Mod:
    """A modifier on a card in play, until when (None: while it stays in play, ZR 10.3 (e)):
    +BP/+DP (`bp`, `dp`), granted keywords; "original value" changes (`base_bp`, `base_dp`) and
    "set to" values (`set_bp`, `set_dp`, None: not set) of ZR 10.6; a granted protection
    (`protect`: by what it cannot be chosen, ZR 10.2). `special` tells the rare modifier with an
    original-value change or a set value apart, so that the common BP/DP sum stays a plain sum.
    `marks`: what the minion cannot do or always does while it lasts (the battle terms:
    "no_attack", "no_block", "no_move", "unblockable", "wins", ZR 13.1, ZR 13.4); `ends`: for the
    duration "until the end of your opponent's next turn", the turn in whose End phase it ends
    (ZR 10.3 (c))."""

    __slots__ = ("base_bp", "base_dp", "bp", "dp", "ends", "grant", "marks", "protect", "set_bp",
                 "set_dp", "special", "until")  # fmt: skip

    def __init__(self, bp: int, dp: int, grant: tuple[str, ...], until: str | None,
                 base_bp: int = 0, base_dp: int = 0, set_bp: int | None = None,
                 set_dp: int | None = None, protect: str | None = None,
                 marks: tuple[str, ...] = (), ends: int = 0) -> None:  # fmt: skip
        self.bp, self.dp, self.grant, self.until = bp, dp, grant, until
        self.base_bp, self.base_dp, self.set_bp, self.set_dp = base_bp, base_dp, set_bp, set_dp
        self.protect = protect
        self.marks, self.ends = marks, ends
        self.special = bool(base_bp or base_dp) or set_bp is not None or set_dp is not None

    def key(self) -> tuple:
        """Everything the modifier holds, for comparing states."""
        return (self.bp, self.dp, self.grant, self.until, self.base_bp, self.base_dp,
                self.set_bp, self.set_dp, self.protect, self.marks, self.ends)  # fmt: skip


class Slot:
    """A card in play, on the field or in the base: the in-play object (Showdown's `Pokemon`,
    Forge's `Card` with its states and attachments).

    - `uid`: its own id, the object's while it stays in play (the uid of the card that entered
      play, which a card in the deck, hand or trash is known by; a token's or a colorless mana
      token's own new uid);
    - `printed`: the card it was printed as, which never changes while it is in play;
    - `card`: its current face, what the rules read (BP, DP, effects, name): the printed card
      until an effect changes it (Memoria's `gain_force_ability` adds a Force's effects; a move
      between field and base makes it the printed card again, ZR 10.4); None for a colorless mana
      token;
    - `attached`: the uids of the cards attached under it (Boost, ZR 17.2), in the order they
      were attached; they are in no zone while attached;
    - `colors`: the colors of the mana it makes (ZR 6.1.1: its card's colors, one color the
      common case; a card of two colors pays either and counts for both; an effect may change
      them; `("colorless",)` for a colorless mana token); `color`, the first of them (kept
      with them: `set_colors`);
    - and the state a card has only in play: Active/Rested, arrival (ZR 8.2), its order (ZR
      6.5), modifiers (ZR 10.3), must block (ZR 13.3).
    Cloning copies the object's attributes only: the card definitions, the modifiers and the
    attached tuple are shared (never changed in place)."""

    __slots__ = (
        "advanced",
        "arrived",
        "attached",
        "card",
        "color",
        "colors",
        "mods",
        "must_block",
        "order",
        "printed",
        "rested",
        "uid",
    )

    def __init__(self, uid: int, card: CardDef | None, order: int, rested: bool = False) -> None:
        self.uid = uid
        self.printed = card
        self.card = card
        self.attached: tuple[int, ...] = ()  # replaced, never mutated: clones may share it
        self.rested = rested
        self.arrived = True  # entered play this turn (ZR 8.2)
        self.advanced = False  # a Base Minion card that advanced to the field this turn (ZR 8.2)
        self.order = order  # when it entered play, for the order of ZR 6.5
        self.mods: tuple[Mod, ...] = ()  # replaced, never mutated: clones may share it
        self.must_block = False
        self.colors = card.colors if card is not None else COLORLESS  # the colors of its mana
        self.color = self.colors[0]

    def clone(self) -> Slot:
        new = Slot(self.uid, self.card, self.order, self.rested)  # (mypyc: through __init__)
        new.arrived = self.arrived
        new.advanced, new.mods = self.advanced, self.mods
        new.must_block, new.colors, new.color = self.must_block, self.colors, self.color
        new.printed, new.attached = self.printed, self.attached
        return new

    @property
    def name(self) -> str:
        return self.card.name if self.card is not None else "colorless"

    def set_colors(self, colors: tuple[str, ...]) -> None:
        """Its mana's colors become `colors` (an effect recolors it, ZR 6.1.1)."""
        self.colors, self.color = colors, colors[0]

    @property
    def is_token(self) -> bool:
        """A Token Minion or a colorless mana token: neither can move (ZR 7.2)."""
        return self.card is None or self.card.type == "token"


class Move:
    """One card's change of zone, as `Zones.move` made it (ZR 11.1): the player whose zone it
    entered (`seat`), the card (`uid`; `slot`, its in-play object when it left or entered play),
    the zones it left and entered (`src`, `dest`: where it went in the end, after ZR 3.3 or ZR
    11.7) and why (`cause`: "summoned", "put", "advancing", "placed" (the mana phase), "place",
    "retreating", "destroyed", "milled", "draw", ...), which says what it triggers
    (`Zones.moved`); `host`: the minion it was attached to (Boost, ZR 17.2), else None."""

    __slots__ = ("cause", "dest", "host", "seat", "slot", "src", "uid")

    def __init__(self, seat: int, uid: int, slot: Slot | None, src: str, dest: str,
                 cause: str, host: Slot | None = None) -> None:  # fmt: skip
        self.seat, self.uid, self.slot = seat, uid, slot
        self.src, self.dest, self.cause, self.host = src, dest, cause, host


class ForceState:
    __slots__ = ("destroyed", "force", "life", "rested")

    def __init__(self, force: ForceDef, life: int | None = None) -> None:
        self.force = force
        self.life = force.life if life is None else life
        self.rested = False
        self.destroyed = False

    def clone(self) -> ForceState:
        new = ForceState(self.force, self.life)
        new.rested, new.destroyed = self.rested, self.destroyed
        return new

    @property
    def active(self) -> bool:
        """Its effects work (ZR 2.5)."""
        return not self.rested and not self.destroyed


class PlayerState:
    __slots__ = (
        "banished",
        "base",
        "damaged",
        "deck",
        "field",
        "forces",
        "hand",
        "life",
        "movement",
        "mulliganed",
        "placed",
        "seat",
        "trash",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.deck: list[int] = []  # top first
        self.hand: list[int] = []
        self.field: list[Slot] = []
        self.base: list[Slot] = []
        self.trash: list[int] = []
        self.banished: list[int] = []  # ZR 18.1: public, out of the game
        self.forces: list[ForceState] = []
        self.life = START_LIFE
        self.movement = 0
        self.mulliganed = False
        # ZR 15.1: the colors of the cards placed into this player's base this turn (ZR 11.1d)
        self.placed: frozenset[str] = frozenset()
        self.damaged = False  # damage was dealt to this player (their life) this turn (Vikson)

    def clone(self) -> PlayerState:
        new = PlayerState(self.seat)
        new.deck = self.deck[:]
        new.hand = self.hand[:]
        new.field = [s.clone() for s in self.field]
        new.base = [s.clone() for s in self.base]
        new.trash = self.trash[:]
        new.banished = self.banished[:]
        new.forces = [f.clone() for f in self.forces]
        new.life, new.movement, new.mulliganed = self.life, self.movement, self.mulliganed
        new.placed, new.damaged = self.placed, self.damaged
        return new

    def live_forces(self) -> list[ForceState]:
        return [f for f in self.forces if not f.destroyed]


# pickled and copied through their constructors, in both builds (zenonzard_tui/frozen.py)
picklable(Options, TurnRecord, Lasting)
