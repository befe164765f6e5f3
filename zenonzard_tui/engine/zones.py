"""Zones (ZR 3, ZR 7): drawing, cards entering and leaving the field and the base (with the
limits of ZR 3.4 and ZR 3.5), destruction, and Movement between base and field. A mixin of
`Game`; `draw`, `to_hand`, `take_slot`, `leave_play`, `destroy` and the tasks `t_enter_field` and
`t_enter_base` are the mutation API that effects use."""

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
    BASE_LIMIT,
    FIELD_LIMIT,
    HAND_LIMIT,
    Slot,
)


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
            uid = p.deck.pop(0)
            drawn += 1
            if len(p.hand) >= HAND_LIMIT:
                p.trash.append(uid)
                self.log.add("burn", seat, uid)
            else:
                p.hand.append(uid)
                self.log.add("draw", seat, uid)
        return drawn

    def to_hand(self, seat: int, uid: int) -> None:
        """Put a card into `seat`'s hand; ZR 3.3: into the trash when the hand is full."""
        p = self.players[seat]
        if len(p.hand) >= HAND_LIMIT:  # ZR 3.3
            p.trash.append(uid)
            self.log.add("burn", seat, uid)
        else:
            p.hand.append(uid)

    def mill(self, seat: int, count: int) -> list[int]:
        """ZR 11.10: "discard the top N cards of your deck": into the trash one by one from the
        top (an empty deck is not a loss, ZR 1.3). The batch is watched (Kiska, ZR 14.6)."""
        p = self.players[seat]
        batch = p.deck[:count]
        for uid in batch:
            p.deck.remove(uid)
            p.trash.append(uid)
            self.log.add("mill", seat, uid)
        if batch:
            fx.queue_deck_discards(self, seat, batch)
        return batch

    def add_copy(self, card: CardDef) -> int:
        """ZR 11.11: a new card identical to `card` (Janus), in no zone yet: the caller puts it
        somewhere. Its uid is the next in `defs` (copied on write: clones share the old list);
        the uids up to COPY_ROOM after the deck cards are kept for copies."""
        uid = len(self.defs)
        self.defs = [*self.defs, card]
        return uid

    def take_slot(self, uid: int) -> tuple[int, str, Slot] | None:
        """Remove a card from play and return where it was."""
        for p in self.players:
            for zone in (p.field, p.base):
                for i, s in enumerate(zone):
                    if s.uid == uid:
                        del zone[i]
                        where = "field" if zone is p.field else "base"
                        if fx.counts_in(s, where):
                            self.changed_play()
                        return p.seat, where, s
        return None

    def leave_play(self, slot: Slot, owner: int, dest: str) -> None:
        """Send a card that left play to `dest` (trash or hand). ZR 11.7: a Token Minion that
        would go to any other zone leaves the game instead; so does a colorless mana token
        (ZR 3.5). ZR 10.4: the card keeps nothing of its time in play (its slot is dropped)."""
        if slot.card is None:
            return
        if slot.card.type == "token":
            self.log.add("token_gone", owner, slot.name, dest)
            return
        if dest == "hand":
            self.to_hand(owner, slot.uid)
        else:
            self.players[owner].trash.append(slot.uid)

    def t_enter_field(self, seat: int, uid: int, rested: bool, event: str | None,
                       token: CardDef | None = None) -> None:  # fmt: skip
        """A minion enters the field. ZR 3.4: on a full field its owner first puts one minion there
        into the trash (not destruction). `event`: the trigger it causes (summoned, advancing)."""
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
        found = self.take_slot(victim)
        if found is not None:
            self.leave_play(found[2], seat, "trash")
            self.log.add("overflow", seat, victim, found[2].name, rule)

    def _take_moving(self, uid: int) -> Slot | None:
        """Take a card that moves between field and base: it keeps its Active/Rested state and
        arrival (ZR 7.2, ZR 8.2) but is a new object there: modifiers end."""
        moving = self.take_slot(uid)
        if moving is None:
            return None
        slot = moving[2]
        slot.mods = ()
        slot.must_block = False
        slot.order = self._order()
        return slot

    def _place_on_field(self, seat: int, uid: int, rested: bool, event: str | None,
                        token: CardDef | None) -> None:  # fmt: skip
        p = self.players[seat]
        slot: Slot | None
        if token is not None:
            slot = Slot(uid, token, self._order(), rested)
        else:
            slot = self._take_moving(uid)  # an advancing minion is still in the base
            if slot is not None:
                if slot.card is not None and slot.card.type == "base_minion":
                    slot.advanced = True  # ZR 8.2 (b)
            else:
                self.limbo.remove(uid)
                slot = Slot(uid, self.defs[uid], self._order(), rested)
        p.field.append(slot)
        if fx.counts_in(slot, "field"):
            self.changed_play()
        if event is not None:
            fx.queue_self_trigger(self, seat, slot, event)
        if event == "summoned":  # ZR 15.1: Chain, only for a summon (ZR 11.1a)
            fx.queue_self_trigger(self, seat, slot, "chain")
        if event == "advancing":
            fx.queue_watchers(self, "minion_advanced", seat, slot)
        # ZR 11.3: a summon or a put (tokens included) enters the field; an advance does not,
        # unless the option `advance_enters_field` says so
        if event != "advancing" or self.options.advance_enters_field:
            fx.queue_watchers(self, "enters_field", seat, slot, (("c", slot.uid),))

    def t_enter_base(self, seat: int, uid: int, rested: bool, placed_trigger: bool) -> None:
        """Mana enters the base (uid -1: a colorless mana token). ZR 3.5: on a full base its owner
        first chooses one mana there: a card goes to the trash, a token leaves the game."""
        p = self.players[seat]
        if len(p.base) >= BASE_LIMIT:
            options = tuple(("c", s.uid) for s in p.base)
            self.ask(CHOICE, seat, Choice("base_limit", options, 1, 1,
                                            (Zones._t_base_overflow, seat, uid, rested, placed_trigger)))  # fmt: skip
            return
        self._place_in_base(seat, uid, rested, placed_trigger)

    def _t_base_overflow(self, seat, uid, rested, placed_trigger, chosen) -> None:
        self._make_room(seat, chosen[0][1], "ZR 3.5")
        self._place_in_base(seat, uid, rested, placed_trigger)

    def _place_in_base(self, seat: int, uid: int, rested: bool, placed_trigger: bool) -> None:
        """`placed_trigger`: the mana-phase placement (ZR 5.5), the only one that triggers
        [When Placed] (ZR 11.6)."""
        p = self.players[seat]
        if uid == -1:  # ZR 11.13: a colorless mana token is placed (it has no effects)
            p.base.append(Slot(self.new_uid(), None, self._order(), rested))
            return
        moving = self._take_moving(uid)  # a retreating minion is still on the field
        retreating = moving is not None
        if moving is None:
            if uid in self.limbo:
                self.limbo.remove(uid)
            slot = Slot(uid, self.defs[uid], self._order(), rested)
        else:
            slot = moving
        if fx.enters_base_rested(self, slot, seat):  # ZR 11.4: every field -> base move too
            slot.rested = True
        p.base.append(slot)
        if fx.counts_in(slot, "base"):
            self.changed_play()
        if retreating:  # ZR 11.5: whatever moved it; a mana effect, the card already in the base
            fx.queue_self_trigger(self, seat, slot, "retreating")
            return
        # ZR 11.1d, ZR 11.6: a placement (mana phase or effect; retreating is not placing)
        if slot.card is not None:
            p.placed = p.placed.union(slot.card.colors)  # ZR 15.1
        if placed_trigger:
            fx.queue_self_trigger(self, seat, slot, "placed")
        fx.queue_watchers(self, "mana_placed", seat, slot, (("c", slot.uid),))

    def _order(self) -> int:
        self.seq += 1
        return self.seq

    # ------------------------------------------------------------------------------------------
    # Destruction and damage

    def destroy(self, uids: Sequence[int], reason: str = "") -> None:
        """Destroy minions at the same moment: to the trash in the order of ZR 6.5 (active
        player's first, then by field slot), then their [When Destroyed] triggers."""
        found = []
        for p in (self.players[self.active], self.players[1 - self.active]):
            for i, s in enumerate(p.field):
                if s.uid in uids:
                    found.append((p.seat, i, s))
            for i, s in enumerate(p.base):
                if s.uid in uids:
                    found.append((p.seat, 100 + i, s))
        for seat, _, slot in found:
            self.take_slot(slot.uid)
            self.log.add("destroyed", seat, slot.uid, slot.name, reason)  # before a token's exit
            self.leave_play(slot, seat, "trash")
        for seat, _, slot in found:
            fx.queue_self_trigger(self, seat, slot, "destroyed", from_trash=True)
        for seat, i, slot in found:
            if i < 100:  # a minion, not mana: "whenever a minion is destroyed" (Mordo)
                fx.queue_watchers(self, "minion_destroyed", seat, slot)

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
    # Put onto the field, moves by effect (ZR 11.1b, ZR 11.4), <Trash> (ZR 11.9)

    def put_onto_field(self, seat: int, uid: int, rested: bool = False) -> None:
        """ZR 11.1b: put a card from a hand, trash or deck onto `seat`'s field, Active unless
        stated: no cost, not a summon ([When Summoned] and Chain do not trigger); it enters the
        field (ZR 11.3) and is new there (ZR 11.2: ZR 8.2 (a) applies); ZR 3.4 applies."""
        for p in self.players:
            for zone in (p.hand, p.trash, p.deck):
                if uid in zone:
                    zone.remove(uid)
                    self.limbo.append(uid)
                    self.log.add("put", seat, uid)
                    self.push((Zones.t_enter_field, seat, uid, rested, "put"))
                    return

    def return_from_trash(self, seat: int, uid: int) -> None:
        """A card of `seat`'s trash returns to the hand; ZR 11.9: a card with <Trash>
        `to_field_instead` (Graverobber) is put onto the field instead."""
        p = self.players[seat]
        if fx.to_field_instead(self.defs[uid]):
            self.log.add("trash_to_field", seat, uid, "ZR 11.9")
            self.put_onto_field(seat, uid)
            return
        p.trash.remove(uid)
        self.to_hand(seat, uid)
        self.log.add("to_hand", seat, uid, self.defs[uid].name)
