"""The Textual application: one duel screen over a `Session`; the small screens come and go."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.app import App

from zenonzard_tui.client.screens.duel import DuelScreen
from zenonzard_tui.client.session import Session


class ZenonzardApp(App[None]):
    """`ai_delay`: the least time each AI decision stays on screen before the next (seconds);
    `save_dir`: where `s` offers to save; `autosave`: a file rewritten after every action (None:
    none); `restart`: makes the session of a new game (None: no "new game")."""

    CSS_PATH = "app.tcss"
    TITLE = "Zenonzard"

    def __init__(
        self,
        session: Session,
        *,
        ai_delay: float = 0.6,
        save_dir: Path | None = None,
        autosave: Path | None = None,
        restart: Callable[[], Session] | None = None,
    ) -> None:
        super().__init__()
        self.duel = DuelScreen(
            session, ai_delay=ai_delay, save_dir=save_dir, autosave=autosave, restart=restart
        )

    def on_mount(self) -> None:
        self.push_screen(self.duel)

    @property
    def session(self) -> Session:
        return self.duel.session

    def action_quit(self) -> None:  # type: ignore[override]  # Ctrl+Q and the palette ask first
        if self.duel.is_attached:
            self.duel.action_quit()
        else:
            self.exit()
