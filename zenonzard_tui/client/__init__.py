"""The Textual client: `ZenonzardApp` plays one `Session` (a game, its seats, its saves).

- `session.py`  the duel without Textual: a table (zenonzard_tui/table.py) with who plays which
                seat; loading a save
- `saves.py`    where saves and per-game autosaves live, and the list of them
- `settings.py` the one typed `Settings` and the settings file
- `deckdraft.py` the deck builder's deck and card filter, without Textual
- `describe.py` words and chips for the screen, made from an observation
- `app.py`      the application; `app.tcss` its styles
- `screens/`    the duel screen and the small screens over it (cover, help, quit, save, trash),
                the resume screen, the deck builder, the settings
- `widgets/`    board zones, the action list, one-line texts
"""

from zenonzard_tui.client.session import Session, load_session
from zenonzard_tui.client.settings import Settings

__all__ = ["Session", "Settings", "load_session"]
