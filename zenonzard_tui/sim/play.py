"""One AI-vs-AI game, from a small picklable `GameSpec` to a small picklable `Result`.

The decks travel apart from the specs (once per worker process or Ray object), so a spec is a few
integers. Decks that arrive in another process are rebuilt from this process's card pool
(`canonical`): the engine's per-card caches then find the very definitions they were filled with
instead of comparing equal copies field by field.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import islice

from zenonzard_tui.ai import AIPlayer
from zenonzard_tui.cards.loader import load_pool
from zenonzard_tui.decks import Deck
from zenonzard_tui.engine.events import Burn, Cast, Draw, Mana, Summon
from zenonzard_tui.engine.game import Game, new_game
from zenonzard_tui.engine.outcome import Outcome


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game of a run: `decks[0]` against `decks[opponent]`, with game seed `seed`."""

    index: int  # the game's place in the run (results are put back in this order)
    match: int  # which match of a gauntlet (0 for a single match)
    opponent: int  # the index of seat B's deck in the run's deck list (seat A is deck 0)
    seed: int
    first: str | int  # 0 / 1 (seat A / B goes first) or "random"
    levels: tuple[str, str]
    iterations: int | None = None  # a tree search's iterations a decision (None: the level's own)


@dataclass(frozen=True, slots=True)
class Result:
    """What a tally needs of a finished game."""

    index: int
    match: int
    first: int
    outcome: Outcome
    turn: int
    drawn: frozenset[str]  # the names of deck A's cards that came into A's hand
    played: frozenset[str]  # ... and that A summoned, cast or put into its base


def play_game(
    deck_a: Deck,
    deck_b: Deck,
    levels: tuple[str, str],
    seed: int,
    first,
    iterations: int | None = None,
) -> Game:
    """One AI-vs-AI game; each seat's AI decides only from what that seat may know. A seat
    whose level searches a tree (expert) runs `iterations` of it a decision, never looking at the
    clock, when given (`AIPlayer`); otherwise it thinks by CPU time and the game may differ from
    one run to the next. The other levels play the same game for a seed either way."""
    game = new_game(deck_a, deck_b, seed=seed, first=first)
    players = (
        AIPlayer(levels[0], seed * 2, iterations=iterations),
        AIPlayer(levels[1], seed * 2 + 1, iterations=iterations),
    )
    while not game.over:
        assert game.pending is not None  # a game that is not over waits for a decision
        game.apply(players[game.pending.seat].choose(game))
    return game


def play(decks: Sequence[Deck], spec: GameSpec) -> Result:
    """Play the game `spec` names, with the run's `decks`."""
    game = play_game(
        decks[0], decks[spec.opponent], spec.levels, spec.seed, spec.first, spec.iterations
    )
    assert game.outcome is not None
    drawn: set[str] = set()
    played: set[str] = set()
    for event in game.log.records:
        if isinstance(event, Draw | Burn | Summon | Cast | Mana) and event.seat == 0:
            if event.uid is None:  # a colorless mana token
                continue
            name = game.defs[event.uid].name
            (drawn if isinstance(event, Draw | Burn) else played).add(name)
    return Result(
        spec.index,
        spec.match,
        game.first,
        game.outcome,
        game.turn,
        frozenset(drawn),
        frozenset(played),
    )


def play_chunk(decks: Sequence[Deck], specs: Iterable[GameSpec]) -> list[Result]:
    return [play(decks, spec) for spec in specs]


def canonical(decks: Sequence[Deck]) -> tuple[Deck, ...]:
    """The decks with their cards and Forces taken from this process's card pool, by id."""
    pool = load_pool()
    out = []
    for deck in decks:
        cards = tuple(pool.cards[c.id] for c in deck.cards)
        forces = (pool.forces[deck.forces[0].id], pool.forces[deck.forces[1].id])
        out.append(replace(deck, cards=cards, forces=forces))
    return tuple(out)


def chunks(specs: Collection[GameSpec], workers: int) -> Iterator[tuple[GameSpec, ...]]:
    """The specs cut into runs of games for `workers` workers: about eight chunks per worker,
    so that the work evens out and the progress moves, of at most 25 games, so that a stop
    loses little. Made as they are taken: a run of 10**12 games (`Run`) is never a list."""
    size = max(1, min(25, len(specs) // (8 * max(workers, 1))))
    games = iter(specs)
    while part := tuple(islice(games, size)):
        yield part


FIRST = ("alternate", "random", "A", "B")  # who goes first in a run's games


def first_for(mode: str, g: int) -> str | int:
    """Who goes first in game g of a match: seats alternate (A in the even games), a random
    draw, or always A or B."""
    if mode == "alternate":
        return g % 2
    if mode == "random":
        return "random"
    return 0 if mode == "A" else 1


@dataclass(frozen=True)
class Run:
    """The specs of a run: `games` games of deck 0 against each of `opponents` decks (decks 1,
    2, ...), game g of every match with seed `seed + g`, the tree searches running `iterations`
    a decision (None: the levels' own budgets). A collection that makes each spec as it
    is taken, so `sim --games 10**12` holds a few specs at a time, never the list of all."""

    games: int  # per match
    opponents: int
    seed: int
    first: str  # one of FIRST
    levels: tuple[str, str]
    iterations: int | None = None  # GameSpec.iterations

    def __len__(self) -> int:
        return self.games * self.opponents

    def __iter__(self) -> Iterator[GameSpec]:
        return map(self.spec, range(len(self)))

    def __contains__(self, spec: object) -> bool:
        return (
            isinstance(spec, GameSpec)
            and 0 <= spec.index < len(self)
            and self.spec(spec.index) == spec
        )

    def spec(self, index: int) -> GameSpec:
        """The spec of the run's game `index` (match index // games, game index % games)."""
        m, g = divmod(index, self.games)
        first = first_for(self.first, g)
        return GameSpec(index, m, m + 1, self.seed + g, first, self.levels, self.iterations)
