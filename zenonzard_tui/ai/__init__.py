"""The local AI (pure Python, no Textual): `AIPlayer(level, seed).choose(game)`; levels in LEVELS.

`LEVEL_NAMES` are the levels' names, for a command line or a settings file: reading them imports
nothing. `AIPlayer` and `LEVELS` (each level's budgets) come from `ai/player.py`, imported at the
first use of either, so that a screen that shows before the AI's first decision does not wait for
the AI's modules (tests/client/test_startup.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from zenonzard_tui.ai.player import LEVELS, AIPlayer

LEVEL_NAMES = ("easy", "medium", "strong", "expert")  # LEVELS' keys, in order (tests/test_ai.py)

__all__ = ["LEVELS", "LEVEL_NAMES", "AIPlayer"]


def __getattr__(name: str) -> Any:
    if name in ("LEVELS", "AIPlayer"):
        from zenonzard_tui.ai import player

        return getattr(player, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
