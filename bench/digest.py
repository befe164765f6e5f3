"""A digest of seeded games, to show that an engine change kept every game the same.

    python bench/digest.py [--games N] [--seed S] [--pool launch|all]

Plays N games with random legal decks of the pool and N between the starter decks, each
player choosing uniformly at random among the legal actions, and hashes, for every game, the texts
of all the legal actions at every decision (in their order), the action taken, both players'
observations every 25 decisions and at the end, and the outcome. It prints one SHA-256 per kind of
deck, the number of decisions, and the CPU time the games took. Same figures before and after a
change: the same games (the log is off, so a change of log sentences does not change the digest;
a change of what an observation holds does, though the games are the same).

`--pool launch` (the default) takes the launch era's cards (BASIC, AWAKEN, BEYOND) and the starters
made only of them, so a new set leaves these games as they were; `--pool all` takes every card and
every starter.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.engine.gamekit import random_deck  # noqa: E402
from zenonzard_tui.cards.model import LAUNCH_SETS  # noqa: E402
from zenonzard_tui.decks import load_deck, starter_files  # noqa: E402
from zenonzard_tui.engine.game import new_game  # noqa: E402
from zenonzard_tui.engine.observe import observe  # noqa: E402


def game_digest(game, rng: random.Random, h) -> int:
    """Play `game` out with uniform random choices, feeding `h`; the number of decisions."""
    n = 0
    while not game.over:
        legal = game.legal_actions()
        h.update("\x1f".join(a.text for a in legal).encode())
        action = rng.choice(legal)
        h.update(f"\x1e{action.text}\x1d".encode())
        if n % 25 == 0:
            _state(game, h)
        game.apply(action)
        n += 1
    _state(game, h)
    return n


def _state(game, h) -> None:
    for seat in (0, 1):
        h.update(json.dumps(observe(game, seat).to_dict(), sort_keys=True, default=str).encode())


def digests(games: int, seed: int, pool: str = "launch") -> dict[str, tuple[str, int]]:
    """The digest and the number of decisions of each kind of deck; `pool` "launch" or "all"."""
    sets = LAUNCH_SETS if pool == "launch" else None
    starters = [load_deck(p) for p in starter_files()]
    if sets is not None:
        starters = [d for d in starters if all(c.set in sets for c in d.cards)]
    out = {}
    for kind in ("random", "starter"):
        h = hashlib.sha256()
        decisions = 0
        for g in range(games):
            rng = random.Random(seed * 100_003 + g)
            if kind == "random":
                a, b = random_deck(rng, sets), random_deck(rng, sets)
            else:
                a, b = rng.choice(starters), rng.choice(starters)
            game = new_game(a, b, seed=seed + g, log=False)
            decisions += game_digest(game, rng, h)
        out[kind] = (h.hexdigest(), decisions)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pool", choices=("launch", "all"), default="launch")
    args = ap.parse_args()
    c0 = time.process_time()
    for kind, (digest, decisions) in digests(args.games, args.seed, args.pool).items():
        print(f"{kind:8} decks: {args.games} games, {decisions} decisions, sha256 {digest}")
    print(f"CPU {time.process_time() - c0:.1f} s")


if __name__ == "__main__":
    main()
