"""A network game before it starts: the room's code and what the other player types, while the
server waits for them (`zenonzard play --server URL --create`, `host`, and the same in a browser
through `serve`)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static

from zenonzard_tui.usertext import content


class LobbyScreen(Screen[None]):
    """Its lines (room code first) in the middle of the screen; q quits."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "app.quit", "Quit", id="lobby_quit"),
    ]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__(id="lobby")
        self.title_text, self.lines = title, lines

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self._text(), id="lobby-lines", shrink=True)
        yield Footer()

    def _text(self) -> Content:
        return Content.assemble(content(self.title_text, "bold"), "\n\n", "\n".join(self.lines))

    def say(self, line: str) -> None:
        """Another line (the server's news while waiting)."""
        self.lines.append(line)
        self.query_one("#lobby-lines", Static).update(self._text())
