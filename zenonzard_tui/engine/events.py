"""The game log's events: one class per kind of thing that happens, each with the sentence it
reads as.

The engine records an event with `game.log.add(kind, *fields)` (engine/log.py); readers get these
objects back from `game.log.records` and read their fields by name. `event.sentence(game, seat)`
writes what `seat` may know (None: an all-knowing reader); it returns None when there is nothing to
say. Uids name cards in `game.defs`; names are kept where the card may be gone by the time the
log is read (a token, a card that changed zones).

An event is a plain class with `__slots__` and its own `__init__`, not a dataclass: 70 frozen
dataclasses cost this module 45 ms to import (each one's methods written and compiled at import),
and plain classes are what mypyc compiles. Events are values: equal when their kind and fields
are, never changed once recorded (the log, saves and snapshots share them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from zenonzard_tui.cards.model import KEYWORD_LABELS, Effect
from zenonzard_tui.cards.terms import MARKS
from zenonzard_tui.cards.terms import TRIGGERS as TERMS
from zenonzard_tui.cards.terms.arrive import chain_label
from zenonzard_tui.cards.terms.steps import BY

if TYPE_CHECKING:
    from zenonzard_tui.engine.game import Game

SEATS = ("A", "B")

UNTIL = {
    "end_of_turn": " until the end of the turn (ZR 5.7)",
    "battle": " during this battle (ZR 8.7)",
    "opponent_standby": " until the end of the next Standby Phase (ZR 10.3)",
    "opponent_next_turn": " until the end of the opponent's next turn (ZR 10.3)",
}


def _name(game: Game, uid: int | None) -> str:
    if uid is not None and 0 <= uid < len(game.defs):
        return game.defs[uid].name
    return "a token"


def _force(game: Game, seat: int, index: int) -> str:
    return game.players[seat].forces[index].force.name


def _count(n: int, noun: str) -> str:
    return f"a {noun}" if n == 1 else f"{n} {noun}s"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _changes(bp: int, dp: int, grant: tuple[str, ...]) -> str:
    parts = [f"{v:+d} {stat}" for v, stat in ((bp, "BP"), (dp, "DP")) if v]
    parts += [KEYWORD_LABELS.get(k, k) for k in grant]
    return " and ".join(parts) or "no change"


class Event:
    """One thing that happened. `kind` names it in `log.add`; `fields` are its fields in the
    order its `__init__` takes them (a base's first: `seat`), set for every kind at the end of
    this module from the classes' annotations. `private`: the fields only the event's own player
    may know (the card they drew); the other player and spectators get the event without them
    (engine/observe.py, `event_views`)."""

    __slots__ = ()
    kind: ClassVar[str]
    fields: ClassVar[tuple[str, ...]] = ()
    private: ClassVar[tuple[str, ...]] = ()

    def values(self) -> tuple[Any, ...]:
        """The event's fields' values, in the order of `fields`."""
        return tuple([getattr(self, name) for name in self.fields])

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Event)
            and other.__class__ is self.__class__
            and (self.values() == other.values())
        )

    def __hash__(self) -> int:
        return hash((self.__class__, self.values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.fields)
        return f"{self.__class__.__name__}({shown})"

    def sentence(self, game: Game, seat: int | None) -> str | None:
        raise NotImplementedError


class SeatEvent(Event):
    """An event of one player's (their action, their card, their loss)."""

    seat: int
    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    @property
    def who(self) -> str:
        return SEATS[self.seat]


# ----------------------------------------------------------------------------------------------
# Setup and turns


class Setup(Event):
    kind = "setup"
    first: int
    life: tuple[int, int]
    __slots__ = ("first", "life")

    def __init__(self, first: int, life: tuple[int, int]) -> None:
        self.first = first
        self.life = life

    def sentence(self, game: Game, seat: int | None) -> str:
        a, b = self.life
        return f"{SEATS[self.first]} goes first. Life: A {a}, B {b} (ZR 5.1)."


class TurnStart(Event):
    kind = "turn"
    turn: int
    seat: int
    __slots__ = ("seat", "turn")

    def __init__(self, turn: int, seat: int) -> None:
        self.turn = turn
        self.seat = seat

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"Turn {self.turn}: {SEATS[self.seat]}'s turn."


class Mulligan(SeatEvent):
    kind = "mulligan"
    count: int
    __slots__ = ("count",)

    def __init__(self, seat: int, count: int) -> None:
        self.seat = seat
        self.count = count

    def sentence(self, game: Game, seat: int | None) -> str:
        if self.count == 0:
            return f"{self.who} keeps their hand."
        return f"{self.who} mulligans {self.count} card(s) (ZR 5.2)."


class Draw(SeatEvent):
    kind = "draw"
    private = ("uid",)
    uid: int
    __slots__ = ("uid",)

    def __init__(self, seat: int, uid: int) -> None:
        self.seat = seat
        self.uid = uid

    def sentence(self, game: Game, seat: int | None) -> str:
        if seat in (None, self.seat):
            return f"{self.who} draws {_name(game, self.uid)}."
        return f"{self.who} draws a card."


class Burn(SeatEvent):
    kind = "burn"
    uid: int
    __slots__ = ("uid",)

    def __init__(self, seat: int, uid: int) -> None:
        self.seat = seat
        self.uid = uid

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s hand is full: {_name(game, self.uid)} goes to the trash (ZR 3.3)."


class Mana(SeatEvent):
    kind = "mana"
    uid: int | None  # None: a colorless mana
    __slots__ = ("uid",)

    def __init__(self, seat: int, uid: int | None) -> None:
        self.seat = seat
        self.uid = uid

    def sentence(self, game: Game, seat: int | None) -> str:
        what = "a colorless mana" if self.uid is None else _name(game, self.uid)
        return f"{self.who} puts {what} into their base (ZR 5.5)."


class ManaSkip(SeatEvent):
    kind = "mana_skip"
    __slots__ = ()

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} puts no mana into their base."


class EndTurn(SeatEvent):
    kind = "end_turn"
    __slots__ = ()

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} ends their turn."


class GameOver(Event):
    kind = "game_over"
    winner: int | None  # None: a draw
    reason: str
    __slots__ = ("reason", "winner")

    def __init__(self, winner: int | None, reason: str) -> None:
        self.winner = winner
        self.reason = reason

    def sentence(self, game: Game, seat: int | None) -> str:
        result = "The game is a draw" if self.winner is None else f"{SEATS[self.winner]} wins"
        return f"{result}: {self.reason}."


# ----------------------------------------------------------------------------------------------
# Playing cards and moving them


class Summon(SeatEvent):
    kind = "summon"
    uid: int
    __slots__ = ("uid",)

    def __init__(self, seat: int, uid: int) -> None:
        self.seat = seat
        self.uid = uid

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} summons {_name(game, self.uid)}."


class Cast(SeatEvent):
    kind = "cast"
    uid: int
    __slots__ = ("uid",)

    def __init__(self, seat: int, uid: int) -> None:
        self.seat = seat
        self.uid = uid

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} casts {_name(game, self.uid)}."


class Move(SeatEvent):
    kind = "move"
    uid: int
    name: str
    event: str  # "advancing" or "retreating"
    __slots__ = ("event", "name", "uid")

    def __init__(self, seat: int, uid: int, name: str, event: str) -> None:
        self.seat = seat
        self.uid = uid
        self.name = name
        self.event = event

    def sentence(self, game: Game, seat: int | None) -> str:
        verb = "advances" if self.event == "advancing" else "retreats"
        return f"{self.who} {verb} {self.name} (ZR 7.1)."


class Overflow(SeatEvent):
    kind = "overflow"
    uid: int
    name: str
    rule: str
    __slots__ = ("name", "rule", "uid")

    def __init__(self, seat: int, uid: int, name: str, rule: str) -> None:
        self.seat = seat
        self.uid = uid
        self.name = name
        self.rule = rule

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name} goes to the trash to make room ({self.rule})."


class Discard(SeatEvent):
    kind = "discard"
    uid: int
    __slots__ = ("uid",)

    def __init__(self, seat: int, uid: int) -> None:
        self.seat = seat
        self.uid = uid

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} discards {_name(game, self.uid)}."


class Mill(SeatEvent):
    """A card discarded from the top of the deck (ZR 11.10): it goes to the trash, seen by both."""

    kind = "mill"
    uid: int
    __slots__ = ("uid",)

    def __init__(self, seat: int, uid: int) -> None:
        self.seat = seat
        self.uid = uid

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} discards {_name(game, self.uid)} from the top of their deck (ZR 11.10)."


class ToBottom(SeatEvent):
    """Platorna's discarded cards go on the bottom of the deck, never to the trash (ZR 11.10)."""

    kind = "to_bottom"
    count: int
    __slots__ = ("count",)

    def __init__(self, seat: int, count: int) -> None:
        self.seat = seat
        self.count = count

    def sentence(self, game: Game, seat: int | None) -> str:
        cards = _count(self.count, "card")
        return (
            f"{self.who} discards {cards}: after the draw they go on the bottom of their deck in "
            "random order, not into the trash (ZR 11.10)."
        )


class CopyCard(SeatEvent):
    """A copy of a card is made and added to a hand (Janus, ZR 11.11)."""

    kind = "copy"
    uid: int
    __slots__ = ("uid",)

    def __init__(self, seat: int, uid: int) -> None:
        self.seat = seat
        self.uid = uid

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} adds a copy of {_name(game, self.uid)} to their hand (ZR 11.11)."


class TrashEffects(SeatEvent):
    """A card in the trash resolves its [When Destroyed] effects as trash effects (Kiska)."""

    kind = "trash_effects"
    uid: int
    __slots__ = ("uid",)

    def __init__(self, seat: int, uid: int) -> None:
        self.seat = seat
        self.uid = uid

    def sentence(self, game: Game, seat: int | None) -> str:
        name = _name(game, self.uid)
        return (
            f"{self.who}'s {name} resolves its [When Destroyed] effects from the trash (ZR 14.6)."
        )


class ToHand(SeatEvent):
    """A card returns to its owner's hand (seen by both players)."""

    kind = "to_hand"
    uid: int
    name: str
    __slots__ = ("name", "uid")

    def __init__(self, seat: int, uid: int, name: str) -> None:
        self.seat = seat
        self.uid = uid
        self.name = name

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.name} returns to {self.who}'s hand."


class GainAbility(SeatEvent):
    """A minion gains a triggered ability (Sniper Ewan, Angel Charmi)."""

    kind = "gain_ability"
    name: str
    __slots__ = ("name",)

    def __init__(self, seat: int, name: str) -> None:
        self.seat = seat
        self.name = name

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name} gains an ability while it stays on the field."


class ToDeckTop(SeatEvent):
    """A minion put on top of its owner's deck (Eleksai)."""

    kind = "to_deck_top"
    name: str
    __slots__ = ("name",)

    def __init__(self, seat: int, name: str) -> None:
        self.seat = seat
        self.name = name

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.name} goes on top of {self.who}'s deck."


class Reveal(SeatEvent):
    """A card taken from a look at the deck and shown to both players."""

    kind = "reveal"
    uid: int
    __slots__ = ("uid",)

    def __init__(self, seat: int, uid: int) -> None:
        self.seat = seat
        self.uid = uid

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} reveals {_name(game, self.uid)} and adds it to their hand."


class LookTake(SeatEvent):
    """A card taken from a look at the deck without showing it: named only to its owner."""

    kind = "look_take"
    private = ("uid",)
    uid: int
    __slots__ = ("uid",)

    def __init__(self, seat: int, uid: int) -> None:
        self.seat = seat
        self.uid = uid

    def sentence(self, game: Game, seat: int | None) -> str:
        shown = _name(game, self.uid) if seat in (None, self.seat) else "a card"
        return f"{self.who} puts {shown} into their hand."


class Look(SeatEvent):
    kind = "look"
    count: int
    __slots__ = ("count",)

    def __init__(self, seat: int, count: int) -> None:
        self.seat = seat
        self.count = count

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} looks at the top {_count(self.count, 'card')} of their deck."


class LookRest(SeatEvent):
    kind = "look_rest"
    count: int
    where: str  # "top", "bottom" or "bottom_random"
    __slots__ = ("count", "where")

    def __init__(self, seat: int, count: int, where: str) -> None:
        self.seat = seat
        self.count = count
        self.where = where

    def sentence(self, game: Game, seat: int | None) -> str | None:
        if not self.count:
            return None
        where = {
            "top": "back on top",
            "bottom": "on the bottom of their deck",
        }.get(self.where, "on the bottom of their deck in random order")
        return f"{self.who} puts {_count(self.count, 'card')} {where}."


class Shuffle(SeatEvent):
    kind = "shuffle"
    __slots__ = ()

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} shuffles their deck."


class ToBase(SeatEvent):
    """A minion moved from the field to its base by an effect."""

    kind = "to_base"
    name: str
    token: bool  # a token cannot be mana: it ceases to exist
    __slots__ = ("name", "token")

    def __init__(self, seat: int, name: str, token: bool) -> None:
        self.seat = seat
        self.name = name
        self.token = token

    def sentence(self, game: Game, seat: int | None) -> str:
        if self.token:
            return f"{self.who}'s {self.name} cannot be mana: the token leaves the game (ZR 11.7)."
        return f"{self.who}'s {self.name} moves to their base."


class IntoBase(SeatEvent):
    """A card put into the base from another zone by an effect."""

    kind = "into_base"
    uid: int
    zone: str
    __slots__ = ("uid", "zone")

    def __init__(self, seat: int, uid: int, zone: str) -> None:
        self.seat = seat
        self.uid = uid
        self.zone = zone

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} puts {_name(game, self.uid)} from their {self.zone} into their base."


class ForceSearch(SeatEvent):
    kind = "force_search"
    uid: int
    __slots__ = ("uid",)

    def __init__(self, seat: int, uid: int) -> None:
        self.seat = seat
        self.uid = uid

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} puts {_name(game, self.uid)} from their deck into their base (ZR 2.6)."


class AddMana(SeatEvent):
    kind = "add_mana"
    count: int
    rested: bool
    __slots__ = ("count", "rested")

    def __init__(self, seat: int, count: int, rested: bool) -> None:
        self.seat = seat
        self.count = count
        self.rested = rested

    def sentence(self, game: Game, seat: int | None) -> str:
        what = _count(self.count, "colorless mana token")
        return f"{self.who} puts {what} into their base" + (" Rested." if self.rested else ".")


class Token(SeatEvent):
    kind = "token"
    name: str
    count: int
    __slots__ = ("count", "name")

    def __init__(self, seat: int, name: str, count: int) -> None:
        self.seat = seat
        self.name = name
        self.count = count

    def sentence(self, game: Game, seat: int | None) -> str:
        what = f"a {self.name}" if self.count == 1 else f"{self.count} × {self.name}"
        kind = "a token" if self.count == 1 else "tokens"
        return f"{self.who} puts {what} onto their field ({kind}: made by an effect, ZR 2.1)."


# ----------------------------------------------------------------------------------------------
# Attacks and battles


class Attack(SeatEvent):
    kind = "attack"
    uid: int
    name: str
    target: tuple  # ("p",) the player, ("f", index) a Force of the defender
    __slots__ = ("name", "target", "uid")

    def __init__(self, seat: int, uid: int, name: str, target: tuple) -> None:
        self.seat = seat
        self.uid = uid
        self.name = name
        self.target = target

    def sentence(self, game: Game, seat: int | None) -> str:
        if self.target[0] == "p":
            target = "the player"
        else:
            target = _force(game, 1 - self.seat, self.target[1])
        return f"{self.who}'s {self.name} attacks {target}."


class AttackRedirected(SeatEvent):
    """An effect changed the target of the attack in progress (Moving Shield, ZR 8.1)."""

    kind = "attack_redirected"
    name: str
    target: tuple  # ("p",) the player, ("f", index) a Force of the defender (`seat`)
    __slots__ = ("name", "target")

    def __init__(self, seat: int, name: str, target: tuple) -> None:
        self.seat = seat
        self.name = name
        self.target = target

    def sentence(self, game: Game, seat: int | None) -> str:
        to = "them" if self.target[0] == "p" else _force(game, self.seat, self.target[1])
        return f"{self.who}'s {self.name}: the attack now targets {to} (ZR 8.1)."


class Pass(SeatEvent):
    kind = "pass"
    __slots__ = ()

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} passes."


class NoBlock(SeatEvent):
    kind = "no_block"
    __slots__ = ()

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} does not block."


class Block(SeatEvent):
    kind = "block"
    uid: int
    name: str
    attacker: int
    __slots__ = ("attacker", "name", "uid")

    def __init__(self, seat: int, uid: int, name: str, attacker: int) -> None:
        self.seat = seat
        self.uid = uid
        self.name = name
        self.attacker = attacker

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name} blocks."


class Battle(Event):
    kind = "battle"
    attacker: int
    attacker_name: str
    attacker_bp: int
    blocker: int
    blocker_name: str
    blocker_bp: int
    destroyed: tuple[int, ...]
    __slots__ = (
        "attacker",
        "attacker_bp",
        "attacker_name",
        "blocker",
        "blocker_bp",
        "blocker_name",
        "destroyed",
    )

    def __init__(
        self,
        attacker: int,
        attacker_name: str,
        attacker_bp: int,
        blocker: int,
        blocker_name: str,
        blocker_bp: int,
        destroyed: tuple[int, ...],
    ) -> None:
        self.attacker = attacker
        self.attacker_name = attacker_name
        self.attacker_bp = attacker_bp
        self.blocker = blocker
        self.blocker_name = blocker_name
        self.blocker_bp = blocker_bp
        self.destroyed = destroyed

    def result(self) -> str:
        """What the battle did: "both destroyed", "Drill Golem destroyed", "nothing destroyed"."""
        if len(self.destroyed) == 2:
            return "both destroyed"
        if self.destroyed:
            loser = self.blocker_name if self.destroyed[0] == self.blocker else self.attacker_name
            return f"{loser} destroyed"
        return "nothing destroyed"

    def brief(self) -> str:
        """The result first, for a short line."""
        return f"{self.result()}: {self.blocker_name} blocked {self.attacker_name}"

    def sentence(self, game: Game, seat: int | None) -> str:
        result = self.result()
        return (
            f"{self.blocker_name} ({self.blocker_bp} BP) blocks {self.attacker_name} "
            f"({self.attacker_bp} BP): {result} (ZR 8.5)."
        )


class AttackFizzles(Event):
    kind = "attack_fizzles"
    rule: str
    __slots__ = ("rule",)

    def __init__(self, rule: str) -> None:
        self.rule = rule

    def sentence(self, game: Game, seat: int | None) -> str:
        return "The attacking minion left the field: the attack ends (ZR 8.3)."


class BlockerGone(Event):
    kind = "blocker_gone"
    __slots__ = ()

    def sentence(self, game: Game, seat: int | None) -> str:
        return "The blocking minion left the field: there is no battle (ZR 8.5)."


class NoDamageForceGone(Event):
    kind = "no_damage_force_gone"
    rule: str
    __slots__ = ("rule",)

    def __init__(self, rule: str) -> None:
        self.rule = rule

    def sentence(self, game: Game, seat: int | None) -> str:
        return "The target Force was already destroyed: no damage (ZR 8.6)."


class Destroyed(SeatEvent):
    kind = "destroyed"
    uid: int
    name: str
    reason: str
    __slots__ = ("name", "reason", "uid")

    def __init__(self, seat: int, uid: int, name: str, reason: str) -> None:
        self.seat = seat
        self.uid = uid
        self.name = name
        self.reason = reason

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name} is destroyed" + (
            f" ({self.reason})." if self.reason else "."
        )


class PlayerDamage(SeatEvent):
    kind = "player_damage"
    amount: int
    life: int
    source: str
    __slots__ = ("amount", "life", "source")

    def __init__(self, seat: int, amount: int, life: int, source: str) -> None:
        self.seat = seat
        self.amount = amount
        self.life = life
        self.source = source

    def sentence(self, game: Game, seat: int | None) -> str:
        src = f" from {self.source}" if self.source else ""
        return f"{self.who} takes {self.amount} damage{src}: life {max(self.life, 0)}."  # ZR 1.2


def _damaged(game: Game, seat: int, force: int | None) -> str:
    return SEATS[seat] if force is None else f"{SEATS[seat]}'s {_force(game, seat, force)}"


class DamageReduced(SeatEvent):
    """One damage event after its reductions (ZR 13.8): which ones, by how much."""

    kind = "damage_reduced"
    force: int | None  # None: the player
    amount: int
    left: int
    reasons: tuple[str, ...]  # "Aero Wall -1"
    __slots__ = ("amount", "force", "left", "reasons")

    def __init__(
        self, seat: int, force: int | None, amount: int, left: int, reasons: tuple[str, ...] = ()
    ) -> None:
        self.seat = seat
        self.force = force
        self.amount = amount
        self.left = left
        self.reasons = reasons

    def sentence(self, game: Game, seat: int | None) -> str:
        target = _damaged(game, self.seat, self.force)
        why = f": {', '.join(self.reasons)}" if self.reasons else ""
        text = f"The damage to {target} is reduced from {self.amount} to {self.left} (ZR 13.8{why})"
        if self.left <= 0:
            return text + "; no damage is dealt and nothing triggers (ZR 13.7)."
        return text + "."


class DamageNotReduced(SeatEvent):
    """Rush of Bats: no reduction applies to this damage event (ZR 13.8)."""

    kind = "damage_not_reduced"
    force: int | None
    amount: int
    by: str
    __slots__ = ("amount", "by", "force")

    def __init__(self, seat: int, force: int | None, amount: int, by: str) -> None:
        self.seat = seat
        self.force = force
        self.amount = amount
        self.by = by

    def sentence(self, game: Game, seat: int | None) -> str:
        target = _damaged(game, self.seat, self.force)
        return f"The damage to {target} cannot be reduced ({self.by}, ZR 13.8): {self.amount}."


class DamageShield(SeatEvent):
    """A this-turn reduction (Aero Wall, Refine; ZR 13.8)."""

    kind = "damage_shield"
    name: str
    to: str | None  # "player", "forces" or None: both
    amount: int
    __slots__ = ("amount", "name", "to")

    def __init__(self, seat: int, name: str, to: str | None, amount: int) -> None:
        self.seat = seat
        self.name = name
        self.to = to
        self.amount = amount

    def sentence(self, game: Game, seat: int | None) -> str:
        who = {"player": self.who, "forces": f"{self.who}'s Forces"}.get(
            self.to or "", f"{self.who} and their Forces"
        )
        return (
            f"Until the end of the turn, damage to {who} is reduced by {self.amount} "
            f"({self.name}, ZR 13.8)."
        )


class Unshielded(SeatEvent):
    """Rush of Bats: for the rest of the turn, no reduction and no restore (ZR 13.8)."""

    kind = "unshielded"
    name: str
    __slots__ = ("name",)

    def __init__(self, seat: int, name: str) -> None:
        self.seat = seat
        self.name = name

    def sentence(self, game: Game, seat: int | None) -> str:
        return (
            f"Until the end of the turn, damage to {self.who} and their Forces cannot be reduced, "
            f"and their life and Forces cannot be restored ({self.name}, ZR 13.8)."
        )


class RestoreBlocked(SeatEvent):
    """Rush of Bats: a restore does nothing (ZR 13.8)."""

    kind = "restore_blocked"
    force: int | None
    by: str
    __slots__ = ("by", "force")

    def __init__(self, seat: int, force: int | None, by: str) -> None:
        self.seat = seat
        self.force = force
        self.by = by

    def sentence(self, game: Game, seat: int | None) -> str:
        target = _damaged(game, self.seat, self.force)
        return f"{target} cannot be restored this turn ({self.by}, ZR 13.8)."


class LifeSwap(SeatEvent):
    """Lachesis (ZR 13.10): the opponent's life and one of `seat`'s Forces' change places."""

    kind = "life_swap"
    index: int
    force_life: int
    opponent_life: int
    __slots__ = ("force_life", "index", "opponent_life")

    def __init__(self, seat: int, index: int, force_life: int, opponent_life: int) -> None:
        self.seat = seat
        self.index = index
        self.force_life = force_life
        self.opponent_life = opponent_life

    def sentence(self, game: Game, seat: int | None) -> str:
        force = _force(game, self.seat, self.index)
        other = SEATS[1 - self.seat]
        return (
            f"{other}'s life and {self.who}'s {force}'s life are swapped: {other} has "
            f"{self.opponent_life} life, {force} {self.force_life} (ZR 13.10: neither damage "
            "nor a restore)."
        )


class ForceDamage(SeatEvent):
    kind = "force_damage"
    index: int
    amount: int
    life: int
    __slots__ = ("amount", "index", "life")

    def __init__(self, seat: int, index: int, amount: int, life: int) -> None:
        self.seat = seat
        self.index = index
        self.amount = amount
        self.life = life

    def sentence(self, game: Game, seat: int | None) -> str:
        force = _force(game, self.seat, self.index)
        return f"{self.who}'s {force} takes {self.amount} damage: life {self.life} (ZR 8.6)."


class ForceDestroyed(SeatEvent):
    kind = "force_destroyed"
    index: int
    reason: str  # "" at 0 life (ZR 8.6); "ZR 13.11" destroyed outright
    __slots__ = ("index", "reason")

    def __init__(self, seat: int, index: int, reason: str = "") -> None:
        self.seat = seat
        self.index = index
        self.reason = reason

    def sentence(self, game: Game, seat: int | None) -> str:
        force = _force(game, self.seat, self.index)
        return f"{self.who}'s {force} is destroyed ({self.reason or 'ZR 8.6'}, ZR 2.6)."


# ----------------------------------------------------------------------------------------------
# Effects


def cause_words(cause: tuple, own: tuple[int, str] | None = None) -> str:
    """The event that triggered a whenever-effect, as words: "A's Horned Walrus was destroyed";
    "it attacked" when the event is the watching card's own (`own`: its seat and name)."""
    event, seat, name = cause
    words = TERMS[event].cause  # the trigger's vocabulary entry (tests/test_terms.py: never "")
    if own == (seat, name):
        words = words.replace("{s}'s {n}", "it")
    return words.format(s=SEATS[seat], n=name or "a card")


class EffectBegins(SeatEvent):
    """A triggered effect starts to resolve (ZR 6.5): its label, and for a whenever-effect the
    event that triggered it (`cause`: the event's name, seat and card, effects.queue_watchers)."""

    kind = "effect"
    name: str
    when: str
    resurge: bool
    effect: Effect | None
    cause: tuple
    __slots__ = ("cause", "effect", "name", "resurge", "when")

    def __init__(
        self,
        seat: int,
        name: str,
        when: str,
        resurge: bool,
        effect: Effect | None = None,
        cause: tuple = (),
    ) -> None:
        self.seat = seat
        self.name = name
        self.when = when
        self.resurge = resurge
        self.effect = effect
        self.cause = cause

    def sentence(self, game: Game, seat: int | None) -> str:
        head = f"{self.who}'s {self.name}"
        if self.resurge:
            return f"{head}: Resurge (ZR 2.7) effect (ZR 6.5)."
        if self.cause:
            words = cause_words(self.cause, (self.seat, self.name))
            return f"{head}: {words} -> its effect resolves (ZR 6.5)."
        if self.when == "won_battle":
            return f"{head}: it won a battle -> its effect resolves (ZR 6.5)."
        effect = self.effect
        if self.when == "chain" and effect is not None:
            color = dict(effect.condition).get("placed_mana", "that color")
            return (
                f"{head}: {chain_label(effect)} effect: {self.who} placed {color} mana into "
                "their base this turn (ZR 15.1)."
            )
        label = f"[{TERMS[self.when].label}]"
        if effect is not None and effect.zone == "base":
            label = "<Base> " + label  # a mana effect (ZR 10.1)
        rule = TERMS[self.when].rule
        rules = f"{rule}, ZR 6.5" if rule else "ZR 6.5"
        return f"{head}: {label} effect ({rules})."


class Modify(SeatEvent):
    kind = "modify"
    name: str
    bp: int
    dp: int
    grant: tuple[str, ...]
    until: str | None
    special: str  # original-value changes and set values (ZR 10.6), as words
    __slots__ = ("bp", "dp", "grant", "name", "special", "until")

    def __init__(
        self,
        seat: int,
        name: str,
        bp: int,
        dp: int,
        grant: tuple[str, ...],
        until: str | None,
        special: str = "",
    ) -> None:
        self.seat = seat
        self.name = name
        self.bp = bp
        self.dp = dp
        self.grant = grant
        self.until = until
        self.special = special

    def sentence(self, game: Game, seat: int | None) -> str:
        until = UNTIL.get(self.until, "") if self.until else ""
        if self.special:  # "-1 original DP", "DP set to 0"
            plain = _changes(self.bp, self.dp, self.grant)
            what = self.special if plain == "no change" else f"{plain} and {self.special}"
            return f"{self.who}'s {self.name} gets {what} (ZR 10.6){until}."
        return f"{self.who}'s {self.name} gets {_changes(self.bp, self.dp, self.grant)}{until}."


class Protect(SeatEvent):
    kind = "protect"
    name: str
    by: str | None
    until: str | None
    __slots__ = ("by", "name", "until")

    def __init__(self, seat: int, name: str, by: str | None, until: str | None) -> None:
        self.seat = seat
        self.name = name
        self.by = by
        self.until = until

    def sentence(self, game: Game, seat: int | None) -> str:
        until = UNTIL.get(self.until, "") if self.until else ""
        by = BY[self.by].replace("your opponent", "the opponent")
        return f"{self.who}'s {self.name} cannot be chosen by {by} (ZR 10.2){until}."


class Rest(SeatEvent):
    kind = "rest"
    names: tuple[str | None, ...]  # None: a colorless mana token
    __slots__ = ("names",)

    def __init__(self, seat: int, names: tuple[str | None, ...]) -> None:
        self.seat = seat
        self.names = names

    def sentence(self, game: Game, seat: int | None) -> str:
        return self._states("Rested")

    def _states(self, state: str) -> str:
        names = [n for n in self.names if n is not None]
        tokens = len(self.names) - len(names)
        if tokens == 1 and not names:  # "B's colorless mana token", not "B's a colorless ..."
            names.append("colorless mana token")
        elif tokens:
            names.append(_count(tokens, "colorless mana token"))
        verb = "become" if len(self.names) > 1 else "becomes"
        return f"{self.who}'s {_and(names)} {verb} {state}."


class Activate(Rest):
    kind = "activate"
    __slots__ = ()

    def sentence(self, game: Game, seat: int | None) -> str:
        return self._states("Active")


class Heal(SeatEvent):
    kind = "heal"
    force: int | None  # None: the player
    life: int
    __slots__ = ("force", "life")

    def __init__(self, seat: int, force: int | None, life: int) -> None:
        self.seat = seat
        self.force = force
        self.life = life

    def sentence(self, game: Game, seat: int | None) -> str:
        if self.force is None:
            return f"{self.who}'s life is restored to {self.life} (ZR 3.6: at most 10)."
        force = _force(game, self.seat, self.force)
        return f"{self.who}'s {force} is restored to {self.life} life (ZR 3.6: at most 10)."


class Recolor(SeatEvent):
    kind = "recolor"
    name: str
    color: str
    __slots__ = ("color", "name")

    def __init__(self, seat: int, name: str, color: str) -> None:
        self.seat = seat
        self.name = name
        self.color = color

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name} becomes {self.color} mana."


class MustBlock(SeatEvent):
    kind = "must_block"
    name: str
    __slots__ = ("name",)

    def __init__(self, seat: int, name: str) -> None:
        self.seat = seat
        self.name = name

    def sentence(self, game: Game, seat: int | None) -> str:
        if not self.name:  # a requirement on the attack (ZR 13.3)
            return f"{self.who} must block this attack if they can (ZR 13.3)."
        return f"{self.who}'s {self.name} must block (ZR 13.3)."


class Mark(SeatEvent):
    """A one-shot battle term on a minion (ZR 13.1, ZR 13.4)."""

    kind = "mark"
    name: str
    marks: tuple[str, ...]
    until: str | None
    __slots__ = ("marks", "name", "until")

    def __init__(self, seat: int, name: str, marks: tuple[str, ...], until: str | None) -> None:
        self.seat = seat
        self.name = name
        self.marks = marks
        self.until = until

    def sentence(self, game: Game, seat: int | None) -> str:
        until = UNTIL.get(self.until, "") if self.until else ""
        what = _and([MARKS[m].log or MARKS[m].words for m in self.marks])
        rule = MARKS[self.marks[0]].rule if self.marks else "ZR 13.4"
        return f"{self.who}'s {self.name} {what} ({rule}){until}."


class GainTrigger(SeatEvent):
    """A whenever-effect a player has until the end of the turn (gain_trigger)."""

    kind = "gain_trigger"
    name: str
    __slots__ = ("name",)

    def __init__(self, seat: int, name: str) -> None:
        self.seat = seat
        self.name = name

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} has {self.name}'s effect until the end of the turn."


class BattleWon(SeatEvent):
    kind = "battle_won"
    uid: int
    name: str
    __slots__ = ("name", "uid")

    def __init__(self, seat: int, uid: int, name: str) -> None:
        self.seat = seat
        self.uid = uid
        self.name = name

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name} wins the battle (ZR 13.1)."


class GainMovement(SeatEvent):
    kind = "gain_movement"
    amount: int
    total: int
    __slots__ = ("amount", "total")

    def __init__(self, seat: int, amount: int, total: int) -> None:
        self.seat = seat
        self.amount = amount
        self.total = total

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} gains {self.amount} Movement ({self.total} in all, ZR 7.1)."


# ----------------------------------------------------------------------------------------------
# Arriving, moving and leaving (ZR 11)


class Put(SeatEvent):
    """A card put onto the field by an effect: not a summon (ZR 11.1b)."""

    kind = "put"
    uid: int
    __slots__ = ("uid",)

    def __init__(self, seat: int, uid: int) -> None:
        self.seat = seat
        self.uid = uid

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} puts {_name(game, self.uid)} onto their field (ZR 11.1b)."


class TrashToField(SeatEvent):
    """<Trash>: a card that would return from the trash to the hand goes to the field."""

    kind = "trash_to_field"
    uid: int
    rule: str
    __slots__ = ("rule", "uid")

    def __init__(self, seat: int, uid: int, rule: str) -> None:
        self.seat = seat
        self.uid = uid
        self.rule = rule

    def sentence(self, game: Game, seat: int | None) -> str:
        name = _name(game, self.uid)
        return f"{name} would return to {self.who}'s hand from the trash: it goes to the field instead ({self.rule})."


class ToField(SeatEvent):
    """A minion card moved from the base to the field by an effect (ZR 11.4)."""

    kind = "to_field"
    name: str
    __slots__ = ("name",)

    def __init__(self, seat: int, name: str) -> None:
        self.seat = seat
        self.name = name

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name} moves from their base to the field (ZR 11.4)."


class TokenGone(SeatEvent):
    """A Token Minion that would go to another zone leaves the game (ZR 11.7)."""

    kind = "token_gone"
    name: str
    zone: str
    __slots__ = ("name", "zone")

    def __init__(self, seat: int, name: str, zone: str) -> None:
        self.seat = seat
        self.name = name
        self.zone = zone

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name} would go to the {self.zone}: the token leaves the game (ZR 11.7)."


# ----------------------------------------------------------------------------------------------
# Costs, delayed and lasting effects (ZR 12.1, ZR 14.4, ZR 14.5)


class Delayed(SeatEvent):
    kind = "delayed"
    name: str
    __slots__ = ("name",)

    def __init__(self, seat: int, name: str) -> None:
        self.seat = seat
        self.name = name

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name}: the rest happens when this turn ends (ZR 14.4)."


class DelayedNow(SeatEvent):
    kind = "delayed_now"
    name: str
    __slots__ = ("name",)

    def __init__(self, seat: int, name: str) -> None:
        self.seat = seat
        self.name = name

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name}: this turn ends, its delayed effect resolves (ZR 14.4)."


class Doubled(SeatEvent):
    kind = "doubled"
    name: str
    by: str  # the minion that doubles them (Tillt & Wellt)
    __slots__ = ("by", "name")

    def __init__(self, seat: int, name: str, by: str) -> None:
        self.seat = seat
        self.name = name
        self.by = by

    def sentence(self, game: Game, seat: int | None) -> str:
        return (
            f"{self.who}'s {self.name}: its [When Summoned] effects resolve twice ({self.by}, "
            "ZR 14.3)."
        )


class Locked(SeatEvent):
    kind = "locked"
    names: tuple[str, ...]
    __slots__ = ("names",)

    def __init__(self, seat: int, names: tuple[str, ...]) -> None:
        self.seat = seat
        self.names = names

    def sentence(self, game: Game, seat: int | None) -> str:
        return (
            f"{_and(list(self.names))} cannot become Active until the end of "
            f"{SEATS[1 - self.seat]}'s next Standby Phase (ZR 14.5, ZR 10.3)."
        )


class CostChange(SeatEvent):
    kind = "cost_change"
    name: str
    side: str  # whose hand, seen from the effect's controller: self or opponent
    what: str  # "Magic cards"
    amount: int
    __slots__ = ("amount", "name", "side", "what")

    def __init__(self, seat: int, name: str, side: str, what: str, amount: int) -> None:
        self.seat = seat
        self.name = name
        self.side = side
        self.what = what
        self.amount = amount

    def sentence(self, game: Game, seat: int | None) -> str:
        whose = SEATS[self.seat] if self.side == "self" else SEATS[1 - self.seat]
        return (
            f"{self.who}'s {self.name}: {self.what} in {whose}'s hand cost {self.amount} more "
            "this turn (ZR 12.1)."
        )


class NextSummon(SeatEvent):
    kind = "next_summon"
    name: str
    what: str  # "red minion"
    grant: tuple[str, ...]
    __slots__ = ("grant", "name", "what")

    def __init__(self, seat: int, name: str, what: str, grant: tuple[str, ...]) -> None:
        self.seat = seat
        self.name = name
        self.what = what
        self.grant = grant

    def sentence(self, game: Game, seat: int | None) -> str:
        grant = _changes(0, 0, self.grant)
        return (
            f"{self.who}'s {self.name}: the next {self.what} {self.who} summons this turn gets "
            f"{grant} (ZR 14.4)."
        )


# ----------------------------------------------------------------------------------------------
# Boost and banishing (ZR 17, ZR 18)


class Boost(SeatEvent):
    """A Boost card of the base attached to a minion (ZR 17.2)."""

    kind = "boost"
    minion: str
    card: str
    __slots__ = ("card", "minion")

    def __init__(self, seat: int, minion: str, card: str) -> None:
        self.seat = seat
        self.minion = minion
        self.card = card

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} boosts {self.minion} with {self.card} (ZR 17.2)."


class BoostReturn(SeatEvent):
    """A card attached to a minion that left the field goes back (ZR 17.6)."""

    kind = "boost_return"
    uid: int
    minion: str
    to_trash: bool  # the rule option boost_returns_only_when_destroyed
    __slots__ = ("minion", "to_trash", "uid")

    def __init__(self, seat: int, uid: int, minion: str, to_trash: bool) -> None:
        self.seat = seat
        self.uid = uid
        self.minion = minion
        self.to_trash = to_trash

    def sentence(self, game: Game, seat: int | None) -> str:
        where = "goes to the trash" if self.to_trash else "returns to the base Rested"
        return (
            f"{self.who}'s {_name(game, self.uid)}, attached to {self.minion}, {where} (ZR 17.6)."
        )


class Banished(SeatEvent):
    kind = "banished"
    uid: int
    name: str
    __slots__ = ("name", "uid")

    def __init__(self, seat: int, uid: int, name: str) -> None:
        self.seat = seat
        self.uid = uid
        self.name = name

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name} is banished (ZR 18.1)."


def _subclasses(cls: type[Event]) -> list[type[Event]]:
    out = []
    for sub in cls.__subclasses__():
        out.append(sub)
        out += _subclasses(sub)
    return out


def _fields(cls: type[Event]) -> tuple[str, ...]:
    """A class's fields as its `__init__` takes them: its bases' first, each class's in the order
    it declares them (its annotations but the class variables)."""
    names: list[str] = []
    for base in reversed(cls.__mro__):
        for name, annotation in vars(base).get("__annotations__", {}).items():
            if not str(annotation).startswith("ClassVar"):
                names.append(name)
    return tuple(names)


for _cls in _subclasses(Event):
    _cls.fields = _fields(_cls)

EVENTS: dict[str, type[Event]] = {
    cls.kind: cls for cls in _subclasses(Event) if "kind" in cls.__dict__
}
