"""Observation vectors for agents, built only from what a seat may know (`observe(game, seat)`).

Two steps, so that a change to `observe()` (say, typed dataclasses instead of a dict) is an edit
to `seat_view` alone:
- `seat_view(game, seat)` reads `observe(game, seat)` into a small typed `SeatView`;
- `encode(view)` turns a `SeatView` into a fixed-length float32 vector, every entry in 0..1
  (`FEATURES` names them, in order).

Card facts (cost, type) come from the card pool by the card's id, which is public data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from zenonzard_tui.cards.loader import load_pool
from zenonzard_tui.engine.actions import BLOCK, CHOICE, MAIN, MANA, MULLIGAN, PRIORITY
from zenonzard_tui.engine.game import Game
from zenonzard_tui.engine.observe import observe
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
class CardView:
    """A card a seat can see: its id (`colorless` for a colorless mana token)."""

    id: str


@dataclass(frozen=True)
class SlotView:
    """A card in play (field or base)."""

    card: CardView
    rested: bool
    arrived: bool  # came into play this turn
    bp: int | None
    dp: int | None


@dataclass(frozen=True)
class ForceView:
    life: int
    rested: bool
    destroyed: bool


@dataclass(frozen=True)
class PlayerView:
    life: int
    movement: int
    hand: tuple[CardView, ...] | None  # None: the opponent's hand, which only shows its size
    hand_size: int
    deck_size: int
    trash_size: int
    field: tuple[SlotView, ...]
    base: tuple[SlotView, ...]
    forces: tuple[ForceView, ...]


@dataclass(frozen=True)
class SeatView:
    """The game as one seat sees it: `me` first, then the opponent."""

    turn: int
    my_turn: bool
    phase: str
    decision: str | None  # the kind of the pending decision
    deciding: bool  # is the decision this seat's?
    actions: int  # how many actions it may take now (0 when not deciding)
    choice: tuple[int, int, int] | None  # min, max, chosen so far (its own choice only)
    attack: tuple[bool, int] | None  # (attacked by me, target: 0 the player, 1-2 a Force)
    me: PlayerView
    opponent: PlayerView


def _slot(raw: dict[str, Any]) -> SlotView:
    return SlotView(CardView(raw["id"]), raw["rested"], raw["arrived"], raw["bp"], raw["dp"])


def _player(raw: dict[str, Any]) -> PlayerView:
    hand = raw["hand"]
    return PlayerView(
        life=raw["life"],
        movement=raw["movement"],
        hand=None if hand is None else tuple(CardView(c["id"]) for c in hand),
        hand_size=raw["hand_size"],
        deck_size=raw["deck_size"],
        trash_size=len(raw["trash"]),
        field=tuple(_slot(s) for s in raw["field"]),
        base=tuple(_slot(s) for s in raw["base"]),
        forces=tuple(ForceView(f["life"], f["rested"], f["destroyed"]) for f in raw["forces"]),
    )


def seat_view(game: Game, seat: int) -> SeatView:
    """The adapter: `observe(game, seat)` as a `SeatView` (the one place that reads its keys)."""
    raw = observe(game, seat)
    me = raw["seat"]
    pending = raw["pending"]
    deciding = pending is not None and pending["seat"] == me
    choice = None
    if deciding and pending["kind"] == CHOICE:
        choice = (pending["min"], pending["max"], len(pending["chosen"]))
    attack = None
    if raw["attack"] is not None:
        a = raw["attack"]
        players = raw["players"]
        defender = players[1] if a["seat"] == "A" else players[0]
        names = [f["name"] for f in defender["forces"]]
        target = 0 if a["target"] == "player" else 1 + names.index(a["target"])
        attack = (a["seat"] == me, target)
    mine, theirs = (0, 1) if me == "A" else (1, 0)
    return SeatView(
        turn=raw["turn"],
        my_turn=raw["active"] == me,
        phase=raw["phase"],
        decision=None if pending is None else pending["kind"],
        deciding=deciding,
        actions=len(pending["actions"]) if deciding else 0,
        choice=choice,
        attack=attack,
        me=_player(raw["players"][mine]),
        opponent=_player(raw["players"][theirs]),
    )


# --- the encoder -------------------------------------------------------------------------------

_POOL = load_pool()
_INDEX = {card_id: i + 1 for i, card_id in enumerate(sorted(_POOL.cards))}  # 0: no card


def _card_features(card: CardView | None) -> list[float]:
    """present, the card's index in the pool (by id), cost, type one-hot."""
    if card is None:
        return [0.0] * (3 + len(CARD_TYPES))
    d = _POOL.cards.get(card.id)
    if d is None:  # a colorless mana token
        return [1.0, 0.0, 0.0] + [0.0] * len(CARD_TYPES)
    kind = [float(d.type == t) for t in CARD_TYPES]
    return [1.0, _INDEX[card.id] / len(_INDEX), (d.cost or 0) / COST, *kind]


def _slot_features(slot: SlotView | None) -> list[float]:
    """the card's features, then BP, DP, Rested, arrived this turn."""
    if slot is None:
        return _card_features(None) + [0.0] * 4
    return [
        *_card_features(slot.card),
        (slot.bp or 0) / BP,
        (slot.dp or 0) / DP,
        float(slot.rested),
        float(slot.arrived),
    ]


def _player_features(p: PlayerView) -> list[float]:
    out = [p.life / LIFE, p.movement / MOVEMENT, p.hand_size / HAND_LIMIT]
    out += [p.deck_size / DECK, p.trash_size / TRASH]
    for i in range(FORCES):
        f = p.forces[i] if i < len(p.forces) else None
        out += [0.0, 0.0, 1.0] if f is None else [f.life / FORCE_LIFE, f.rested, f.destroyed]
    for i in range(FIELD_LIMIT):
        out += _slot_features(p.field[i] if i < len(p.field) else None)
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
        out += _card_features(hand[i] if i < len(hand) else None)
    return np.clip(np.asarray(out, dtype=np.float32), 0.0, 1.0)


# the vector's length: the globals, each player, my hand
SIZE = 25 + 2 * (5 + 3 * FORCES + (FIELD_LIMIT + BASE_LIMIT) * 11) + HAND_LIMIT * 7
