"""The game: a state machine that stops at every decision (ZR 1-8).

`Game.legal_actions()` lists what the deciding player may do; `Game.apply(action)` does it and runs
the rules on until the next decision. Work that may be interrupted by a decision is kept as a stack
of plain task tuples `(function, *args)`, so a game can be cloned at any decision and continued.

Where a rule decides an outcome, the code cites it (ZR n.n, see docs/rules.md).
"""

from __future__ import annotations

from typing import Final

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
from zenonzard_tui.engine.legal import LegalActions
from zenonzard_tui.engine.outcome import Termination
from zenonzard_tui.engine.state import (
    SEATS,
    Options,
)


class Game(LegalActions):
    """One game of Zenonzard. Seat 0 is "A", seat 1 is "B". Its state and the mutation API are in
    `GameCore` (core.py); the rules by area in the classes it builds on (zones, battle, turns,
    texts, legal); here: the loop, `legal_actions()`, `apply()` and new_game()."""

    # ------------------------------------------------------------------------------------------
    # The loop

    def run(self) -> None:
        """Run tasks until a decision is pending or the game is over (after a position was built
        or tasks were pushed from outside)."""
        stack = self.stack  # (changed in place only)
        a, b = self.players
        while self.pending is None and self.outcome is None:
            if self.queued and self.depth == 0:  # ZR 6.5: an effect resolves completely first
                self._flush_triggers()
            if stack:
                task = stack.pop()
                # (by the count of arguments, the commonest first: a call with *task[1:] makes
                # two tuples and parses its arguments by name)
                n = len(task)
                if n == 1:
                    task[0](self)
                elif n == 3:
                    task[0](self, task[1], task[2])
                elif n == 5:
                    task[0](self, task[1], task[2], task[3], task[4])
                elif n == 2:
                    task[0](self, task[1])
                elif n == 6:
                    task[0](self, task[1], task[2], task[3], task[4], task[5])
                elif n == 4:
                    task[0](self, task[1], task[2], task[3])
                else:
                    task[0](self, *task[1:])
                # ZR 1.2: after an effect, not between its steps (ZR 6.5); _check_life's
                # common case first
                if self.depth == 0 and (a.life <= 0 or b.life <= 0):
                    self._check_life()
            else:
                self._decide_main()
        self._legal = None

    # Triggers (ZR 6.5)

    def _flush_triggers(self) -> None:
        """Push the queued triggers: active player's first; within a player, Forces first (in
        Force-zone order), then cards in the order they entered play (ZR 6.5)."""
        active = self.active
        queued = sorted(self.queued, key=lambda q: (q[0] != active, q[1], q[2]))
        self.queued = []
        stack = self.stack  # (as push() would, without a call by name: the last runs last)
        for i in range(len(queued) - 1, -1, -1):
            stack.append((fx.t_effect_end,))
            stack.append(queued[i][3])
            stack.append((fx.t_effect_begin,))

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
        both are ActionErrors. "A concedes" / "B concedes" (or `concede(seat)`) and "A runs out
        of time" (`out_of_time(seat)`) are taken at any time while the game goes on."""
        chosen = None
        if self._legal is not None:  # the common case: one of the listed actions itself
            for listed in self._legal:
                if listed is action:
                    chosen = listed
                    break
        if chosen is None:
            leaving = _leaving(action)
            if leaving is not None:
                kind, seat = leaving
                (self.concede if kind == "concede" else self.out_of_time)(seat)
                return
            chosen = self.match(action)
        decision = self.pending
        assert decision is not None  # (a legal action was found)
        self.pending = None
        self._legal = None
        self.history.append(chosen)
        self._dispatch(decision, chosen)
        a, b = self.players
        if self.depth == 0 and (a.life <= 0 or b.life <= 0):  # ZR 1.2, ZR 6.5 (as in run)
            self._check_life()
        self.run()

    def concede(self, seat: int) -> None:
        """`seat` gives up: the other player wins (Termination.CONCESSION). A save keeps it as
        the text "A concedes", so a replay ends the same way."""
        if self.over:
            raise IllegalAction("the game is over: no one can concede")
        self.history.append(Action("concede", (seat,), f"{SEATS[seat]} concedes"))
        self._legal = None
        self._end(Termination.CONCESSION, 1 - seat, f"{SEATS[seat]} conceded")

    def out_of_time(self, seat: int) -> None:
        """`seat`'s chess clock ran out (a table's clock, clock.py): the other player wins
        (Termination.TIME). A save keeps it as the text "A runs out of time"."""
        if self.over:
            raise IllegalAction("the game is over: no clock runs")
        self.history.append(Action("time", (seat,), f"{SEATS[seat]} runs out of time"))
        self._legal = None
        self._end(Termination.TIME, 1 - seat, f"{SEATS[seat]} ran out of time (loss on time)")

    def match(self, action: Action | str) -> Action:
        """The one legal action that `action` (an Action or a text) names; IllegalAction when it
        names none, AmbiguousAction when a text names several."""
        if self.pending is None:
            raise IllegalAction(
                "the game is over: no action is legal" if self.over else "no decision is pending"
            )
        if isinstance(action, Action):
            legal = self.legal()
            for a in legal:  # the common case: one of the listed actions itself
                if a is action:
                    return a
            key = action.key()
            for a in legal:
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
        """The legal actions a typed text names (docs/scenarios.md): the one whose text
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
        decided = decision.kind
        if decided == MAIN:  # (the kinds in the order of how often they come)
            if kind == "attack":
                self._act_attack(seat, action.args[0], action.args[1])
            elif kind == "end_turn":
                self._act_end_turn(seat)
            elif kind == "advance":
                self._act_move(seat, action.args[0], "advancing")
            elif kind == "summon":
                fx.begin_summon(self, seat, action.args[0])
            elif kind == "retreat":
                self._act_move(seat, action.args[0], "retreating")
            elif kind == "cast":
                fx.begin_cast(self, seat, action.args[0])
            elif kind == "boost":
                self._act_boost(seat, action.args[0], action.args[1])
        elif decided == PRIORITY:
            assert isinstance(decision.ctx, int)  # passes so far in this Flash window
            self._act_priority(seat, decision.ctx, action)
        elif decided == BLOCK:
            self._act_block(seat, action)
        elif decided == MANA:
            self._act_mana(seat, action)
        elif decided == CHOICE:
            assert isinstance(decision.ctx, Choice)
            self._act_choice(seat, decision.ctx, action)
        elif decided == MULLIGAN:
            self._act_mulligan(seat, action)

    def _act_choice(self, seat: int, choice: Choice, action: Action) -> None:
        if action.kind == "done" or action.args == (("none",),):
            self.push((*choice.cont, choice.chosen))
            return
        chosen = (*choice.chosen, action.args[0])
        if len(chosen) >= choice.max:  # (the options left, not those first offered, say the rest)
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


LEAVING: Final = {
    "concede": "{} concedes",
    "time": "{} runs out of time",
}  # no legal action: a text


def _leaving(action: Action | str) -> tuple[str, int] | None:
    """("concede", seat) for "A concedes", ("time", seat) for "A runs out of time" (or such an
    Action), else None: the ends a player brings about at any time, not legal actions."""
    if isinstance(action, Action):
        return (action.kind, action.args[0]) if action.kind in LEAVING else None
    text = normalize_text(action)
    for kind, words in LEAVING.items():
        for seat, name in enumerate(SEATS):
            if text == words.format(name.casefold()):
                return kind, seat
    return None
