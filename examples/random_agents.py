"""Random agents playing Zenonzard through the PettingZoo environment; prints games per second.

    pip install 'pettingzoo>=1.24' 'numpy>=1.24'     # the rl extra (in a clone: pip install -e '.[rl]')
    python examples/random_agents.py [--games N] [--seed S] [--deck-a D] [--deck-b D]

Each agent picks uniformly among the legal action ids (the observation's action mask). Nothing
is trained: this shows the loop an agent runs and how fast the environment steps.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from zenonzard_tui.env import ZenonzardEnv


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50, help="how many games (default 50)")
    ap.add_argument("--seed", type=int, default=0, help="seeds every game (default 0)")
    ap.add_argument("--deck-a", default="red-rush", help="player_0's deck (default red-rush)")
    ap.add_argument("--deck-b", default="blue-tides", help="player_1's deck (default blue-tides)")
    args = ap.parse_args(argv)

    env = ZenonzardEnv(args.deck_a, args.deck_b)
    rng = np.random.default_rng(args.seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    wall, cpu = time.perf_counter(), time.process_time()
    env.reset(seed=args.seed)
    for game in range(args.games):
        if game:
            env.reset()  # the next game of the seeded sequence
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
                steps += 1
            env.step(action)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    a, b = env.possible_agents
    print(f"{args.games} games, {steps} decisions: {a} {totals[a]:+.0f}, {b} {totals[b]:+.0f}")
    print(
        f"{wall:.2f} s wall, {cpu:.2f} s CPU: {args.games / wall:.1f} games/s, "
        f"{steps / wall:.0f} decisions/s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
