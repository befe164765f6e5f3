"""Observation vectors for agents, built only from what a seat may know (`observe(game, seat)`).

Two steps, so that a change to `observe()` is an edit to `seat_view` alone:
- `seat_view(game, seat)` reads `observe(game, seat)` into a `SeatView`: this seat's view first;
- `encode(view)` turns a `SeatView` into a fixed-length float32 vector, every entry in 0..1
  (`FEATURES` names them, in order).

Card facts (cost, type) come from the card pool by the card's id, which is public data.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from zenonzard_tui.cards.loader import load_pool
from zenonzard_tui.engine.actions import BLOCK, CHOICE, MAIN, MANA, MULLIGAN, PRIORITY
from zenonzard_tui.engine.game import Game
from zenonzard_tui.engine.observe import CardView, ChoiceView, PlayerView, SlotView, observe
from zenonzard_tui.engine.state import BASE_LIMIT, FIELD_LIMIT, HAND_LIMIT, TURN_LIMIT

PHASES = ("mulligan", "standby", "mana", "main", "end", "over")
DECISIONS = (MULLIGAN, MANA, MAIN, PRIORITY, BLOCK, CHOICE)
CARD_TYPES = ("field_minion", "base_minion", "magic", "token")
FORCES = 2
# scales: a value is divided by its scale and clipped to 0..1
LIFE, DECK, TRASH, MOVEMENT, COST, BP, DP, FORCE_LIFE, CHOICE_COUNT = (
    12,
    40,
    40,
    5,
    10,
    1500,
    5,
    6,
    10,
)


@dataclass(frozen=True)
class SeatView:
    """The game as one seat sees it, `me` first and then the opponent (the players are the
    engine's own views: `observe()`'s `PlayerView`)."""

    turn: int
    my_turn: bool
    phase: str
    decision: str | None  # the kind of the pending decision
    deciding: bool  # is the decision this seat's?
    actions: int  # how many actions it may take now (0 when not deciding)
    choice: tuple[int, int, int] | None  # min, max, picked so far (its own choice only)
    attack: tuple[bool, int] | None  # (attacked by me, target: 0 the player, 1-2 a Force)
    me: PlayerView
    opponent: PlayerView


def seat_view(game: Game, seat: int) -> SeatView:
    """The adapter: `observe(game, seat)` as a `SeatView` (the one place that reads it)."""
    seen = observe(game, seat)
    me = seen.seat
    pending = seen.pending
    deciding = pending is not None and pending.seat == me and pending.actions is not None
    choice = None
    if deciding and isinstance(pending, ChoiceView):
        choice = (pending.min or 0, pending.max or 0, len(pending.chosen or ()))
    attack = None
    if seen.attack is not None:
        a = seen.attack
        defender = seen.players[1] if a.seat == "A" else seen.players[0]
        names = [f.name for f in defender.forces]
        target = 0 if a.target == "player" else 1 + names.index(a.target)
        attack = (a.seat == me, target)
    mine = 0 if me == "A" else 1
    return SeatView(
        turn=seen.turn,
        my_turn=seen.active == me,
        phase=seen.phase,
        decision=None if pending is None else pending.kind,
        deciding=deciding,
        actions=len(pending.actions or ()) if deciding and pending is not None else 0,
        choice=choice,
        attack=attack,
        me=seen.players[mine],
        opponent=seen.players[1 - mine],
    )


# --- the encoder -------------------------------------------------------------------------------

_POOL = load_pool()
_INDEX = {card_id: i + 1 for i, card_id in enumerate(sorted(_POOL.cards))}  # 0: no card


def _card_features(card_id: str | None, cost: int | None = None) -> list[float]:
    """present, the card's index in the pool (by id), cost (`cost`: what playing it from the
    hand takes now, else the printed cost), type one-hot."""
    if card_id is None:
        return [0.0] * (3 + len(CARD_TYPES))
    d = _POOL.cards.get(card_id)
    if d is None:  # a colorless mana token
        return [1.0, 0.0, 0.0] + [0.0] * len(CARD_TYPES)
    kind = [float(d.type == t) for t in CARD_TYPES]
    cost = d.cost if cost is None else cost
    return [1.0, _INDEX[card_id] / len(_INDEX), (cost or 0) / COST, *kind]


def _hand_features(card: CardView | None) -> list[float]:
    return _card_features(None) if card is None else _card_features(card.id, card.cost)


def _slot_features(slot: SlotView | None) -> list[float]:
    """the card's features, then BP, DP, Rested, arrived this turn."""
    if slot is None:
        return _card_features(None) + [0.0] * 4
    return [
        *_card_features(slot.id),
        (slot.bp or 0) / BP,
        (slot.dp or 0) / DP,
        float(slot.rested),
        float(slot.arrived),
    ]


def _attached_features(slot: SlotView | None) -> list[float]:
    """A minion's attached card (Boost, ZR 17.2; public, ZR 17.5): present, its index in the
    pool (by id; 0 for a card the pool does not hold)."""
    if slot is None or not slot.attached:
        return [0.0, 0.0]
    return [1.0, _INDEX.get(slot.attached[0].id, 0) / len(_INDEX)]


def _player_features(p: PlayerView) -> list[float]:
    out = [p.life / LIFE, p.movement / MOVEMENT, p.hand_size / HAND_LIMIT]
    out += [p.deck_size / DECK, len(p.trash) / TRASH, len(p.banished) / TRASH]
    for i in range(FORCES):
        f = p.forces[i] if i < len(p.forces) else None
        out += [0.0, 0.0, 1.0] if f is None else [f.life / FORCE_LIFE, f.rested, f.destroyed]
    for i in range(FIELD_LIMIT):
        slot = p.field[i] if i < len(p.field) else None
        out += _slot_features(slot) + _attached_features(slot)
    for i in range(BASE_LIMIT):
        out += _slot_features(p.base[i] if i < len(p.base) else None)
    return out


def encode(view: SeatView) -> np.ndarray:
    """The observation vector (float32, every entry in 0..1)."""
    out = [min(view.turn, TURN_LIMIT) / TURN_LIMIT, float(view.my_turn)]
    out += [float(view.phase == p) for p in PHASES]
    out += [float(view.decision == d) for d in DECISIONS]
    out += [float(view.deciding), view.actions / 64]
    lo, hi, chosen = view.choice or (0, 0, 0)
    out += [float(view.choice is not None), lo / CHOICE_COUNT, hi / CHOICE_COUNT]
    out += [chosen / CHOICE_COUNT]
    by_me, target = view.attack or (False, -1)
    out += [float(view.attack is not None), float(by_me)]
    out += [float(target == t) for t in range(3)]
    out += _player_features(view.me) + _player_features(view.opponent)
    hand = view.me.hand or ()
    for i in range(HAND_LIMIT):
        out += _hand_features(hand[i] if i < len(hand) else None)
    return np.clip(np.asarray(out, dtype=np.float32), 0.0, 1.0)


# the vector's length: the globals, each player, my hand
SIZE = 25 + 2 * (6 + 3 * FORCES + FIELD_LIMIT * 13 + BASE_LIMIT * 11) + HAND_LIMIT * 7
