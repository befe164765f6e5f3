"""Turn structure (ZR 5): setup and mulligans, the start of a turn, the draw step, the mana
phase, the main phase and the end of a turn. A mixin of `Game`."""

from __future__ import annotations

from collections.abc import Sequence

from zenonzard_tui.cards.model import CardDef, ForceDef
from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.actions import (
    MAIN,
    MANA,
    MULLIGAN,
    Action,
)
from zenonzard_tui.engine.battle import Battles
from zenonzard_tui.engine.outcome import Termination
from zenonzard_tui.engine.rng import Rng
from zenonzard_tui.engine.state import (
    COPY_ROOM,
    DECK,
    HAND,
    LIMBO,
    SEATS,
    START_HAND,
    START_LIFE,
    TURN_LIMIT,
    ForceState,
)
from zenonzard_tui.engine.zones import Zones


class Turns(Battles):
    """Setup and the turn structure of a game (ZR 5.1 - 5.7)."""

    # Setup (ZR 5.1, ZR 5.2)

    def _setup(self, decks: Sequence[Sequence[CardDef]], forces: Sequence[Sequence[ForceDef]],
               seed: int, first: int | None) -> None:  # fmt: skip
        self.seed = seed
        self.rng = Rng(seed)
        for seat in (0, 1):
            p = self.players[seat]
            # uids follow card ids, so a uid tells no more than the card it names; the deck is
            # laid out before the game starts: no zone change, nothing triggers (no `move`)
            for card in sorted(decks[seat], key=lambda c: c.id):
                uid = self.next_uid
                self.next_uid += 1
                self.defs.append(card)
                p.deck.append(uid)
            p.forces = [ForceState(f) for f in forces[seat]]
            p.life = START_LIFE - sum(f.life for f in forces[seat])  # ZR 5.1
        self.changed_play()
        self.next_uid += COPY_ROOM  # ZR 11.11: the uids of copies come before the tokens'
        for p in self.players:
            self.rng.shuffle(p.deck)
        coin = self.rng.below(2)  # drawn even when the first player is chosen: replays agree
        self.first = coin if first is None else first
        self.log.add("setup", self.first, tuple(p.life for p in self.players))
        for p in (self.players[self.first], self.players[1 - self.first]):
            self.draw(p.seat, START_HAND)
        self.phase = "mulligan"
        self.ask(MULLIGAN, self.first)

    def _act_mulligan(self, seat: int, action: Action) -> None:
        """ZR 5.2: put the chosen cards on the bottom, draw that many, shuffle the deck."""
        p = self.players[seat]
        p.mulliganed = True
        chosen = action.args if action.kind == "mulligan" else ()
        for uid in chosen:
            self.move(uid, HAND, DECK, seat, "mulligan")
        self.log.add("mulligan", seat, len(chosen))
        if chosen:
            self.draw(seat, len(chosen))
            self.rng.shuffle(p.deck)
        other = 1 - seat
        if not self.players[other].mulliganed:
            self.ask(MULLIGAN, other)
        else:
            self.turn = 0
            self.push((Turns.t_start_turn,))

    # ------------------------------------------------------------------------------------------
    # Turn structure (ZR 5.3 - 5.7)

    def t_start_turn(self) -> None:
        self.turn += 1
        if self.turn >= TURN_LIMIT:  # ZR 1.5
            self._end(Termination.TURN_LIMIT, None, f"turn {TURN_LIMIT} reached (ZR 1.5)")
            return
        seat = self.active
        self.phase = "standby"
        for p in self.players:
            p.movement = 0
            p.placed = frozenset()  # ZR 15.1: placements count for this turn only
            p.damaged = False  # "if you did not receive damage this turn"
            for s in p.field:
                s.arrived = s.advanced = False
            for s in p.base:
                s.arrived = s.advanced = False
        self.players[seat].movement = 0 if self.turn == 1 else 1  # ZR 5.3.1
        self.this_turn = ()  # ZR 14.1: the turn history starts afresh
        self.log.add("turn", self.turn, seat)
        fx.queue_turn_triggers(self, seat, "turn_start")
        self.push((Turns._t_refresh,), (Turns._t_draw_step,), (Turns.t_mana_phase,))

    def _t_refresh(self) -> None:
        """ZR 5.3.2: your cards on the field and in the base and your undestroyed Forces become Active."""
        p = self.players[self.active]
        locked = fx.locked_keys(self) if self.lasting else None
        if locked:  # ZR 14.5: cards that cannot become Active yet skip the refresh
            for s in (*p.field, *p.base):
                if ("c", s.uid, s.order) not in locked:
                    s.rested = False
        else:
            for s in p.field:
                s.rested = False
            for s in p.base:
                s.rested = False
        for i, f in enumerate(p.forces):
            if f.rested and not f.destroyed and not (locked and ("f", p.seat, i) in locked):
                f.rested = False
                self.changed_play()

    def _t_draw_step(self) -> None:
        """ZR 5.4: draw 1 (not in the very first turn; 2 for the second player's first turn with
        the option). ZR 1.3: an empty deck here loses the game."""
        seat = self.active
        if self.turn == 1:
            return
        count = 2 if (self.turn == 2 and self.options.second_player_draws_two) else 1
        for _ in range(count):
            if not self.players[seat].deck:
                self._end(
                    Termination.DECK_OUT,
                    1 - seat,
                    f"{SEATS[seat]} had to draw from an empty deck in the draw step (ZR 1.3)",
                )
                return
            self.draw(seat, 1)

    def t_mana_phase(self) -> None:
        self.phase = "mana"
        fx.end_lasting(self, "opponent_standby")  # ZR 10.3 (d): it ends after the draw step
        self.ask(MANA, self.active)

    def _act_mana(self, seat: int, action: Action) -> None:
        """ZR 5.5: one Base Minion from hand, or one colorless mana token, or nothing. The
        placement and its triggers happen in the mana phase (ZR 11.6 [During Your Mana Phase]);
        the main phase starts when they are done (`_decide_main`)."""
        if action.kind == "mana":
            uid = action.args[0]
            self.move(uid, HAND, LIMBO, seat, "mana")
            self.log.add("mana", seat, uid)
            self.push((Zones.t_enter_base, seat, uid, False, True, HAND))
        elif action.kind == "mana_colorless":
            self.log.add("mana", seat, None)
            self.push((Zones.t_enter_base, seat, -1, False, True))
        else:
            self.log.add("mana_skip", seat)

    def _decide_main(self) -> None:
        self.phase = "main"
        self.ask(MAIN, self.active)

    def _act_end_turn(self, seat: int) -> None:
        """ZR 5.7: "at the end of your turn" effects, then "until end of turn" effects end."""
        self.phase = "end"
        self.log.add("end_turn", seat)
        fx.queue_turn_triggers(self, seat, "turn_end")
        # then the other player's "at the end of your opponent's turn" (ZR 6.5: active first)
        fx.queue_turn_triggers(self, 1 - seat, "opponent_turn_end")
        after = (Turns._t_stop,) if self.stops_at_turn_end else (Turns.t_start_turn,)
        self.push((Turns._t_cleanup,), after)

    def _t_stop(self) -> None:
        """The end of a game asked to stop with its turn (`stops_at_turn_end`): no winner."""
        self._end(Termination.TURN_LIMIT, None, "the turn is over, and this game stops with it")

    def _t_cleanup(self) -> None:
        if self.lasting:  # ZR 5.7: "this turn" effects end
            fx.end_lasting(self, "end_of_turn")
        for p in self.players:
            p.movement = 0
            for s in p.field:
                if s.mods:  # ZR 5.7, ZR 10.3 (c): "this turn" and "your opponent's next turn"
                    s.mods = tuple(
                        m
                        for m in s.mods
                        if m.until != "end_of_turn"
                        and (m.until != "opponent_next_turn" or m.ends > self.turn)
                    )
                s.must_block = False
