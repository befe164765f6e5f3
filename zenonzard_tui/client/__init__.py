"""The Textual client: `ZenonzardApp` plays one `Session` (a game, its seats, its saves).

- `session.py`  the duel without Textual: the game, who plays which seat, saves and loads
- `describe.py` words and chips for the screen, made from an observation
- `app.py`      the application; `app.tcss` its styles
- `screens/`    the duel screen and the small screens over it (cover, help, quit, save, trash)
- `widgets/`    board zones, the action list, one-line texts
"""

from zenonzard_tui.client.session import Session, Settings, load_session

__all__ = ["Session", "Settings", "load_session"]
