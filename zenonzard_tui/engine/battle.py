"""Attacks, battles and damage (ZR 8, ZR 2.6): the attack, the Flash window, blocks, the battle,
damage to players and Forces, and a destroyed Force's search. A mixin of `Game`."""

from __future__ import annotations

from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.actions import (
    BLOCK,
    CHOICE,
    PRIORITY,
    Action,
    Choice,
)
from zenonzard_tui.engine.core import Attack
from zenonzard_tui.engine.state import (
    Slot,
)
from zenonzard_tui.engine.zones import Zones


class Battles(Zones):
    """Attacks, battles and damage (ZR 8)."""

    # Attacks (ZR 8)

    def _act_attack(self, seat: int, uid: int, target: tuple) -> None:
        """ZR 8.1: rest the attacker, choose the target; [When Attacking] triggers."""
        slot = self.field_slot(uid)
        assert slot is not None
        slot.rested = True
        self.attack = Attack(seat, uid, target)
        self.log.add("attack", seat, uid, slot.name, target)
        fx.queue_self_trigger(self, seat, slot, "attacking")
        fx.queue_watchers(self, "minion_attacks", seat, slot)  # ZR 13.12
        defender = 1 - seat
        self.push(
            (Battles._t_flash, defender, 0),
            (Battles._t_block_step,),
            (Battles._t_battle,),
            (Battles._t_end_battle,),
        )

    def _attacker_gone(self) -> bool:
        a = self.attack
        return a is None or all(s.uid != a.attacker for s in self.players[a.seat].field)

    def _t_flash(self, seat: int, passes: int) -> None:
        """ZR 8.3: the player with priority uses one Flash card or passes; the window closes on two
        passes in a row, or at once when the attacking minion leaves the field."""
        if self._attacker_gone():
            self.log.add("attack_fizzles", "ZR 8.3")
            return
        self.ask(PRIORITY, seat, passes)

    def _act_priority(self, seat: int, passes: int, action: Action) -> None:
        if action.kind == "pass":
            self.log.add("pass", seat)
            if passes + 1 < 2:
                self.push((Battles._t_flash, 1 - seat, passes + 1))
            return
        self.push((Battles._t_flash, 1 - seat, 0))  # runs after the card has resolved
        if action.kind == "cast":
            fx.begin_cast(self, seat, action.args[0])
        else:
            fx.begin_summon(self, seat, action.args[0])

    def _t_block_step(self) -> None:
        if self._attacker_gone():
            return
        self.ask(BLOCK, 1 - self.fight.seat)

    def _act_block(self, seat: int, action: Action) -> None:
        """ZR 8.4: rest the blocker; [When Blocking] triggers."""
        if action.kind == "no_block":
            self.log.add("no_block", seat)
            return
        uid = action.args[0]
        slot = self.slot_in_play(uid)
        slot.rested = True
        self.fight.blocker = uid
        self.log.add("block", seat, uid, slot.name, self.fight.attacker)
        # ZR 13.12: "your minion's attack is blocked" triggers after [When Blocking]
        self.push((Battles._t_attack_blocked,))
        fx.queue_self_trigger(self, seat, slot, "blocking")

    def _t_attack_blocked(self) -> None:
        a = self.attack
        attacker = self.field_slot(a.attacker) if a is not None else None
        if a is not None and attacker is not None:
            fx.queue_watchers(self, "attack_blocked", a.seat, attacker)

    def _t_battle(self) -> None:
        a = self.fight
        if self._attacker_gone():
            return
        attacker = self.slot_in_play(a.attacker)
        if a.blocker is not None:
            blocker = self.field_slot(a.blocker)
            if blocker is None:
                self.log.add("blocker_gone")
                return
            self._blocked_battle(a, attacker, blocker)
        else:
            self._unblocked(a, attacker)

    def _blocked_battle(self, a: Attack, attacker: Slot, blocker: Slot) -> None:
        """ZR 8.5: the greater or equal BP destroys the other; equal destroys both. ZR 13.1: a
        minion that wins "regardless of BP" destroys the other and survives (both: both are
        destroyed); the one that destroyed the other and survived wins, and its win triggers
        resolve after these destructions. Pierce and Revenge (ZR 2.7) apply during the
        attacker's turn."""
        abp, bbp = fx.bp(self, attacker), fx.bp(self, blocker)
        a.battled = True
        aw, bw = fx.wins_regardless(attacker), fx.wins_regardless(blocker)
        kills_b = aw or (not bw and abp >= bbp)
        kills_a = bw or (not aw and bbp >= abp)
        dead = []
        if kills_b:
            dead.append(blocker.uid)
        if kills_a:
            dead.append(attacker.uid)
        self.log.add(
            "battle", attacker.uid, attacker.name, abp, blocker.uid, blocker.name, bbp, tuple(dead)
        )
        akw = fx.keywords(self, attacker)
        if "revenge" in akw:
            a.revenge = (blocker.uid,)
        pierce = 0
        if "pierce" in akw and kills_b and not kills_a:
            pierce = fx.dp(self, attacker) - fx.dp(self, blocker)
        self.destroy(dead, "ZR 8.5")
        winner = (
            attacker if kills_b and not kills_a else blocker if kills_a and not kills_b else None
        )
        if winner is not None:  # ZR 13.1
            wseat = a.seat if winner is attacker else 1 - a.seat
            self.log.add("battle_won", wseat, winner.uid, winner.name)
            fx.queue_self_trigger(self, wseat, winner, "won_battle")
            fx.queue_watchers(self, "minion_wins_battle", wseat, winner)
        if pierce > 0:  # ZR 2.7 Pierce: to the original target, as DP damage from a minion
            self._deal_minion_damage(a, attacker, pierce, overflow=True)

    def _unblocked(self, a: Attack, attacker: Slot) -> None:
        """ZR 8.6: the attacker deals its DP to the target."""
        target = a.target
        if target[0] == "f" and self.players[1 - a.seat].forces[target[1]].destroyed:
            self.log.add("no_damage_force_gone", "ZR 8.6")
            return
        self._deal_minion_damage(a, attacker, fx.dp(self, attacker), overflow=False)

    def _deal_minion_damage(self, a: Attack, attacker: Slot, amount: int, overflow: bool) -> None:
        defender = 1 - a.seat
        dealt = 0
        to_player = amount
        if a.target[0] == "f":
            force = self.players[defender].forces[a.target[1]]
            if force.destroyed:
                to_player = amount if overflow else 0
            else:
                before = force.life
                rest = self.damage_force(defender, a.target[1], amount, from_minion=True)
                dealt += before - force.life
                to_player = rest if overflow else 0
        if to_player > 0:
            dealt += self.damage_player(defender, to_player, from_minion=True, source=attacker.name)
        if dealt > 0:
            fx.queue_watchers(self, "deals_damage", a.seat, attacker)

    def damage_player(self, seat: int, amount: int, from_minion: bool, source: str = "") -> int:
        amount = self._reduced(seat, None, amount, from_minion)
        if amount <= 0:
            return 0
        self.players[seat].life -= amount
        self.log.add("player_damage", seat, amount, self.players[seat].life, source)
        return amount

    def _reduced(self, seat: int, force: int | None, amount: int, from_minion: bool) -> int:
        """Damage to `seat`'s player (force None) or Force after reductions (Force of Triumph)."""
        cut = fx.damage_reduction(self, seat, "player" if force is None else "force", from_minion)
        if cut <= 0 or amount <= 0:
            return amount
        left = max(0, amount - cut)
        self.log.add("damage_reduced", seat, force, amount, left)
        return left

    def _t_end_battle(self) -> None:
        """ZR 8.7: "during this battle" effects end; Revenge destroys at the end of battle."""
        a = self.attack
        gone: list[int] = []
        if a is not None and a.revenge:
            gone = [u for u in a.revenge if self.field_slot(u) is not None]
        if a is not None and a.battled and a.blocker is not None:  # ZR 13.2: Maddor
            for uid in (a.attacker, a.blocker):
                slot = self.field_slot(uid)
                if slot is not None and uid not in gone and fx.destroyed_after_battle(self, slot):
                    gone.append(uid)
        if gone:
            self.destroy(gone, "end of battle (ZR 2.7, ZR 13.2)")
        for p in self.players:
            for s in p.field:
                if s.mods:
                    s.mods = tuple(m for m in s.mods if m.until != "battle")
        self.attack = None

    # ------------------------------------------------------------------------------------------

    def damage_force(self, seat: int, index: int, amount: int, from_minion: bool = False) -> int:
        """A Force loses life; at 0 it is destroyed (ZR 8.6). Returns the damage beyond its life."""
        f = self.players[seat].forces[index]
        if not f.destroyed:
            amount = self._reduced(seat, index, amount, from_minion)
        if f.destroyed or amount <= 0:
            return amount if f.destroyed else 0
        dealt = min(amount, f.life)
        f.life -= dealt
        self.log.add("force_damage", seat, index, dealt, f.life)
        if f.life <= 0:
            f.life = 0
            f.destroyed = True
            f.rested = True
            self.log.add("force_destroyed", seat, index)
            self.queued.append((seat, 0, index, (Battles._t_force_destroyed, seat, index)))
        return amount - dealt

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
            Choice("force_search", options, 1, 1, (Battles._t_force_search_done, seat)),
        )

    def _t_force_search_done(self, seat: int, chosen: tuple) -> None:
        p = self.players[seat]
        tasks: list[tuple] = []
        if chosen:
            uid = chosen[0][1]
            p.deck.remove(uid)
            self.limbo.append(uid)
            self.log.add("force_search", seat, uid)
            tasks.append((Zones.t_enter_base, seat, uid, False, False))
        tasks.append((Battles._t_shuffle_draw, seat))
        self.push(*tasks)

    def _t_shuffle_draw(self, seat: int) -> None:
        self.rng.shuffle(self.players[seat].deck)
        self.draw(seat, 1)
