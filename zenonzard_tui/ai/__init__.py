"""The local AI (pure Python, no Textual): `AIPlayer(level, seed).choose(game)`; levels in LEVELS."""

from zenonzard_tui.ai.player import LEVELS, AIPlayer

__all__ = ["LEVELS", "AIPlayer"]
