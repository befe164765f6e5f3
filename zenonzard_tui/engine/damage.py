"""Damage and life (ZR 8.6, ZR 13.5-13.11): one damage event per target, its reductions, the
triggers it fires; restores; destroying a Force outright; Lachesis's swap. A mixin of `Game`
(`Battles` builds on it); `deal_damage`, `restore`, `destroy_force` and `swap_life` are the
mutation API that effects and battles use.

The order of one damage event (ZR 13.7, ZR 13.8):
1. the reductions that apply to it are added up (the damaging card's own, Forces, minions, this
   turn's effects), unless the damaged player is under Rush of Bats; the result is floored at 0;
2. an event reduced to 0 did not happen: nothing is lost and no "damage" trigger fires;
3. the player or Force loses life; a Force at 0 is destroyed (ZR 8.6, ZR 2.6);
4. the triggers: "damage is dealt to your life" (ZR 13.7), "a minion deals damage" (ZR 13.6),
   "destroys a Force with its DP".
"""

from __future__ import annotations

from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.actions import CHOICE, Choice
from zenonzard_tui.engine.state import DECK, LIFE_CAP, LIMBO, Slot
from zenonzard_tui.engine.zones import Zones


class DamageSource:
    """Who deals a damage event and how (ZR 13.5, ZR 13.6).

    `minion` is the uid of the minion that deals it: with `by_dp`, its DP damage (an unblocked
    attack or Pierce); without, an effect of that minion while it is on the field. A Magic card,
    a Force, a minion's effect from the trash ([When Destroyed]) or from the base deal damage with
    `minion` None. `cost` is the dealing minion's cost (a Base Minion counts 0, ZR 2.4), for
    reductions by cost (Spike Toad). `own_cut` is the damaging effect's own reduction (Lord
    Alabaster), which counts as a reduction (ZR 13.8).

    (A plain class, not a NamedTuple: one is made for every damage event, and a NamedTuple's
    constructor is Python code that a compiled build would call by name.)"""

    __slots__ = ("by_dp", "cost", "minion", "name", "own_cut", "seat")

    def __init__(self, seat: int, name: str = "", minion: int | None = None, by_dp: bool = False,
                 cost: int | None = None, own_cut: int = 0) -> None:  # fmt: skip
        self.seat = seat
        self.name = name
        self.minion = minion
        self.by_dp = by_dp
        self.cost = cost
        self.own_cut = own_cut

    def __repr__(self) -> str:
        return (
            f"DamageSource(seat={self.seat}, name={self.name!r}, minion={self.minion}, "
            f"by_dp={self.by_dp}, cost={self.cost}, own_cut={self.own_cut})"
        )


class Damages(Zones):
    """Damage events, restores and the Forces' destruction (ZR 8.6, ZR 13)."""

    def dp_source(self, seat: int, slot: Slot) -> DamageSource:
        """The source of a minion's DP damage (ZR 13.5)."""
        cost = fx.card_cost(slot.card) if slot.card is not None else 0
        return DamageSource(seat, slot.name, slot.uid, True, cost)

    def effect_source(self, seat: int, name: str, source: int | None, kind: str,
                      own_cut: int = 0) -> DamageSource:  # fmt: skip
        """The source of an effect's damage: a minion's own while it is on the field (ZR 13.6)."""
        slot = self.field_slot(source) if source is not None and kind == "minion" else None
        if slot is None:
            return DamageSource(seat, name, own_cut=own_cut)
        cost = fx.card_cost(slot.card) if slot.card is not None else 0
        return DamageSource(seat, name, slot.uid, False, cost, own_cut)

    def deal_damage(self, target: tuple, amount: int, src: DamageSource) -> tuple[int, int]:
        """One damage event (ZR 13.7) to a player `("p", seat)` or a Force `("f", seat, index)`.
        Returns (the life it took, the damage beyond a Force's remaining life). Damage to a
        destroyed Force is no event: all of it is beyond (Pierce passes it on, ZR 2.7)."""
        seat = target[1]
        force = target[2] if target[0] == "f" else None
        if force is not None and self.players[seat].forces[force].destroyed:
            return 0, amount
        amount = self._reduced(seat, force, amount, src)
        if amount <= 0:
            return 0, 0
        if force is None:
            p = self.players[seat]
            p.life -= amount
            p.damaged = True
            self.log.add("player_damage", seat, amount, p.life, src.name)
            taken, beyond = amount, 0
        else:
            f = self.players[seat].forces[force]
            taken = min(amount, f.life)
            beyond = amount - taken
            f.life -= taken
            self.log.add("force_damage", seat, force, taken, f.life)
            if f.life <= 0:
                self.destroy_force(seat, force, "")
        self._damage_triggers(
            target, src, force is not None and self._destroyed(seat, force), taken
        )
        return taken, beyond

    def _destroyed(self, seat: int, force: int) -> bool:
        return self.players[seat].forces[force].destroyed

    def _reduced(self, seat: int, force: int | None, amount: int, src: DamageSource) -> int:
        """The damage left after the reductions (ZR 13.8): each applies to this event, they add
        up, and the result is floored at 0. Under Rush of Bats none applies, the damaging card's
        own included. The log says which reductions applied and why."""
        if amount <= 0:
            return amount
        cuts = fx.damage_cuts(self, seat, "player" if force is None else "forces", src)
        if not cuts and not src.own_cut:
            return amount
        blocker = fx.unshielded_by(self, seat)
        if blocker is not None:
            self.log.add("damage_not_reduced", seat, force, amount, blocker)
            return amount
        left = max(0, amount - src.own_cut - sum(n for _, n in cuts))
        if self.log.enabled:  # (the names are for the log only)
            reasons = [f"{src.name} -{src.own_cut}"] if src.own_cut else []
            reasons += [f"{fx.source_name(self, *source)} -{n}" for source, n in cuts]
            self.log.add("damage_reduced", seat, force, amount, left, tuple(reasons))
        return left

    def _damage_triggers(
        self, target: tuple, src: DamageSource, destroyed: bool, taken: int
    ) -> None:
        """The triggers of a damage event that happened (ZR 13.6, ZR 13.7); `taken`: the life it
        took, the damage it dealt (their effects' `Ctx.amount`)."""
        if not fx.watched(self):  # (most often no "whenever ..." effect is in play)
            return
        if target[0] == "p":
            fx.queue_watchers(self, "life_damaged", target[1], None, amount=taken)
        if src.minion is None:
            return
        dealer = self.field_slot(src.minion)
        if dealer is None:  # it left the field before its damage was dealt
            return
        it = (("c", dealer.uid),)
        fx.queue_watchers(self, "deals_damage", src.seat, dealer, it=it, amount=taken)
        fx.queue_watchers(self, "attack_deals_damage", src.seat, dealer, it=it, amount=taken)
        if target[1] != src.seat:  # the other player's life or one of their Forces
            if target[0] == "p":
                fx.queue_watchers(
                    self, "deals_damage_to_opponent", src.seat, dealer, it=it, amount=taken
                )
            fx.queue_watchers(self, "damages_other_side", src.seat, dealer, it=it, amount=taken)
        if destroyed and src.by_dp:
            fx.queue_watchers(self, "destroys_force", src.seat, dealer, it=it, amount=taken)

    def destroy_force(self, seat: int, index: int, reason: str) -> bool:
        """A Force is destroyed: face down, Rested for good, life 0; its [When Destroyed] (ZR 2.6)
        triggers. By damage at 0 life (ZR 8.6) or outright, whatever its life (ZR 13.11)."""
        f = self.players[seat].forces[index]
        if f.destroyed:
            return False
        f.life = 0
        f.destroyed = True
        f.rested = True
        self.changed_play()
        self.log.add("force_destroyed", seat, index, reason)
        self.queued.append((seat, 0, index, (Damages._t_force_destroyed, seat, index)))
        # "whenever a Force is destroyed" (Kahren), by damage or outright
        fx.queue_watchers(self, "force_destroyed", seat, None, named=f.force.name)
        return True

    def _t_force_destroyed(self, seat: int, index: int) -> None:
        """ZR 2.6: choose a Base Minion from your deck, put it into your base Active, shuffle, draw 1."""
        p = self.players[seat]
        seen: dict[str, int] = {}
        for uid in p.deck:
            card = self.defs[uid]
            if card.type == "base_minion" and card.id not in seen:
                seen[card.id] = uid
        if not seen:
            self._t_force_search_done(seat, ())
            return
        options = tuple(("c", uid) for uid in seen.values())
        self.ask(
            CHOICE,
            seat,
            Choice("force_search", options, 1, 1, (Damages._t_force_search_done, seat)),
        )

    def _t_force_search_done(self, seat: int, chosen: tuple) -> None:
        tasks: list[tuple] = []
        if chosen:
            uid = chosen[0][1]
            self.move(uid, DECK, LIMBO, seat, "force_search")
            self.log.add("force_search", seat, uid)
            tasks.append((Zones.t_enter_base, seat, uid, False, False, DECK))
        tasks.append((Damages._t_shuffle_draw, seat))
        self.push(*tasks)

    def _t_shuffle_draw(self, seat: int) -> None:
        self.rng.shuffle(self.players[seat].deck)
        self.draw(seat, 1)

    def restore(self, target: tuple, amount: int) -> bool:
        """Restore life to a player or an undestroyed Force, up to 10 (ZR 13.9, ZR 3.6). Under
        Rush of Bats, nothing is restored (ZR 13.8). Returns whether life was restored."""
        seat = target[1]
        force = target[2] if target[0] == "f" else None
        if force is not None and self.players[seat].forces[force].destroyed:
            return False  # ZR 13.9: a destroyed Force cannot be restored
        blocker = fx.unshielded_by(self, seat)
        if blocker is not None:
            self.log.add("restore_blocked", seat, force, blocker)
            return False
        if force is None:
            p = self.players[seat]
            p.life = min(LIFE_CAP, p.life + amount)
            self.log.add("heal", seat, None, p.life)
        else:
            f = self.players[seat].forces[force]
            f.life = min(LIFE_CAP, f.life + amount)
            self.log.add("heal", seat, force, f.life)
        return True

    def swap_life(self, seat: int, index: int) -> bool:
        """ZR 13.10 (Lachesis): `seat`'s opponent's life and the life of `seat`'s undestroyed
        Force `index` change places. Neither damage nor a restore: no reduction, no trigger, Rush
        of Bats does not matter. ZR 1.2 is checked once the effect has resolved."""
        f = self.players[seat].forces[index]
        if f.destroyed:
            return False
        opp = self.players[1 - seat]
        opp.life, f.life = f.life, opp.life
        self.log.add("life_swap", seat, index, f.life, opp.life)
        return True
