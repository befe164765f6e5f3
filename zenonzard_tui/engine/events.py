"""The game log's events: one frozen dataclass per kind of thing that happens, each with the
sentence it reads as.

The engine records an event with `game.log.add(kind, *fields)` (engine/log.py); readers get these
objects back from `game.log.records` and read their fields by name. `event.sentence(game, seat)`
writes what `seat` may know (None: an all-knowing reader); it returns None when there is nothing to
say. Uids name cards in `game.defs`; names are kept where the card may be gone by the time the
log is read (a token, a card that changed zones).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

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
    """One thing that happened. `kind` names it in `log.add`; subclasses are frozen dataclasses.
    `private`: the fields only the event's own player may know (the card they drew); the other
    player and spectators get the event without them (engine/observe.py, `event_views`)."""

    __slots__ = ()
    kind: ClassVar[str]
    private: ClassVar[tuple[str, ...]] = ()

    def sentence(self, game: Game, seat: int | None) -> str | None:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class SeatEvent(Event):
    """An event of one player's (their action, their card, their loss)."""

    seat: int

    @property
    def who(self) -> str:
        return SEATS[self.seat]


# ----------------------------------------------------------------------------------------------
# Setup and turns


@dataclass(frozen=True, slots=True)
class Setup(Event):
    kind = "setup"
    first: int
    life: tuple[int, int]

    def sentence(self, game: Game, seat: int | None) -> str:
        a, b = self.life
        return f"{SEATS[self.first]} goes first. Life: A {a}, B {b} (ZR 5.1)."


@dataclass(frozen=True, slots=True)
class TurnStart(Event):
    kind = "turn"
    turn: int
    seat: int

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"Turn {self.turn}: {SEATS[self.seat]}'s turn."


@dataclass(frozen=True, slots=True)
class Mulligan(SeatEvent):
    kind = "mulligan"
    count: int

    def sentence(self, game: Game, seat: int | None) -> str:
        if self.count == 0:
            return f"{self.who} keeps their hand."
        return f"{self.who} mulligans {self.count} card(s) (ZR 5.2)."


@dataclass(frozen=True, slots=True)
class Draw(SeatEvent):
    kind = "draw"
    private = ("uid",)
    uid: int

    def sentence(self, game: Game, seat: int | None) -> str:
        if seat in (None, self.seat):
            return f"{self.who} draws {_name(game, self.uid)}."
        return f"{self.who} draws a card."


@dataclass(frozen=True, slots=True)
class Burn(SeatEvent):
    kind = "burn"
    uid: int

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s hand is full: {_name(game, self.uid)} goes to the trash (ZR 3.3)."


@dataclass(frozen=True, slots=True)
class Mana(SeatEvent):
    kind = "mana"
    uid: int | None  # None: a colorless mana

    def sentence(self, game: Game, seat: int | None) -> str:
        what = "a colorless mana" if self.uid is None else _name(game, self.uid)
        return f"{self.who} puts {what} into their base (ZR 5.5)."


@dataclass(frozen=True, slots=True)
class ManaSkip(SeatEvent):
    kind = "mana_skip"

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} puts no mana into their base."


@dataclass(frozen=True, slots=True)
class EndTurn(SeatEvent):
    kind = "end_turn"

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} ends their turn."


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    kind = "game_over"
    winner: int | None  # None: a draw
    reason: str

    def sentence(self, game: Game, seat: int | None) -> str:
        result = "The game is a draw" if self.winner is None else f"{SEATS[self.winner]} wins"
        return f"{result}: {self.reason}."


# ----------------------------------------------------------------------------------------------
# Playing cards and moving them


@dataclass(frozen=True, slots=True)
class Summon(SeatEvent):
    kind = "summon"
    uid: int

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} summons {_name(game, self.uid)}."


@dataclass(frozen=True, slots=True)
class Cast(SeatEvent):
    kind = "cast"
    uid: int

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} casts {_name(game, self.uid)}."


@dataclass(frozen=True, slots=True)
class Move(SeatEvent):
    kind = "move"
    uid: int
    name: str
    event: str  # "advancing" or "retreating"

    def sentence(self, game: Game, seat: int | None) -> str:
        verb = "advances" if self.event == "advancing" else "retreats"
        return f"{self.who} {verb} {self.name} (ZR 7.1)."


@dataclass(frozen=True, slots=True)
class Overflow(SeatEvent):
    kind = "overflow"
    uid: int
    name: str
    rule: str

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name} goes to the trash to make room ({self.rule})."


@dataclass(frozen=True, slots=True)
class Discard(SeatEvent):
    kind = "discard"
    uid: int

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} discards {_name(game, self.uid)}."


@dataclass(frozen=True, slots=True)
class Mill(SeatEvent):
    """A card discarded from the top of the deck (ZR 11.10): it goes to the trash, seen by both."""

    kind = "mill"
    uid: int

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} discards {_name(game, self.uid)} from the top of their deck (ZR 11.10)."


@dataclass(frozen=True, slots=True)
class ToBottom(SeatEvent):
    """Platorna's discarded cards go on the bottom of the deck, never to the trash (ZR 11.10)."""

    kind = "to_bottom"
    count: int

    def sentence(self, game: Game, seat: int | None) -> str:
        cards = _count(self.count, "card")
        return (
            f"{self.who} discards {cards}: after the draw they go on the bottom of their deck in "
            "random order, not into the trash (ZR 11.10)."
        )


@dataclass(frozen=True, slots=True)
class CopyCard(SeatEvent):
    """A copy of a card is made and added to a hand (Janus, ZR 11.11)."""

    kind = "copy"
    uid: int

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} adds a copy of {_name(game, self.uid)} to their hand (ZR 11.11)."


@dataclass(frozen=True, slots=True)
class TrashEffects(SeatEvent):
    """A card in the trash resolves its [When Destroyed] effects as trash effects (Kiska)."""

    kind = "trash_effects"
    uid: int

    def sentence(self, game: Game, seat: int | None) -> str:
        name = _name(game, self.uid)
        return (
            f"{self.who}'s {name} resolves its [When Destroyed] effects from the trash (ZR 14.6)."
        )


@dataclass(frozen=True, slots=True)
class ToHand(SeatEvent):
    """A card returns to its owner's hand (seen by both players)."""

    kind = "to_hand"
    uid: int
    name: str

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.name} returns to {self.who}'s hand."


@dataclass(frozen=True, slots=True)
class Reveal(SeatEvent):
    """A card taken from a look at the deck and shown to both players."""

    kind = "reveal"
    uid: int

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} reveals {_name(game, self.uid)} and adds it to their hand."


@dataclass(frozen=True, slots=True)
class LookTake(SeatEvent):
    """A card taken from a look at the deck without showing it: named only to its owner."""

    kind = "look_take"
    private = ("uid",)
    uid: int

    def sentence(self, game: Game, seat: int | None) -> str:
        shown = _name(game, self.uid) if seat in (None, self.seat) else "a card"
        return f"{self.who} puts {shown} into their hand."


@dataclass(frozen=True, slots=True)
class Look(SeatEvent):
    kind = "look"
    count: int

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} looks at the top {_count(self.count, 'card')} of their deck."


@dataclass(frozen=True, slots=True)
class LookRest(SeatEvent):
    kind = "look_rest"
    count: int
    where: str  # "top" or "bottom_random"

    def sentence(self, game: Game, seat: int | None) -> str | None:
        if not self.count:
            return None
        where = (
            "back on top" if self.where == "top" else "on the bottom of their deck in random order"
        )
        return f"{self.who} puts {_count(self.count, 'card')} {where}."


@dataclass(frozen=True, slots=True)
class Shuffle(SeatEvent):
    kind = "shuffle"

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} shuffles their deck."


@dataclass(frozen=True, slots=True)
class ToBase(SeatEvent):
    """A minion moved from the field to its base by an effect."""

    kind = "to_base"
    name: str
    token: bool  # a token cannot be mana: it ceases to exist

    def sentence(self, game: Game, seat: int | None) -> str:
        if self.token:
            return f"{self.who}'s {self.name} cannot be mana: the token leaves the game (ZR 11.7)."
        return f"{self.who}'s {self.name} moves to their base."


@dataclass(frozen=True, slots=True)
class IntoBase(SeatEvent):
    """A card put into the base from another zone by an effect."""

    kind = "into_base"
    uid: int
    zone: str

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} puts {_name(game, self.uid)} from their {self.zone} into their base."


@dataclass(frozen=True, slots=True)
class ForceSearch(SeatEvent):
    kind = "force_search"
    uid: int

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} puts {_name(game, self.uid)} from their deck into their base (ZR 2.6)."


@dataclass(frozen=True, slots=True)
class AddMana(SeatEvent):
    kind = "add_mana"
    count: int
    rested: bool

    def sentence(self, game: Game, seat: int | None) -> str:
        what = _count(self.count, "colorless mana token")
        return f"{self.who} puts {what} into their base" + (" Rested." if self.rested else ".")


@dataclass(frozen=True, slots=True)
class Token(SeatEvent):
    kind = "token"
    name: str
    count: int

    def sentence(self, game: Game, seat: int | None) -> str:
        what = f"a {self.name}" if self.count == 1 else f"{self.count} × {self.name}"
        kind = "a token" if self.count == 1 else "tokens"
        return f"{self.who} puts {what} onto their field ({kind}: made by an effect, ZR 2.1)."


# ----------------------------------------------------------------------------------------------
# Attacks and battles


@dataclass(frozen=True, slots=True)
class Attack(SeatEvent):
    kind = "attack"
    uid: int
    name: str
    target: tuple  # ("p",) the player, ("f", index) a Force of the defender

    def sentence(self, game: Game, seat: int | None) -> str:
        if self.target[0] == "p":
            target = "the player"
        else:
            target = _force(game, 1 - self.seat, self.target[1])
        return f"{self.who}'s {self.name} attacks {target}."


@dataclass(frozen=True, slots=True)
class Pass(SeatEvent):
    kind = "pass"

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} passes."


@dataclass(frozen=True, slots=True)
class NoBlock(SeatEvent):
    kind = "no_block"

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} does not block."


@dataclass(frozen=True, slots=True)
class Block(SeatEvent):
    kind = "block"
    uid: int
    name: str
    attacker: int

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name} blocks."


@dataclass(frozen=True, slots=True)
class Battle(Event):
    kind = "battle"
    attacker: int
    attacker_name: str
    attacker_bp: int
    blocker: int
    blocker_name: str
    blocker_bp: int
    destroyed: tuple[int, ...]

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


@dataclass(frozen=True, slots=True)
class AttackFizzles(Event):
    kind = "attack_fizzles"
    rule: str

    def sentence(self, game: Game, seat: int | None) -> str:
        return "The attacking minion left the field: the attack ends (ZR 8.3)."


@dataclass(frozen=True, slots=True)
class BlockerGone(Event):
    kind = "blocker_gone"

    def sentence(self, game: Game, seat: int | None) -> str:
        return "The blocking minion left the field: there is no battle (ZR 8.5)."


@dataclass(frozen=True, slots=True)
class NoDamageForceGone(Event):
    kind = "no_damage_force_gone"
    rule: str

    def sentence(self, game: Game, seat: int | None) -> str:
        return "The target Force was already destroyed: no damage (ZR 8.6)."


@dataclass(frozen=True, slots=True)
class Destroyed(SeatEvent):
    kind = "destroyed"
    uid: int
    name: str
    reason: str

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name} is destroyed" + (
            f" ({self.reason})." if self.reason else "."
        )


@dataclass(frozen=True, slots=True)
class PlayerDamage(SeatEvent):
    kind = "player_damage"
    amount: int
    life: int
    source: str

    def sentence(self, game: Game, seat: int | None) -> str:
        src = f" from {self.source}" if self.source else ""
        return f"{self.who} takes {self.amount} damage{src}: life {max(self.life, 0)}."  # ZR 1.2


def _damaged(game: Game, seat: int, force: int | None) -> str:
    return SEATS[seat] if force is None else f"{SEATS[seat]}'s {_force(game, seat, force)}"


@dataclass(frozen=True, slots=True)
class DamageReduced(SeatEvent):
    """One damage event after its reductions (ZR 13.8): which ones, by how much."""

    kind = "damage_reduced"
    force: int | None  # None: the player
    amount: int
    left: int
    reasons: tuple[str, ...] = ()  # "Aero Wall -1"

    def sentence(self, game: Game, seat: int | None) -> str:
        target = _damaged(game, self.seat, self.force)
        why = f": {', '.join(self.reasons)}" if self.reasons else ""
        text = f"The damage to {target} is reduced from {self.amount} to {self.left} (ZR 13.8{why})"
        if self.left <= 0:
            return text + "; no damage is dealt and nothing triggers (ZR 13.7)."
        return text + "."


@dataclass(frozen=True, slots=True)
class DamageNotReduced(SeatEvent):
    """Rush of Bats: no reduction applies to this damage event (ZR 13.8)."""

    kind = "damage_not_reduced"
    force: int | None
    amount: int
    by: str

    def sentence(self, game: Game, seat: int | None) -> str:
        target = _damaged(game, self.seat, self.force)
        return f"The damage to {target} cannot be reduced ({self.by}, ZR 13.8): {self.amount}."


@dataclass(frozen=True, slots=True)
class DamageShield(SeatEvent):
    """A this-turn reduction (Aero Wall, Refine; ZR 13.8)."""

    kind = "damage_shield"
    name: str
    to: str | None  # "player", "forces" or None: both
    amount: int

    def sentence(self, game: Game, seat: int | None) -> str:
        who = {"player": self.who, "forces": f"{self.who}'s Forces"}.get(
            self.to or "", f"{self.who} and their Forces"
        )
        return (
            f"Until the end of the turn, damage to {who} is reduced by {self.amount} "
            f"({self.name}, ZR 13.8)."
        )


@dataclass(frozen=True, slots=True)
class Unshielded(SeatEvent):
    """Rush of Bats: for the rest of the turn, no reduction and no restore (ZR 13.8)."""

    kind = "unshielded"
    name: str

    def sentence(self, game: Game, seat: int | None) -> str:
        return (
            f"Until the end of the turn, damage to {self.who} and their Forces cannot be reduced, "
            f"and their life and Forces cannot be restored ({self.name}, ZR 13.8)."
        )


@dataclass(frozen=True, slots=True)
class RestoreBlocked(SeatEvent):
    """Rush of Bats: a restore does nothing (ZR 13.8)."""

    kind = "restore_blocked"
    force: int | None
    by: str

    def sentence(self, game: Game, seat: int | None) -> str:
        target = _damaged(game, self.seat, self.force)
        return f"{target} cannot be restored this turn ({self.by}, ZR 13.8)."


@dataclass(frozen=True, slots=True)
class LifeSwap(SeatEvent):
    """Lachesis (ZR 13.10): the opponent's life and one of `seat`'s Forces' change places."""

    kind = "life_swap"
    index: int
    force_life: int
    opponent_life: int

    def sentence(self, game: Game, seat: int | None) -> str:
        force = _force(game, self.seat, self.index)
        other = SEATS[1 - self.seat]
        return (
            f"{other}'s life and {self.who}'s {force}'s life are swapped: {other} has "
            f"{self.opponent_life} life, {force} {self.force_life} (ZR 13.10: neither damage "
            "nor a restore)."
        )


@dataclass(frozen=True, slots=True)
class ForceDamage(SeatEvent):
    kind = "force_damage"
    index: int
    amount: int
    life: int

    def sentence(self, game: Game, seat: int | None) -> str:
        force = _force(game, self.seat, self.index)
        return f"{self.who}'s {force} takes {self.amount} damage: life {self.life} (ZR 8.6)."


@dataclass(frozen=True, slots=True)
class ForceDestroyed(SeatEvent):
    kind = "force_destroyed"
    index: int
    reason: str = ""  # "" at 0 life (ZR 8.6); "ZR 13.11" destroyed outright

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


@dataclass(frozen=True, slots=True)
class EffectBegins(SeatEvent):
    """A triggered effect starts to resolve (ZR 6.5): its label, and for a whenever-effect the
    event that triggered it (`cause`: the event's name, seat and card, effects.queue_watchers)."""

    kind = "effect"
    name: str
    when: str
    resurge: bool
    effect: Effect | None = None
    cause: tuple = ()

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


@dataclass(frozen=True, slots=True)
class Modify(SeatEvent):
    kind = "modify"
    name: str
    bp: int
    dp: int
    grant: tuple[str, ...]
    until: str | None
    special: str = ""  # original-value changes and set values (ZR 10.6), as words

    def sentence(self, game: Game, seat: int | None) -> str:
        until = UNTIL.get(self.until, "") if self.until else ""
        if self.special:  # "-1 original DP", "DP set to 0"
            plain = _changes(self.bp, self.dp, self.grant)
            what = self.special if plain == "no change" else f"{plain} and {self.special}"
            return f"{self.who}'s {self.name} gets {what} (ZR 10.6){until}."
        return f"{self.who}'s {self.name} gets {_changes(self.bp, self.dp, self.grant)}{until}."


@dataclass(frozen=True, slots=True)
class Protect(SeatEvent):
    kind = "protect"
    name: str
    by: str | None
    until: str | None

    def sentence(self, game: Game, seat: int | None) -> str:
        until = UNTIL.get(self.until, "") if self.until else ""
        by = BY[self.by].replace("your opponent", "the opponent")
        return f"{self.who}'s {self.name} cannot be chosen by {by} (ZR 10.2){until}."


@dataclass(frozen=True, slots=True)
class Rest(SeatEvent):
    kind = "rest"
    names: tuple[str | None, ...]  # None: a colorless mana token

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


@dataclass(frozen=True, slots=True)
class Activate(Rest):
    kind = "activate"

    def sentence(self, game: Game, seat: int | None) -> str:
        return self._states("Active")


@dataclass(frozen=True, slots=True)
class Heal(SeatEvent):
    kind = "heal"
    force: int | None  # None: the player
    life: int

    def sentence(self, game: Game, seat: int | None) -> str:
        if self.force is None:
            return f"{self.who}'s life is restored to {self.life} (ZR 3.6: at most 10)."
        force = _force(game, self.seat, self.force)
        return f"{self.who}'s {force} is restored to {self.life} life (ZR 3.6: at most 10)."


@dataclass(frozen=True, slots=True)
class Recolor(SeatEvent):
    kind = "recolor"
    name: str
    color: str

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name} becomes {self.color} mana."


@dataclass(frozen=True, slots=True)
class MustBlock(SeatEvent):
    kind = "must_block"
    name: str

    def sentence(self, game: Game, seat: int | None) -> str:
        if not self.name:  # a requirement on the attack (ZR 13.3)
            return f"{self.who} must block this attack if they can (ZR 13.3)."
        return f"{self.who}'s {self.name} must block (ZR 13.3)."


@dataclass(frozen=True, slots=True)
class Mark(SeatEvent):
    """A one-shot battle term on a minion (ZR 13.1, ZR 13.4)."""

    kind = "mark"
    name: str
    marks: tuple[str, ...]
    until: str | None

    def sentence(self, game: Game, seat: int | None) -> str:
        until = UNTIL.get(self.until, "") if self.until else ""
        what = _and([MARKS[m].log or MARKS[m].words for m in self.marks])
        rule = MARKS[self.marks[0]].rule if self.marks else "ZR 13.4"
        return f"{self.who}'s {self.name} {what} ({rule}){until}."


@dataclass(frozen=True, slots=True)
class GainTrigger(SeatEvent):
    """A whenever-effect a player has until the end of the turn (gain_trigger)."""

    kind = "gain_trigger"
    name: str

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} has {self.name}'s effect until the end of the turn."


@dataclass(frozen=True, slots=True)
class BattleWon(SeatEvent):
    kind = "battle_won"
    uid: int
    name: str

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name} wins the battle (ZR 13.1)."


@dataclass(frozen=True, slots=True)
class GainMovement(SeatEvent):
    kind = "gain_movement"
    amount: int
    total: int

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} gains {self.amount} Movement ({self.total} in all, ZR 7.1)."


# ----------------------------------------------------------------------------------------------
# Arriving, moving and leaving (ZR 11)


@dataclass(frozen=True, slots=True)
class Put(SeatEvent):
    """A card put onto the field by an effect: not a summon (ZR 11.1b)."""

    kind = "put"
    uid: int

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} puts {_name(game, self.uid)} onto their field (ZR 11.1b)."


@dataclass(frozen=True, slots=True)
class TrashToField(SeatEvent):
    """<Trash>: a card that would return from the trash to the hand goes to the field."""

    kind = "trash_to_field"
    uid: int
    rule: str

    def sentence(self, game: Game, seat: int | None) -> str:
        name = _name(game, self.uid)
        return f"{name} would return to {self.who}'s hand from the trash: it goes to the field instead ({self.rule})."


@dataclass(frozen=True, slots=True)
class ToField(SeatEvent):
    """A minion card moved from the base to the field by an effect (ZR 11.4)."""

    kind = "to_field"
    name: str

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name} moves from their base to the field (ZR 11.4)."


@dataclass(frozen=True, slots=True)
class TokenGone(SeatEvent):
    """A Token Minion that would go to another zone leaves the game (ZR 11.7)."""

    kind = "token_gone"
    name: str
    zone: str

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name} would go to the {self.zone}: the token leaves the game (ZR 11.7)."


# ----------------------------------------------------------------------------------------------
# Costs, delayed and lasting effects (ZR 12.1, ZR 14.4, ZR 14.5)


@dataclass(frozen=True, slots=True)
class Delayed(SeatEvent):
    kind = "delayed"
    name: str

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name}: the rest happens when this turn ends (ZR 14.4)."


@dataclass(frozen=True, slots=True)
class DelayedNow(SeatEvent):
    kind = "delayed_now"
    name: str

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name}: this turn ends, its delayed effect resolves (ZR 14.4)."


@dataclass(frozen=True, slots=True)
class Doubled(SeatEvent):
    kind = "doubled"
    name: str
    by: str  # the minion that doubles them (Tillt & Wellt)

    def sentence(self, game: Game, seat: int | None) -> str:
        return (
            f"{self.who}'s {self.name}: its [When Summoned] effects resolve twice ({self.by}, "
            "ZR 14.3)."
        )


@dataclass(frozen=True, slots=True)
class Locked(SeatEvent):
    kind = "locked"
    names: tuple[str, ...]

    def sentence(self, game: Game, seat: int | None) -> str:
        return (
            f"{_and(list(self.names))} cannot become Active until the end of "
            f"{SEATS[1 - self.seat]}'s next Standby Phase (ZR 14.5, ZR 10.3)."
        )


@dataclass(frozen=True, slots=True)
class CostChange(SeatEvent):
    kind = "cost_change"
    name: str
    side: str  # whose hand, seen from the effect's controller: self or opponent
    what: str  # "Magic cards"
    amount: int

    def sentence(self, game: Game, seat: int | None) -> str:
        whose = SEATS[self.seat] if self.side == "self" else SEATS[1 - self.seat]
        return (
            f"{self.who}'s {self.name}: {self.what} in {whose}'s hand cost {self.amount} more "
            "this turn (ZR 12.1)."
        )


@dataclass(frozen=True, slots=True)
class NextSummon(SeatEvent):
    kind = "next_summon"
    name: str
    what: str  # "red minion"
    grant: tuple[str, ...]

    def sentence(self, game: Game, seat: int | None) -> str:
        grant = _changes(0, 0, self.grant)
        return (
            f"{self.who}'s {self.name}: the next {self.what} {self.who} summons this turn gets "
            f"{grant} (ZR 14.4)."
        )


# ----------------------------------------------------------------------------------------------
# Boost and banishing (ZR 17, ZR 18)


@dataclass(frozen=True, slots=True)
class Boost(SeatEvent):
    """A Boost card of the base attached to a minion (ZR 17.2)."""

    kind = "boost"
    minion: str
    card: str

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who} boosts {self.minion} with {self.card} (ZR 17.2)."


@dataclass(frozen=True, slots=True)
class BoostReturn(SeatEvent):
    """A card attached to a minion that left the field goes back (ZR 17.6)."""

    kind = "boost_return"
    uid: int
    minion: str
    to_trash: bool  # the rule option boost_returns_only_when_destroyed

    def sentence(self, game: Game, seat: int | None) -> str:
        where = "goes to the trash" if self.to_trash else "returns to the base Rested"
        return (
            f"{self.who}'s {_name(game, self.uid)}, attached to {self.minion}, {where} (ZR 17.6)."
        )


@dataclass(frozen=True, slots=True)
class Banished(SeatEvent):
    kind = "banished"
    uid: int
    name: str

    def sentence(self, game: Game, seat: int | None) -> str:
        return f"{self.who}'s {self.name} is banished (ZR 18.1)."


def _subclasses(cls: type[Event]) -> list[type[Event]]:
    out = []
    for sub in cls.__subclasses__():
        out.append(sub)
        out += _subclasses(sub)
    return out


EVENTS: dict[str, type[Event]] = {
    cls.kind: cls for cls in _subclasses(Event) if "kind" in cls.__dict__
}
