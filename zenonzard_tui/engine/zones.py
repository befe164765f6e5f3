"""Zones (ZR 3, ZR 7): drawing, cards entering and leaving the field and the base (with the
limits of ZR 3.4 and ZR 3.5), destruction, and Movement between base and field. A mixin of
`Game`. Every change of zone goes through one function, `move`, and the triggers of moves are
raised in one place, `moved`; `draw`, `to_hand`, `mill`, `destroy`, `destroy_mana`,
`put_onto_field`, `return_from_trash` and the tasks `t_enter_field` and `t_enter_base` are the
mutation API that effects use, built on `move`."""

from __future__ import annotations

from collections.abc import Sequence

from zenonzard_tui.cards.model import CardDef
from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.actions import (
    CHOICE,
    Choice,
)
from zenonzard_tui.engine.core import GameCore
from zenonzard_tui.engine.state import (
    ATTACHED,
    BANISHED,
    BASE,
    BASE_LIMIT,
    DECK,
    FIELD,
    FIELD_LIMIT,
    GONE,
    HAND,
    HAND_LIMIT,
    LIMBO,
    NEW,
    TRASH,
    Move,
    PlayerState,
    Slot,
)
from zenonzard_tui.engine.terms.selectors import card_matches


class Zones(GameCore):
    """Cards moving between zones (ZR 3, ZR 7)."""

    # Zones

    def draw(self, seat: int, count: int) -> int:
        """Draw up to `count` cards (an effect draws as many as it can, ZR 1.3). ZR 3.3: a card
        that would enter a full hand goes to the trash instead."""
        p = self.players[seat]
        drawn = 0
        for _ in range(count):
            if not p.deck:
                break
            uid = p.deck[0]
            drawn += 1
            if self.move(uid, DECK, HAND, seat, "draw").dest == HAND:
                self.log.add("draw", seat, uid)
        return drawn

    def to_hand(self, seat: int, uid: int, src: str) -> None:
        """Put a card from `src` (deck, trash or limbo) into `seat`'s hand; ZR 3.3: into the
        trash when the hand is full."""
        self.move(uid, src, HAND, seat, "to_hand")

    def mill(self, seat: int, count: int) -> list[int]:
        """ZR 11.10: "discard the top N cards of your deck": into the trash one by one from the
        top (an empty deck is not a loss, ZR 1.3). The batch is watched (Kiska, ZR 14.6)."""
        p = self.players[seat]
        batch = p.deck[:count]
        moves = []
        for uid in batch:
            moves.append(self.move(uid, DECK, TRASH, seat, "milled", quiet=True))
            self.log.add("mill", seat, uid)
        self.moved(moves)
        return batch

    def add_copy(self, card: CardDef) -> int:
        """ZR 11.11: a new card identical to `card` (Janus), in no zone yet: the caller puts it
        somewhere. Its uid is the next in `defs` (copied on write: clones share the old list);
        the uids up to COPY_ROOM after the deck cards are kept for copies."""
        uid = len(self.defs)
        self.defs = [*self.defs, card]
        return uid

    # ------------------------------------------------------------------------------------------
    # The one move function (ZR 11.1): every change of zone goes through `move`, and `moved`
    # raises the triggers of the moves, in one place

    def move(self, uid: int, src: str, dest: str, seat: int, cause: str, rested: bool = False,
             at: int | None = None, token: CardDef | None = None, quiet: bool = False,
             host: Slot | None = None) -> Move:  # fmt: skip
        """Move one card from zone `src` to `seat`'s zone `dest` (the zones of `ZONES`), for
        `cause`, and raise what the move triggers (`moved`; `quiet`: the caller raises them,
        for moves at the same moment). `src` "new": a token (`token`, its definition) or, with
        uid -1, a colorless mana token (ZR 11.13), made now. A card in play leaves its object
        behind (ZR 10.4) unless it moves between field and base, where it keeps its Active/Rested
        state and arrival (ZR 7.2, ZR 8.2) but is a new object: its modifiers end. A card
        entering play is Active unless `rested`; `at`: its place in a deck (None: the bottom);
        `host`: the minion a card is attached to (`dest` ATTACHED, Boost, ZR 17.2).
        The rules of the way in are kept here: ZR 3.3 (a full hand sends it to the trash), ZR 11.7
        (a token anywhere but the field leaves the game, and so does a colorless mana token), ZR
        11.4 (what enters a base Rested) and ZR 15.1 (the colors placed this turn). The limits of
        ZR 3.4 and ZR 3.5 are asked before (`t_enter_field`, `t_enter_base`). ZR 17.6: the cards
        attached to a minion that leaves the field go back to their owner's base, Rested, once
        it has left."""
        slot: Slot | None = None
        if src in (FIELD, BASE):
            taken = self._take_slot(uid)
            if taken is None:  # (no longer in play: it enters as a new object)
                src = NEW
            else:
                slot = taken[1]
                if slot.attached and dest != FIELD:
                    self._return_attached(slot, taken[0], cause)
        elif src == LIMBO:
            self.limbo.remove(uid)
        elif src == ATTACHED:  # (its minion let it go: `_return_attached`)
            if self.defs[uid].watches:  # (its <Boost Ability> watched events: effects.watched)
                self.changed_play()
        elif src != NEW:  # (`seat`'s zone first: a card mostly stays with its owner)
            cards = _cards(self.players[seat], src)
            if cards and cards[0] == uid:  # (the top of a deck: a draw; one scan less)
                del cards[0]
            elif uid in cards:
                cards.remove(uid)
            else:
                cards = _cards(self.players[1 - seat], src)
                if uid in cards:
                    cards.remove(uid)
        p = self.players[seat]
        if dest in (FIELD, BASE):
            if slot is not None:
                slot.mods = ()
                slot.card = slot.printed  # ZR 10.4: a new object (Memoria's Force effect ends)
                slot.must_block = False
                slot.order = self._order()
                if dest == FIELD and slot.card is not None and slot.card.type == "base_minion":
                    slot.advanced = True  # ZR 8.2 (b)
                if (  # "moves ... Active" (Flight; another card's too)
                    slot.rested
                    and src != dest
                    and slot.card is not None
                    and ("moves_active" in slot.card.passives or fx.at_work(self, "moves_active"))
                    and fx.moves_active(self, slot, seat, src, dest)
                ):
                    slot.rested = False
            elif uid == -1:  # ZR 11.13: a colorless mana token (it has no effects)
                slot = Slot(self.new_uid(), None, self._order(), rested)
                p.base.append(slot)
                return Move(seat, slot.uid, slot, src, dest, cause)
            else:
                slot = Slot(uid, token if token is not None else self.defs[uid], self._order(),
                            rested)  # fmt: skip
            if dest == FIELD:
                if src != BASE and fx.enters_field_rested(self, slot, seat):  # (not an advance)
                    slot.rested = True
                p.field.append(slot)
            else:
                if fx.enters_base_rested(self, slot, seat):  # ZR 11.4: every field -> base move
                    slot.rested = True
                p.base.append(slot)
                if src != FIELD and slot.card is not None and cause != "boost_back":  # ZR 11.1d
                    p.placed = p.placed.union(slot.card.colors)
            if fx.counts_in(slot, dest):
                self.changed_play()
        elif slot is not None and (slot.card is None or slot.card.type == "token"):
            # ZR 11.7: a Token Minion that would go to any other zone leaves the game instead;
            # so does a colorless mana token (ZR 3.5)
            if slot.card is not None and dest != GONE:
                self.log.add("token_gone", seat, slot.name,
                             "banished zone" if dest == BANISHED else dest)  # fmt: skip
            dest = GONE
        elif dest == HAND and len(p.hand) >= HAND_LIMIT:  # ZR 3.3
            p.trash.append(uid)
            self.log.add("burn", seat, uid)
            dest = TRASH
        elif dest == LIMBO:
            self.limbo.append(uid)
        elif dest == ATTACHED:  # ZR 17.2: under the minion, in no zone; its object is dropped
            assert host is not None, "a card is attached to a minion"
            host.attached = (*host.attached, uid)
            if self.defs[uid].watches:  # (its <Boost Ability> may watch events: effects.watched)
                self.changed_play()
        elif dest == DECK and at is not None:
            p.deck.insert(at, uid)
        elif dest != GONE:
            _cards(p, dest).append(uid)
        m = Move(seat, uid, slot, src, dest, cause, host)
        if not quiet and slot is not None:  # (a card that is no object in play triggers nothing
            self.moved((m,))  # alone: cards milled are a batch, raised by `mill`)
        return m

    def _take_slot(self, uid: int) -> tuple[int, Slot] | None:
        """Take a card's object out of play (the field or the base of either player): (the seat
        whose zone it was in, the object)."""
        for p in self.players:
            for zone in (p.field, p.base):
                for i, s in enumerate(zone):
                    if s.uid == uid:
                        del zone[i]
                        if fx.counts_in(s, FIELD if zone is p.field else BASE):
                            self.changed_play()
                        return p.seat, s
        return None

    def _return_attached(self, slot: Slot, owner: int, cause: str) -> None:
        """ZR 17.6: the cards attached to a minion that left the field go to their owner's base,
        Rested, once it has left: a placement by an effect (no [When Placed], ZR 11.6; it counts
        for Chain, ZR 15.1, and for "is placed" watchers), ZR 3.5 applying (the owner chooses).
        They do so before anything its leaving triggers resolves. Under the rule option
        `boost_returns_only_when_destroyed`, they go to the trash unless it was destroyed."""
        attached, slot.attached = slot.attached, ()
        to_trash = self.options.boost_returns_only_when_destroyed and cause != "destroyed"
        tasks = []
        for uid in attached:
            self.log.add("boost_return", owner, uid, slot.name, to_trash)
            self.move(uid, ATTACHED, TRASH if to_trash else LIMBO, owner, "boost_return")
            if not to_trash:
                tasks.append((Zones.t_enter_base, owner, uid, True, False, ATTACHED))
        if tasks:  # (one effect: the triggers queued meanwhile wait for it, ZR 6.5)
            self.depth += 1
            self.push(*tasks, (fx.t_effect_end,))

    def moved(self, moves: Sequence[Move]) -> None:
        """The triggers of moves made at the same moment (ZR 11, ZR 6.5): first each card's own
        (ZR 11.1: [When Summoned] and Chain for a summon alone, [When Retreating] for every field
        -> base move, ZR 11.5, [When Placed] for the mana-phase placement alone, ZR 11.6,
        [When Destroyed]), then the "whenever ..." watchers (advancing; entering the field, ZR
        11.3: a summon or a put, tokens included, an advance only under `advance_enters_field`;
        mana placed, every placement, ZR 11.6; a minion destroyed; cards discarded from a deck,
        once per batch, ZR 14.6; a card used: a summon, ZR 6.2)."""
        for m in moves:
            slot, cause = m.slot, m.cause
            if slot is None:
                continue
            if m.dest == FIELD:
                fx.queue_self_trigger(self, m.seat, slot, cause)
                if cause == "summoned":  # ZR 15.1: Chain, only for a summon (ZR 11.1a)
                    fx.queue_self_trigger(self, m.seat, slot, "chain")
            elif m.dest == BASE:
                if m.src == FIELD:
                    fx.queue_self_trigger(self, m.seat, slot, "retreating")
                elif cause == "placed" and slot.card is not None:
                    fx.queue_self_trigger(self, m.seat, slot, "placed")
            elif m.dest == ATTACHED and m.host is not None:  # ZR 17.2: [When Boosted]
                fx.queue_self_trigger(self, m.seat, m.host, "boosted")
            elif cause == "destroyed":
                fx.queue_self_trigger(self, m.seat, slot, "destroyed", from_trash=True)
        milled: list[int] = []
        for m in moves:
            slot, cause = m.slot, m.cause
            if cause == "milled":
                milled.append(m.uid)
                continue
            if slot is None:
                continue
            if m.src == BASE and m.dest != BASE and cause != "overflow":  # not ZR 3.5's room
                token = slot.card is None  # (a colorless mana token: no card to match a filter)
                fx.queue_watchers(self, "mana_lost", m.seat, None if token else slot,
                                  named="a mana token" if token else None)  # fmt: skip
            if m.dest == FIELD:
                if cause == "advancing":  # ("that minion": the card, Giulio)
                    fx.queue_watchers(self, "minion_advanced", m.seat, slot, (("c", slot.uid),))
                if cause != "advancing" or self.options.advance_enters_field:
                    fx.queue_watchers(self, "enters_field", m.seat, slot, (("c", slot.uid),))
                if cause == "summoned":  # "whenever you use a card" (ZR 6.2; Leeza)
                    fx.queue_watchers(self, "card_used", m.seat, None, named=slot.name)
            elif m.dest == BASE:
                if m.src == FIELD and slot.card is not None:  # ZR 11.5 (Giulio)
                    fx.queue_watchers(self, "minion_retreated", m.seat, slot, (("c", slot.uid),))
                if m.src != FIELD and slot.card is not None and cause != "boost_back":
                    fx.queue_watchers(self, "mana_placed", m.seat, slot, (("c", slot.uid),))
            elif cause == "destroyed" and m.src == FIELD:
                fx.queue_watchers(self, "minion_destroyed", m.seat, slot)
            elif m.dest == ATTACHED and m.src == BASE and m.host is not None:  # ZR 17.2 (Siren)
                fx.queue_watchers(self, "boost_attached", m.seat, m.host, (("c", m.host.uid),))
        if milled:
            fx.queue_deck_discards(self, moves[0].seat, milled)

    def t_enter_field(self, seat: int, uid: int, rested: bool, event: str,
                      token: CardDef | None = None) -> None:  # fmt: skip
        """A minion enters the field. ZR 3.4: on a full field its owner first puts one minion there
        into the trash (not destruction). `event`: the trigger it causes (summoned, put,
        advancing)."""
        p = self.players[seat]
        if len(p.field) >= FIELD_LIMIT:
            options = tuple(("c", s.uid) for s in p.field)
            self.ask(CHOICE, seat, Choice("field_limit", options, 1, 1,
                                            (Zones._t_field_overflow, seat, uid, rested, event, token)))  # fmt: skip
            return
        self._place_on_field(seat, uid, rested, event, token)

    def _t_field_overflow(self, seat, uid, rested, event, token, chosen) -> None:
        self._make_room(seat, chosen[0][1], "ZR 3.4")
        self._place_on_field(seat, uid, rested, event, token)

    def _make_room(self, seat: int, victim: int, rule: str) -> None:
        """The owner's choice under ZR 3.4 / ZR 3.5 goes to the trash (not destruction)."""
        found = self.find_slot(victim)
        if found is not None:
            self.move(victim, found[1], TRASH, seat, "overflow")
            self.log.add("overflow", seat, victim, found[2].name, rule)

    def _in_play_or_limbo(self, uid: int) -> str:
        """Where a card entering play comes from: the field or the base (a card moving between
        them), else the cards between zones."""
        if uid in self.limbo:  # (the common case first: a card summoned or placed)
            return LIMBO
        found = self.find_slot(uid)
        return found[1] if found is not None else NEW

    def _place_on_field(self, seat: int, uid: int, rested: bool, event: str,
                        token: CardDef | None) -> None:  # fmt: skip
        src = NEW if token is not None else self._in_play_or_limbo(uid)
        self.move(uid, src, FIELD, seat, event, rested, token=token)

    def t_enter_base(self, seat: int, uid: int, rested: bool, placed_trigger: bool,
                     origin: str = "") -> None:  # fmt: skip
        """Mana enters the base (uid -1: a colorless mana token). ZR 3.5: on a full base its owner
        first chooses one mana there: a card goes to the trash, a token leaves the game.
        `origin`: the zone a card placed from a hand or a deck came from (HAND, DECK)."""
        p = self.players[seat]
        if len(p.base) >= BASE_LIMIT:
            options = tuple(("c", s.uid) for s in p.base)
            self.ask(CHOICE, seat, Choice("base_limit", options, 1, 1,
                                            (Zones._t_base_overflow, seat, uid, rested, placed_trigger, origin)))  # fmt: skip
            return
        self._place_in_base(seat, uid, rested, placed_trigger, origin)

    def _t_base_overflow(self, seat, uid, rested, placed_trigger, origin, chosen) -> None:
        self._make_room(seat, chosen[0][1], "ZR 3.5")
        self._place_in_base(seat, uid, rested, placed_trigger, origin)

    def _place_in_base(self, seat: int, uid: int, rested: bool, placed_trigger: bool,
                       origin: str = "") -> None:  # fmt: skip
        """`placed_trigger`: the mana-phase placement (ZR 5.5), the only one that triggers
        [When Placed] (ZR 11.6); a minion coming from the field retreats (ZR 11.5). A card
        placed from a deck or a hand (`origin`) raises `mana_placed_from_deck_or_hand` too
        (Morpheo Papilio; not a Boost card coming back, ZR 17.6, nor one from a trash)."""
        src = NEW if uid == -1 else self._in_play_or_limbo(uid)
        cause = "placed" if placed_trigger else "retreating" if src == FIELD else "place"
        if origin == ATTACHED and not self.options.boost_return_is_placement:
            cause = "boost_back"  # ZR 17.6 ⚑: not a placement (no Chain, no watcher)
        m = self.move(uid, src, BASE, seat, cause, rested)
        if origin in (DECK, HAND) and m.slot is not None and m.slot.card is not None:
            fx.queue_watchers(self, "mana_placed_from_deck_or_hand", seat, m.slot,
                              (("c", m.slot.uid),))  # fmt: skip

    def _order(self) -> int:
        self.seq += 1
        return self.seq

    # ------------------------------------------------------------------------------------------
    # Destruction and damage

    def destroy(self, uids: Sequence[int], reason: str = "") -> None:
        """Destroy minions at the same moment: to the trash in the order of ZR 6.5 (active
        player's first, then by field slot), then their [When Destroyed] triggers."""
        found = []
        kept = fx.at_work(self, "cannot_be_destroyed")  # ZR 18.2
        for p in (self.players[self.active], self.players[1 - self.active]):
            for s in p.field:
                if s.uid in uids and not (kept and fx.cannot_be_destroyed(self, s, p.seat)):
                    found.append((p.seat, FIELD, s))
            for s in p.base:
                if s.uid in uids:
                    found.append((p.seat, BASE, s))
        moves = []
        for seat, zone, slot in found:
            self.log.add("destroyed", seat, slot.uid, slot.name, reason)  # before a token's exit
            moves.append(self.move(slot.uid, zone, TRASH, seat, "destroyed", quiet=True))
        self.moved(moves)

    def destroy_mana(self, seat: int, uid: int) -> None:
        """Destroy mana in a base: a card goes to the trash, a token leaves the game."""
        self.move(uid, BASE, TRASH, seat, "destroyed_mana")

    # ------------------------------------------------------------------------------------------
    # Movement (ZR 7)

    def _act_move(self, seat: int, uid: int, event: str) -> None:
        """ZR 7.1: spend 1 Movement to advance (base -> field) or retreat (field -> base)."""
        p = self.players[seat]
        p.movement -= 1
        found = self.find_slot(uid)
        assert found is not None
        slot = found[2]
        self.log.add("move", seat, uid, slot.name, event)
        if event == "advancing":  # ZR 7.2: it keeps its Active/Rested state; ZR 7.4: ZR 3.4 applies
            self.push((Zones.t_enter_field, seat, uid, slot.rested, "advancing"))
        else:  # [When Retreating] triggers once it is in the base (ZR 11.5)
            self.push((Zones.t_enter_base, seat, uid, slot.rested, False))

    # ------------------------------------------------------------------------------------------
    # Boost (ZR 17)

    def boost_cards(self, seat: int) -> list[Slot]:
        """`seat`'s Boost cards in the base that may be attached now (ZR 17.2): the Active ones,
        and the Rested ones too where an effect says so (Black Sabre Jaguar); one per card and
        state (copies are alike)."""
        out: list[Slot] = []
        seen: set[tuple[str, bool]] = set()
        rested_ok: bool | None = None
        for s in self.players[seat].base:
            card = s.card
            if card is None or card.boost is None:
                continue
            if s.rested:
                if rested_ok is None:
                    rested_ok = fx.boost_while_rested(self, seat)
                if not rested_ok:
                    continue
            if (card.id, s.rested) not in seen:
                seen.add((card.id, s.rested))
                out.append(s)
        return out

    def can_boost(self, minion: Slot, boost: Slot) -> bool:
        """May `boost` (a Boost card in the base) be attached to `minion` (on the same player's
        field) now? ZR 17.3: one Boost a minion; ZR 17.2: the condition is checked on the
        minion (its color, printed cost, class) unless it receives a Boost ignoring conditions
        (Revered Sapi); with the rule option `boost_needs_active`, only an Active minion."""
        condition = boost.card.boost if boost.card is not None else None
        card = minion.card
        if condition is None or card is None or minion.attached:
            return False
        if minion.rested and self.options.boost_needs_active:
            return False
        return card_matches(condition, card, minion) or fx.boost_ignores_conditions(card)

    def _act_boost(self, seat: int, uid: int, boost_uid: int) -> None:
        """ZR 17.2: spend 1 Movement to attach a Boost card of the base to a minion of the field:
        neither a move nor a placement; the minion's [When Boosted] effects trigger."""
        p = self.players[seat]
        p.movement -= 1
        host = self.field_slot(uid)
        found = self.find_slot(boost_uid)
        assert host is not None and found is not None
        self.log.add("boost", seat, host.name, found[2].name)
        self.move(boost_uid, BASE, ATTACHED, seat, "boost", host=host)

    # ------------------------------------------------------------------------------------------
    # Put onto the field, moves by effect (ZR 11.1b, ZR 11.4), <Trash> (ZR 11.9)

    def put_onto_field(self, seat: int, uid: int, rested: bool = False) -> None:
        """ZR 11.1b: put a card from a hand, trash or deck onto `seat`'s field, Active unless
        stated: no cost, not a summon ([When Summoned] and Chain do not trigger); it enters the
        field (ZR 11.3) and is new there (ZR 11.2: ZR 8.2 (a) applies); ZR 3.4 applies."""
        for p in self.players:
            for zone in (HAND, TRASH, DECK):
                if uid in _cards(p, zone):
                    self.move(uid, zone, LIMBO, seat, "put")
                    self.log.add("put", seat, uid)
                    self.push((Zones.t_enter_field, seat, uid, rested, "put"))
                    return

    def return_from_trash(self, seat: int, uid: int) -> None:
        """A card of `seat`'s trash returns to the hand; ZR 11.9: a card with <Trash>
        `to_field_instead` (Graverobber) is put onto the field instead."""
        if fx.to_field_instead(self.defs[uid]):
            self.log.add("trash_to_field", seat, uid, "ZR 11.9")
            self.put_onto_field(seat, uid)
            return
        self.to_hand(seat, uid, TRASH)
        self.log.add("to_hand", seat, uid, self.defs[uid].name)


def _cards(p: PlayerState, zone: str) -> list[int]:
    """A player's zone of cards by its name: deck, hand, trash or banished."""
    if zone == DECK:
        return p.deck
    if zone == HAND:
        return p.hand
    if zone == BANISHED:
        return p.banished
    assert zone == TRASH, zone
    return p.trash
