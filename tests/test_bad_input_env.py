"""The bad-input table of the PettingZoo environment (zenonzard_tui/env, the `rl` extra): every call
a careless or hostile caller can make is refused with the exception a Python caller expects
(TypeError for a value of the wrong kind, ValueError for a wrong value, EnvStateError for a call
that needs a game) and a message saying what is expected; never a bare AssertionError or KeyError,
never a value quietly read as another (0.7 as 0, "1" or True as 1, a nan seed as a new random
game each time). One row of CASES per case; the tests skip without the extra."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from zenonzard_tui.env import actions

pytest.importorskip("pettingzoo")

from zenonzard_tui.env.aec import EnvStateError, ZenonzardEnv

KEEP = actions.BLOCKS["keep"].start  # legal at the first decision (the mulligan, ZR 5.2)


def _started() -> ZenonzardEnv:
    env = ZenonzardEnv("red-rush", "blue-tides")
    env.reset(seed=1)
    return env


def _closed() -> ZenonzardEnv:
    env = _started()
    env.close()
    return env


def _illegal(env: ZenonzardEnv) -> int:
    return int(env.observe(env.agent_selection)["action_mask"].argmin())


@dataclass(frozen=True)
class Case:
    name: str
    make: Callable[[], ZenonzardEnv]
    call: Callable[[ZenonzardEnv], Any]
    error: type[Exception]
    message: str  # a fragment of the message


CASES = [
    Case("step-float", _started, lambda e: e.step(0.7), TypeError, "not 0.7 (float)"),
    Case("step-whole-float", _started, lambda e: e.step(float(KEEP)), TypeError, "(float)"),
    Case("step-text", _started, lambda e: e.step("1"), TypeError, "not '1' (str)"),
    Case("step-true", _started, lambda e: e.step(True), TypeError, "not True (bool)"),
    Case("step-list", _started, lambda e: e.step([KEEP]), TypeError, "action id from 0 to 239"),
    Case("step-none-alive", _started, lambda e: e.step(None), TypeError, "only for an agent"),
    Case("step-illegal", _started, lambda e: e.step(_illegal(e)), ValueError, "not legal now"),
    Case("step-out-of-range", _started, lambda e: e.step(10**9), ValueError, "not legal now"),
    Case("step-negative", _started, lambda e: e.step(-1), ValueError, "not legal now"),
    Case("reset-seed-nan", ZenonzardEnv, lambda e: e.reset(seed=math.nan), TypeError, "nan"),
    Case("reset-seed-float", ZenonzardEnv, lambda e: e.reset(seed=1.5), TypeError, "whole"),
    Case("reset-seed-text", ZenonzardEnv, lambda e: e.reset(seed="7"), TypeError, "'7' (str)"),
    Case("reset-seed-true", ZenonzardEnv, lambda e: e.reset(seed=True), TypeError, "(bool)"),
    Case(
        "observe-player_2",
        _started,
        lambda e: e.observe("player_2"),
        ValueError,
        "no agent 'player_2'; the agents are player_0, player_1",
    ),
    Case(
        "observe-before-reset",
        ZenonzardEnv,
        lambda e: e.observe("player_0"),
        EnvStateError,
        "call reset() first",
    ),
    Case(
        "step-before-reset",
        ZenonzardEnv,
        lambda e: e.step(KEEP),
        EnvStateError,
        "step(): no game yet: call reset() first",
    ),
    Case("last-before-reset", ZenonzardEnv, lambda e: e.last(), EnvStateError, "call reset()"),
    Case(
        "action_text-before-reset",
        ZenonzardEnv,
        lambda e: e.action_text(KEEP),
        EnvStateError,
        "call reset() first",
    ),
    Case(
        "action_text-illegal",
        _started,
        lambda e: e.action_text(_illegal(e)),
        ValueError,
        "action_text(): player_",
    ),
    Case("action_text-text", _started, lambda e: e.action_text("0"), TypeError, "(str)"),
    Case(
        "step-after-close",
        _closed,
        lambda e: e.step(KEEP),
        EnvStateError,
        "step(): the environment is closed",
    ),
    Case(
        "observe-after-close", _closed, lambda e: e.observe("player_0"), EnvStateError, "is closed"
    ),
    Case("last-after-close", _closed, lambda e: e.last(), EnvStateError, "is closed"),
    Case(
        "action_text-after-close",
        _closed,
        lambda e: e.action_text(KEEP),
        EnvStateError,
        "is closed",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_bad_calls_are_refused_with_a_clear_message(case):
    env = case.make()
    with pytest.raises(case.error) as raised:
        case.call(env)
    assert type(raised.value) is case.error  # not a subclass such as KeyError for a ValueError
    assert case.message in str(raised.value)


def test_a_refused_step_leaves_the_game_as_it_was():
    env = _started()
    before = (env.agent_selection, dict(env.legal), env.game.turn)
    for bad in (0.7, "1", True, None, _illegal(env)):
        with pytest.raises((TypeError, ValueError)):
            env.step(bad)
    assert (env.agent_selection, dict(env.legal), env.game.turn) == before
    env.step(KEEP)  # and it goes on


def test_numpy_whole_numbers_are_ids_and_seeds():
    """What a policy hands back (np.int64 from argmax) is an id, and a NumPy seed a seed."""
    import numpy as np

    env = ZenonzardEnv("red-rush", "blue-tides")
    env.reset(seed=np.int64(1))
    again = _started()
    assert env.game.seed == again.game.seed
    assert env.action_text(np.int64(KEEP)) == "keep"
    env.step(np.int64(KEEP))
    with pytest.raises(TypeError, match="bool"):
        env.step(np.bool_(True))
    with pytest.raises(TypeError, match="float"):
        env.step(np.float32(KEEP))


def test_reset_after_close_starts_a_new_game():
    env = _closed()
    env.reset(seed=1)
    assert env.action_text(KEEP) == "keep"
