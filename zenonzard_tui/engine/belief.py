"""Worlds a seat cannot tell apart: what an AI searches in, so that it plays only from what its
seat may know (the brief: "a seat, a screen or an AI sees only what that player may know").

`sample_world(game, seat, rng)` returns an independent copy of the game in which everything hidden
from `seat` is drawn afresh, consistent with what that seat has seen:
- its own deck keeps its cards (a player knows their own deck list) in a new random order;
- the opponent's hand and deck are re-drawn from a prior of plausible cards (by default the
  cards of the colors the opponent has shown, ZR 2.3), except the cards of their hand that this
  seat saw go there (returned to hand, revealed);
- the game's random generator is re-seeded, the history and the log are dropped, and the
  `setup_record` (both deck lists and the seed: what the seat may not know) is blanked.

Public zones, both Forces, life, counts of hidden cards and the pending decision stay as they are,
so a seat's legal actions are the same in every world and an action chosen in a world applies to
the real game unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Final

from zenonzard_tui.cards import load_pool
from zenonzard_tui.cards.model import CardDef
from zenonzard_tui.engine.events import Reveal, ToHand
from zenonzard_tui.engine.game import Game
from zenonzard_tui.engine.rng import Rng

BASE_SHARE: Final = 0.35  # about 14 Base Minions in 40 cards, the share of the starter decks


def seen_in_hand(game: Game, seat: int) -> set[int]:
    """uids of the opponent's hand that `seat` has seen (returned to it or revealed into it)."""
    opp = game.players[1 - seat]
    hand = set(opp.hand)
    seen = set()
    for event in game.log.records:
        if isinstance(event, ToHand | Reveal) and event.seat == opp.seat and event.uid in hand:
            seen.add(event.uid)
    return seen


def shown_colors(game: Game, seat: int) -> set[str]:
    """The colors of the cards `seat`'s opponent has shown: in play, attached under its minions
    (ZR 17.5), in the trash, banished (ZR 18.1)."""
    opp = game.players[1 - seat]
    colors: set[str] = set()
    for s in opp.field + opp.base:
        if s.card is not None and s.card.type != "token":
            colors.update(s.card.colors)
        for uid in s.attached:
            colors.update(game.defs[uid].colors)
    for uid in (*opp.trash, *opp.banished):
        colors.update(game.defs[uid].colors)
    colors.discard("colorless")
    return colors


def default_prior(game: Game, seat: int) -> tuple[tuple[CardDef, ...], tuple[CardDef, ...]]:
    """(Base Minions, other cards) the opponent's unseen cards are drawn from: the pool's cards of
    the colors they have shown, with colorless ones; every color while they have shown none."""
    return _prior(frozenset(shown_colors(game, seat)))


@cache
def _prior(colors: frozenset[str]) -> tuple[tuple[CardDef, ...], tuple[CardDef, ...]]:
    """The pool's cards split for `default_prior`, worked out once per set of colors (the pool is
    loaded once per process)."""
    bases: list[CardDef] = []
    others: list[CardDef] = []
    for card in load_pool().cards.values():
        if card.type == "token" or card.unsupported:  # (in no legal deck, ZR 4: Maelstrom)
            continue
        if colors and card.colors != ("colorless",) and colors.isdisjoint(card.colors):
            continue
        (bases if card.type == "base_minion" else others).append(card)
    return tuple(bases), tuple(others)


def sample_world(
    game: Game,
    seat: int,
    rng: random.Random,
    prior: tuple[Sequence[CardDef], Sequence[CardDef]] | None = None,
    known: set[int] | None = None,
) -> Game:
    """A copy of `game` with everything hidden from `seat` drawn afresh (see the module text).
    `prior` (`default_prior`) and `known` (`seen_in_hand`) depend on the game alone: a search
    that samples many worlds of one position finds them once and passes them (seen_in_hand reads
    the whole log)."""
    world = game.clone()
    world.log.enabled = False
    world.log.records = []
    world.history = []
    world.setup_record = None  # both deck lists and the seed: never readable from a world
    dice = start_draws(world, seat, rng)

    opp = world.players[1 - seat]
    if known is None:
        known = seen_in_hand(game, seat)
    unknown = [u for u in opp.hand if u not in known] + opp.deck
    if unknown:
        defs = list(world.defs)
        prior = prior if prior is not None else default_prior(game, seat)
        draw_hidden(defs, unknown, dice, prior, opp.deck)
        world.defs = defs
    world.forget_legal()
    return world


def start_draws(world: Game, seat: int, rng: random.Random) -> Rng:
    """The first draws of a world that `seat` cannot tell from the real game (sample_world and
    snapshot.world_from_seat both begin so, and go on with `draw_hidden`: one `rng` gives both
    the same world): the world's generator seeded afresh from `rng`, and `seat`'s deck shuffled
    from a fixed order, so that its real (hidden) order cannot show through. Returns the
    generator of the rest, seeded from `rng` too: the engine's, since a search draws a world at
    every iteration and random.Random's shuffle and choice are interpreted Python (a 40-card
    shuffle about 60,000 instructions)."""
    world.rng = Rng(rng.getrandbits(62))
    dice = Rng(rng.getrandbits(62))
    own = world.players[seat].deck
    own.sort()
    dice.shuffle(own)
    return dice


def draw_hidden(
    defs: list,
    unknown: Sequence[int],
    dice: Rng,
    prior: tuple[Sequence[CardDef], Sequence[CardDef]],
    deck: list[int],
) -> None:
    """Give each uid of `unknown` a card drawn from `prior` (Base Minions, other cards): a Base
    Minion with chance BASE_SHARE; then shuffle the opponent's `deck`. `dice`: `start_draws`'s
    generator."""
    bases, others = prior
    for uid in unknown:
        pool = bases if (bases and dice.below(_SHARE_OF) < _BASE_DRAWS) or not others else others
        defs[uid] = pool[dice.below(len(pool))]
    dice.shuffle(deck)


_SHARE_OF: Final = 1 << 20
_BASE_DRAWS: Final = round(BASE_SHARE * _SHARE_OF)  # draws of `_SHARE_OF` that give a Base Minion
