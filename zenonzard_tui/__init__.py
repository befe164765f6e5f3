"""zenonzard-tui: play Zenonzard in a terminal.

The package has a rules engine (`engine`, pure Python), the card pool as data (`cards`), deck files
(`decks`), local AI agents (`ai`), the Textual client (`tui`) and the `zenonzard` command (`cli`).
"""

__version__ = "0.1.0"
