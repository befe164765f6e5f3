"""The mana phase (ZR 5.5): does each level place the colored Base Minion its hand needs, or a
colorless mana token?

Positions are taken from medium-vs-medium games of two starter decks (each game's decks drawn
from its seed): every mana decision where the seat holds a colored Base Minion whose color the pips
of another card in its hand need and its base cannot yet pay, and a colorless token may be placed
too. Each level then decides in each position (from what its seat may know); a row counts what it
placed: the needed Base Minion, another Base Minion, a colorless token, or nothing.

    python bench/mana_choice.py [--positions 40] [--seed 1] [--levels medium,strong,expert]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from zenonzard_tui.ai import AIPlayer  # noqa: E402
from zenonzard_tui.decks import load_deck, starter_files  # noqa: E402
from zenonzard_tui.engine.actions import MANA  # noqa: E402
from zenonzard_tui.engine.game import Game, new_game  # noqa: E402

DECKS = starter_files()


def needed_colors(game: Game, seat: int) -> set[str]:
    """The colors whose pips a card in the seat's hand needs beyond the mana of that color in its
    base (Active or Rested: what it could pay on a later turn)."""
    p = game.players[seat]
    have: dict[str, int] = {}
    for s in p.base:
        have[s.color] = have.get(s.color, 0) + 1
    need: set[str] = set()
    for uid in p.hand:
        for color, n in game.defs[uid].pips:
            if have.get(color, 0) < n:
                need.add(color)
    return need


def is_test_position(game: Game) -> bool:
    d = game.pending
    if d is None or d.kind != MANA:
        return False
    legal = game.legal()
    if not any(a.kind == "mana_colorless" for a in legal):
        return False
    need = needed_colors(game, d.seat)
    return any(a.kind == "mana" and game.defs[a.args[0]].color in need for a in legal)


def positions(
    count: int,
    seed: int,
    wanted: Callable[[Game, random.Random], bool] = lambda game, rng: is_test_position(game),
    per_game: int = 2,
) -> list[Game]:
    """`count` positions of medium-vs-medium games that are `wanted` (by default this bench's
    test positions; `wanted` may draw from the game's seeded rng), at most `per_game` a game.
    (bench/clones.py takes its positions here too.)"""
    out: list[Game] = []
    g = 0
    while len(out) < count:
        rng = random.Random(seed * 10_007 + g)
        a, b = rng.choice(DECKS), rng.choice(DECKS)
        game = new_game(load_deck(str(a)), load_deck(str(b)), seed=seed * 10_007 + g)
        players = [AIPlayer("medium", seed + g), AIPlayer("medium", seed + g + 1)]
        taken = 0
        while game.outcome is None and len(out) < count and taken < per_game:
            if wanted(game, rng):
                out.append(game.clone())
                taken += 1
            d = game.pending
            assert d is not None
            game.apply(players[d.seat].choose(game))
        g += 1
    return out


def verdict(game: Game, action) -> str:
    if action.kind == "mana_colorless":
        return "token"
    if action.kind == "mana_skip":
        return "nothing"
    d = game.pending
    assert d is not None
    return "needed" if game.defs[action.args[0]].color in needed_colors(game, d.seat) else "other"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--levels", default="medium,strong,expert")
    args = ap.parse_args()
    games = positions(args.positions, args.seed)
    print(f"{len(games)} positions (seed {args.seed})")
    print(f"{'level':<8} {'needed':>7} {'other':>6} {'token':>6} {'nothing':>8} {'CPU s':>7}")
    for level in args.levels.split(","):
        counts = dict.fromkeys(("needed", "other", "token", "nothing"), 0)
        t0 = time.process_time()
        for i, game in enumerate(games):
            action = AIPlayer(level, seed=i).choose(game.clone())
            counts[verdict(game, action)] += 1
        cpu = time.process_time() - t0
        row = " ".join(
            f"{counts[k]:>{w}}"
            for k, w in (("needed", 7), ("other", 6), ("token", 6), ("nothing", 8))
        )
        print(f"{level:<8} {row} {cpu:>7.1f}")


if __name__ == "__main__":
    main()
