"""The game: a state machine that stops at every decision (ZR 1-8).

`Game.legal_actions()` lists what the deciding player may do; `Game.apply(action)` does it and runs
the rules on until the next decision. Work that may be interrupted by a decision is kept as a stack
of plain task tuples `(function, *args)`, so a game can be cloned at any decision and continued.

Where a rule decides an outcome, the code cites it (ZR n.n, see shared/rules/RULES.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

from zenonzard_tui.cards.loader import load_pool
from zenonzard_tui.cards.model import CardDef, ForceDef
from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.actions import (
    BLOCK,
    CHOICE,
    MAIN,
    MANA,
    MULLIGAN,
    PRIORITY,
    Action,
    AmbiguousAction,
    Choice,
    Decision,
    IllegalAction,
    normalize_text,
    prefixes_optional,
)
from zenonzard_tui.engine.log import Log
from zenonzard_tui.engine.outcome import Outcome, Termination
from zenonzard_tui.engine.rng import Rng
from zenonzard_tui.engine.state import (
    BASE_LIMIT,
    FIELD_LIMIT,
    HAND_LIMIT,
    START_HAND,
    START_LIFE,
    TURN_LIMIT,
    ForceState,
    Options,
    PlayerState,
    Slot,
)

SEATS = ("A", "B")


class Attack:
    """The attack in progress (ZR 8)."""

    __slots__ = ("attacker", "blocker", "revenge", "seat", "target")

    def __init__(self, seat: int, attacker: int, target: tuple) -> None:
        self.seat, self.attacker, self.target = seat, attacker, target
        self.blocker: int | None = None
        self.revenge: tuple[int, ...] = ()

    def clone(self) -> Attack:
        new = Attack(self.seat, self.attacker, self.target)
        new.blocker, new.revenge = self.blocker, self.revenge
        return new


class Game:
    """One game of Zenonzard. Seat 0 is "A", seat 1 is "B"."""

    def __init__(self) -> None:  # use new_game() or position.game_from_position()
        self.defs: list[CardDef] = []  # uid -> definition, shared by clones, never changed
        self.catalog: Mapping[str, CardDef] = {}  # every card by id (tokens to create), shared
        self.players: list[PlayerState] = [PlayerState(0), PlayerState(1)]
        self.options = Options()
        self.rng = Rng(0)
        self.seed = 0
        self.turn = 0
        self.first = 0  # the seat that took turn 1
        self.phase = "setup"  # setup, mulligan, standby, mana, main, end, over
        self.stack: list[tuple] = []
        self.queued: list[tuple] = []  # triggers waiting for the current effect to finish (ZR 6.5)
        self.pending: Decision | None = None
        self.attack: Attack | None = None
        self.outcome: Outcome | None = None  # how the game ended; None while it goes on
        self.limbo: list[int] = []  # Magic cards resolving, cards between zones (ZR 6.3)
        self.seq = 0  # entered-play counter
        self.depth = 0  # effects resolving now; queued triggers wait until it is 0
        self.next_uid = 0
        self.history: list[Action] = []
        self.log = Log()
        self.setup_record: dict | None = None  # how new_game() started it, for saves
        self._legal: list[Action] | None = None
        self._texts = False

    # ------------------------------------------------------------------------------------------
    # Creation and copying

    def clone(self) -> Game:
        """A full, independent copy (definitions and immutable task tuples are shared)."""
        new = Game.__new__(Game)
        new.defs = self.defs
        new.catalog = self.catalog
        new.players = [self.players[0].clone(), self.players[1].clone()]
        new.options, new.seed, new.turn, new.first = self.options, self.seed, self.turn, self.first
        new.rng = self.rng.clone()
        new.phase = self.phase
        new.stack = self.stack[:]
        new.queued = self.queued[:]
        new.pending = self.pending
        new.attack = self.attack.clone() if self.attack is not None else None
        new.outcome = self.outcome
        new.limbo = self.limbo[:]
        new.seq, new.next_uid, new.depth = self.seq, self.next_uid, self.depth
        new.history = self.history[:]
        new.log = self.log.clone()
        new.setup_record = self.setup_record
        new._legal, new._texts = self._legal, self._texts
        return new

    def new_uid(self) -> int:
        """A uid for a token or a colorless mana token. Only deck cards are in `defs` (shared by
        clones); a token's definition lives in its slot."""
        uid = self.next_uid
        self.next_uid += 1
        return uid

    # ------------------------------------------------------------------------------------------
    # Queries

    @property
    def active(self) -> int:
        """Whose turn it is (ZR 5.3)."""
        return self.first if self.turn % 2 == 1 else 1 - self.first

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def find_slot(self, uid: int) -> tuple[int, str, Slot] | None:
        for p in self.players:
            for s in p.field:
                if s.uid == uid:
                    return p.seat, "field", s
            for s in p.base:
                if s.uid == uid:
                    return p.seat, "base", s
        return None

    def field_slot(self, uid: int) -> Slot | None:
        for p in self.players:
            for s in p.field:
                if s.uid == uid:
                    return s
        return None

    def controller_of(self, uid: int) -> int | None:
        found = self.find_slot(uid)
        return found[0] if found is not None else None

    # ------------------------------------------------------------------------------------------
    # The loop

    def run(self) -> None:
        """Run tasks until a decision is pending or the game is over (after a position was built
        or tasks were pushed from outside)."""
        while self.pending is None and self.outcome is None:
            if self.queued and self.depth == 0:  # ZR 6.5: an effect resolves completely first
                self._flush_triggers()
            if self.stack:
                task = self.stack.pop()
                task[0](self, *task[1:])
                if self.depth == 0:  # ZR 1.2: after an effect, not between its steps (ZR 6.5)
                    self._check_life()
            else:
                self._decide_main()
        self._legal = None

    # The mutation API: effects, positions and belief sampling change a game only through these
    # (and the task functions named without a leading underscore), never through private members.

    def push(self, *tasks: tuple) -> None:
        """Queue tasks `(function, *args)` on the stack so that they run in the order given."""
        self.stack.extend(reversed(tasks))

    def ask(self, kind: str, seat: int, ctx: object = None) -> None:
        """Stop at a decision: `seat` decides (`kind`: MULLIGAN, MANA, MAIN, PRIORITY, BLOCK or
        CHOICE with its Choice as `ctx`); the task that asks returns and the game waits."""
        self.pending = Decision(kind, seat, ctx)

    def forget_legal(self) -> None:
        """Drop the cached legal actions, after the state was changed from outside (a sampled
        world's hidden cards, a built position)."""
        self._legal = None

    def _check_life(self) -> None:
        """ZR 1.2, ZR 1.4: a player at 0 life or less loses at once; both at once is a draw."""
        if self.outcome is not None:
            return
        dead = [p.seat for p in self.players if p.life <= 0]
        if len(dead) == 2:
            self._end(Termination.BOTH_LIFE, None, "both players reached 0 life at once (ZR 1.4)")
        elif dead:
            self._end(
                Termination.LIFE,
                1 - dead[0],
                f"{SEATS[dead[0]]}'s life reached {self.players[dead[0]].life} (ZR 1.2)",
            )

    def _end(self, termination: Termination, winner: int | None, reason: str) -> None:
        self.outcome = Outcome(termination, winner, reason)
        self.phase = "over"
        self.pending = None
        self.stack.clear()
        self.queued.clear()
        self.log.add("game_over", "draw" if winner is None else winner, reason)

    # ------------------------------------------------------------------------------------------
    # Setup (ZR 5.1, ZR 5.2)

    def _setup(self, decks: Sequence[Sequence[CardDef]], forces: Sequence[Sequence[ForceDef]],
               seed: int, first: int | None) -> None:  # fmt: skip
        self.seed = seed
        self.rng = Rng(seed)
        for seat in (0, 1):
            p = self.players[seat]
            # uids follow card ids, so a uid tells no more than the card it names
            for card in sorted(decks[seat], key=lambda c: c.id):
                uid = self.next_uid
                self.next_uid += 1
                self.defs.append(card)
                p.deck.append(uid)
            p.forces = [ForceState(f) for f in forces[seat]]
            p.life = START_LIFE - sum(f.life for f in forces[seat])  # ZR 5.1
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
            p.hand.remove(uid)
            p.deck.append(uid)
        self.log.add("mulligan", seat, len(chosen))
        if chosen:
            self.draw(seat, len(chosen))
            self.rng.shuffle(p.deck)
        other = 1 - seat
        if not self.players[other].mulliganed:
            self.ask(MULLIGAN, other)
        else:
            self.turn = 0
            self.push((Game.t_start_turn,))

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
            for s in p.field:
                s.arrived = s.advanced = False
            for s in p.base:
                s.arrived = s.advanced = False
        self.players[seat].movement = 0 if self.turn == 1 else 1  # ZR 5.3.1
        self.log.add("turn", self.turn, seat)
        fx.queue_turn_triggers(self, seat, "turn_start")
        self.push((Game._t_refresh,), (Game._t_draw_step,), (Game.t_mana_phase,))

    def _t_refresh(self) -> None:
        """ZR 5.3.2: your cards on the field and in the base and your undestroyed Forces become Active."""
        p = self.players[self.active]
        for s in p.field:
            s.rested = False
        for s in p.base:
            s.rested = False
        for f in p.forces:
            if not f.destroyed:
                f.rested = False

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
        self.ask(MANA, self.active)

    def _act_mana(self, seat: int, action: Action) -> None:
        """ZR 5.5: one Base Minion from hand, or one colorless mana token, or nothing."""
        self.phase = "main"
        if action.kind == "mana":
            uid = action.args[0]
            self.players[seat].hand.remove(uid)
            self.limbo.append(uid)
            self.log.add("mana", seat, uid)
            self.push((Game.t_enter_base, seat, uid, False, True))
        elif action.kind == "mana_colorless":
            self.log.add("mana", seat, None)
            self.push((Game.t_enter_base, seat, -1, False, True))
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
        self.push((Game._t_cleanup,), (Game.t_start_turn,))

    def _t_cleanup(self) -> None:
        for p in self.players:
            p.movement = 0
            for s in p.field:
                if s.mods:
                    s.mods = tuple(m for m in s.mods if m.until != "end_of_turn")
                s.must_block = False

    # ------------------------------------------------------------------------------------------
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

    def take_slot(self, uid: int) -> tuple[int, str, Slot] | None:
        """Remove a card from play and return where it was."""
        for p in self.players:
            for zone in (p.field, p.base):
                for i, s in enumerate(zone):
                    if s.uid == uid:
                        del zone[i]
                        return p.seat, ("field" if zone is p.field else "base"), s
        return None

    def leave_play(self, slot: Slot, owner: int, dest: str) -> None:
        """Send a card that left play to `dest` (trash or hand). Tokens cease to exist (ZR 2.1)
        and colorless mana tokens leave the game (ZR 3.5)."""
        if slot.card is None or slot.card.type == "token":
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
                                            (Game._t_field_overflow, seat, uid, rested, event, token)))  # fmt: skip
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
        if event is not None:
            fx.queue_self_trigger(self, seat, slot, event)
        if event == "advancing":
            fx.queue_watchers(self, "minion_advanced", seat, slot)

    def t_enter_base(self, seat: int, uid: int, rested: bool, placed_trigger: bool) -> None:
        """Mana enters the base (uid -1: a colorless mana token). ZR 3.5: on a full base its owner
        first chooses one mana there: a card goes to the trash, a token leaves the game."""
        p = self.players[seat]
        if len(p.base) >= BASE_LIMIT:
            options = tuple(("c", s.uid) for s in p.base)
            self.ask(CHOICE, seat, Choice("base_limit", options, 1, 1,
                                            (Game._t_base_overflow, seat, uid, rested, placed_trigger)))  # fmt: skip
            return
        self._place_in_base(seat, uid, rested, placed_trigger)

    def _t_base_overflow(self, seat, uid, rested, placed_trigger, chosen) -> None:
        self._make_room(seat, chosen[0][1], "ZR 3.5")
        self._place_in_base(seat, uid, rested, placed_trigger)

    def _place_in_base(self, seat: int, uid: int, rested: bool, placed_trigger: bool) -> None:
        p = self.players[seat]
        if uid == -1:
            p.base.append(Slot(self.new_uid(), None, self._order(), rested))
            return
        slot = self._take_moving(uid)  # a retreating minion is still on the field
        if slot is None:
            if uid in self.limbo:
                self.limbo.remove(uid)
            slot = Slot(uid, self.defs[uid], self._order(), rested)
        if fx.enters_base_rested(self, slot, seat):
            slot.rested = True
        p.base.append(slot)
        if placed_trigger:
            fx.queue_self_trigger(self, seat, slot, "placed")

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
            self.leave_play(slot, seat, "trash")
            self.log.add("destroyed", seat, slot.uid, slot.name, reason)
        for seat, _, slot in found:
            fx.queue_self_trigger(self, seat, slot, "destroyed", from_trash=True)

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
            self.queued.append((seat, 0, index, (Game._t_force_destroyed, seat, index)))
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
            Choice("force_search", options, 1, 1, (Game._t_force_search_done, seat)),
        )

    def _t_force_search_done(self, seat: int, chosen: tuple) -> None:
        p = self.players[seat]
        tasks = []
        if chosen:
            uid = chosen[0][1]
            p.deck.remove(uid)
            self.limbo.append(uid)
            self.log.add("force_search", seat, uid)
            tasks.append((Game.t_enter_base, seat, uid, False, False))
        tasks.append((Game._t_shuffle_draw, seat))
        self.push(*tasks)

    def _t_shuffle_draw(self, seat: int) -> None:
        self.rng.shuffle(self.players[seat].deck)
        self.draw(seat, 1)

    # ------------------------------------------------------------------------------------------
    # Triggers (ZR 6.5)

    def _flush_triggers(self) -> None:
        """Push the queued triggers: active player's first; within a player, Forces first (in
        Force-zone order), then cards in the order they entered play (ZR 6.5)."""
        active = self.active
        queued = sorted(self.queued, key=lambda q: (q[0] != active, q[1], q[2]))
        self.queued = []
        tasks = []
        for q in queued:
            tasks += [(fx.t_effect_begin,), q[3], (fx.t_effect_end,)]
        self.push(*tasks)

    # ------------------------------------------------------------------------------------------
    # Public API

    def legal(self) -> list[Action]:
        """Every legal action now, without texts (the fast path for search)."""
        if self._legal is None:
            self._legal = self._list_actions() if self.pending is not None else []
            self._texts = False
        return self._legal

    def legal_actions(self) -> list[Action]:
        """Every legal action now, each with its stable text."""
        legal = self.legal()
        if not self._texts:
            self._write_texts(legal)
            self._texts = True
        return legal

    def apply(self, action: Action | str) -> None:
        """Do `action` (an Action from legal_actions() or its text). An illegal action raises
        IllegalAction (AmbiguousAction for a text naming several) and leaves the game unchanged;
        both are ActionErrors."""
        chosen = self.match(action)
        decision = self.pending
        self.pending = None
        self._legal = None
        self.history.append(chosen)
        self._dispatch(decision, chosen)
        if self.depth == 0:  # ZR 1.2, ZR 6.5: not in the middle of an effect
            self._check_life()
        self.run()

    def match(self, action: Action | str) -> Action:
        """The one legal action that `action` (an Action or a text) names; IllegalAction when it
        names none, AmbiguousAction when a text names several."""
        if self.pending is None:
            raise IllegalAction(
                "the game is over: no action is legal" if self.over else "no decision is pending"
            )
        if isinstance(action, Action):
            key = action.key()
            for a in self.legal():
                if a.key() == key:
                    return a
            raise IllegalAction(f"not a legal action now: {action}")
        hits = self.find_actions(action)
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            raise AmbiguousAction(f"'{action}' is ambiguous: " + " / ".join(a.text for a in hits))
        who = SEATS[self.pending.seat]
        raise IllegalAction(
            f"'{action}' is not legal now ({who} to act, {self.pending.kind}); legal: "
            + " | ".join(a.text for a in self.legal_actions())
        )

    def find_actions(self, text: str) -> list[Action]:
        """The legal actions a typed text names (shared/spec/scenarios.md): the one whose text
        it is (case-insensitive, spaces collapsed); else those it names with owner prefixes left
        out. A prefix that is written must name the card's owner: `choose B:Ring Raptor` never
        takes A's Ring Raptor."""
        legal = self.legal_actions()
        typed = normalize_text(text)
        exact = [a for a in legal if normalize_text(a.text) == typed]
        if exact:
            return exact
        full = [(a, normalize_text(self.action_text(a, owners=True))) for a in legal]
        return [a for a, f in full if prefixes_optional(f).fullmatch(typed)]

    def _dispatch(self, decision: Decision, action: Action) -> None:
        seat = decision.seat
        kind = action.kind
        if decision.kind == MULLIGAN:
            self._act_mulligan(seat, action)
        elif decision.kind == MANA:
            self._act_mana(seat, action)
        elif decision.kind == MAIN:
            if kind == "end_turn":
                self._act_end_turn(seat)
            elif kind == "summon":
                fx.begin_summon(self, seat, action.args[0])
            elif kind == "cast":
                fx.begin_cast(self, seat, action.args[0])
            elif kind == "advance":
                self._act_move(seat, action.args[0], "advancing")
            elif kind == "retreat":
                self._act_move(seat, action.args[0], "retreating")
            elif kind == "attack":
                self._act_attack(seat, action.args[0], action.args[1])
        elif decision.kind == PRIORITY:
            self._act_priority(seat, decision.ctx, action)
        elif decision.kind == BLOCK:
            self._act_block(seat, action)
        elif decision.kind == CHOICE:
            self._act_choice(seat, decision.ctx, action)

    def _act_choice(self, seat: int, choice: Choice, action: Action) -> None:
        if action.kind == "done" or action.args == (("none",),):
            self.push((*choice.cont, choice.chosen))
            return
        chosen = (*choice.chosen, action.args[0])
        if len(chosen) >= choice.max or len(chosen) >= len(choice.options):
            self.push((*choice.cont, chosen))
            return
        rest = tuple(o for o in choice.options if o != action.args[0])
        if not rest:
            self.push((*choice.cont, chosen))
            return
        self.ask(
            CHOICE,
            seat,
            Choice(choice.purpose, rest, choice.min, choice.max, choice.cont, chosen),
        )

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
            self.push((Game.t_enter_field, seat, uid, slot.rested, "advancing"))
        else:
            self.push(
                (Game.t_enter_base, seat, uid, slot.rested, False),
                (fx.t_queue_event, uid, "retreating"),
            )

    # ------------------------------------------------------------------------------------------
    # Attacks (ZR 8)

    def _act_attack(self, seat: int, uid: int, target: tuple) -> None:
        """ZR 8.1: rest the attacker, choose the target; [When Attacking] triggers."""
        slot = self.field_slot(uid)
        assert slot is not None
        slot.rested = True
        self.attack = Attack(seat, uid, target)
        self.log.add("attack", seat, uid, slot.name, target)
        fx.queue_self_trigger(self, seat, slot, "attacking")
        defender = 1 - seat
        self.push(
            (Game._t_flash, defender, 0),
            (Game._t_block_step,),
            (Game._t_battle,),
            (Game._t_end_battle,),
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
                self.push((Game._t_flash, 1 - seat, passes + 1))
            return
        self.push((Game._t_flash, 1 - seat, 0))  # runs after the card has resolved
        if action.kind == "cast":
            fx.begin_cast(self, seat, action.args[0])
        else:
            fx.begin_summon(self, seat, action.args[0])

    def _t_block_step(self) -> None:
        if self._attacker_gone():
            return
        self.ask(BLOCK, 1 - self.attack.seat)

    def _act_block(self, seat: int, action: Action) -> None:
        """ZR 8.4: rest the blocker; [When Blocking] triggers."""
        if action.kind == "no_block":
            self.log.add("no_block", seat)
            return
        uid = action.args[0]
        slot = self.field_slot(uid)
        slot.rested = True
        self.attack.blocker = uid
        self.log.add("block", seat, uid, slot.name, self.attack.attacker)
        fx.queue_self_trigger(self, seat, slot, "blocking")

    def _t_battle(self) -> None:
        a = self.attack
        if self._attacker_gone():
            return
        attacker = self.field_slot(a.attacker)
        if a.blocker is not None:
            blocker = self.field_slot(a.blocker)
            if blocker is None:
                self.log.add("blocker_gone")
                return
            self._blocked_battle(a, attacker, blocker)
        else:
            self._unblocked(a, attacker)

    def _blocked_battle(self, a: Attack, attacker: Slot, blocker: Slot) -> None:
        """ZR 8.5: the greater or equal BP destroys the other; equal destroys both. Pierce and
        Revenge (ZR 2.7) apply during the attacker's turn."""
        abp, bbp = fx.bp(self, attacker), fx.bp(self, blocker)
        dead = []
        if abp >= bbp:
            dead.append(blocker.uid)
        if bbp >= abp:
            dead.append(attacker.uid)
        self.log.add(
            "battle", attacker.uid, attacker.name, abp, blocker.uid, blocker.name, bbp, tuple(dead)
        )
        akw = fx.keywords(self, attacker)
        if "revenge" in akw:
            a.revenge = (blocker.uid,)
        pierce = 0
        if "pierce" in akw and abp > bbp:
            pierce = fx.dp(self, attacker) - fx.dp(self, blocker)
        self.destroy(dead, "ZR 8.5")
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
        if a is not None and a.revenge:
            gone = [u for u in a.revenge if self.field_slot(u) is not None]
            if gone:
                self.destroy(gone, "Revenge (ZR 2.7)")
        for p in self.players:
            for s in p.field:
                if s.mods:
                    s.mods = tuple(m for m in s.mods if m.until != "battle")
        self.attack = None

    # ------------------------------------------------------------------------------------------
    # Legal actions

    def _list_actions(self) -> list[Action]:
        d = self.pending
        seat = d.seat
        p = self.players[seat]
        if d.kind == MULLIGAN:
            return self._mulligan_actions(p)
        if d.kind == MANA:
            out = [
                Action("mana", (uid,))
                for uid in _unique_by_card(self, p.hand)
                if self.defs[uid].type == "base_minion"
            ]
            out.append(Action("mana_colorless"))
            out.append(Action("mana_skip"))
            return out
        if d.kind == MAIN:
            return self._main_actions(seat)
        if d.kind == PRIORITY:
            out = [Action("pass")]
            for uid in _unique_by_card(self, p.hand):
                card = self.defs[uid]
                if card.type == "magic" and "flash" in card.timing and fx.can_cast(self, seat, uid):
                    out.append(Action("cast", (uid,)))
                elif (
                    card.type == "field_minion"
                    and "swoop" in card.keywords
                    and fx.can_pay(self, seat, uid)
                ):
                    out.append(Action("summon", (uid,)))
            return out
        if d.kind == BLOCK:
            return self._block_actions(seat)
        choice: Choice = d.ctx
        out = [Action("choose", (o,)) for o in self._distinct_options(choice.options)]
        if choice.max > 1 and len(choice.chosen) >= choice.min:
            out.append(Action("done"))
        elif choice.min == 0 and not choice.chosen:
            out.append(Action("choose", (("none",),)))
        return out

    def _distinct_options(self, options: tuple) -> list[tuple]:
        """docs/engine.md: copies of a card in a hand, a deck or a look at the deck are
        interchangeable, so a choice offers one of them (the next copy comes up if a choice of
        several takes it). Cards in play and in a trash are told apart (`Name#N`)."""
        seen: set[tuple[int | None, str]] = set()
        out = []
        for o in options:
            if o[0] == "c" and o[1] < len(self.defs) and self._interchangeable(o[1]):
                key = (self._option_owner(o), self.defs[o[1]].id)
                if key in seen:
                    continue
                seen.add(key)
            out.append(o)
        return out

    def _interchangeable(self, uid: int) -> bool:
        """A card whose copies cannot be told apart: not in play, not in a trash (whose order
        is public)."""
        return self.find_slot(uid) is None and not any(uid in p.trash for p in self.players)

    def _mulligan_actions(self, p: PlayerState) -> list[Action]:
        out = [Action("keep")]
        seen = set()
        for r in range(1, len(p.hand) + 1):
            for combo in combinations(p.hand, r):
                key = tuple(sorted(self.defs[u].id for u in combo))
                if key not in seen:
                    seen.add(key)
                    out.append(Action("mulligan", combo))
        return out

    def _main_actions(self, seat: int) -> list[Action]:
        p = self.players[seat]
        out: list[Action] = []
        for uid in _unique_by_card(self, p.hand):
            card = self.defs[uid]
            if card.type == "field_minion":
                if fx.can_pay(self, seat, uid):
                    out.append(Action("summon", (uid,)))
            elif card.type == "magic" and "main" in card.timing and fx.can_cast(self, seat, uid):
                out.append(Action("cast", (uid,)))
        if p.movement > 0:  # ZR 7
            for s in p.base:
                if s.card is not None:
                    out.append(Action("advance", (s.uid,)))
            for s in p.field:
                if s.card is not None and s.card.type != "token":
                    out.append(Action("retreat", (s.uid,)))
        if self.turn != 1 or self.options.first_turn_attack:  # ZR 5.8
            opp = self.players[1 - seat]
            opp_forces = [i for i, f in enumerate(opp.forces) if not f.destroyed]
            for s in p.field:
                if s.rested:
                    continue
                for target in fx.attack_targets(self, s, opp_forces):
                    out.append(Action("attack", (s.uid, target)))
        out.append(Action("end_turn"))
        return out

    def _block_actions(self, seat: int) -> list[Action]:
        attacker = self.field_slot(self.attack.attacker)
        p = self.players[seat]
        able = [s for s in p.field if fx.can_block(self, s, attacker)]
        forced = [s for s in able if s.must_block]
        if forced:
            return [Action("block", (s.uid,)) for s in forced]
        return [*(Action("block", (s.uid,)) for s in able), Action("no_block")]

    # ------------------------------------------------------------------------------------------
    # Action texts (shared/spec/scenarios.md)

    def _write_texts(self, actions: list[Action]) -> None:
        for a in actions:
            a.text = self.action_text(a)

    def _hand_name(self, uid: int) -> str:
        return self.defs[uid].name

    def _slot_name(self, uid: int, prefix: bool = False) -> str:
        found = self.find_slot(uid)
        if found is None:
            return f"#{uid}"
        seat, zone, slot = found
        zone_list = getattr(self.players[seat], zone)
        same = [s for s in zone_list if s.name == slot.name]
        name = slot.name
        if len(same) > 1:
            name += f"#{same.index(slot) + 1}"
        return f"{SEATS[seat]}:{name}" if prefix else name

    def action_text(self, a: Action, owners: bool = False) -> str:
        """The action's text; `owners`: with every card's owner prefix written."""
        k = a.kind
        if k == "keep":
            return "keep"
        if k == "mulligan":
            return "mulligan " + ", ".join(self._hand_name(u) for u in a.args)
        if k == "mana":
            return f"mana {self._hand_name(a.args[0])}"
        if k == "mana_colorless":
            return "mana colorless"
        if k == "mana_skip":
            return "mana skip"
        if k in ("summon", "cast"):
            return f"{k} {self._hand_name(a.args[0])}"
        if k in ("advance", "retreat", "block"):
            return f"{k} {self._slot_name(a.args[0], owners)}"
        if k == "attack":
            uid, target = a.args
            return f"attack {self._slot_name(uid, owners)} -> {self._target_name(target, 1 - self.pending.seat)}"
        if k == "end_turn":
            return "end turn"
        if k == "pass":
            return "pass"
        if k == "no_block":
            return "no block"
        if k == "done":
            return "done"
        return "choose " + self.option_text(a.args[0], owners)

    def _target_name(self, target: tuple, defender: int) -> str:
        if target[0] == "p":
            return "player"
        return self.players[defender].forces[target[1]].force.name

    def option_text(self, option: tuple, owners: bool = False) -> str:
        kind = option[0]
        if kind in ("none", "yes"):  # declining, or doing a "may" that chooses nothing
            return kind
        if kind == "color":
            return option[1]
        choice: Choice | None = (
            self.pending.ctx if self.pending and self.pending.kind == CHOICE else None
        )
        both = owners  # write the owner: asked for, or the choice has cards of both players
        if choice is not None and not both:
            seats = {self._option_owner(o) for o in choice.options} - {None}
            both = len(seats) > 1
        if kind == "p":
            return f"{SEATS[option[1]]}:player" if both else "player"
        if kind == "f":
            name = self.players[option[1]].forces[option[2]].force.name
            return f"{SEATS[option[1]]}:{name}" if both else name
        uid = option[1]
        if self.find_slot(uid) is not None:
            return self._slot_name(uid, prefix=both)
        name = self.defs[uid].name if uid < len(self.defs) else f"#{uid}"
        for p in self.players:  # in a trash the order shows, so copies are told apart by #N
            if uid in p.trash:
                same = [u for u in p.trash if self.defs[u].name == name]
                if len(same) > 1:
                    name += f"#{same.index(uid) + 1}"
        owner = self._option_owner(option)
        if both and owner is not None:
            return f"{SEATS[owner]}:{name}"
        return name

    def _option_owner(self, option: tuple) -> int | None:
        if option[0] in ("p", "f"):
            return option[1]
        if option[0] != "c":
            return None
        seat = self.controller_of(option[1])
        if seat is not None:
            return seat
        for p in self.players:
            if option[1] in p.hand or option[1] in p.trash or option[1] in p.deck:
                return p.seat
        return None


def _unique_by_card(game: Game, uids: Sequence[int]) -> list[int]:
    """One uid per distinct card: copies of a card in hand are interchangeable."""
    seen = set()
    out = []
    for uid in uids:
        cid = game.defs[uid].id
        if cid not in seen:
            seen.add(cid)
            out.append(uid)
    return out


def new_game(deck_a, deck_b, seed: int = 0, options: Options | dict | None = None,
             first: str | int | None = "random", log: bool = True) -> Game:  # fmt: skip
    """Start a game (ZR 5.1): decks are `Deck`s (zenonzard_tui.decks) or (cards, forces) pairs.
    `first`: "random" (default), "A"/"B" or 0/1. The game stops at the first mulligan (ZR 5.2)."""
    game = Game()
    game.catalog = load_pool().cards
    if isinstance(options, dict):
        options = Options.from_mapping(options)
    game.options = options or Options()
    game.log.enabled = log
    decks, forces = [], []
    for deck in (deck_a, deck_b):
        cards, fs = _deck_parts(deck)
        decks.append(cards)
        forces.append(fs)
    if first in (None, "random"):
        first_seat = None
    elif first in ("A", "a", 0):
        first_seat = 0
    elif first in ("B", "b", 1):
        first_seat = 1
    else:
        raise ValueError(f"first must be 'random', 'A' or 'B', got {first!r}")
    game._setup(decks, forces, seed, first_seat)
    game.setup_record = {
        "seed": seed,
        "first": SEATS[game.first],
        "options": game.options.to_dict(),
        "decks": [
            {"cards": [c.id for c in decks[i]], "forces": [f.id for f in forces[i]]} for i in (0, 1)
        ],
    }
    game.run()
    return game


def _deck_parts(deck) -> tuple[list[CardDef], list[ForceDef]]:
    if hasattr(deck, "forces") and hasattr(deck, "cards"):  # a zenonzard_tui.decks.Deck
        return list(deck.cards), list(deck.forces)
    cards, forces = deck
    return list(cards), list(forces)
