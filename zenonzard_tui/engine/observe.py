"""What one seat may know (`observe(game, seat)`): its own hand, the opponent's hand size only, deck
sizes, the public zones, the pending decision and, when it is this seat's, the legal actions, and
the log as this seat saw it. The AI and the client read only this; nothing hidden leaks through it.

An `Observation` is frozen data (dataclasses all the way down); `to_dict()` gives it as plain
JSON-ready values. Seats are written "A" and "B" here, as the log and the action texts write them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from zenonzard_tui.cards.model import CardDef
from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.actions import BLOCK, CHOICE, MAIN, MANA, MULLIGAN, PRIORITY, Choice
from zenonzard_tui.engine.game import SEATS, Game
from zenonzard_tui.engine.log import sentences
from zenonzard_tui.engine.outcome import Outcome
from zenonzard_tui.engine.state import Slot


@dataclass(frozen=True, slots=True)
class CardView:
    """A card in a hand or a trash. `cost`: in the observer's own hand, the cost that playing it
    now would take, reductions applied (ZR 6.1); else None."""

    uid: int
    id: str
    name: str
    cost: int | None = None


@dataclass(frozen=True, slots=True)
class SlotView:
    """A minion on the field or a mana in a base, with its current BP and DP (None for a colorless
    mana token, which is no card)."""

    uid: int
    id: str  # "colorless" for a colorless mana token
    name: str
    rested: bool
    bp: int | None
    dp: int | None
    keywords: tuple[str, ...]
    mana_color: str | None
    arrived: bool
    must_block: bool


@dataclass(frozen=True, slots=True)
class ForceView:
    id: str
    name: str
    life: int
    rested: bool
    destroyed: bool


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player as the observing seat sees them: `hand` is None for the opponent."""

    seat: str
    life: int
    movement: int
    hand: tuple[CardView, ...] | None
    hand_size: int
    deck_size: int
    field: tuple[SlotView, ...]
    base: tuple[SlotView, ...]
    trash: tuple[CardView, ...]
    forces: tuple[ForceView, ...]


@dataclass(frozen=True, slots=True)
class PendingView:
    """The decision the game waits for. `actions` (the legal action texts) only for the seat that
    decides, else None. The subclasses name the kind; `kind` is its engine name as well."""

    kind: str
    seat: str
    actions: tuple[str, ...] | None


@dataclass(frozen=True, slots=True)
class MulliganView(PendingView):
    """ZR 5.2: keep the hand, or put cards back and draw as many."""


@dataclass(frozen=True, slots=True)
class ManaView(PendingView):
    """ZR 5.5: put a Base Minion card or a colorless mana into the base, or none."""


@dataclass(frozen=True, slots=True)
class MainView(PendingView):
    """ZR 5.6: the main phase."""


@dataclass(frozen=True, slots=True)
class FlashView(PendingView):
    """ZR 8.3: a Flash window: cast a Flash card, summon a Swoop minion, or pass."""


@dataclass(frozen=True, slots=True)
class BlockView(PendingView):
    """ZR 8.4: block the attack with a minion, or not."""


@dataclass(frozen=True, slots=True)
class ChoiceView(PendingView):
    """A choice inside an effect (targets, "may", "up to N") or a limit (ZR 3.4, ZR 3.5, ZR 2.6).

    `source` (whose effect asks) is public; `purpose`, `min`, `max` and `chosen` (the texts picked
    so far in a choice of several) only for the chooser, else None."""

    source: str | None = None
    purpose: str | None = None
    min: int | None = None
    max: int | None = None
    chosen: tuple[str, ...] | None = None


_PENDING: dict[str, type[PendingView]] = {
    MULLIGAN: MulliganView,
    MANA: ManaView,
    MAIN: MainView,
    PRIORITY: FlashView,
    BLOCK: BlockView,
}


@dataclass(frozen=True, slots=True)
class AttackView:
    """The attack in progress (ZR 8): `target` is "player" or the attacked Force's name."""

    seat: str
    attacker: int
    target: str
    blocker: int | None


@dataclass(frozen=True, slots=True)
class Observation:
    seat: str  # who observes
    turn: int
    active: str | None  # whose turn (None before turn 1)
    phase: str
    pending: PendingView | None
    attack: AttackView | None
    outcome: Outcome | None
    players: tuple[PlayerView, PlayerView]
    log: tuple[str, ...]

    @property
    def winner(self) -> str | None:
        """ "A", "B" or "draw" once the game is over, else None."""
        return None if self.outcome is None else self.outcome.result()

    def player(self, seat: int) -> PlayerView:
        return self.players[seat]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values (the outcome's termination as its name)."""
        out = asdict(self)
        if self.outcome is not None:
            out["outcome"]["termination"] = self.outcome.termination.value
        if self.pending is not None:
            out["pending"]["kind"] = self.pending.kind
        return out


def _slot(game: Game, slot: Slot, seat: int) -> SlotView:
    card = slot.card
    return SlotView(
        uid=slot.uid,
        id=card.id if card is not None else "colorless",
        name=slot.name,
        rested=slot.rested,
        bp=fx.bp(game, slot, seat) if card is not None else None,
        dp=fx.dp(game, slot, seat) if card is not None else None,
        keywords=tuple(sorted(fx.keywords(game, slot))),
        mana_color=slot.color,
        arrived=slot.arrived,
        must_block=slot.must_block,
    )


def _card(game: Game, uid: int, cost_for: int | None = None) -> CardView:
    card = game.defs[uid]
    if cost_for is None or card.cost is None:
        return CardView(uid, card.id, card.name)
    return CardView(uid, card.id, card.name, fx.cost_of(game, cost_for, card))


def _pending(game: Game, seat: int) -> PendingView | None:
    d = game.pending
    if d is None:
        return None
    mine = d.seat == seat
    actions = tuple(a.text for a in game.legal_actions()) if mine else None
    if d.kind != CHOICE:
        return _PENDING[d.kind](d.kind, SEATS[d.seat], actions)
    choice: Choice = d.ctx  # type: ignore[assignment]
    origin = fx.choice_origin(game, choice)  # whose effect asks is public (the log says it began)
    source = origin[0] if origin else None
    if not mine:
        return ChoiceView(d.kind, SEATS[d.seat], None, source)
    return ChoiceView(
        d.kind,
        SEATS[d.seat],
        actions,
        source,
        choice.purpose,
        choice.min,
        choice.max,
        tuple(game.option_text(o) for o in choice.chosen),
    )


def observe(game: Game, seat: int) -> Observation:
    """The game as `seat` sees it."""
    players = []
    for p in game.players:
        mine = p.seat == seat
        players.append(
            PlayerView(
                seat=SEATS[p.seat],
                life=p.life,
                movement=p.movement,
                hand=tuple(_card(game, u, seat) for u in p.hand) if mine else None,
                hand_size=len(p.hand),
                deck_size=len(p.deck),
                field=tuple(_slot(game, s, p.seat) for s in p.field),
                base=tuple(_slot(game, s, p.seat) for s in p.base),
                trash=tuple(_card(game, u) for u in p.trash),
                forces=tuple(
                    ForceView(f.force.id, f.force.name, f.life, f.rested, f.destroyed)
                    for f in p.forces
                ),
            )
        )
    attack = None
    if game.attack is not None:
        a = game.attack
        target = (
            "player"
            if a.target[0] == "p"
            else game.players[1 - a.seat].forces[a.target[1]].force.name
        )
        attack = AttackView(SEATS[a.seat], a.attacker, target, a.blocker)
    return Observation(
        seat=SEATS[seat],
        turn=game.turn,
        active=SEATS[game.active] if game.turn else None,
        phase=game.phase,
        pending=_pending(game, seat),
        attack=attack,
        outcome=game.outcome,
        players=(players[0], players[1]),
        log=tuple(sentences(game, seat)),
    )


def publicly_forced(game: Game) -> bool:
    """The pending decision has one legal answer, and both players can tell so from what they may
    see, so answering it for the player leaks nothing of their hand: a block (ZR 8.4: blocking
    depends only on the minions on the field), or a Flash window (ZR 8.3) of a player with no
    Active mana when no card of the pool with Flash or Swoop could be played for 0 now."""
    d = game.pending
    if d is None or len(game.legal()) != 1:
        return False
    if d.kind == BLOCK:
        return True
    if d.kind != PRIORITY:
        return False
    if any(not s.rested for s in game.players[d.seat].base):
        return False
    return not any(fx.cost_of(game, d.seat, card) == 0 for card in _flash_cards(game))


def _flash_cards(game: Game) -> list[CardDef]:
    """The cards of the pool that can be played in a Flash window (ZR 8.3)."""
    return [
        c
        for c in game.catalog.values()
        if (c.type == "magic" and "flash" in c.timing)
        or (c.type == "field_minion" and "swoop" in c.keywords)
    ]
