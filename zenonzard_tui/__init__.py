"""zenonzard-tui: play Zenonzard in a terminal.

The package has a rules engine (`engine`, pure Python), the card pool as data (`cards`), deck files
(`decks`), local AI agents (`ai`), the Textual client (`tui`) and the `zenonzard` command (`cli`).
"""

from zenonzard_tui import buildinfo as _buildinfo

# first of all: which modules run, compiled or .py (docs/build.md)
_buildinfo.choose(__path__)

__version__ = "0.1.0"
