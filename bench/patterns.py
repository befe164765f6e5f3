"""Moves a player would call mistakes, counted in AI games (issue: play like a player).

    python bench/patterns.py [--games N] [--seed S] [--levels expert,strong] [--jobs J]

Game g uses seed S+g, a starter deck for each side drawn from the seed, the two levels in seats
swapped every game. At each attack or block of a level, the move is judged from the position
before it (the BP and DP in play, ZR 8.5-8.6; tricks the opponent may hold are not assumed), for a
minion with no keyword of battle (Pierce, Revenge, Infiltrate, Resurge) and no effect that
triggers on attacking, battle, damage or leaving (nothing but its numbers can explain the move):

- **blank attack**: an attack with 0 DP when the defender has no Active minion that can block it
  (`policy.idle_attack`, which also asks that nothing of the attacker's side triggers on it): it
  can deal nothing and destroy nothing, and the attacker is Rested for the opponent's turn.
- **into a bigger blocker**: an attack while the defender has an Active minion that can block it
  with a higher BP (blocked, the attacker dies and the blocker lives), and the attack is not for
  the game (the target is a Force, or the player has more life than the attacker's DP).
- **losing block**: a block by a minion with a lower BP than the attacker's (the blocker dies,
  the attacker lives) when no life is at stake: the target is a Force that the attack unblocked
  would not destroy (its life above the attacker's DP).

A row per level: its attacks and blocks, and how many of each pattern (with their share).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from zenonzard_tui.ai import AIPlayer, policy  # noqa: E402
from zenonzard_tui.decks import load_deck, starter_files  # noqa: E402
from zenonzard_tui.engine import effects as fx  # noqa: E402
from zenonzard_tui.engine.actions import Action  # noqa: E402
from zenonzard_tui.engine.game import Game, new_game  # noqa: E402
from zenonzard_tui.engine.state import Slot  # noqa: E402

DECKS = starter_files()


def _slot(game: Game, uid: int) -> Slot:
    for p in game.players:
        for s in p.field:
            if s.uid == uid:
                return s
    raise KeyError(uid)


def vanilla(game: Game, slot: Slot) -> bool:
    """Nothing but its BP and DP can explain its attack or block: no keyword of battle and no
    trigger on attacking, battle, damage or leaving (ZR 13, 15; `policy.no_battle_text`, which
    the AI's idle attacks are tested by too)."""
    return policy.no_battle_text(game, slot)


def _not_for_the_game(game: Game, attacker: Slot, target: tuple, defender: int) -> bool:
    return target[0] != "p" or game.players[defender].life > fx.dp(game, attacker, 1 - defender)


def judge(game: Game, action: Action) -> str | None:
    """The pattern a move of the deciding seat shows, or None."""
    seat = game.pending.seat if game.pending is not None else 0
    if action.kind == "attack":
        attacker = _slot(game, action.args[0])
        if not vanilla(game, attacker):
            return None
        if policy.idle_attack(game, seat, action):
            return "blank attack"
        foe = 1 - seat
        blockers = [s for s in game.players[foe].field if fx.can_block(game, s, attacker)]
        bp = fx.bp(game, attacker, seat)
        if any(fx.bp(game, s, foe) > bp for s in blockers) and _not_for_the_game(
            game, attacker, action.args[1], foe
        ):
            return "into a bigger blocker"
    elif action.kind == "block" and game.attack is not None:
        blocker = _slot(game, action.args[0])
        attacker = _slot(game, game.attack.attacker)
        if not (vanilla(game, blocker) and vanilla(game, attacker)):
            return None
        target = game.attack.target
        if (
            fx.bp(game, blocker, seat) < fx.bp(game, attacker, 1 - seat)
            and target[0] == "f"
            and game.players[seat].forces[target[1]].life > fx.dp(game, attacker, 1 - seat)
        ):
            return "losing block"
    return None


def play(job: tuple[str, str, int, int]) -> dict[str, Counter]:
    a, b, seed, g = job
    rng = random.Random(seed + g)
    decks = [load_deck(str(rng.choice(DECKS))), load_deck(str(rng.choice(DECKS)))]
    game = new_game(decks[0], decks[1], seed=seed + g, first=rng.randrange(2))
    levels = (a, b) if g % 2 == 0 else (b, a)
    players = [AIPlayer(levels[0], seed + g), AIPlayer(levels[1], seed + g + 7919)]
    counts: dict[str, Counter] = {a: Counter(), b: Counter()}
    while not game.over:
        seat = game.pending.seat
        action = players[seat].choose(game)
        if action.kind in ("attack", "block"):
            c = counts[levels[seat]]
            c[action.kind] += 1
            pattern = judge(game, action)
            if pattern is not None:
                c[pattern] += 1
        game.apply(action)
    return counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--levels", default="expert,strong")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    a, b = args.levels.split(",")
    total: dict[str, Counter] = {a: Counter(), b: Counter()}
    with multiprocessing.Pool(args.jobs) as pool:
        for counts in pool.imap_unordered(play, [(a, b, args.seed, g) for g in range(args.games)]):
            for level, c in counts.items():
                total[level].update(c)
    print(f"{args.games} games, seed {args.seed}, {a} vs {b}")
    for level, c in total.items():
        row = [f"{c['attack']} attacks"]
        for name in ("blank attack", "into a bigger blocker"):
            row.append(f"{name} {c[name]} ({c[name] / max(c['attack'], 1):.0%})")
        row.append(
            f"{c['block']} blocks, losing block {c['losing block']}"
            f" ({c['losing block'] / max(c['block'], 1):.0%})"
        )
        print(f"  {level:<7} " + ", ".join(row))


if __name__ == "__main__":
    main()
