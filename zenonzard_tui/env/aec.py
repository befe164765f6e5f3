"""Zenonzard as a PettingZoo AEC environment (the `rl` extra: pettingzoo and numpy).

    from zenonzard_tui.env import ZenonzardEnv
    env = ZenonzardEnv("red-rush", "blue-tides")
    env.reset(seed=7)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else policy(observation)
        env.step(action)

Agents `player_0` (seat A) and `player_1` (seat B); the one to act is whoever the engine waits
for, so an agent may act several times in a row. An observation is a dict: `observation`, a
float32 vector (observation.py) and `action_mask`, an int8 vector over the fixed action ids
(actions.py); the mask is all zeros for the agent not deciding. The reward is given at the end
only: +1 a win, -1 a loss, 0 a draw (ZR 1.2-1.5). The engine's turn limit (ZR 1.5) ends every
game, so episodes are never truncated. Seeding: `reset(seed=S)` decides every later game (its
seed and who goes first); `reset()` goes on to the next game of that sequence.

What cannot be used is refused with a message that says what is expected: an action id that is not
a whole number (`step(0.7)`, `step("1")`, `step(True)`: TypeError) or not legal now (ValueError), a
seed that is not a whole number (`reset(seed=nan)`: TypeError), an agent that is not one of the two
(ValueError), and any call that needs a game before `reset()` or after `close()` (EnvStateError).
"""

from __future__ import annotations

import numbers
import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from zenonzard_tui.decks import Deck, find_deck, load_deck
from zenonzard_tui.engine.actions import Action
from zenonzard_tui.engine.game import Game, new_game
from zenonzard_tui.engine.log import sentences
from zenonzard_tui.env import actions, observation

AGENTS = ("player_0", "player_1")


def _deck(deck: Deck | str) -> Deck:
    return deck if isinstance(deck, Deck) else load_deck(find_deck(deck))


class EnvStateError(RuntimeError):
    """A call that needs a game in progress: before the first `reset()`, or after `close()`."""


def _whole(value: Any, what: str, expected: str) -> int:
    """`value` as an int: a Python or NumPy whole number, never a bool, a float or a text (0.7
    would be truncated to 0, "1" and True read as 1, nan seed a different game each time)."""
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{what} must be {expected}, not {value!r} ({type(value).__name__})")
    return int(value)


class ZenonzardEnv(AECEnv):
    """Two decks (Deck objects, deck files or starter names) played by two agents."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "zenonzard_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        deck_a: Deck | str = "red-rush",
        deck_b: Deck | str = "blue-tides",
        first: str = "random",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        if first not in ("random", "A", "B"):
            raise ValueError(f"first must be 'random', 'A' or 'B', got {first!r}")
        self.decks = (_deck(deck_a), _deck(deck_b))
        self.first = first
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        obs = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (observation.SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions.SIZE,), np.int8),
            }
        )
        self.observation_spaces = {a: obs for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(actions.SIZE) for a in AGENTS}
        self.rng = random.Random()
        self.game: Game | None = None
        self.legal: dict[int, Action] = {}
        self.closed = False

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.rng = random.Random(_whole(seed, "seed", "a whole number (or None)"))
        self.closed = False
        game_seed = self.rng.randrange(2**31)
        first: str | int = self.first
        if first == "random":
            first = self.rng.randrange(2)
        self.game = new_game(
            *self.decks, seed=game_seed, first=first, log=self.render_mode is not None
        )
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._next()

    def _next(self) -> None:
        """Select the agent the game waits for and list its legal ids."""
        game = self._game("_next")
        if game.pending is None:  # new_game and apply always stop at a decision until the end
            raise EnvStateError("internal error: a game in progress waits for no decision")
        self.legal = actions.legal_ids(game)
        self.agent_selection = AGENTS[game.pending.seat]

    def _game(self, call: str) -> Game:
        """The game in progress, or EnvStateError saying why there is none."""
        if self.game is not None:
            return self.game
        if self.closed:
            raise EnvStateError(f"{call}(): the environment is closed (reset() starts a new game)")
        raise EnvStateError(f"{call}(): no game yet: call reset() first")

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        game = self._game("observe")
        if agent not in AGENTS:
            raise ValueError(f"observe(): no agent {agent!r}; the agents are {', '.join(AGENTS)}")
        seat = AGENTS.index(agent)
        mask = np.zeros(actions.SIZE, dtype=np.int8)
        if agent == self.agent_selection and not game.over:
            mask[list(self.legal)] = 1
        vector = observation.encode(observation.seat_view(game, seat))
        return {"observation": vector, "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        self._game("last")
        return super().last(observe)

    def _legal_id(self, action: Any, call: str) -> int:
        """A legal id now, or TypeError (not a whole number) / ValueError (not legal now)."""
        expected = f"a whole number, an action id from 0 to {actions.SIZE - 1}"
        i = _whole(action, f"{call}(): the action", expected)
        if i not in self.legal:
            shown = ", ".join(str(n) for n in sorted(self.legal)) or "none: the game is over"
            raise ValueError(
                f"{call}(): {self.agent_selection}: action {i} is not legal now (legal: {shown})"
            )
        return i

    def step(self, action: int | None) -> None:
        game = self._game("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise TypeError(
                f"step(): {agent} is in the game: None is only for an agent that has left; "
                f"give an action id from 0 to {actions.SIZE - 1}"
            )
        i = self._legal_id(action, "step")
        self._cumulative_rewards[agent] = 0.0
        game.apply(self.legal[i])
        if game.outcome is not None:
            winner = game.outcome.winner
            for seat, name in enumerate(AGENTS):
                self.rewards[name] = 0.0 if winner is None else (1.0 if winner == seat else -1.0)
                self.terminations[name] = True
                self.infos[name] = {"termination": game.outcome.termination.value}
            self.legal = {}
            self._accumulate_rewards()
            # the agents leave one after the other, each stepping with None
        else:
            self._next()
        if self.render_mode == "ansi":
            print(self.render())

    def action_text(self, action: int) -> str:
        """The engine's text of a legal id now ("attack Drill Golem -> player"); ValueError for
        an id not legal now."""
        self._game("action_text")
        return self.legal[self._legal_id(action, "action_text")].text

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        lines = sentences(self.game)
        return lines[-1] if lines else ""

    def close(self) -> None:
        self.game = None
        self.legal = {}
        self.closed = True


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped as PettingZoo recommends: an illegal action or a step after the
    end is an error, and the observation is checked against its space."""
    from pettingzoo.utils import wrappers

    wrapped: AECEnv = wrappers.OrderEnforcingWrapper(ZenonzardEnv(**kwargs))
    return wrapped
