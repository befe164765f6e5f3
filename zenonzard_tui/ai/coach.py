"""A coach: for a position of a game against the AI, what the strongest level would do and why, in
one line, from what the asking seat may know (the search runs in sampled worlds only).

    advice = suggest(game)                # for the seat that decides now
    advice.action, advice.reason          # an Action of game.legal(), and one line

The reason says where the suggestion comes from: a forced win this turn (the line), the tree
search (how often it tried the move and its chance of winning there), the mulligan rule, or a
move that is the only legal one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from zenonzard_tui.ai import mcts, policy
from zenonzard_tui.ai.lethal import forced_win
from zenonzard_tui.ai.player import AIPlayer, same_action
from zenonzard_tui.engine.actions import MULLIGAN, Action
from zenonzard_tui.engine.belief import sample_world
from zenonzard_tui.engine.game import Game

LEVEL = "expert"


@dataclass(frozen=True)
class Advice:
    action: Action
    reason: str

    @property
    def text(self) -> str:
        """The suggestion and its reason on one line."""
        return f"{self.action.text}: {self.reason}"


def suggest(game: Game, seed: int = 0, budget: float = 1.0) -> Advice:
    """What the expert AI would do now for the seat that decides, and why (one line)."""
    assert game.pending is not None, "the game is over: there is nothing to suggest"
    seat = game.pending.seat
    actions = game.legal_actions()
    if len(actions) == 1:
        return Advice(actions[0], "the only legal move")
    rng = random.Random(seed)
    if game.pending.kind == MULLIGAN:
        action = same_action(actions, policy.act(sample_world(game, seat, rng), rng))
        bases = sum(1 for u in game.players[seat].hand if game.defs[u].type == "base_minion")
        why = (
            f"{bases} Base Minions in hand: keep two to four for mana (the mulligan rule)"
            if action.kind == "keep"
            else f"{bases} Base Minions in hand: send back cards to aim for two to four"
        )
        return Advice(action, why)
    ai = AIPlayer(LEVEL, seed, budget=budget)
    if game.active == seat:
        win = ai.lethal(game, seat)
        if win is not None:
            action = same_action(actions, win)
            world = sample_world(game, seat, random.Random(seed))
            line = forced_win([world], max_nodes=ai.level.lethal_nodes).line
            shown = " | ".join(line[:6]) if line and line[0] == action.text else action.text
            return Advice(action, f"wins this turn whatever the opponent does: {shown}")
    iterations = max(1, round(ai.level.iterations * budget))
    found = mcts.search(game, seat, ai.rng, iterations)
    share = f"{found.visits} of {found.iterations} tries"
    return Advice(
        same_action(actions, found.action),
        f"{round(100 * found.win)}% win in search, the most tried move ({share})",
    )
