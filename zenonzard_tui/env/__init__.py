"""Zenonzard for reinforcement learning: a PettingZoo AEC environment (docs/env.md).

`ZenonzardEnv` needs the `rl` extra, pettingzoo and numpy (`pip install 'pettingzoo>=1.24'
'numpy>=1.24'`, or `pip install -e '.[rl]'` in a clone; docs/env.md);
`zenonzard_tui.env.actions`, the fixed numbering of actions, needs nothing more.
"""

from __future__ import annotations

from typing import Any

__all__ = ["ZenonzardEnv", "env"]


def __getattr__(name: str) -> Any:  # the extra is imported only when the environment is used
    if name in __all__:
        from zenonzard_tui.env import aec

        return aec.ZenonzardEnv if name == "ZenonzardEnv" else aec.env
    raise AttributeError(name)
