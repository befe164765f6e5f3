"""The state of a game and the small API every rule area builds on: the players and zones, the
task stack and the pending decision, cloning, the queries that find a card in play, and the
mutation API (`push`, `ask`) that effects, positions and belief sampling use.

`Game` (engine/game.py) is this state with the rule areas layered on it, each in its own module:
zones.py, battle.py, turns.py, texts.py, legal.py (each builds on the ones before it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final, Self

from zenonzard_tui.cards.model import CardDef
from zenonzard_tui.engine.actions import Action, Decision
from zenonzard_tui.engine.log import Log
from zenonzard_tui.engine.outcome import Outcome, Termination
from zenonzard_tui.engine.rng import Rng
from zenonzard_tui.engine.state import SEATS, Lasting, Options, PlayerState, Slot, TurnRecord

if TYPE_CHECKING:
    from zenonzard_tui.engine.effects import SourceCache


class Attack:
    """The attack in progress (ZR 8)."""

    __slots__ = (
        "attacker",
        "battled",
        "beaten",
        "blocker",
        "forced",
        "named",
        "revenge",
        "seat",
        "target",
    )

    def __init__(self, seat: int, attacker: int, target: tuple) -> None:
        self.seat, self.attacker, self.target = seat, attacker, target
        self.blocker: int | None = None
        # ZR 13.1: the card of the minion that lost the battle, as it was (a token that left the
        # game is in no zone: "if it beat a minion with cost 3 or less", Chronora)
        self.beaten: CardDef | None = None
        self.revenge: tuple[int, ...] = ()
        self.forced = False  # ZR 13.3: the defender must block if they can
        self.named: tuple[int, ...] = ()  # ZR 13.3: minions that must block in this battle
        self.battled = False  # ZR 13.1: the attack was blocked and the BP were compared

    def clone(self) -> Attack:
        new = Attack(self.seat, self.attacker, self.target)
        new.blocker, new.revenge = self.blocker, self.revenge
        new.forced, new.named, new.battled = self.forced, self.named, self.battled
        new.beaten = self.beaten
        return new


_DECISIONS: Final[dict[tuple[str, int, int | None], Decision]] = {}  # GameCore.ask's shared ones


class GameCore:
    """The state of one game of Zenonzard. Seat 0 is "A", seat 1 is "B"."""

    """One game of Zenonzard. Seat 0 is "A", seat 1 is "B"."""

    # The continuous effects at work, found again whenever what they depend on changed: the cards
    # in play and the Forces at work (`play_version`) or the lasting effects (effects._cache).
    sources_cache: SourceCache | None = None
    # True: when the turn ends (ZR 5.7, after its end-of-turn effects), the game ends there with
    # no winner instead of starting the next turn. The puzzle solver's "win this turn": a loss
    # at the next turn's draw step (ZR 1.3) is no win of this turn. Kept by clones.
    stops_at_turn_end: bool = False

    def __init__(self, original: GameCore | None = None) -> None:
        """Use new_game() or position.game_from_position(); `original`: the game clone() copies
        (a copy through __init__: mypyc's classes make no object without it)."""
        if original is None:
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
            # triggers waiting for the current effect to finish (ZR 6.5)
            self.queued: list[tuple] = []
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
            # summons and Magic uses this turn (ZR 14.1)
            self.this_turn: tuple[TurnRecord, ...] = ()
            # effects that outlive their step (ZR 14.4, 14.5)
            self.lasting: tuple[Lasting, ...] = ()
            # bumped by every change of the cards in play or the Forces at work
            self.play_version = 0
            self._legal: list[Action] | None = None
            self._texts = False
            return
        self.defs = original.defs
        self.catalog = original.catalog
        self.players = [original.players[0].clone(), original.players[1].clone()]
        self.options, self.seed = original.options, original.seed
        self.turn, self.first = original.turn, original.first
        self.rng = original.rng.clone()
        self.phase = original.phase
        self.stack = original.stack[:]
        self.queued = original.queued[:]
        self.pending = original.pending
        self.attack = original.attack.clone() if original.attack is not None else None
        self.outcome = original.outcome
        self.limbo = original.limbo[:]
        self.seq, self.next_uid, self.depth = original.seq, original.next_uid, original.depth
        self.history = original.history[:]
        self.log = original.log.clone()
        self.setup_record = original.setup_record
        self.this_turn, self.lasting = original.this_turn, original.lasting  # tuples: shared
        self.play_version = original.play_version  # (its SourceCache is found anew: other slots)
        self._legal, self._texts = original._legal, original._texts
        if original.stops_at_turn_end:
            self.stops_at_turn_end = True

    # ------------------------------------------------------------------------------------------
    # Creation and copying

    def clone(self) -> Self:
        """A full, independent copy (definitions and immutable task tuples are shared)."""
        return type(self)(self)

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        """`copy.deepcopy(game)` is a clone: the card definitions and the catalog are immutable
        and shared, so copying them (117 ms: the whole catalog) would buy nothing."""
        new = self.clone()
        memo[id(self)] = new
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

    @property
    def decision(self) -> Decision:
        """The pending decision, where the rules know there is one."""
        assert self.pending is not None, "no decision is pending"
        return self.pending

    @property
    def fight(self) -> Attack:
        """The attack in progress, where the rules know there is one (ZR 8)."""
        assert self.attack is not None, "no attack is in progress"
        return self.attack

    def slot_in_play(self, uid: int) -> Slot:
        """The field slot of a minion the rules know is on the field."""
        slot = self.field_slot(uid)
        assert slot is not None, f"card {uid} is not on the field"
        return slot

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
    # The mutation API: effects, positions and belief sampling change a game only through these
    # (and the task functions named without a leading underscore), never through private members.

    def push(self, *tasks: tuple) -> None:
        """Queue tasks `(function, *args)` on the stack so that they run in the order given."""
        stack = self.stack
        for i in range(len(tasks) - 1, -1, -1):  # (natively: reversed() is a call by name)
            stack.append(tasks[i])

    def ask(self, kind: str, seat: int, ctx: object = None) -> None:
        """Stop at a decision: `seat` decides (`kind`: MULLIGAN, MANA, MAIN, PRIORITY, BLOCK or
        CHOICE with its Choice as `ctx`); the task that asks returns and the game waits."""
        if ctx is None or ctx.__class__ is int:  # (the same data each time: one shared Decision)
            key = (kind, seat, ctx)
            decision = _DECISIONS.get(key)
            if decision is None:
                decision = _DECISIONS[key] = Decision(kind, seat, ctx)
            self.pending = decision
        else:
            self.pending = Decision(kind, seat, ctx)

    def changed_play(self) -> None:
        """A card that counts for the continuous effects at work (effects.counts_in) entered or
        left play, or a Force became Rested, Active or destroyed: they are found again when next
        asked (effects._cache). Every such change of the zones and the Forces calls it."""
        self.play_version += 1

    def forget_legal(self) -> None:
        """Drop the cached legal actions, after the state was changed from outside (a sampled
        world's hidden cards, a built position)."""
        self._legal = None

    def _check_life(self) -> None:
        """ZR 1.2, ZR 1.4: a player at 0 life or less loses at once; both at once is a draw."""
        a, b = self.players
        if self.outcome is not None or (a.life > 0 and b.life > 0):  # the common case, first
            return
        dead = [p.seat for p in self.players if p.life <= 0]
        if len(dead) == 2:
            self._end(Termination.BOTH_LIFE, None, "both players reached 0 life at once (ZR 1.4)")
        elif dead:  # life below 0 is said as 0: "B's life reached 0" (the rule's "0 or less")
            self._end(Termination.LIFE, 1 - dead[0], f"{SEATS[dead[0]]}'s life reached 0 (ZR 1.2)")

    def _end(self, termination: Termination, winner: int | None, reason: str) -> None:
        self.outcome = Outcome(termination, winner, reason)
        self.phase = "over"
        self.pending = None
        self.stack.clear()
        self.queued.clear()
        self.log.add("game_over", winner, reason)

    # ------------------------------------------------------------------------------------------
